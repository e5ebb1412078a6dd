// view: which entities match, disabled components and inactive entities, iteration order,
// agreement with a brute-force filter, and structural changes while iterating.
//
// Sections:
//   1. matching                 get/exclude, contains, get<T>, front, size_hint, const worlds
//   2. disabled and inactive    skipped unless include_disabled
//   3. iteration order          the driving pool, pages of values
//   4. brute force              random worlds agree with a plain filter
//   5. structural changes       removing/destroying the current entity while iterating

#include "mosaic/ecs/view.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <ranges>
#include <set>
#include <string>
#include <type_traits>
#include <vector>

#include "mosaic/ecs/world.hpp"
#include "test_components.hpp"

// Sections:
//   1. matching: one and several types, exclude, const access
//   2. disabled components and inactive entities
//   3. iteration order and the driving pool
//   4. agreement with a brute-force filter on random worlds
//   5. structural changes during iteration

namespace {

using mosaic::entity;
using mosaic::entity_index;
using mosaic::exclude;
using mosaic::include_disabled;
using mosaic::world;
using mosaic_test::Frozen;
using mosaic_test::Health;
using mosaic_test::Name;
using mosaic_test::Position;
using mosaic_test::Velocity;

template <class View>
std::set<entity> each_entities(const View& view) {
    std::set<entity> out;
    view.each([&](entity e, auto&...) { EXPECT_TRUE(out.insert(e).second) << "twice"; });
    return out;
}

template <class View>
std::set<entity> range_entities(const View& view) {
    std::set<entity> out;
    for (auto&& tuple : view) EXPECT_TRUE(out.insert(std::get<0>(tuple)).second) << "twice";
    return out;
}

// --- 1. matching ------------------------------------------------------------------------------

TEST(View, SingleComponentWithAndWithoutEntity) {
    world w;
    std::vector<entity> e(5);
    w.create(e);
    for (int i = 0; i < 5; ++i) w.add<Health>(e[static_cast<std::size_t>(i)], i);
    w.add<Position>(w.create());  // no Health: not visited

    int sum = 0;
    w.view<Health>().each([&](Health& h) {
        sum += h.hp;
        h.hp += 10;  // writes reach the pool
    });
    EXPECT_EQ(sum, 0 + 1 + 2 + 3 + 4);
    std::set<entity> seen;
    w.view<Health>().each([&](entity x, Health& h) {
        EXPECT_EQ(h.hp, w.get<Health>(x).hp);
        EXPECT_GE(h.hp, 10);
        seen.insert(x);
    });
    EXPECT_EQ(seen, std::set<entity>(e.begin(), e.end()));
}

TEST(View, SeveralComponentsNeedAll) {
    world w;
    const entity both = w.create();
    const entity only_position = w.create();
    const entity only_velocity = w.create();
    w.add<Position>(both, 1.0f, 1.0f);
    w.add<Velocity>(both, 2.0f, 3.0f);
    w.add<Position>(only_position);
    w.add<Velocity>(only_velocity);

    int calls = 0;
    w.view<Position, Velocity>().each([&](entity x, Position& p, Velocity& v) {
        EXPECT_EQ(x, both);
        p.x += v.dx;
        ++calls;
    });
    EXPECT_EQ(calls, 1);
    EXPECT_EQ(w.get<Position>(both).x, 3.0f);
    EXPECT_EQ(range_entities(w.view<Velocity, Position>()), std::set<entity>{both});
    EXPECT_EQ(each_entities(w.view<Position, Velocity, Health>()), std::set<entity>{});
}

TEST(View, ExcludeLeavesOutEntitiesWithAnyExcludedType) {
    world w;
    std::vector<entity> e(4);
    w.create(e);
    for (const entity x : e) w.add<Position>(x);
    w.add<Frozen>(e[1]);
    w.add<Health>(e[2]);
    EXPECT_EQ(each_entities(w.view<Position>(exclude<Frozen>)),
              (std::set<entity>{e[0], e[2], e[3]}));
    EXPECT_EQ(each_entities(w.view<Position>(exclude<Frozen, Health>)),
              (std::set<entity>{e[0], e[3]}));
    EXPECT_EQ(range_entities(w.view<Position>(exclude<Frozen, Health>)),
              (std::set<entity>{e[0], e[3]}));
    EXPECT_FALSE(w.view<Position>(exclude<Frozen>).contains(e[1]));
    EXPECT_TRUE(w.view<Position>(exclude<Frozen>).contains(e[0]));
}

TEST(View, ConstComponentsAreReadOnly) {
    world w;
    const entity x = w.create();
    w.add<Position>(x, 1.0f, 1.0f);
    w.add<Velocity>(x, 2.0f, 2.0f);

    int calls = 0;
    w.view<Position, const Velocity>().each([&](auto e, auto&& p, auto&& v) {
        static_assert(std::is_same_v<decltype(e), entity>);
        static_assert(std::is_same_v<decltype(p), Position&>);
        static_assert(std::is_same_v<decltype(v), const Velocity&>);
        p.x += v.dx;
        ++calls;
    });
    w.view<const Position, const Velocity>().each([&](auto&& p, auto&& v) {
        static_assert(std::is_same_v<decltype(p), const Position&>);
        static_assert(std::is_same_v<decltype(v), const Velocity&>);
        ++calls;
    });
    EXPECT_EQ(calls, 2);
    EXPECT_EQ(w.get<Position>(x).x, 3.0f);

    for (auto [e, p, v] : w.view<Position, const Velocity>()) {
        static_assert(std::is_same_v<decltype(e), entity>);
        static_assert(std::is_same_v<decltype(p), Position&>);
        static_assert(std::is_same_v<decltype(v), const Velocity&>);
        p.y = v.dy * 10.0f;  // through the binding: into the pool
        EXPECT_EQ(e, x);
    }
    EXPECT_EQ(w.get<Position>(x).y, 20.0f);
}

TEST(View, IsAnInputRange) {
    static_assert(std::ranges::input_range<mosaic::view_t<Position, const Velocity>>);
    world w;
    for (int i = 0; i < 4; ++i) w.add<Health>(w.create(), i);
    auto view = w.view<Health>();
    const auto big = [](const auto& tuple) { return std::get<1>(tuple).hp >= 2; };
    EXPECT_EQ(std::ranges::count_if(view, big), 2);
}

TEST(View, ContainsChecksEveryCondition) {
    world w;
    const entity a = w.create();
    const entity b = w.create();
    w.add<Position>(a);
    w.add<Velocity>(a);
    w.add<Position>(b);
    const auto view = w.view<Position, Velocity>();
    EXPECT_TRUE(view.contains(a));
    EXPECT_FALSE(view.contains(b));
    EXPECT_FALSE(view.contains(mosaic::null_entity));
    w.destroy(a);
    EXPECT_FALSE(view.contains(a));  // stale
    const entity reused = w.create();
    EXPECT_FALSE(view.contains(reused));
}

TEST(View, EmptyPoolsGiveAnEmptyView) {
    world w;
    (void)w.create();
    EXPECT_EQ(each_entities(w.view<Name>()), std::set<entity>{});
    EXPECT_EQ(range_entities(w.view<Name, Health>()), std::set<entity>{});
    EXPECT_EQ(w.view<Name>().begin(), w.view<Name>().end());
    EXPECT_EQ(w.view<Name>().size_hint(), 0u);
}

TEST(View, GetFrontAndSizeHint) {
    world w;
    std::vector<entity> e(6);
    w.create(e);
    for (std::size_t i = 0; i < 6; ++i) w.add<Position>(e[i], static_cast<float>(i));
    for (std::size_t i = 0; i < 6; i += 2) w.add<Velocity>(e[i], 1.0f, static_cast<float>(i));
    auto view = w.view<Position, const Velocity>();
    EXPECT_EQ(view.size_hint(), 3u);  // the smallest pool: an upper bound
    static_assert(std::is_same_v<decltype(view.get<Position>(e[2])), Position&>);
    static_assert(std::is_same_v<decltype(view.get<Velocity>(e[2])), const Velocity&>);
    static_assert(std::is_same_v<decltype(view.get<const Velocity>(e[2])), const Velocity&>);
    view.get<Position>(e[2]).y = 9.0f;
    EXPECT_EQ(w.get<Position>(e[2]).y, 9.0f);
    EXPECT_EQ(view.get<Velocity>(e[4]).dy, 4.0f);
    // front(): the first entity the view visits, as each() and begin() do.
    const entity first = view.front();
    EXPECT_EQ(first, std::get<0>(*view.begin()));
    entity visited_first = mosaic::null_entity;
    view.each([&](entity x, Position&, const Velocity&) {
        if (visited_first.is_null()) visited_first = x;
    });
    EXPECT_EQ(first, visited_first);
    EXPECT_TRUE(view.contains(first));
    EXPECT_EQ(w.view<Name>().front(), mosaic::null_entity);
    for (std::size_t i = 0; i < 6; i += 2) w.remove<Velocity>(e[i]);
    EXPECT_EQ(view.front(), mosaic::null_entity);
}

TEST(View, GetOfAMissingComponentFailsACheck) {
    world w;
    const entity a = w.create();
    const entity b = w.create();
    w.add<Position>(a);
    w.add<Position>(b);
    w.add<Velocity>(a);
    const auto view = w.view<Position, Velocity>();
    const mosaic_test::throwing_checks checks;
    EXPECT_THROW((void)view.get<Velocity>(b), mosaic_test::check_failed);
    w.destroy(a);
    EXPECT_THROW((void)view.get<Position>(a), mosaic_test::check_failed);
}

TEST(View, ViewsOfAConstWorldReadOnly) {
    world w;
    const entity a = w.create();
    const entity b = w.create();
    w.add<Position>(a, 1.0f, 2.0f);
    w.add<Velocity>(a, 3.0f, 4.0f);
    w.add<Position>(b, 5.0f, 6.0f);
    w.add<Health>(b);
    const world& cw = w;

    float sum = 0.0f;
    cw.view<const Position, const Velocity>().each([&](auto&& p, auto&& v) {
        static_assert(std::is_same_v<decltype(p), const Position&>);
        static_assert(std::is_same_v<decltype(v), const Velocity&>);
        sum += p.x + v.dx;
    });
    EXPECT_EQ(sum, 4.0f);
    EXPECT_EQ(range_entities(cw.view<const Position>(exclude<Health>)), std::set<entity>{a});
    w.disable<Velocity>(a);
    EXPECT_EQ(each_entities(cw.view<const Velocity>()), std::set<entity>{});
    EXPECT_EQ(each_entities(cw.view<const Velocity>(include_disabled)), std::set<entity>{a});
    EXPECT_EQ(each_entities(cw.view<const Position>(exclude<Health>, include_disabled)),
              std::set<entity>{a});
    EXPECT_EQ(cw.view<const Position>().get<Position>(b).y, 6.0f);
    static_assert(
        std::is_same_v<decltype(cw.view<const Position>().get<Position>(b)), const Position&>);

    // A type no entity has: an empty view, and the const world made no pool for it.
    const auto names = cw.view<const Position, const Name>();
    EXPECT_EQ(names.size_hint(), 0u);
    EXPECT_EQ(names.front(), mosaic::null_entity);
    EXPECT_FALSE(names.contains(a));
    EXPECT_EQ(w.pool(mosaic::type_id_of<Name>()), nullptr);
}

// Views walk whole pages: pools of several pages, aligned and not, and with holes.
TEST(View, VisitsEveryEntityAcrossValuePages) {
    world w;
    std::vector<entity> e(5000);
    w.create(e);
    for (std::size_t i = 0; i < e.size(); ++i) {
        w.add<Position>(e[i], static_cast<float>(i));
        w.add<Velocity>(e[i], 1.0f);  // added together: aligned chunks
        if (i % 3 == 0) w.add<Name>(e[i], std::to_string(i));
    }
    for (std::size_t i = 0; i < e.size(); i += 7) w.remove<Velocity>(e[i]);  // holes
    std::set<entity> expected_pv;
    std::set<entity> expected_pvn;
    for (std::size_t i = 0; i < e.size(); ++i) {
        if (i % 7 != 0) expected_pv.insert(e[i]);
        if (i % 7 != 0 && i % 3 == 0) expected_pvn.insert(e[i]);
    }
    EXPECT_EQ(each_entities(w.view<Position, const Velocity>()), expected_pv);
    EXPECT_EQ(range_entities(w.view<Position, const Velocity>()), expected_pv);
    EXPECT_EQ(each_entities(w.view<Position, Velocity, const Name>()), expected_pvn);
    // Each value reaches its own entity.
    w.view<Position, const Velocity>().each([&](entity x, Position& p, const Velocity& v) {
        EXPECT_EQ(p.x, static_cast<float>(x.index - e[0].index));
        EXPECT_EQ(v.dx, 1.0f);
        p.y += v.dx;
    });
    w.view<const Position, const Name>().each([&](const Position& p, const Name& n) {
        EXPECT_EQ(n.value, std::to_string(static_cast<int>(p.x)));
    });
    for (std::size_t i = 0; i < e.size(); ++i) {
        ASSERT_EQ(w.get<Position>(e[i]).y, i % 7 == 0 ? 0.0f : 1.0f) << i;
    }
}

// --- 2. disabled components and inactive entities --------------------------------------------

TEST(View, DisabledComponentsAreSkippedUnlessIncluded) {
    world w;
    std::vector<entity> e(4);
    w.create(e);
    for (const entity x : e) {
        w.add<Position>(x);
        w.add<Velocity>(x);
    }
    w.disable<Position>(e[0]);
    w.disable<Velocity>(e[1]);
    EXPECT_EQ(each_entities(w.view<Position>()), (std::set<entity>{e[1], e[2], e[3]}));
    EXPECT_EQ(each_entities(w.view<Position, Velocity>()), (std::set<entity>{e[2], e[3]}));
    EXPECT_EQ(range_entities(w.view<Velocity, Position>()), (std::set<entity>{e[2], e[3]}));
    const std::set<entity> all(e.begin(), e.end());
    EXPECT_EQ(each_entities(w.view<Position, Velocity>(include_disabled)), all);
    EXPECT_EQ(range_entities(w.view<Position, Velocity>(include_disabled)), all);
    EXPECT_FALSE(w.view<Position>().contains(e[0]));
    EXPECT_TRUE(w.view<Position>(include_disabled).contains(e[0]));
}

TEST(View, DisabledExcludedComponentDoesNotExclude) {
    world w;
    std::vector<entity> e(3);
    w.create(e);
    for (const entity x : e) w.add<Position>(x);
    w.add<Frozen>(e[0]);
    w.add<Frozen>(e[1]);
    w.disable<Frozen>(e[1]);
    // By default a disabled Frozen does not count as present...
    EXPECT_EQ(each_entities(w.view<Position>(exclude<Frozen>)), (std::set<entity>{e[1], e[2]}));
    EXPECT_TRUE(w.view<Position>(exclude<Frozen>).contains(e[1]));
    // ...with include_disabled it does.
    EXPECT_EQ(each_entities(w.view<Position>(exclude<Frozen>, include_disabled)),
              (std::set<entity>{e[2]}));
    EXPECT_EQ(range_entities(w.view<Position>(exclude<Frozen>, include_disabled)),
              (std::set<entity>{e[2]}));
}

TEST(View, InactiveEntitiesAreSkippedUnlessIncluded) {
    world w;
    std::vector<entity> e(3);
    w.create(e);
    for (const entity x : e) w.add<Position>(x);
    EXPECT_TRUE(w.set_active(e[1], false));
    EXPECT_FALSE(w.is_active(e[1]));
    EXPECT_TRUE(w.has<Position>(e[1]));
    EXPECT_TRUE(w.is_enabled<Position>(e[1]));  // its own flag is untouched
    EXPECT_EQ(each_entities(w.view<Position>()), (std::set<entity>{e[0], e[2]}));
    EXPECT_EQ(range_entities(w.view<Position>()), (std::set<entity>{e[0], e[2]}));
    EXPECT_EQ(each_entities(w.view<Position>(include_disabled)),
              std::set<entity>(e.begin(), e.end()));
    EXPECT_TRUE(w.set_active(e[1], true));
    EXPECT_TRUE(w.is_active(e[1]));
    EXPECT_EQ(each_entities(w.view<Position>()), std::set<entity>(e.begin(), e.end()));
}

// --- 3. iteration order and the driving pool -------------------------------------------------

TEST(View, WalksThePoolBackwards) {
    world w;
    std::vector<entity> e(5);
    w.create(e);
    for (const entity x : e) w.add<Health>(x);
    std::vector<entity> order;
    w.view<Health>().each([&](entity x, Health&) { order.push_back(x); });
    EXPECT_EQ(order, std::vector<entity>(e.rbegin(), e.rend()));
    order.clear();
    for (auto [x, h] : w.view<Health>()) order.push_back(x);
    EXPECT_EQ(order, std::vector<entity>(e.rbegin(), e.rend()));
}

TEST(View, TheSmallestPoolDrives) {
    world w;
    std::vector<entity> e(100);
    w.create(e);
    for (const entity x : e) w.add<Position>(x);
    // Three entities with Velocity, added out of index order.
    const std::vector<entity> few = {e[70], e[5], e[42]};
    for (const entity x : few) w.add<Velocity>(x);

    EXPECT_EQ((w.view<Position, Velocity>().size_hint()), 3u);
    EXPECT_EQ((w.view<Velocity, Position>().size_hint()), 3u);
    // The order is the Velocity pool's, backwards: only the small pool was walked.
    const std::vector<entity> expected(few.rbegin(), few.rend());
    std::vector<entity> order;
    w.view<Position, Velocity>().each([&](entity x, Position&, Velocity&) { order.push_back(x); });
    EXPECT_EQ(order, expected);
    order.clear();
    for (auto [x, p, v] : w.view<Position, Velocity>()) order.push_back(x);
    EXPECT_EQ(order, expected);

    // Disabled components do not count towards the size unless included.
    for (std::size_t i = 0; i < 99; ++i) w.disable<Position>(e[i]);
    EXPECT_EQ((w.view<Position, Velocity>().size_hint()), 1u);
    EXPECT_EQ((w.view<Position, Velocity>(include_disabled).size_hint()), 3u);
}

// --- 4. agreement with a brute-force filter on random worlds ---------------------------------

struct random_world {
    world w;
    std::vector<entity> all;
};

// Components added in different orders per type (so pools are not aligned), some removed,
// some disabled, some entities destroyed.
void fill(random_world& rw, unsigned seed) {
    std::mt19937 rng(seed);
    world& w = rw.w;
    std::vector<entity> e(300);
    w.create(e);
    std::vector<entity> reversed(e.rbegin(), e.rend());
    std::vector<entity> shuffled = e;
    std::shuffle(shuffled.begin(), shuffled.end(), rng);
    std::bernoulli_distribution often(0.7);
    std::bernoulli_distribution sometimes(0.2);
    for (const entity x : e) {
        if (often(rng)) w.add<Position>(x, static_cast<float>(x.index), 0.0f);
    }
    for (const entity x : reversed) {
        if (often(rng)) w.add<Velocity>(x, 0.0f, static_cast<float>(x.index));
    }
    for (const entity x : shuffled) {
        if (sometimes(rng)) w.add<Frozen>(x);
    }
    for (const entity x : e) {
        if (sometimes(rng)) w.disable<Position>(x);
        if (sometimes(rng)) w.disable<Velocity>(x);
        if (sometimes(rng)) w.disable<Frozen>(x);
        if (sometimes(rng)) w.remove<Velocity>(x);
    }
    for (const entity x : shuffled) {
        if (sometimes(rng)) {
            w.destroy(x);
        } else {
            rw.all.push_back(x);
        }
    }
}

template <class T>
bool present(world& w, entity e, bool with_disabled) {
    return with_disabled ? w.has<T>(e) : w.is_enabled<T>(e);
}

TEST(View, MatchesABruteForceFilterOnRandomWorlds) {
    for (const unsigned seed : {1u, 2u, 3u, 4u}) {
        SCOPED_TRACE(seed);
        random_world rw;
        fill(rw, seed);
        world& w = rw.w;
        for (const bool with_disabled : {false, true}) {
            SCOPED_TRACE(with_disabled);
            std::set<entity> pv, vp, p_not_f, f;
            for (const entity x : rw.all) {
                const bool p = present<Position>(w, x, with_disabled);
                const bool v = present<Velocity>(w, x, with_disabled);
                const bool fr = present<Frozen>(w, x, with_disabled);
                if (p && v) pv.insert(x);
                if (p && v && !fr) vp.insert(x);
                if (p && !fr) p_not_f.insert(x);
                if (fr) f.insert(x);
            }
            if (with_disabled) {
                EXPECT_EQ(each_entities(w.view<Position, Velocity>(include_disabled)), pv);
                EXPECT_EQ(range_entities(w.view<Velocity, Position>(include_disabled)), pv);
                EXPECT_EQ(
                    each_entities(w.view<Velocity, Position>(exclude<Frozen>, include_disabled)),
                    vp);
                EXPECT_EQ(range_entities(w.view<Position>(exclude<Frozen>, include_disabled)),
                          p_not_f);
                EXPECT_EQ(each_entities(w.view<Frozen>(include_disabled)), f);
            } else {
                EXPECT_EQ(each_entities(w.view<Position, Velocity>()), pv);
                EXPECT_EQ(range_entities(w.view<Velocity, Position>()), pv);
                EXPECT_EQ(each_entities(w.view<Velocity, Position>(exclude<Frozen>)), vp);
                EXPECT_EQ(range_entities(w.view<Position>(exclude<Frozen>)), p_not_f);
                EXPECT_EQ(each_entities(w.view<Frozen>()), f);
            }
            // Each visit hands out the entity's own values.
            w.view<Position, Velocity>(include_disabled)
                .each([&](entity x, Position& p, Velocity& v) {
                    EXPECT_EQ(p.x, static_cast<float>(x.index));
                    EXPECT_EQ(v.dy, static_cast<float>(x.index));
                });
            for (const entity x : rw.all) {
                const bool expected =
                    present<Position>(w, x, false) && present<Velocity>(w, x, false);
                EXPECT_EQ((w.view<Position, Velocity>().contains(x)), expected);
            }
        }
    }
}

// --- 5. structural changes during iteration ---------------------------------------------------

enum class change { remove_first, remove_second, destroy, disable_first };

const char* name_of(change c) {
    switch (c) {
        case change::remove_first:
            return "remove the first type";
        case change::remove_second:
            return "remove the second type";
        case change::destroy:
            return "destroy";
        case change::disable_first:
            return "disable the first type";
    }
    return "?";
}

// Position in index order, Velocity in an order given by `velocity_order`, both on every
// entity; with `disable_some`, every fourth Position is disabled. The loops change the current
// entity when `pick(entity)` says so.
struct change_case {
    world w;
    std::vector<entity> e;

