#include "mosaic/ecs/runtime_view.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <map>
#include <random>
#include <set>
#include <vector>

#include "mosaic/ecs/world.hpp"
#include "test_components.hpp"

namespace runtime_view_test {  // its own: the suite is built in batches (unity)
namespace {

using mosaic::entity;
using mosaic::exclude;
using mosaic::include_disabled;
using mosaic::type_id;
using mosaic::type_id_of;
using mosaic::world;
using mosaic_test::Frozen;
using mosaic_test::Health;
using mosaic_test::Position;
using mosaic_test::Velocity;

std::set<entity> matches(const mosaic::runtime_view& view) {
    std::set<entity> out;
    view.each([&](entity e) { EXPECT_TRUE(out.insert(e).second) << "visited twice"; });
    EXPECT_EQ(view.count(), out.size());
    return out;
}

template <class View>
std::set<entity> typed_matches(const View& view) {
    std::set<entity> out;
    view.each([&](entity e, auto&...) { out.insert(e); });
    return out;
}

std::set<entity> runtime_matches(const world& w, std::vector<type_id> include,
                                 std::vector<type_id> excluded = {}, bool with_disabled = false) {
    return matches(w.view(include, excluded, with_disabled));
}

const type_id position = type_id_of<Position>();
const type_id velocity = type_id_of<Velocity>();
const type_id frozen = type_id_of<Frozen>();
const type_id health = type_id_of<Health>();

void fill_randomly(world& w, unsigned seed) {
    std::mt19937 rng(seed);
    std::vector<entity> e(400);
    w.create(e);
    std::shuffle(e.begin(), e.end(), rng);
    std::bernoulli_distribution often(0.6);
    std::bernoulli_distribution sometimes(0.2);
    for (const entity x : e) {
        if (often(rng)) w.add<Position>(x);
        if (sometimes(rng)) w.disable<Position>(x);
    }
    std::shuffle(e.begin(), e.end(), rng);
    for (const entity x : e) {
        if (often(rng)) w.add<Velocity>(x);
        if (sometimes(rng)) w.disable<Velocity>(x);
        if (sometimes(rng)) w.add<Frozen>(x);
        if (sometimes(rng)) w.disable<Frozen>(x);
    }
    for (const entity x : e) {
        if (sometimes(rng)) w.destroy(x);
    }
}

TEST(RuntimeView, AgreesWithTypedViewsOnRandomWorlds) {
    for (const unsigned seed : {11u, 12u, 13u, 14u, 15u}) {
        SCOPED_TRACE(seed);
        world w;
        fill_randomly(w, seed);
        EXPECT_EQ(runtime_matches(w, {position}), typed_matches(w.view<Position>()));
        EXPECT_EQ(runtime_matches(w, {position, velocity}),
                  typed_matches(w.view<Position, Velocity>()));
        EXPECT_EQ(runtime_matches(w, {velocity, position}),
                  typed_matches(w.view<Position, Velocity>()));
        EXPECT_EQ(runtime_matches(w, {position}, {frozen}),
                  typed_matches(w.view<Position>(exclude<Frozen>)));
        EXPECT_EQ(runtime_matches(w, {velocity, position}, {frozen}),
                  typed_matches(w.view<Velocity, Position>(exclude<Frozen>)));
        EXPECT_EQ(runtime_matches(w, {frozen}), typed_matches(w.view<Frozen>()));

        EXPECT_EQ(runtime_matches(w, {position, velocity}, {}, true),
                  typed_matches(w.view<Position, Velocity>(include_disabled)));
        EXPECT_EQ(runtime_matches(w, {position}, {frozen}, true),
                  typed_matches(w.view<Position>(exclude<Frozen>, include_disabled)));
        EXPECT_EQ(runtime_matches(w, {frozen, velocity}, {position}, true),
                  typed_matches(w.view<Frozen, Velocity>(exclude<Position>, include_disabled)));
        // Not vacuous: the worlds have matches of each kind.
        EXPECT_FALSE(runtime_matches(w, {position, velocity}, {frozen}).empty());
    }
}

TEST(RuntimeView, MissingPoolsGiveAnEmptyView) {
    world w;
    const entity e = w.create();
    w.add<Position>(e);
    EXPECT_TRUE(runtime_matches(w, {health}).empty());            // known type, no pool here
    EXPECT_TRUE(runtime_matches(w, {position, health}).empty());  // one pool missing
    const type_id unknown = static_cast<type_id>(mosaic::type_count() + 7);
    EXPECT_TRUE(runtime_matches(w, {unknown}).empty());
    EXPECT_TRUE(runtime_matches(w, {}).empty());  // nothing asked: nothing matches
    EXPECT_FALSE(w.view(std::vector<type_id>{health}).contains(e));
    // A missing pool in the exclusions excludes nothing.
    EXPECT_EQ(runtime_matches(w, {position}, {health, unknown}), std::set<entity>{e});
}

TEST(RuntimeView, ExcludeAndDisabled) {
    world w;
    std::vector<entity> e(4);
    w.create(e);
    for (const entity x : e) w.add<Position>(x);
    w.add<Frozen>(e[0]);
    w.add<Frozen>(e[1]);
    w.disable<Frozen>(e[1]);
    w.disable<Position>(e[2]);
    EXPECT_EQ(runtime_matches(w, {position}), (std::set<entity>{e[0], e[1], e[3]}));
    EXPECT_EQ(runtime_matches(w, {position}, {frozen}), (std::set<entity>{e[1], e[3]}));
    EXPECT_EQ(runtime_matches(w, {position}, {frozen}, true), (std::set<entity>{e[2], e[3]}));
    EXPECT_EQ(runtime_matches(w, {position}, {}, true), std::set<entity>(e.begin(), e.end()));

    const auto view = w.view(std::array{position}, std::array{frozen});
    EXPECT_TRUE(view.contains(e[1]));
    EXPECT_FALSE(view.contains(e[0]));
    EXPECT_FALSE(view.contains(e[2]));
    w.destroy(e[3]);
    EXPECT_FALSE(view.contains(e[3]));
}

TEST(RuntimeView, InactiveEntitiesAreSkippedUnlessWithDisabled) {
    world w;
    std::vector<entity> e(3);
    w.create(e);
    for (const entity x : e) w.add<Position>(x);
    w.set_active(e[0], false);
    EXPECT_EQ(runtime_matches(w, {position}), (std::set<entity>{e[1], e[2]}));
    EXPECT_EQ(runtime_matches(w, {position}, {}, true), std::set<entity>(e.begin(), e.end()));
    EXPECT_FALSE(w.view(std::array{position}).contains(e[0]));
}

TEST(RuntimeView, RemovingOrDestroyingTheCurrentEntityVisitsAllOnce) {
    for (const bool destroy : {false, true}) {
        world w;
        std::vector<entity> e(30);
        w.create(e);
        for (const entity x : e) w.add<Velocity>(x);
        std::shuffle(e.begin(), e.end(), std::mt19937(3));
        for (const entity x : e) w.add<Position>(x);
        std::map<entity, int> visits;
        w.view(std::array{position, velocity}).each([&](entity x) {
            ++visits[x];
            if (x.index % 2 == 0) {
                if (destroy) {
                    w.destroy(x);
                } else {
                    w.remove(x, velocity);
                }
            }
        });
        EXPECT_EQ(visits.size(), e.size());
        for (const auto& [x, n] : visits) EXPECT_EQ(n, 1);
        EXPECT_EQ(w.count<Velocity>(), 15u);
    }
}

TEST(RuntimeView, WalksTheSmallestPoolBackwards) {
    world w;
    std::vector<entity> e(20);
    w.create(e);
    for (const entity x : e) w.add<Position>(x);
    const std::vector<entity> few = {e[12], e[3], e[17]};
    for (const entity x : few) w.add<Velocity>(x);
    std::vector<entity> order;
    w.view(std::array{position, velocity}).each([&](entity x) { order.push_back(x); });
    EXPECT_EQ(order, std::vector<entity>(few.rbegin(), few.rend()));
}

}  // namespace

}  // namespace runtime_view_test
