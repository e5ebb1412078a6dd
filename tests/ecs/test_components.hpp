#pragma once
// Components and helpers shared by the ECS tests.
//
// The types live in namespace mosaic_test: type ids are global to the test executable, so two
// test files defining different structs with the same global name would break the one
// definition rule (and share one type id). A type used by one file only belongs in that
// file's anonymous namespace.

#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

#include "mosaic/ecs/assert.hpp"

namespace mosaic_test {

struct Position {
    float x = 0.0f;
    float y = 0.0f;
    friend bool operator==(const Position&, const Position&) = default;
};

struct Velocity {
    float dx = 0.0f;
    float dy = 0.0f;
    friend bool operator==(const Velocity&, const Velocity&) = default;
};

struct Health {
    int hp = 100;
    friend bool operator==(const Health&, const Health&) = default;
};

/// Non-trivial to copy and move: catches storage code that copies bytes instead of values.
struct Name {
    std::string value;
    friend bool operator==(const Name&, const Name&) = default;
};

/// A tag: no data, pools store none.
struct Frozen {};

/// Move-only: pools of it work, but cannot be cloned or copied by type id.
struct Owned {
    std::unique_ptr<int> value;
};

/// Thrown by the handler `throwing_checks` installs; what() is the check's message.
class check_failed : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// While alive, a failed MOSAIC_CHECK throws check_failed instead of aborting; the previous
/// handler comes back on destruction.
class throwing_checks {
public:
    throwing_checks() noexcept : previous_(mosaic::set_assert_handler(&handler)) {}
    ~throwing_checks() { mosaic::set_assert_handler(previous_); }
    throwing_checks(const throwing_checks&) = delete;
    throwing_checks& operator=(const throwing_checks&) = delete;

    static void handler(const char* /*condition*/, const std::string& message, const char* /*file*/,
                        int /*line*/) {
        throw check_failed(message);
    }

private:
    mosaic::assert_handler previous_;
};

/// Runs `f` and returns the message of the check it failed, or "" when no check failed.
template <class F>
std::string failed_check_message(F&& f) {
    const throwing_checks scope;
    try {
        std::forward<F>(f)();
    } catch (const check_failed& failure) {
        return failure.what();
    }
    return {};
}

}  // namespace mosaic_test
