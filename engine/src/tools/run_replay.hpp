#pragma once
// mosaic-run's replay commands (run_commands.hpp parses them):
//
//   mosaic-run SCENE --record FILE [--checkpoint-every N] [--state-budget MIB] ...
//                                  run the scene and write what reproduces the run
//   mosaic-run --replay FILE [--verify] [--save OUT] [--threads T] [--project PATH]
//                                  run it again; --verify compares every checkpoint
//   mosaic-run --verify FILE       the same as --replay FILE --verify

#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>

#include <mosaic/engine/replay/replay_observers.hpp>

namespace mosaic::tools {

struct record_request {
    std::filesystem::path file;
    std::uint32_t checkpoint_every = 60;
    std::uint64_t state_budget_mib = 256;
};

/// Writes the recording of `g` to the request's file; prints what it wrote. False when the
/// file could not be written (the error is on `err`).
bool write_recording(replay_recorder& recorder, game& g, const record_request& request,
                     std::ostream& out, std::ostream& err);

struct replay_request {
    std::filesystem::path file;
    bool verify = false;
    std::optional<std::filesystem::path> save;
    std::optional<unsigned> threads;  // default: the recording's
    bool profile = false;
    std::string project;  // --project PATH; default: the replay's, then the recorded scene's
};

/// Plays a replay file; returns mosaic-run's exit code (4 when --verify finds a divergence).
int play_replay(const replay_request& request, std::ostream& out, std::ostream& err);

}  // namespace mosaic::tools
