// libFuzzer target for replay files (tests/fuzz/README.md): read_replay on any bytes gives a
// replay or exactly one error; a replay that reads writes back to bytes that read to the same
// replay; and playing what reads (its scene, its input, its checkpoints, verified) for a few
// ticks never crashes, whatever the scene and the resources inside say.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <mosaic/engine/replay/replay_observers.hpp>

#include "fuzz_support.hpp"

namespace {

void check(std::string_view bytes) {
    using namespace mosaic;
    const load_result<replay> r = read_replay(bytes, "fuzz.mosaic-replay");
    std::size_t errors = 0;
    for (const diagnostic& d : r.diagnostics) errors += d.severity == diagnostic::level::error;
    fuzz::require(errors == (r.ok() ? 0u : 1u), "a read reports one error exactly when it fails",
                  to_string(r.diagnostics));
    if (!r.ok()) return;
    const std::string written = write_replay(*r.value);
    const load_result<replay> again = read_replay(written, "written");
    fuzz::require(again.ok(), "a replay that reads writes bytes that read",
                  to_string(again.diagnostics));
    fuzz::require(write_replay(*again.value) == written, "writing is stable");

    game g;  // built-in types: whatever the scene holds besides loads as unknown
    replay_player player(*r.value, {.verify = true});
    if (auto problems = player.start(g); !problems.empty()) return;
    g.set_observer(&player);
    try {
        for (int tick = 0; tick < 16 && !player.finished(g); ++tick) g.tick();
    } catch (const system_error&) {
        // A scene's data may make a built-in system fail (a capacity error): that is the
        // game's failure, reported as such, not the reader's.
    }
    g.set_observer(nullptr);
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
