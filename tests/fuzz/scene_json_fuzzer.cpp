// libFuzzer target for load_scene_json (tests/fuzz/README.md).
//
// Properties checked on every input, beyond "no crash, leak or sanitizer report":
//   - a failed load reports exactly one error, with a message; a successful one none;
//   - a loaded scene saves, the saved text loads again, and saving that gives the same
//     text (the writer and the reader agree);
//   - a clone of the loaded scene saves to the same text as the scene, and with one more
//     entity (as the editor adds one) to a file that loads: new entities get free ids;
//   - the scene survives a trip through the binary format: saved as binary, loaded, saved
//     as JSON again, it gives the same text (the two formats hold the same content).
#include <mosaic/engine/scene/scene_binary.hpp>
#include <mosaic/engine/scene/scene_json.hpp>

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "fuzz_support.hpp"

namespace {

std::string save(mosaic::scene& s) {
    std::ostringstream out;
    (void)mosaic::save_scene_json(s, mosaic::fuzz::table(), out);
    return std::move(out).str();
}

std::string save_binary(mosaic::scene& s) {
    std::ostringstream out;
    (void)mosaic::save_scene_binary(s, mosaic::fuzz::table(), out);
    return std::move(out).str();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mosaic;
    const component_table& table = fuzz::table();
    const std::string_view text(reinterpret_cast<const char*>(data), size);

    load_result<scene> loaded = load_scene_json(text, table, "fuzz.scene.json");
    fuzz::check_diagnostics(loaded, "load_scene_json");
    if (!loaded.ok()) return 0;

    const std::string first = save(*loaded.value);
    load_result<scene> reloaded = load_scene_json(first, table, "saved.scene.json");
    fuzz::check_diagnostics(reloaded, "load_scene_json (of saved text)");
    fuzz::require(
        reloaded.ok(), "the saved scene does not load again",
        reloaded.error() ? reloaded.error()->to_string() + "\n--- saved text:\n" + first : first);
    const std::string second = save(*reloaded.value);
    fuzz::require(first == second, "saving the reloaded scene changes the text",
                  "--- first save:\n" + first + "--- second save:\n" + second);

    scene copy = loaded.value->clone();
    const std::string cloned = save(copy);
    fuzz::require(first == cloned, "a clone saves differently from the scene",
                  "--- scene:\n" + first + "--- clone:\n" + cloned);
    copy.world.create();
    const std::string grown = save(copy);
    const load_result<scene> grown_loaded = load_scene_json(grown, table, "grown.scene.json");
    fuzz::require(grown_loaded.ok(),
                  "with one more entity, the scene saves to a file that does not load",
                  (grown_loaded.error() ? grown_loaded.error()->to_string() : std::string()) +
                      "\n--- saved text:\n" + grown);

    const std::string binary = save_binary(*loaded.value);
    load_result<scene> from_binary = load_scene_binary(binary, table, "converted.scene.bin");
    fuzz::check_diagnostics(from_binary, "load_scene_binary (of the converted scene)");
    fuzz::require(from_binary.ok(), "the scene saved as binary does not load",
                  (from_binary.error() ? from_binary.error()->to_string() : std::string()) +
                      "\n--- JSON:\n" + first);
    const std::string back = save(*from_binary.value);
    fuzz::require(first == back, "JSON -> binary -> JSON changes the text",
                  "--- JSON:\n" + first + "--- via binary:\n" + back);
    return 0;
}
