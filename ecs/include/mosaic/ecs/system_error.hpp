#pragma once
// system_error: what scheduler::tick() throws when a system fails, naming the system.
//
// A system fails when its function throws (any exception: a game's own, std::bad_alloc, a
// capacity_error) or fails a MOSAIC_CHECK (the scheduler runs every system inside a
// check_scope, so the default handler throws check_error there), or when applying its
// command buffer does. The scheduler catches it on whichever thread ran the system, stops
// the tick and throws one system_error for the first failed system in system order, so the
// report is the same for any thread count. Callers (the editor's Play, mosaic-run) stop the
// game and show failure().to_string(); the process goes on.

#include <cstdint>
#include <exception>
#include <stdexcept>
#include <string>

namespace mosaic {

struct system_failure {
    std::string system;      // the system's name
    std::string message;     // what went wrong: the exception's what(), the check's message
    std::uint64_t tick = 0;  // the scheduler's tick count when it failed (ctx.tick())

    /// "system 'turret' failed at tick 10: MESSAGE"
    [[nodiscard]] std::string to_string() const;
};

class system_error : public std::runtime_error {
public:
    system_error(system_failure failure, std::exception_ptr cause);

    [[nodiscard]] const system_failure& failure() const noexcept { return failure_; }
    /// The exception the system threw (a check's check_error, the game's own type...).
    [[nodiscard]] const std::exception_ptr& cause() const noexcept { return cause_; }

private:
    system_failure failure_;
    std::exception_ptr cause_;
};

/// The message of the exception being handled (call inside a catch block): what() of a
/// std::exception, with the type named for the standard ones whose what() says little
/// (std::bad_alloc: "out of memory (std::bad_alloc)"); "unknown exception" otherwise.
[[nodiscard]] std::string describe_current_exception();

}  // namespace mosaic
