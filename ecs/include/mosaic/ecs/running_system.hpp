#pragma once
// running_system: which system the calling thread is running, for a crash report written
// from a signal handler (mosaic/engine/crash_report.hpp). The scheduler sets it around each
// system's function; reading it is one thread-local load, safe inside a signal handler on the
// thread that crashed (the worker threads of a parallel wave each have their own).

namespace mosaic {

/// The name of the system this thread is running, or nullptr between systems. The text
/// lives as long as the system.
[[nodiscard]] const char* running_system() noexcept;

namespace detail {
/// Set by the scheduler for the duration of one system's run (nesting restores the outer).
class running_system_scope {
public:
    explicit running_system_scope(const char* name) noexcept;
    ~running_system_scope();
    running_system_scope(const running_system_scope&) = delete;
    running_system_scope& operator=(const running_system_scope&) = delete;

private:
    const char* outer_;
};
}  // namespace detail

}  // namespace mosaic
