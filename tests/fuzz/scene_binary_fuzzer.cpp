// libFuzzer target for load_scene_binary (tests/fuzz/README.md).
//
// Properties checked on every input, beyond "no crash, leak or sanitizer report":
//   - a failed load reports exactly one error, with a message; a successful one none;
//   - a loaded scene saves, the saved bytes load again, and saving that gives the same bytes
//     (the writer and the reader agree);
//   - the scene survives a trip through the JSON format: saved as JSON, loaded, saved as
//     binary again, it gives the same bytes (the two formats hold the same content).
#include <mosaic/engine/scene/scene_binary.hpp>
#include <mosaic/engine/scene/scene_json.hpp>

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "fuzz_support.hpp"

namespace {

std::string save_binary(mosaic::scene& s) {
    std::ostringstream out;
    (void)mosaic::save_scene_binary(s, mosaic::fuzz::table(), out);
    return std::move(out).str();
}

std::string save_json(mosaic::scene& s) {
    std::ostringstream out;
    (void)mosaic::save_scene_json(s, mosaic::fuzz::table(), out);
    return std::move(out).str();
}

// Bytes as hex lines for the report of a broken property.
std::string hex(std::string_view bytes) {
    static constexpr char digits[] = "0123456789abcdef";
    std::string text;
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        const auto b = static_cast<unsigned char>(bytes[i]);
        text += digits[b >> 4];
        text += digits[b & 15];
        text += (i % 32 == 31) ? '\n' : ' ';
    }
    return text + "\n";
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mosaic;
    const component_table& table = fuzz::table();
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);

    load_result<scene> loaded = load_scene_binary(bytes, table, "fuzz.scene.bin");
    fuzz::check_diagnostics(loaded, "load_scene_binary");
    if (!loaded.ok()) return 0;

    const std::string first = save_binary(*loaded.value);
    load_result<scene> reloaded = load_scene_binary(first, table, "saved.scene.bin");
    fuzz::check_diagnostics(reloaded, "load_scene_binary (of saved bytes)");
    fuzz::require(reloaded.ok(), "the saved scene does not load again",
                  reloaded.error()
                      ? reloaded.error()->to_string() + "\n--- saved bytes:\n" + hex(first)
                      : hex(first));
    const std::string second = save_binary(*reloaded.value);
    fuzz::require(first == second, "saving the reloaded scene changes the bytes",
                  "--- first save:\n" + hex(first) + "--- second save:\n" + hex(second));

    const std::string json = save_json(*reloaded.value);
    load_result<scene> from_json = load_scene_json(json, table, "converted.scene.json");
    fuzz::check_diagnostics(from_json, "load_scene_json (of the converted scene)");
    fuzz::require(from_json.ok(), "the scene saved as JSON does not load",
                  (from_json.error() ? from_json.error()->to_string() : std::string()) +
                      "\n--- JSON:\n" + json);
    const std::string back = save_binary(*from_json.value);
    fuzz::require(
        first == back, "binary -> JSON -> binary changes the bytes",
        "--- binary:\n" + hex(first) + "--- via JSON:\n" + hex(back) + "--- JSON:\n" + json);
    return 0;
}
