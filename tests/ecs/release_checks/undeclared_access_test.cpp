// Built with NDEBUG (a release build's checks) although the rest of the suite is Debug: a
// system that touches a type it did not declare must fail in every build, not only where
// debug checks are compiled in, or it would race with other systems on the worker pool.

#include <gtest/gtest.h>

#include <string>

#include "mosaic/ecs/scheduler.hpp"
#include "mosaic/ecs/system_error.hpp"
#include "mosaic/ecs/world.hpp"

#ifndef NDEBUG
#error "this test must be compiled with NDEBUG: it checks what release builds do"
#endif

namespace {

struct Armor {
    int value = 0;
};
struct Shield {
    int value = 0;
};

std::string tick_error(mosaic::scheduler& s, mosaic::world& w) {
    try {
        s.tick(w, 1.0);
    } catch (const mosaic::system_error& failure) {
        return failure.what();
    }
    return {};
}

TEST(ReleaseChecks, AnUndeclaredWriteFailsTheSystem) {
    mosaic::world w;
    const mosaic::entity e = w.create();
    w.add<Armor>(e, Armor{1});
    mosaic::scheduler s(2);
    s.add("sneaky", [](mosaic::system_context& ctx) {
         ctx.view<Armor>().each([](Armor& a) { a.value = 99; });
     }).reads<Armor>();
    const std::string message = tick_error(s, w);
    EXPECT_NE(message.find("sneaky"), std::string::npos) << message;
    EXPECT_NE(message.find("Armor"), std::string::npos) << message;
    EXPECT_EQ(w.get<Armor>(e).value, 1) << "the write went through";
}

TEST(ReleaseChecks, AnUndeclaredLookupFailsTheSystem) {
    mosaic::world w;
    const mosaic::entity e = w.create();
    w.add<Armor>(e);
    w.add<Shield>(e);
    mosaic::scheduler s;
    s.each<const Armor>("peek", [](mosaic::system_context& ctx, mosaic::entity who, const Armor&) {
        (void)ctx.get<const Shield>(who);
    });
    const std::string message = tick_error(s, w);
    EXPECT_NE(message.find("peek"), std::string::npos) << message;
    EXPECT_NE(message.find("Shield"), std::string::npos) << message;
}

TEST(ReleaseChecks, TheWholeWorldNeedsAnExclusiveSystem) {
    mosaic::world w;
    mosaic::scheduler s;
    s.add("shortcut", [](mosaic::system_context& ctx) { (void)ctx.world().create(); });
    const std::string message = tick_error(s, w);
    EXPECT_NE(message.find("exclusive"), std::string::npos) << message;
}

}  // namespace