    explicit change_case(const std::vector<std::size_t>& velocity_order, bool disable_some = false)
        : e(velocity_order.size()) {
        w.create(e);
        for (const entity x : e) w.add<Position>(x);
        for (const std::size_t i : velocity_order) w.add<Velocity>(e[i]);
        if (disable_some) {
            for (std::size_t i = 3; i < e.size(); i += 4) w.disable<Position>(e[i]);
        }
    }

    // The entities a loop over view<Position, Velocity> must visit, found without a view.
    [[nodiscard]] std::set<entity> expected(bool with_disabled) {
        std::set<entity> out;
        for (const entity x : e) {
            if (with_disabled || (w.is_enabled<Position>(x) && w.is_enabled<Velocity>(x))) {
                out.insert(x);
            }
        }
        return out;
    }

    void apply(change c, entity x) {
        switch (c) {
            case change::remove_first:
                w.remove<Position>(x);
                break;
            case change::remove_second:
                w.remove<Velocity>(x);
                break;
            case change::destroy:
                w.destroy(x);
                break;
            case change::disable_first:
                w.disable<Position>(x);
                break;
        }
    }
};

std::vector<std::vector<std::size_t>> velocity_orders(std::size_t n) {
    std::vector<std::size_t> same(n);
    for (std::size_t i = 0; i < n; ++i) same[i] = i;
    std::vector<std::size_t> reversed(same.rbegin(), same.rend());
    std::vector<std::size_t> rotated = same;
    std::rotate(rotated.begin(), rotated.begin() + static_cast<std::ptrdiff_t>(n / 2),
                rotated.end());
    std::vector<std::size_t> shuffled = same;
    std::shuffle(shuffled.begin(), shuffled.end(), std::mt19937(7));
    return {same, reversed, rotated, shuffled};
}

template <class Pick>
void check_changes_during_each(Pick pick, const char* pick_name) {
    for (const change c :
         {change::remove_first, change::remove_second, change::destroy, change::disable_first}) {
        for (const auto& order : velocity_orders(10)) {
            for (const int variant : {0, 1, 2}) {
                const bool disable_some = variant > 0;
                const bool with_disabled = variant == 2;
                SCOPED_TRACE(std::string(name_of(c)) + ", " + pick_name +
                             (disable_some ? ", some disabled" : "") +
                             (with_disabled ? ", include_disabled" : ""));
                change_case k(order, disable_some);
                const std::set<entity> expected = k.expected(with_disabled);
                std::map<entity, int> visits;
                const auto visit = [&](entity x) {
                    ++visits[x];
                    if (pick(x)) k.apply(c, x);
                };
                if (with_disabled) {
                    k.w.view<Position, Velocity>(include_disabled)
                        .each([&](entity x, Position&, Velocity&) { visit(x); });
                } else {
                    k.w.view<Position, Velocity>().each(
                        [&](entity x, Position&, Velocity&) { visit(x); });
                }
                std::set<entity> visited;
                for (const auto& [x, n] : visits) {
                    visited.insert(x);
                    EXPECT_EQ(n, 1) << mosaic::to_string(x);
                }
                EXPECT_EQ(visited, expected);
            }
        }
    }
}

template <class Pick>
void check_changes_during_range_for(Pick pick, const char* pick_name) {
    for (const change c :
         {change::remove_first, change::remove_second, change::destroy, change::disable_first}) {
        for (const auto& order : velocity_orders(10)) {
            for (const bool disable_some : {false, true}) {
                SCOPED_TRACE(std::string(name_of(c)) + ", " + pick_name +
                             (disable_some ? ", some disabled" : ""));
                change_case k(order, disable_some);
                const std::set<entity> expected = k.expected(false);
                std::map<entity, int> visits;
                for (auto [x, p, v] : k.w.view<Position, Velocity>()) {
                    ++visits[x];
                    if (pick(x)) k.apply(c, x);
                }
                std::set<entity> visited;
                for (const auto& [x, n] : visits) {
                    visited.insert(x);
                    EXPECT_EQ(n, 1) << mosaic::to_string(x);
                }
                EXPECT_EQ(visited, expected);
            }
        }
    }
}

TEST(View, ChangingEveryVisitedEntityInsideEachVisitsAllOnce) {
    check_changes_during_each([](entity) { return true; }, "every entity");
}

TEST(View, ChangingSomeVisitedEntitiesInsideEachVisitsAllOnce) {
    check_changes_during_each([](entity x) { return x.index % 3 == 1; }, "some entities");
}

TEST(View, ChangingEveryVisitedEntityInsideRangeForVisitsAllOnce) {
    check_changes_during_range_for([](entity) { return true; }, "every entity");
}

TEST(View, ChangingSomeVisitedEntitiesInsideRangeForVisitsAllOnce) {
    check_changes_during_range_for([](entity x) { return x.index % 3 == 1; }, "some entities");
}

// The smallest case of the above: both pools hold 10 entities (Position drives, being first),
// Velocity in another order. Removing the current entity's Velocity makes the Velocity pool the
// smaller one; the walk must go on through the pool it started with.
TEST(View, RangeForKeepsItsDrivingPoolWhenPoolSizesChange) {
    change_case k({5, 6, 7, 8, 9, 0, 1, 2, 3, 4});
    std::vector<entity_index> order;
    for (auto [x, p, v] : k.w.view<Position, Velocity>()) {
        order.push_back(x.index);
        if (x.index == 7) k.w.remove<Velocity>(x);
    }
    std::vector<entity_index> sorted = order;
    std::sort(sorted.begin(), sorted.end());
    const std::vector<entity_index> each_once = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    EXPECT_EQ(sorted, each_once) << ::testing::PrintToString(order);
}

TEST(View, RemovingTheCurrentComponentOfASingleTypeView) {
    world w;
    std::vector<entity> e(50);
    w.create(e);
    for (const entity x : e) w.add<Name>(x, "entity " + std::to_string(x.index));
    std::map<entity, int> visits;
    w.view<Name>().each([&](entity x, Name& n) {
        EXPECT_EQ(n.value, "entity " + std::to_string(x.index));
        ++visits[x];
        if (x.index % 2 == 0) w.remove<Name>(x);
    });
    EXPECT_EQ(visits.size(), 50u);
    for (const auto& [x, n] : visits) EXPECT_EQ(n, 1);
    EXPECT_EQ(w.count<Name>(), 25u);

    visits.clear();
    for (auto [x, n] : w.view<Name>()) {
        EXPECT_EQ(n.value, "entity " + std::to_string(x.index));
        ++visits[x];
        w.destroy(x);
    }
    EXPECT_EQ(visits.size(), 25u);
    for (const auto& [x, n] : visits) EXPECT_EQ(n, 1);
    EXPECT_EQ(w.size(), 25u);
}

// Destroying other entities is outside the rules: the visits may be off, but nothing may be
// read out of bounds (ASan checks that).
TEST(View, DestroyingOtherEntitiesDuringIterationStaysInBounds) {
    for (const auto& order : velocity_orders(40)) {
        change_case k(order);
        std::size_t next = 0;
        k.w.view<Position, Velocity>().each([&](entity x, Position& p, Velocity& v) {
            p.x += v.dx;
            for (int i = 0; i < 3 && next < k.e.size(); ++i) k.w.destroy(k.e[next++]);
            k.w.destroy(x);
        });
        change_case r(order);
        next = 0;
        for (auto [x, v, p] : r.w.view<Velocity, Position>()) {
            p.y += v.dy;
            for (int i = 0; i < 5 && next < r.e.size(); ++i) r.w.destroy(r.e[next++]);
        }
        EXPECT_LE(k.w.count<Position>(), 40u);
        EXPECT_LE(r.w.count<Position>(), 40u);
    }
}

}  // namespace
