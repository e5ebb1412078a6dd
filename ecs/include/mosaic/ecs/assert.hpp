#pragma once
// Checks for programmer mistakes (a stale handle, a missing component, an access a system
// did not declare). A failed check calls the installed handler with a message that says
// what the caller did wrong. The default handler prints it and aborts in debug builds; in
// release builds it prints it (once per call site is not tracked: every time) and returns,
// and the checked function takes a safe fallback path instead of crashing.
//
// Tests install a throwing handler to assert on the messages.

#include <string>

namespace mosaic {

using assert_handler = void (*)(const char* condition, const std::string& message, const char* file,
                                int line);

/// Installs `handler` (nullptr restores the default) and returns the previous one.
assert_handler set_assert_handler(assert_handler handler) noexcept;

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
/// too costly for release builds (system access declarations).
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
