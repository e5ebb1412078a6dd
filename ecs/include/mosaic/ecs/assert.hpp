#pragma once
// Checks for programmer mistakes (a stale handle, a missing component, an access a system
// did not declare). A failed check calls the installed handler with a message that says
// what the caller did wrong. The default handler prints it and aborts in debug builds; in
// release builds it prints it (once per call site is not tracked: every time) and returns,
// and the checked function takes a safe fallback path instead of crashing.
//
// Tests install a throwing handler to assert on the messages.
//
// Inside a system (the scheduler opens a check_scope around each one), the default handler
// throws check_error instead: the scheduler turns it into that system's error, so a game's
// mistake stops the game, not the editor. An installed handler is called as always.

#include <stdexcept>
#include <string>

namespace mosaic {

using assert_handler = void (*)(const char* condition, const std::string& message, const char* file,
                                int line);

/// Installs `handler` (nullptr restores the default) and returns the previous one.
assert_handler set_assert_handler(assert_handler handler) noexcept;

/// What the default handler throws inside a check_scope: what() is the check's message.
class check_error : public std::logic_error {
public:
    check_error(const std::string& message, const char* condition, const char* file, int line)
        : std::logic_error(message), condition_(condition), file_(file), line_(line) {}
    [[nodiscard]] const char* condition() const noexcept { return condition_; }
    [[nodiscard]] const char* file() const noexcept { return file_; }
    [[nodiscard]] int line() const noexcept { return line_; }

private:
    const char* condition_;
    const char* file_;
    int line_;
};

/// While one is alive on a thread, the default handler throws check_error on that thread
/// instead of aborting (debug) or printing and returning (release). Scopes nest. The
/// scheduler opens one around every system, and project registration runs in one.
class check_scope {
public:
    check_scope() noexcept;
    ~check_scope();
    check_scope(const check_scope&) = delete;
    check_scope& operator=(const check_scope&) = delete;

    /// True when the calling thread is inside a check_scope.
    [[nodiscard]] static bool active() noexcept;
};

namespace detail {
[[gnu::cold]] void assert_failed(const char* condition, const std::string& message,
                                 const char* file, int line);
}  // namespace detail

}  // namespace mosaic

/// MOSAIC_CHECK(condition, message): `message` (anything convertible to std::string) is
/// only evaluated when the check fails. Always on: it guards the release-mode fallbacks.
#define MOSAIC_CHECK(condition, message) \
    (static_cast<bool>(condition)        \
         ? true                          \
         : (::mosaic::detail::assert_failed(#condition, (message), __FILE__, __LINE__), false))

/// MOSAIC_DEBUG_CHECK: like MOSAIC_CHECK, compiled out when NDEBUG is defined. For checks
/// too costly for release builds.
#ifdef NDEBUG
namespace mosaic::detail {
// A call, not a bare `true`: used as a statement, `true;` trips -Wunused-value (-Werror).
constexpr bool debug_check_disabled() noexcept {
    return true;
}
}  // namespace mosaic::detail
#define MOSAIC_DEBUG_CHECK(condition, message) ::mosaic::detail::debug_check_disabled()
#else
#define MOSAIC_DEBUG_CHECK(condition, message) MOSAIC_CHECK(condition, message)
#endif
