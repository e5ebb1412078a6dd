// A new game project (scaffold.hpp): check the name and the folder, then write the files of
// scaffold_files.cpp, removing them again if one cannot be written.
#include "mosaic/engine/project/scaffold.hpp"

#include <algorithm>
#include <fstream>
#include <system_error>

#include "scaffold_files.hpp"

namespace mosaic {

namespace {

namespace fs = std::filesystem;

// Words a name cannot be, each between spaces. C++ keywords and alternative tokens: a name is
// also the game's namespace.
constexpr std::string_view cpp_keywords =
    " alignas alignof and and_eq asm auto bitand bitor bool break case catch char char8_t"
    " char16_t char32_t class compl concept const consteval constexpr constinit const_cast"
    " continue co_await co_return co_yield decltype default delete do double dynamic_cast"
    " else enum explicit export extern false final float for friend goto if import inline"
    " int long module mutable namespace new noexcept not not_eq nullptr operator or or_eq"
    " override private protected public register reinterpret_cast requires restrict return"
    " short signed sizeof static static_assert static_cast struct switch template this"
    " thread_local throw true try typedef typeid typename union unsigned using virtual"
    " void volatile wchar_t while xor xor_eq ";
// Namespaces the game's headers open, and targets CMake reserves.
constexpr std::string_view taken_names =
    " mosaic std glm all clean help install test package package_source edit_cache rebuild_cache"
    " list_install_components ";

bool is_identifier(std::string_view name) {
    const auto letter = [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    };
    const auto digit = [](char c) { return c >= '0' && c <= '9'; };
    if (name.empty() || !letter(name.front())) return false;
    return std::all_of(name.begin(), name.end(), [&](char c) { return letter(c) || digit(c); });
}

bool contains(std::string_view words, std::string_view name) {
    return words.find(" " + std::string(name) + " ") != std::string_view::npos;
}

// "" when `folder` is missing or an empty folder, else why it cannot take a project.
std::string check_folder(const fs::path& folder) {
    std::error_code ec;
    const fs::file_status status = fs::status(folder, ec);
    if (status.type() == fs::file_type::not_found) return {};
    if (ec) return "cannot use '" + folder.string() + "': " + ec.message();
    if (status.type() != fs::file_type::directory)
        return "'" + folder.string() + "' exists and is not a folder";
    if (!fs::is_empty(folder, ec) || ec) {
        return "'" + folder.string() +
               "' is not empty: a new project goes into a new or empty folder";
    }
    return {};
}

// Writes one file; "" or what went wrong.
std::string write_text(const fs::path& path, const std::string& text) {
    std::error_code ec;
    fs::create_directories(path.parent_path(), ec);
    if (ec) return "cannot create '" + path.parent_path().string() + "': " + ec.message();
    std::ofstream out(path, std::ios::binary);
    out << text;
    out.close();
    if (!out) return "cannot write '" + path.string() + "'";
    return {};
}

}  // namespace

std::string check_project_name(std::string_view name) {
    const std::string quoted = "'" + std::string(name) + "'";
    if (name.empty()) return "the project name is empty";
    if (!is_identifier(name)) {
        return "project name " + quoted +
               " is not a C identifier (letters, digits and _, not starting with a digit)";
    }
    if (contains(cpp_keywords, name)) return "project name " + quoted + " is a C++ keyword";
    if (name.find("__") != std::string_view::npos ||
        (name.size() > 1 && name[0] == '_' && name[1] >= 'A' && name[1] <= 'Z')) {
        return "project name " + quoted + " is reserved in C and C++ (__ or _ and a capital)";
    }
    if (contains(taken_names, name)) {
        return "project name " + quoted + " is taken (a namespace Mosaic uses or a CMake target)";
    }
    return {};
}

std::string default_project_name(const fs::path& folder) {
    fs::path path = fs::absolute(folder).lexically_normal();
    if (path.filename().empty()) path = path.parent_path();  // "games/spin/" or "."
    return path.filename().string();
}

namespace detail {

fs::path sdk_editor_program() {
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    if (ec || self.empty()) return {};
    const fs::path bin = self.parent_path();
    // Installed: bin/mosaic-editor next to bin/mosaic-run. A build tree: editor/ next to the
    // folder of the program (engine/ for mosaic-run).
    for (const fs::path& candidate :
         {bin / "mosaic-editor", bin.parent_path() / "editor" / "mosaic-editor"}) {
        if (fs::is_regular_file(candidate, ec)) return fs::weakly_canonical(candidate, ec);
    }
    return {};
}

}  // namespace detail

namespace {
/// How the summary says to run the editor: its full path when known.
std::string editor_command() {
    const fs::path editor = detail::sdk_editor_program();
    return editor.empty() ? std::string("mosaic-editor") : editor.string();
}
}  // namespace

new_project_result write_new_project(const fs::path& folder, std::string_view name) {
    new_project_result result;
    const std::string chosen = name.empty() ? default_project_name(folder) : std::string(name);
    if (std::string error = check_project_name(chosen); !error.empty()) {
        result.error = name.empty() ? error +
                                          "; the name comes from the folder, give another "
                                          "with --name NAME"
                                    : error;
        return result;
    }
    if (std::string error = check_folder(folder); !error.empty()) {
        result.error = error;
        return result;
    }

    std::error_code ec;
    const bool folder_existed = fs::exists(folder, ec);
    for (const detail::project_file& file :
         detail::new_project_files(chosen, detail::sdk_editor_program())) {
        if (std::string error = write_text(folder / file.path, file.text); !error.empty()) {
            // Leave nothing half-made: the folder was missing or empty.
            if (folder_existed) {
                for (const fs::directory_entry& entry : fs::directory_iterator(folder, ec))
                    fs::remove_all(entry.path(), ec);
            } else {
                fs::remove_all(folder, ec);
            }
            result.files.clear();
            result.error = error;
            return result;
        }
        result.files.push_back(file.path);
    }
    result.name = chosen;
    return result;
}

std::string new_project_summary(const fs::path& folder, const new_project_result& result) {
    std::string text = "new project '" + result.name + "' in " + folder.string() + ":\n";
    for (const fs::path& file : result.files) text += "  " + file.generic_string() + "\n";
    text +=
        "build it (<sdk>: Mosaic's install prefix or build tree):\n"
        "  cd " +
        folder.string() +
        "\n"
        "  cmake -B build -DCMAKE_PREFIX_PATH=<sdk> && cmake --build build\n"
        "open it:\n"
        "  " +
        editor_command() + " scenes/main.scene.json\n";
    return text;
}

}  // namespace mosaic
