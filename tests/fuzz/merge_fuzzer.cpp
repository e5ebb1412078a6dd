// libFuzzer target for three-way scene merges (tests/fuzz/README.md): the input is three
// scene files (JSON or binary) separated by lines "----": base, ours, theirs. Checked: a
// merge succeeds with a file that loads, or fails with an error; an entity added on both
// sides is renumbered to an id no input holds (never 0, never wrapped). The seeds use ids at
// the top of the range (2^64 - 1), where renumbering used to wrap and lose entities.
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/scene/scene_binary.hpp>
#include <mosaic/engine/scene/scene_merge.hpp>

#include "fuzz_support.hpp"

namespace {

std::set<std::uint64_t> ids_of(std::string_view bytes) {
    using namespace mosaic;
    std::set<std::uint64_t> ids;
    const load_result<scene> s = bytes.starts_with(binary_scene_magic)
                                     ? load_scene_binary(bytes, fuzz::table(), "side")
                                     : load_scene_json(bytes, fuzz::table(), "side");
    if (!s.ok()) return ids;
    s.value->world.view<const EntityId>(exclude<>, include_disabled)
        .each([&](entity, const EntityId& id) { ids.insert(id.value); });
    return ids;
}

void check(std::string_view bytes) {
    using namespace mosaic;
    constexpr std::string_view separator = "\n----\n";
    std::string_view parts[3];
    for (int i = 0; i < 2; ++i) {
        const std::size_t at = bytes.find(separator);
        if (at == std::string_view::npos) return;
        parts[i] = bytes.substr(0, at);
        bytes.remove_prefix(at + separator.size());
    }
    parts[2] = bytes;
    const merge_result r =
        merge_scenes({parts[0], "base"}, {parts[1], "ours"}, {parts[2], "theirs"}, fuzz::table());
    if (!r.ok()) {
        bool error = false;
        for (const diagnostic& d : r.diagnostics) error |= d.severity == diagnostic::level::error;
        fuzz::require(error, "a failed merge says why", to_string(r.diagnostics));
        return;
    }
    std::set<std::uint64_t> taken;
    for (const std::string_view side : parts) {
        const std::set<std::uint64_t> ids = ids_of(side);
        taken.insert(ids.begin(), ids.end());
    }
    for (const renumbered_entity& moved : r.renumbered) {
        fuzz::require(moved.to != 0 && !taken.contains(moved.to),
                      "renumbered to an id in use: " + std::to_string(moved.to));
    }
    const load_result<scene> merged = load_scene_json(*r.bytes, fuzz::table(), "merged");
    fuzz::require(merged.ok(), "the merged file loads", to_string(merged.diagnostics));
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
