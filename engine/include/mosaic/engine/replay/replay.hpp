#pragma once
// replay: what reproduces a played session, in memory and on disk (NAME.mosaic-replay).
//
//   the header     the project's name and module version, Mosaic's version, the scene the
//                  recording started from, the seed and the settings (tick length, threads)
//   the initial    world_state: the scene (binary scene format) plus what a scene file does
//   state          not hold (the Random state, Input, Physics, Contacts' counters, the tick)
//   the input      of every tick (input_track: only the ticks where it changed are stored)
//   checkpoints    every N ticks: the tick, a 64-bit hash of the world state and, within a
//                  byte budget, the state itself (so a divergence names the entity, component
//                  and field). A checkpoint may instead *replace* the state at its tick (an
//                  edit made while paused in the editor; checkpoint_kind::replace).
//
// The file layout is in engine/README.md ("Replays"). Reading never trusts a size from the
// file: every count and length is checked against replay_limits and the bytes left before
// anything is allocated; errors name the file, the section and the byte offset.
//
//   replay r = ...;                                 // replay_recorder::finish() fills one
//   auto problems = save_replay_file(r, "run.mosaic-replay");
//   load_result<replay> back = load_replay_file("run.mosaic-replay");

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "../runtime/tick_input.hpp"
#include "../scene/diagnostic.hpp"
#include "../scene/scene_json.hpp"  // load_result
#include "world_state.hpp"

namespace mosaic {

/// The replay format this build writes (and the newest it reads).
inline constexpr std::uint32_t replay_format_version = 1;
/// The first 8 bytes of every replay file.
inline constexpr std::string_view replay_magic = "MOSAICRP";
/// The extension replay files get (mosaic-run does not insist on it).
inline constexpr std::string_view replay_extension = ".mosaic-replay";

/// What the reader accepts; more is refused as corrupt or hostile.
struct replay_limits {
    static constexpr std::uint64_t max_ticks = 1'000'000'000;  // like mosaic-run --ticks
    /// Ticks between checkpoints (like --checkpoint-every). A file's checkpoints must cover
    /// its ticks (one at least this often, one at the last): the ticks a file can declare
    /// grow with its size (30 bytes a checkpoint), so a small file never plays for hours.
    static constexpr std::uint32_t max_checkpoint_every = 1'000'000;
    static constexpr std::uint32_t max_text_bytes = 64 * 1024;               // names and versions
    static constexpr std::uint32_t max_keys_per_change = 349;                // key_count
    static constexpr std::uint64_t max_file_bytes = std::uint64_t{1} << 30;  // read_file's
};

/// Who made the replay and with what code.
struct replay_origin {
    std::string project;         // the project's name; empty: built-in types only
    std::string module_version;  // module_version() of its module; empty: no module
    std::string mosaic_version;  // MOSAIC_VERSION_STRING of the recording build
    std::string scene;           // the scene file the recording started from, as given
};

struct replay_settings {
    std::uint64_t seed = 1;
    double tick_seconds = 1.0 / 60;
    unsigned threads = 1;  // informative: results are the same for any count
    /// Ticks between two checkpoints (the recorder's; the player checks whatever is there).
    std::uint32_t checkpoint_every = 60;
};

/// The input of consecutive ticks, stored as the ticks where it changed: an idle tick costs
/// nothing, in memory and in the file.
class input_track {
public:
    struct change {
        std::uint64_t tick;  // ticks since the track's start
        tick_input input;

        friend bool operator==(const change&, const change&) = default;
    };

    /// Appends the next tick's input.
    void push_back(const tick_input& input);
    /// Ticks recorded.
    [[nodiscard]] std::uint64_t size() const noexcept { return size_; }
    /// The input of tick `index` (< size()): O(log changes).
    [[nodiscard]] const tick_input& at(std::uint64_t index) const;
    [[nodiscard]] std::span<const change> changes() const noexcept { return changes_; }
    /// Drops the ticks from `index` on (the editor's "play from a past tick").
    void truncate(std::uint64_t index);

    /// Tests and readers: a track of `ticks` ticks with these changes (ticks increasing,
    /// each < ticks; the caller checks).
    static input_track from_changes(std::vector<change> changes, std::uint64_t ticks);
    friend bool operator==(const input_track&, const input_track&) = default;

private:
    std::vector<change> changes_;
    std::uint64_t size_ = 0;
};

enum class checkpoint_kind : std::uint8_t {
    verify = 1,   // the state the recording had after this tick: a player compares
    replace = 2,  // the state to continue from at this tick (an edit while paused): a player
                  // loads it before running the tick (needs `state`)
};

struct replay_checkpoint {
    checkpoint_kind kind = checkpoint_kind::verify;
    std::uint64_t tick = 0;            // scheduler::ticks() when taken: after that many ticks ran
    std::uint64_t hash = 0;            // world_state_hash of the state
    std::optional<world_state> state;  // optional for verify (the byte budget), required for
                                       // replace
};

struct replay {
    replay_origin origin;
    replay_settings settings;
    world_state initial;  // initial.tick: the scheduler's tick the recording started at
    input_track input;    // input of ticks initial.tick, initial.tick + 1, ...
    std::vector<replay_checkpoint> checkpoints;  // by tick, increasing

    /// The last tick the replay reaches: initial.tick + input.size().
    [[nodiscard]] std::uint64_t end_tick() const noexcept { return initial.tick + input.size(); }
};

/// The replay as bytes (the file's content). Never fails for a replay the recorder made;
/// a replay over replay_limits (more ticks) is written anyway and refused on reading.
[[nodiscard]] std::string write_replay(const replay& r);
/// Reads a replay from `bytes` (the whole file); `file_name` labels the diagnostics. Does
/// not load the scenes inside (restore_scene does, with the project's table, and reports
/// their errors the same way).
[[nodiscard]] load_result<replay> read_replay(std::string_view bytes,
                                              const std::string& file_name = {});

/// Writes `r` to `path` atomically (the previous file kept as NAME.bak); errors say why.
std::vector<diagnostic> save_replay_file(const replay& r, const std::filesystem::path& path);
[[nodiscard]] load_result<replay> load_replay_file(const std::filesystem::path& path);

class game;
class game_module;

/// What identifies a project's module build: the project's name and a 64-bit hash of the
/// module file's bytes ("tiny_tanks 6f1c..."); empty for no module. A rebuilt module with
/// changed code has another version; the same build, copied elsewhere, the same.
[[nodiscard]] std::string module_version(const game_module* module);
/// Warnings when `r` was made with other code than `g` runs (another project, module
/// version or Mosaic version): the replay still plays and may diverge.
[[nodiscard]] std::vector<diagnostic> check_origin(const replay& r, const game& g,
                                                   const std::string& file_name = {});

}  // namespace mosaic
