// libFuzzer target for prefab chains (tests/fuzz/README.md): the input is up to eight prefab
// files separated by lines "----", written as p0.prefab.json ... in a fresh folder, and a
// scene holding one instance of p0. The library resolves them with low limits (nesting 8,
// 512 entities). Checked: no crash or hang however the files link (chains, cycles through
// other spellings, exponential nesting); a prefab that loads expands to at most the limit;
// a failed prefab says why; resolving the scene gives at most the limit of new entities.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include <mosaic/engine/scene/prefab_library.hpp>
#include <mosaic/engine/scene/prefab_link.hpp>

#include "fuzz_support.hpp"

namespace {

namespace fs = std::filesystem;

constexpr std::size_t max_files = 8;
constexpr mosaic::prefab_limits limits{.nesting = 8, .entities = 512};

const fs::path& folder() {
    static const fs::path f = [] {
        fs::path made =
            fs::temp_directory_path() / ("mosaic-prefab-fuzz-" + std::to_string(::getpid()));
        fs::create_directories(made);
        return made;
    }();
    return f;
}

std::vector<std::string_view> split(std::string_view bytes) {
    std::vector<std::string_view> parts;
    constexpr std::string_view separator = "\n----\n";
    while (parts.size() + 1 < max_files) {
        const std::size_t at = bytes.find(separator);
        if (at == std::string_view::npos) break;
        parts.push_back(bytes.substr(0, at));
        bytes.remove_prefix(at + separator.size());
    }
    parts.push_back(bytes);
    return parts;
}

void check(std::string_view bytes) {
    using namespace mosaic;
    const std::vector<std::string_view> files = split(bytes);
    for (std::size_t i = 0; i < max_files; ++i) {
        const fs::path file = folder() / ("p" + std::to_string(i) + ".prefab.json");
        std::error_code ec;
        fs::remove(file, ec);
        if (i < files.size()) std::ofstream(file, std::ios::binary) << files[i];
    }
    prefab_library lib(fuzz::table(), folder());
    lib.set_limits(limits);
    for (std::size_t i = 0; i < files.size(); ++i) {
        const std::string path = "p" + std::to_string(i) + ".prefab.json";
        if (const prefab* p = lib.find(path)) {
            fuzz::require(p->size() <= limits.entities + 1, "a prefab expands past the limit");
        } else {
            fuzz::require(!lib.problem(path).empty(), "a prefab that fails says why");
        }
    }
    load_result<scene> s = load_scene_json(
        R"({"format": "mosaic.scene", "version": 2, "entities": [{"id": 1, "prefab":
            {"path": "p0.prefab.json", "node": 1}}, {"id": 2, "prefab":
            {"path": "./p0.prefab.json", "node": 1}}]})",
        fuzz::table(), "fuzz.scene.json");
    fuzz::require(s.ok(), "the fixed scene loads", to_string(s.diagnostics));
    const std::vector<diagnostic> resolved =
        resolve_prefab_instances(*s.value, lib, fuzz::table(), "fuzz.scene.json");
    for (const diagnostic& d : resolved)
        fuzz::require(!d.message.empty(), "a diagnostic with no message", to_string(resolved));
    fuzz::require(s.value->world.size() <= 2 + limits.entities + 2,
                  "the scene expands past the limit");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        check({reinterpret_cast<const char*>(data), size});
    } catch (const mosaic::fuzz::property_broken& broken) {
        mosaic::fuzz::report_and_abort(broken);
    }
    return 0;
}
