// libFuzzer target for the sprite sheet readers (tests/fuzz/README.md): read_sheet_json,
// import_packed_sheet_json (Aseprite / TexturePacker) and read_any_sheet_json on every input.
// Properties: a read either gives a sheet and no message or a message naming the file and no
// sheet; a sheet that reads is valid (validate_sheet finds nothing); a *.sheet.json that reads
// writes text that reads back to the same text; any sheet read writes a *.sheet.json that
// reads back with the same frames.
#include <mosaic/engine/assets/sheet_json.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

[[noreturn]] void broken(const char* what, std::string_view detail) {
    std::fprintf(stderr, "property broken: %s\n%.*s\n", what, static_cast<int>(detail.size()),
                 detail.data());
    std::abort();
}

void check(const mosaic::asset_result<mosaic::sprite_sheet>& read, bool native) {
    if (!read) {
        if (read.error.rfind("'fuzz.json'", 0) != 0 || read.why.empty()) {
            broken("a failed read names the file and says why", read.error);
        }
        return;
    }
    if (!read.error.empty()) broken("a successful read has no message", read.error);
    const mosaic::sprite_sheet& sheet = *read.value;
    if (const auto problems = mosaic::validate_sheet(sheet, sheet.image_size, "fuzz.json");
        !problems.empty()) {
        broken("a sheet that reads is valid", problems.front());
    }
    const std::string text = mosaic::write_sheet_json(sheet);
    const auto again = mosaic::read_sheet_json(text, "fuzz.json");
    if (!again) broken("a written sheet reads back", again.error + "\n" + text);
    if (again.value->frames.size() != sheet.frames.size())
        broken("frames survive a round trip", text);
    if (native && mosaic::write_sheet_json(*again.value) != text) {
        broken("writing a read sheet again gives the same text", text);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    check(mosaic::read_sheet_json(text, "fuzz.json"), true);
    check(mosaic::import_packed_sheet_json(text, "fuzz.json"), false);
    check(mosaic::read_any_sheet_json(text, "fuzz.json"), false);
    return 0;
}
