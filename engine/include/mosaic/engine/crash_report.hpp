#pragma once
// crash_report: when game code crashes the process (a segfault, an abort), say where before
// dying. A handler for SIGSEGV, SIGBUS, SIGFPE, SIGILL and SIGABRT writes which module was
// loaded, which system was running on the crashing thread (mosaic/ecs/running_system.hpp)
// and a backtrace to a crash file and to stderr, then lets the signal kill the process as it
// would have (the exit status and a core dump stay what they were). The editor shows the
// file at its next start, with the offer to recover the autosaved scene; mosaic-run prints
// it on stderr and leaves it where --crash-file says.
//
// Everything the handler writes is prepared beforehand in fixed buffers: in the handler only
// async-signal-safe calls run (open, write, close, backtrace_symbols_fd; backtrace() is
// called once at install so that it never loads libgcc from inside the handler). The handler
// runs on an alternate stack, so a stack overflow is reported too.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace mosaic::crash_report {

/// Installs the handler (again: replaces the file and program name). `file` may be empty:
/// stderr only. `program` opens the report ("mosaic-editor", "mosaic-run").
void install(const std::filesystem::path& file, std::string_view program);
/// Removes the handler (the default actions are back).
void uninstall();
/// The game module loaded last, for the report ("owngame (/path/libowngame.so)"; "": none).
/// Cut to 1 KiB.
void set_module(std::string_view description);

/// The text of a crash file left by a process that crashed, or nothing (no file, unreadable).
[[nodiscard]] std::optional<std::string> read(const std::filesystem::path& file);

}  // namespace mosaic::crash_report
