#pragma once
// display_path: a file name or path as text for a person — what goes into a message, the
// Console, an alert, the window title, a diagnostic. The one place where a path turns into
// text for display, so a raw name never cuts a line or prints garbage:
//
//   display_path("a\nb.scene.json")  == "a\\nb.scene.json"
//   display_path("caf\xe9.scene.json") == "caf\\xe9.scene.json"   (Latin-1, not UTF-8)
//
// Control characters become C escapes (\n, \r, \t, \x1b, \x7f) and bytes that are not part
// of well-formed UTF-8 become \xHH; everything else, UTF-8 names included, is kept as is.
// A backslash is kept too (names with one are rare and read fine), so the text is for eyes,
// not for parsing back: keep the std::filesystem::path for opening the file.

#include <filesystem>
#include <string>
#include <string_view>

namespace mosaic {

[[nodiscard]] std::string display_path(std::string_view raw);
[[nodiscard]] std::string display_path(const std::filesystem::path& path);
[[nodiscard]] inline std::string display_path(const std::string& raw) {
    return display_path(std::string_view(raw));
}
[[nodiscard]] inline std::string display_path(const char* raw) {
    return display_path(std::string_view(raw));
}

}  // namespace mosaic
