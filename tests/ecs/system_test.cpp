// system and system_context: declarations, conflicts, rates, and the checks (every build)
// that catch a system touching a component it did not declare.
//
// Sections:
//   1. declarations     reads/writes, can_read/can_write, phase, order, rate, flags
//   2. conflicts        conflicts_with, including its symmetry
//   3. system_context   dt, tick, commands, checked access (every build; release_checks_test.cpp
//                       runs the same rule with NDEBUG)

#include <gtest/gtest.h>

#include "test_components.hpp"

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "mosaic/ecs/assert.hpp"
#include "mosaic/ecs/system.hpp"
#include "mosaic/ecs/world.hpp"

namespace system_test {  // its own: the suite is built in batches (unity)
namespace {

struct Position {
    float x = 0.0f;
    float y = 0.0f;
};
struct Velocity {
    float x = 0.0f;
    float y = 0.0f;
};
struct Health {
    int value = 100;
};
struct Armor {
    int value = 0;
};

using mosaic_test::check_failed;  // shared with the other ecs tests
using mosaic_test::throwing_checks;

void nothing(mosaic::system_context&) {}

// --- 1. declarations ---------------------------------------------------------------------

TEST(System, DefaultsToUpdateOrderZeroEveryTickEnabled) {
    const mosaic::system s("plain", nothing);
    EXPECT_EQ(s.name(), "plain");
    EXPECT_EQ(s.in(), mosaic::phase::update);
    EXPECT_EQ(s.order(), 0);
    EXPECT_EQ(s.every().type, mosaic::rate::kind::every_tick);
    EXPECT_TRUE(s.enabled());
    EXPECT_FALSE(s.is_exclusive());
    EXPECT_TRUE(s.read_types().empty());
    EXPECT_TRUE(s.write_types().empty());
    EXPECT_EQ(s.timing().calls, 0u);
}

TEST(System, DeclarationsChain) {
    mosaic::system s("movement", nothing);
    s.reads<Velocity>()
        .writes<Position>()
        .in(mosaic::phase::post_update)
        .order(-3)
        .every(mosaic::rate::every_n_ticks(4))
        .enabled(false);
    EXPECT_EQ(s.in(), mosaic::phase::post_update);
    EXPECT_EQ(s.order(), -3);
    EXPECT_EQ(s.every().type, mosaic::rate::kind::every_n_ticks);
    EXPECT_EQ(s.every().ticks, 4u);
    EXPECT_FALSE(s.enabled());
    EXPECT_EQ(s.read_types(), std::vector<mosaic::type_id>{mosaic::type_id_of<Velocity>()});
    EXPECT_EQ(s.write_types(), std::vector<mosaic::type_id>{mosaic::type_id_of<Position>()});
    s.exclusive();
    EXPECT_TRUE(s.is_exclusive());
}

TEST(System, ReadsAndWritesListEachTypeOnce) {
    mosaic::system s("s", nothing);
    s.reads<Velocity, Health>().reads<Velocity>().writes<Position, Position>();
    s.reads<const Health>();  // const is ignored
    EXPECT_EQ(s.read_types().size(), 2u);
    EXPECT_EQ(s.write_types().size(), 1u);
}

TEST(System, WritingImpliesReading) {
    mosaic::system s("s", nothing);
    s.reads<Velocity>().writes<Position>();
    EXPECT_TRUE(s.can_read(mosaic::type_id_of<Velocity>()));
    EXPECT_FALSE(s.can_write(mosaic::type_id_of<Velocity>()));
    EXPECT_TRUE(s.can_read(mosaic::type_id_of<Position>()));
    EXPECT_TRUE(s.can_write(mosaic::type_id_of<Position>()));
    EXPECT_FALSE(s.can_read(mosaic::type_id_of<Health>()));
    EXPECT_FALSE(s.can_write(mosaic::type_id_of<Health>()));
}

TEST(System, RateFactories) {
    EXPECT_EQ(mosaic::rate::every_tick().type, mosaic::rate::kind::every_tick);
    EXPECT_EQ(mosaic::rate::every_n_ticks(3).ticks, 3u);
    EXPECT_EQ(mosaic::rate::every_n_ticks(0).ticks, 1u) << "0 would divide by zero";
    const mosaic::rate r = mosaic::rate::interval(0.5);
    EXPECT_EQ(r.type, mosaic::rate::kind::interval);
    EXPECT_EQ(r.seconds, 0.5);
}

TEST(System, PhaseNames) {
    EXPECT_EQ(mosaic::to_string(mosaic::phase::pre_update), "pre_update");
    EXPECT_EQ(mosaic::to_string(mosaic::phase::update), "update");
    EXPECT_EQ(mosaic::to_string(mosaic::phase::post_update), "post_update");
    EXPECT_EQ(mosaic::to_string(mosaic::phase::render), "render");
}

// --- 2. conflicts ------------------------------------------------------------------------

TEST(System, ConflictRules) {
    mosaic::system writes_pos("writes_pos", nothing);
    writes_pos.writes<Position>();
    mosaic::system reads_pos("reads_pos", nothing);
    reads_pos.reads<Position>();
    mosaic::system reads_pos_too("reads_pos_too", nothing);
    reads_pos_too.reads<Position, Velocity>();
    mosaic::system writes_pos_too("writes_pos_too", nothing);
    writes_pos_too.writes<Position>();
    mosaic::system writes_health("writes_health", nothing);
    writes_health.writes<Health>().reads<Velocity>();
    mosaic::system empty("empty", nothing);
    mosaic::system alone("alone", nothing);
    alone.exclusive();

    EXPECT_TRUE(writes_pos.conflicts_with(reads_pos)) << "writer and reader of Position";
    EXPECT_TRUE(writes_pos.conflicts_with(writes_pos_too)) << "two writers of Position";
    EXPECT_FALSE(reads_pos.conflicts_with(reads_pos_too)) << "two readers never conflict";
    EXPECT_FALSE(writes_pos.conflicts_with(writes_health)) << "disjoint components";
    EXPECT_FALSE(reads_pos_too.conflicts_with(writes_health)) << "both only read Velocity";
    EXPECT_FALSE(empty.conflicts_with(writes_pos));
    EXPECT_TRUE(alone.conflicts_with(empty)) << "exclusive conflicts with everything";
    EXPECT_TRUE(alone.conflicts_with(alone));
    EXPECT_TRUE(writes_pos.conflicts_with(writes_pos)) << "a writer conflicts with itself";
    EXPECT_FALSE(reads_pos.conflicts_with(reads_pos));
}

TEST(System, ConflictsAreSymmetric) {
    std::vector<mosaic::system> systems;
    systems.emplace_back("a", nothing);
    systems.back().writes<Position>();
    systems.emplace_back("b", nothing);
    systems.back().reads<Position>();
    systems.emplace_back("c", nothing);
    systems.back().reads<Velocity>().writes<Health>();
    systems.emplace_back("d", nothing);
    systems.back().reads<Health, Armor>();
    systems.emplace_back("e", nothing);
    systems.back().writes<Velocity, Armor>();
    systems.emplace_back("f", nothing);
    systems.emplace_back("g", nothing);
    systems.back().exclusive();
    systems.emplace_back("h", nothing);
    systems.back().reads<Position>().writes<Position>();

    int conflicting_pairs = 0;
    for (const mosaic::system& a : systems) {
        for (const mosaic::system& b : systems) {
            EXPECT_EQ(a.conflicts_with(b), b.conflicts_with(a)) << a.name() << " / " << b.name();
            if (&a != &b && a.conflicts_with(b)) ++conflicting_pairs;
        }
    }
    // a-b a-h b-h c-d c-e d-e and g with the 7 others, counted both ways.
    EXPECT_EQ(conflicting_pairs, 2 * (6 + 7));
}

// --- 3. system_context -------------------------------------------------------------------

TEST(SystemContext, CarriesDtTickAndItsSystem) {
    mosaic::world w;
    mosaic::system s("ctx", nothing);
    mosaic::system_context ctx(w, s, 0.125, 42);
    EXPECT_EQ(ctx.dt(), 0.125);
    EXPECT_EQ(ctx.tick(), 42u);
    EXPECT_EQ(&ctx.self(), &s);
}

TEST(SystemContext, CommandsGoToTheSystemsOwnBuffer) {
    mosaic::world w;
    mosaic::system s("spawner", nothing);
    mosaic::system other("other", nothing);
    {
        mosaic::system_context ctx(w, s, 0.0, 0);
        const mosaic::entity p = ctx.commands().create();
        ctx.commands().add<Health>(p, 5);
    }
    mosaic::system_context again(w, s, 0.0, 1);
    EXPECT_EQ(again.commands().size(), 2u) << "the buffer lives in the system, not the context";
    mosaic::system_context other_ctx(w, other, 0.0, 1);
    EXPECT_TRUE(other_ctx.commands().empty());
    again.commands().apply(w);
    EXPECT_EQ(w.count<Health>(), 1u);
}

TEST(SystemContext, DeclaredAccessIsAllowed) {
    throwing_checks checks;
    mosaic::world w;
    const mosaic::entity e = w.create();
    w.add<Position>(e, 1.0f, 2.0f);
    w.add<Velocity>(e, 3.0f, 4.0f);
    mosaic::system s("movement", nothing);
    s.reads<Velocity>().writes<Position>();
    mosaic::system_context ctx(w, s, 1.0, 0);

    int visited = 0;
    auto movement = [&] {
        ctx.view<Position, const Velocity>().each([&](Position& p, const Velocity& v) {
            p.x += v.x;
            ++visited;
        });
    };
    EXPECT_NO_THROW(movement());
    EXPECT_EQ(visited, 1);
    EXPECT_EQ(w.get<Position>(e).x, 4.0f);
    EXPECT_NO_THROW((void)ctx.view<const Position>());  // writes implies reads
    EXPECT_NO_THROW((void)ctx.get<const Velocity>(e));
    EXPECT_NO_THROW((void)ctx.get<Position>(e));
    EXPECT_NO_THROW((void)ctx.get<const Position>(e));
    EXPECT_NE(ctx.try_get<const Velocity>(e), nullptr);
    EXPECT_TRUE(ctx.has<Position>(e));
    EXPECT_TRUE(ctx.alive(e));
    EXPECT_EQ(ctx.get<const Velocity>(e).y, 4.0f);
}

TEST(SystemContext, ExclusiveSystemsMayTouchAnything) {
    throwing_checks checks;
    mosaic::world w;
    const mosaic::entity e = w.create();
    w.add<Health>(e, 3);
    mosaic::system s("editor", nothing);
    s.exclusive();
    mosaic::system_context ctx(w, s, 0.0, 0);
    EXPECT_NO_THROW((void)ctx.view<Health>());
    EXPECT_NO_THROW((void)ctx.get<Health>(e));
    EXPECT_NO_THROW(ctx.world().add<Armor>(e, 1));
    EXPECT_EQ(&ctx.world(), &w);
}

bool contains(std::string_view text, std::string_view part) {
    return text.find(part) != std::string_view::npos;
}

// The message of the check `f` fails, or "" when it passes.
template <class F>
std::string failed_check(F&& f) {
    throwing_checks checks;
    try {
        f();
    } catch (const check_failed& failure) {
        return failure.what();
    }
    return {};
}

TEST(SystemContext, WritingAComponentDeclaredOnlyAsReadFails) {
    mosaic::world w;
    mosaic::system s("sneaky_mover", nothing);
    s.reads<Position>();
    mosaic::system_context ctx(w, s, 0.0, 0);
    const std::string message = failed_check([&] { (void)ctx.view<Position>(); });
    ASSERT_FALSE(message.empty()) << "view<Position> with only reads<Position> passed";
    EXPECT_TRUE(contains(message, "sneaky_mover")) << message;
    EXPECT_TRUE(contains(message, "Position")) << message;
    EXPECT_TRUE(contains(message, "writes")) << message;
}

TEST(SystemContext, ReadingAnUndeclaredComponentFails) {
    mosaic::world w;
    const mosaic::entity e = w.create();
    w.add<Health>(e);
    mosaic::system s("health_bar", nothing);
    s.reads<Position>();
    mosaic::system_context ctx(w, s, 0.0, 0);

    std::string message = failed_check([&] { (void)ctx.view<const Position, const Health>(); });
    EXPECT_TRUE(contains(message, "health_bar")) << message;
    EXPECT_TRUE(contains(message, "Health")) << message;
    EXPECT_TRUE(contains(message, "reads")) << message;

    message = failed_check([&] { (void)ctx.get<const Health>(e); });
    EXPECT_TRUE(contains(message, "Health")) << message;
    message = failed_check([&] { (void)ctx.try_get<const Health>(e); });
    EXPECT_TRUE(contains(message, "Health")) << message;
}

TEST(SystemContext, GetOfAMutableComponentNeedsWrites) {
    mosaic::world w;
    const mosaic::entity e = w.create();
    w.add<Health>(e);
    mosaic::system s("reader", nothing);
    s.reads<Health>();
    mosaic::system_context ctx(w, s, 0.0, 0);
    EXPECT_TRUE(failed_check([&] { (void)ctx.get<const Health>(e); }).empty());
    EXPECT_TRUE(failed_check([&] { (void)ctx.try_get<const Health>(e); }).empty());
    const std::string message = failed_check([&] { (void)ctx.get<Health>(e); });
    EXPECT_TRUE(contains(message, "reader")) << message;
    EXPECT_TRUE(contains(message, "Health")) << message;
    EXPECT_FALSE(failed_check([&] { (void)ctx.try_get<Health>(e); }).empty());
}

TEST(SystemContext, WorldNeedsAnExclusiveSystem) {
    mosaic::world w;
    mosaic::system s("shortcut", nothing);
    s.writes<Position>();
    mosaic::system_context ctx(w, s, 0.0, 0);
    const std::string message = failed_check([&] { (void)ctx.world(); });
    ASSERT_FALSE(message.empty());
    EXPECT_TRUE(contains(message, "shortcut")) << message;
    EXPECT_TRUE(contains(message, "exclusive")) << message;
}

}  // namespace

}  // namespace system_test
