#pragma once
// mosaic-run's commands, apart from main() so the logic reads (and grows) on its own.
//
//   mosaic-run SCENE [--ticks N] [--dt S] [--threads T] [--seed S] [--save OUT] [--profile]
//                    [--record FILE [--checkpoint-every N] [--state-budget MIB]]
//                    [--listen [ADDR:]PORT [--token-file FILE]]
//                                  run a scene headless (no window, no GL), maybe recording it
//                                  or serving the live link (run_live.hpp)
//   mosaic-run --replay FILE [--verify] [--save OUT] [--threads T] [--profile]
//   mosaic-run --verify FILE       play a recording again (run_replay.hpp)
//   mosaic-run --validate FILE     load a scene or archetype file, print what it holds; or an
//                                  image, sprite sheet or font (run_assets.hpp)
//   mosaic-run --convert IN OUT    rewrite a scene in the format OUT's extension names
//   mosaic-run --merge BASE OURS THEIRS -o OUT [--path NAME]
//                                  three-way merge of scene files (run_merge.hpp)
//   mosaic-run --new-project DIR [--name NAME]
//                                  write a new game project (project/scaffold.hpp)
//   mosaic-run --help
//
// Every command but --new-project takes `--project PATH` (a project folder or its
// mosaic.project.json); without it the project is the one the file belongs to (the nearest
// mosaic.project.json above it), else only the engine's built-in types are known. The project's
// code is its module, loaded at run time (never linked into mosaic-run).
//
// Exit codes: 0 done, 1 a file could not be loaded or written, 2 bad arguments, 3 the merge
// has conflicts (OUT written, keeping OURS for them), 4 a verified replay diverged.

#include <chrono>
#include <filesystem>
#include <iosfwd>
#include <span>
#include <string>

#include <mosaic/engine/scene/scene_file.hpp>

namespace mosaic {
struct loaded_project;
}

namespace mosaic::tools {

enum exit_code : int {
    exit_ok = 0,
    exit_file_error = 1,
    exit_usage = 2,
    exit_conflict = 3,
    exit_diverged = 4,
};

/// True (and says so on `err`) when `p` names a module that did not load: playing without
/// it would run the scene with built-in systems only and look like a working game.
bool module_did_not_load(const loaded_project& p, std::ostream& err);

/// Runs one command line (`args` without the program name). Never throws.
int run(std::span<const std::string> args, std::ostream& out, std::ostream& err);

/// Loads a scene file; once that has taken `show_after`, a line on `err` says how far it is
/// ("loading big.scene.bin: 40%", rewritten in place) and ends with "done" or the error.
[[nodiscard]] load_result<scene> load_scene_showing_progress(
    const std::filesystem::path& file, const component_table& table, std::ostream& err,
    std::chrono::milliseconds show_after = std::chrono::seconds(1));

}  // namespace mosaic::tools
