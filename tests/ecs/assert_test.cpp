#include "mosaic/ecs/assert.hpp"

#include <gtest/gtest.h>

#include <string>

#include "mosaic/ecs/handle.hpp"
#include "mosaic/ecs/world.hpp"
#include "test_components.hpp"

namespace assert_test {  // its own: the suite is built in batches (unity)
namespace {

using mosaic::entity;
using mosaic_test::check_failed;
using mosaic_test::failed_check_message;
using mosaic_test::Health;
using mosaic_test::Position;

struct recorded_failure {
    std::string condition;
    std::string message;
    std::string file;
    int line = 0;
    int calls = 0;
};
recorded_failure recorded;

void recording_handler(const char* condition, const std::string& message, const char* file,
                       int line) {
    recorded.condition = condition;
    recorded.message = message;
    recorded.file = file;
    recorded.line = line;
    ++recorded.calls;
}

// Restores whatever handler was installed before the test.
class Assert : public ::testing::Test {
protected:
    void SetUp() override {
        previous_ = mosaic::set_assert_handler(nullptr);
        recorded = {};
    }
    void TearDown() override { mosaic::set_assert_handler(previous_); }

private:
    mosaic::assert_handler previous_ = nullptr;
};

TEST_F(Assert, SetHandlerReturnsThePreviousOne) {
    const mosaic::assert_handler default_handler = mosaic::set_assert_handler(&recording_handler);
    ASSERT_NE(default_handler, nullptr);
    EXPECT_EQ(mosaic::set_assert_handler(&mosaic_test::throwing_checks::handler),
              &recording_handler);
    EXPECT_EQ(mosaic::set_assert_handler(nullptr), &mosaic_test::throwing_checks::handler);
    // nullptr restored the default.
    EXPECT_EQ(mosaic::set_assert_handler(nullptr), default_handler);
}

TEST_F(Assert, PassingCheckCallsNothingAndDoesNotEvaluateTheMessage) {
    mosaic::set_assert_handler(&recording_handler);
    int evaluated = 0;
    const auto message = [&] {
        ++evaluated;
        return std::string("never");
    };
    EXPECT_TRUE(MOSAIC_CHECK(1 + 1 == 2, message()));
    EXPECT_EQ(evaluated, 0);
    EXPECT_EQ(recorded.calls, 0);
}

TEST_F(Assert, FailingCheckPassesConditionMessageAndPlace) {
    mosaic::set_assert_handler(&recording_handler);
    const int expected_line = __LINE__ + 1;
    const bool passed = MOSAIC_CHECK(2 < 1, std::string("two is not less than one"));
    EXPECT_FALSE(passed);  // a returning handler: the caller takes its fallback path
    EXPECT_EQ(recorded.calls, 1);
    EXPECT_EQ(recorded.condition, "2 < 1");
    EXPECT_EQ(recorded.message, "two is not less than one");
    EXPECT_PRED_FORMAT2(::testing::IsSubstring, "assert_test.cpp", recorded.file);
    EXPECT_EQ(recorded.line, expected_line);
}

TEST_F(Assert, ThrowingHandlerReceivesTheMessage) {
    const mosaic_test::throwing_checks scope;
    try {
        (void)MOSAIC_CHECK(false, "the message");
        FAIL() << "the throwing handler did not throw";
    } catch (const check_failed& failure) {
        EXPECT_STREQ(failure.what(), "the message");
    }
}

TEST_F(Assert, ThrowingChecksRestoresThePreviousHandler) {
    mosaic::set_assert_handler(&recording_handler);
    { const mosaic_test::throwing_checks scope; }
    EXPECT_EQ(mosaic::set_assert_handler(&recording_handler), &recording_handler);
}

#ifndef NDEBUG
TEST_F(Assert, DefaultHandlerAbortsInDebugBuildsWithTheMessage) {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_DEATH((void)MOSAIC_CHECK(false, std::string("what the caller did wrong")),
                 "what the caller did wrong");
}
#endif

TEST_F(Assert, GetOfAMissingComponentNamesTheTypeAndTheEntity) {
    mosaic::world w;
    const entity e = w.create();
    w.add<Health>(e);
    const std::string message = failed_check_message([&] { (void)w.get<Position>(e); });
    EXPECT_PRED_FORMAT2(::testing::IsSubstring, "has no mosaic_test::Position", message);
    EXPECT_PRED_FORMAT2(::testing::IsSubstring, "get<mosaic_test::Position>", message);
    EXPECT_PRED_FORMAT2(::testing::IsSubstring, mosaic::to_string(e), message);
}

TEST_F(Assert, StaleHandleIsCalledStale) {
    mosaic::world w;
    const entity e = w.create();
    w.add<Position>(e);
    w.destroy(e);
    const std::string message = failed_check_message([&] { (void)w.get<Position>(e); });
    EXPECT_PRED_FORMAT2(::testing::IsSubstring, "stale handle", message);
    EXPECT_PRED_FORMAT2(::testing::IsSubstring, mosaic::to_string(e), message);

    // Once the slot is reused, the message says by whom.
    const entity reused = w.create();
    const std::string reused_message = failed_check_message([&] { w.add<Health>(e); });
    EXPECT_PRED_FORMAT2(::testing::IsSubstring, "stale handle", reused_message);
    EXPECT_PRED_FORMAT2(::testing::IsSubstring, "add<mosaic_test::Health>", reused_message);
    EXPECT_PRED_FORMAT2(::testing::IsSubstring, mosaic::to_string(reused), reused_message);
    EXPECT_FALSE(w.has<Health>(reused));
}

TEST_F(Assert, NullAndNeverCreatedHandlesAreExplained) {
    mosaic::world w;
    EXPECT_PRED_FORMAT2(::testing::IsSubstring, "null",
                        failed_check_message([&] { (void)w.get<Position>(mosaic::null_entity); }));
    EXPECT_PRED_FORMAT2(::testing::IsSubstring, "ever created", failed_check_message([&] {
                            (void)w.get<Position>(entity{12, 0});
                        }));
}

TEST_F(Assert, AddingTwiceSaysSo) {
    mosaic::world w;
    const entity e = w.create();
    w.add<Position>(e, 1.0f, 2.0f);
    const std::string message = failed_check_message([&] { w.add<Position>(e); });
    EXPECT_PRED_FORMAT2(::testing::IsSubstring, "already has", message);
    EXPECT_PRED_FORMAT2(::testing::IsSubstring, "mosaic_test::Position", message);
    EXPECT_EQ(w.get<Position>(e), (Position{1.0f, 2.0f}));  // unchanged: the check threw
}

// With a handler that returns (release-style), misuse takes the documented fallback paths.
TEST_F(Assert, ReturningHandlerGetsSafeFallbacks) {
    mosaic::set_assert_handler(&recording_handler);
    mosaic::world w;
    const entity e = w.create();

    Position& scratch = w.get<Position>(e);
    EXPECT_EQ(recorded.calls, 1);
    EXPECT_EQ(scratch, Position{});
    scratch.x = 99.0f;  // goes nowhere
    EXPECT_FALSE(w.has<Position>(e));
    EXPECT_EQ(w.get<Position>(e), Position{});  // a fresh default each time
    EXPECT_EQ(recorded.calls, 2);

    w.add<Position>(e, 1.0f, 1.0f);
    w.add<Position>(e, 2.0f, 2.0f);  // adding twice replaces in release
    EXPECT_EQ(recorded.calls, 3);
    EXPECT_EQ(w.get<Position>(e), (Position{2.0f, 2.0f}));

    w.destroy(e);
    (void)w.add<Health>(e, 5);  // stale: nothing is added
    EXPECT_EQ(recorded.calls, 4);
    EXPECT_EQ(w.count<Health>(), 0u);
}

TEST_F(Assert, HandleGetOnAnInvalidHandleFailsACheck) {
    mosaic::world w;
    const mosaic::handle h{w, w.create()};
    h.destroy();
    EXPECT_PRED_FORMAT2(::testing::IsSubstring, "stale handle",
                        failed_check_message([&] { (void)h.get<Health>(); }));
}

}  // namespace

}  // namespace assert_test
