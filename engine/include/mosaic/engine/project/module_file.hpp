#pragma once
// module_file: whether a game module's file is whole before anyone maps it. A linker writes
// the file in several steps, and a reload can start while it is still writing: dlopen() of a
// file cut short maps segments past its end and dies with SIGBUS on the first touch. The ELF
// header says where every part of the file lies; a file that ends before one of them is cut.
//
//   if (std::string why = module_file_problem(path); !why.empty()) refuse(why);
//
// The loader checks its private copy (game_module::load); the editor's module watcher checks
// the file before it reports a change.

#include <filesystem>
#include <string>

namespace mosaic {

/// Why `file` cannot be a whole shared library: "it is N bytes, its ELF headers say at least
/// M (it is still being written, or was cut short)", "it is no ELF file", ...; empty when
/// its ELF header, program headers and section headers all lie within the file.
[[nodiscard]] std::string module_file_problem(const std::filesystem::path& file);

/// Whether `file` starts as an ELF file does (or is empty) but ends before its headers say:
/// what a file still being written looks like. A file that is no ELF at all is not cut short
/// (the loader refuses it with a message).
[[nodiscard]] bool module_file_cut_short(const std::filesystem::path& file);

}  // namespace mosaic
