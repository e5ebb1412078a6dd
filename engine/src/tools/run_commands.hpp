#pragma once
// mosaic-run's commands, apart from main() so the logic reads (and grows) on its own.
//
//   mosaic-run --validate FILE     load a scene or archetype file, print what it holds
//   mosaic-run --convert IN OUT    rewrite a scene in the format OUT's extension names
//   mosaic-run --help
//
// Exit codes: 0 done, 1 a file could not be loaded or written, 2 bad arguments.

#include <iosfwd>
#include <span>
#include <string>

#include <mosaic/ecs/component_table.hpp>

namespace mosaic::tools {

/// Registers the component types the files may hold. Today mosaic-run knows the engine's
/// built-ins only; a project option will choose a project's own registration here.
using component_registration = void (*)(component_table&);

enum exit_code : int { exit_ok = 0, exit_file_error = 1, exit_usage = 2 };

/// Runs one command line (`args` without the program name). Never throws.
int run(std::span<const std::string> args, component_registration register_components,
        std::ostream& out, std::ostream& err);

}  // namespace mosaic::tools
