#pragma once
// mosaic-run's commands, apart from main() so the logic reads (and grows) on its own.
//
//   mosaic-run SCENE [--ticks N] [--dt S] [--threads T] [--seed S] [--save OUT] [--profile]
//                                  run a scene headless (no window, no GL)
//   mosaic-run --validate FILE     load a scene or archetype file, print what it holds
//   mosaic-run --convert IN OUT    rewrite a scene in the format OUT's extension names
//   mosaic-run --new-project DIR [--name NAME]
//                                  write a new game project (project/scaffold.hpp)
//   mosaic-run --help
//
// Every command but --new-project takes `--project NAME`; without it the project is the one whose folder the
// file is in (projects/NAME/...), else only the engine's built-in types are known.
//
// Exit codes: 0 done, 1 a file could not be loaded or written, 2 bad arguments.

#include <iosfwd>
#include <span>
#include <string>

#include <mosaic/engine/project.hpp>

namespace mosaic::tools {

enum exit_code : int { exit_ok = 0, exit_file_error = 1, exit_usage = 2 };

/// Runs one command line (`args` without the program name). Never throws.
/// `projects`: the projects mosaic-run can open (their components and systems).
int run(std::span<const std::string> args, std::span<const project> projects, std::ostream& out,
        std::ostream& err);

}  // namespace mosaic::tools
