// Tests for automatic groups (world.hpp section 8): a view iterated repeatedly gets a group
// over its types without anyone declaring it, under the documented policy (counted calls,
// never inside another iteration or a scheduler phase, first come first served among
// automatic groups, declared groups win), and every view still visits exactly what a naive
// model of the world says after random structural changes interleaved with iterations.
//
// Sections: the policy (when groups are made, dropped, refused); pools no group owns follow
// the driver (and carried swaps); randomized models (groups coming and going, partly lined-up
// walks, carried followers).

#include <gtest/gtest.h>

#include <array>
#include <map>
#include <random>
#include <set>
#include <type_traits>
#include <vector>

#include "mosaic/ecs/scheduler.hpp"
#include "mosaic/ecs/world.hpp"

namespace {

using mosaic::entity;
using mosaic::entity_index;
using mosaic::group;
using mosaic::world;

struct AA {
    entity_index owner = 0;
};
struct AB {
    entity_index owner = 0;
};
struct AC {
    entity_index owner = 0;
};
struct AD {
    entity_index owner = 0;
};
struct AE {
    entity_index owner = 0;
};

template <class... T>
void iterate(world& w) {
    w.view<T...>().each([](T&...) {});
}

template <class... T>
const group* exact_group(world& w) {
    const group* g = w.view<T...>().usable_group();
    return g && g->type_count() == sizeof...(T) ? g : nullptr;
}

world three_kinds(int count) {
    world w;
    for (int i = 0; i < count; ++i) {
        const entity e = w.create();
        w.add<AA>(e, e.index);
        if (i % 2 == 0) w.add<AB>(e, e.index);
        if (i % 3 == 0) w.add<AC>(e, e.index);
    }
    return w;
}

TEST(AutomaticGroup, TheThirdEachOfAViewMakesItsGroup) {
    world w = three_kinds(60);
    iterate<AA, AB, AC>(w);
    iterate<AA, AB, AC>(w);
    EXPECT_EQ((exact_group<AA, AB, AC>(w)), nullptr);
    int visited = 0;
    w.view<AA, AB, AC>().each([&](AA& a, AB& b, AC& c) {
        EXPECT_EQ(a.owner, b.owner);
        EXPECT_EQ(a.owner, c.owner);
        ++visited;
    });
    EXPECT_EQ(visited, 10);
    const group* g = exact_group<AA, AB, AC>(w);
    ASSERT_NE(g, nullptr);
    EXPECT_TRUE(g->automatic());
    EXPECT_EQ(g->size(), 10u);
}

TEST(AutomaticGroup, OffWhenSetToZeroAndDroppedOnRequest) {
    world w = three_kinds(30);
    w.set_automatic_groups(0);
    for (int i = 0; i < 5; ++i) iterate<AA, AB>(w);
    EXPECT_EQ((exact_group<AA, AB>(w)), nullptr);
    w.set_automatic_groups(1);
    iterate<AA, AB>(w);
    ASSERT_NE((exact_group<AA, AB>(w)), nullptr);
    EXPECT_EQ(w.drop_automatic_groups(), 1u);
    EXPECT_EQ((exact_group<AA, AB>(w)), nullptr);
    iterate<AA, AB>(w);  // counted again from zero
    EXPECT_NE((exact_group<AA, AB>(w)), nullptr);
}

TEST(AutomaticGroup, NeverMadeWhileAnotherViewIterates) {
    world w = three_kinds(30);
    w.set_automatic_groups(1);
    int outer = 0;
    w.view<AA>().each([&](AA&) {
        ++outer;
        iterate<AA, AB>(w);  // would reorder the AA pool the outer loop walks
    });
    EXPECT_EQ(outer, 30);
    EXPECT_EQ((exact_group<AA, AB>(w)), nullptr);
    iterate<AA, AB>(w);
    EXPECT_NE((exact_group<AA, AB>(w)), nullptr);
}

TEST(AutomaticGroup, SchedulerSystemsMakeNone) {
    world w = three_kinds(30);
    w.set_automatic_groups(1);
    mosaic::scheduler s;
    s.add("plain", [](mosaic::system_context& ctx) {
         ctx.view<AB, AC>().each([](AB&, AC&) {});
     }).access<AB, AC>();
    s.tick(w, 0.1);
    s.tick(w, 0.1);
    EXPECT_EQ((exact_group<AB, AC>(w)), nullptr);
}

TEST(AutomaticGroup, ConflictingOnesFirstComeFirstServedAndDeclaredWins) {
    world w = three_kinds(60);
    w.set_automatic_groups(1);
    iterate<AA, AB>(w);
    ASSERT_NE((exact_group<AA, AB>(w)), nullptr);
    iterate<AB, AC>(w);  // AB belongs to {AA, AB}, which does not nest with {AB, AC}
    EXPECT_EQ((exact_group<AB, AC>(w)), nullptr);
    int visited = 0;
    w.view<AB, AC>().each([&](AB& b, AC& c) {
        EXPECT_EQ(b.owner, c.owner);
        ++visited;
    });
    EXPECT_EQ(visited, 10);  // refused, still right
    // Nesting ones are fine.
    iterate<AA, AB, AC>(w);
    EXPECT_NE((exact_group<AA, AB, AC>(w)), nullptr);
    // A declared group that needs AB takes it: the automatic ones give way.
    const group* declared = w.assure_group<AB, AD>();
    ASSERT_NE(declared, nullptr);
    EXPECT_FALSE(declared->automatic());
    EXPECT_EQ((exact_group<AA, AB>(w)), nullptr);
    EXPECT_EQ((exact_group<AA, AB, AC>(w)), nullptr);
    w.each_group([](const group& g) { EXPECT_FALSE(g.automatic()); });
}

TEST(AutomaticGroup, CloneKeepsThemAutomatic) {
    world w = three_kinds(20);
    w.set_automatic_groups(1);
    iterate<AA, AC>(w);
    world copy = w.clone();
    const group* g = exact_group<AA, AC>(copy);
    ASSERT_NE(g, nullptr);
    EXPECT_TRUE(g->automatic());
    EXPECT_EQ(g->size(), 7u);
}

// --- pools no group owns follow the driver (sparse_set::follow) ----------------------------

// The leading entries of `follower`, as many as it shares with `leader` in the first
// `count` positions of `leader`, are in the leader's order.
bool in_order_of(const mosaic::sparse_set& follower, const mosaic::sparse_set& leader,
                 std::size_t count) {
    std::size_t placed = 0;
    for (std::size_t i = 0; i < count; ++i) {
        const entity_index index = leader.indices()[i];
        if (!follower.contains_enabled(index)) continue;
        if (follower.indices()[placed++] != index) return false;
    }
    return true;
}

// Every entity of three_kinds (all have AA), by index.
std::vector<entity> by_index(world& w) {
    std::vector<entity> out;
    w.view<AA>().each([&](entity e, AA&) {
        if (out.size() <= e.index) out.resize(e.index + 1);
        out[e.index] = e;
    });
    return out;
}

// {AA, AB} is a group; AD (on every entity) is owned by none. A view over {AA, AD} walks the
// AA pool, whose order the group changed: AD takes that order, so the view walks both pools
// with no lookup, and keeps it after the group moves entities again.
TEST(AutomaticGroup, AFreePoolFollowsTheOrderOfTheViewsDriver) {
    world w = three_kinds(200);
    const std::vector<entity> all = by_index(w);
    for (const entity e : all) w.add<AD>(e, e.index);
    w.assure_group<AA, AB>();
    const auto& aa = *w.find_pool<AA>();
    const auto& ad = *w.find_pool<AD>();
    ASSERT_FALSE(in_order_of(ad, aa, aa.size()));  // the group moved AA's entries
    iterate<AA, AD>(w);
    EXPECT_TRUE(in_order_of(ad, aa, aa.size()));
    EXPECT_EQ(ad.common_prefix(aa), aa.size());
    EXPECT_EQ(ad.leader_serial(), aa.serial());
    // Entities leave and join the group (AA's entries move): the next walk puts AD back in
    // order, and visits each entity once with its own values.
    for (std::size_t i = 0; i < all.size(); i += 7) w.remove<AB>(all[i]);
    for (std::size_t i = 1; i < all.size(); i += 9) w.add_or_replace<AB>(all[i], all[i].index);
    std::set<entity_index> seen;
    w.view<AA, AD>().each([&](entity e, AA& a, AD& d) {
        EXPECT_TRUE(seen.insert(e.index).second);
        EXPECT_EQ(a.owner, e.index);
        EXPECT_EQ(d.owner, e.index);
    });
    EXPECT_EQ(seen.size(), 200u);
    EXPECT_TRUE(in_order_of(ad, aa, aa.size()));
}

// The group's joins and leaves swap AA's entries; the pool following AA (AD, in step with
// it after a walk) gets the same swaps as they happen, so it stays in AA's order with no
// pass: in step, its next follow() moves nothing, and views know it lines up without
// comparing the two index arrays (sparse_set::swap_carrying_followers).
TEST(AutomaticGroup, GroupSwapsCarryAFollowerInStepAlong) {
    world w = three_kinds(300);
    const std::vector<entity> all = by_index(w);
    for (const entity e : all) w.add<AD>(e, e.index);
    w.assure_group<AA, AB>();
    iterate<AA, AD>(w);
    const auto& aa = *w.find_pool<AA>();
    const auto& ad = *w.find_pool<AD>();
    ASSERT_TRUE(ad.in_step_with_leader());
    const std::uint64_t aa_before = aa.layout_version();
    for (std::size_t i = 0; i < all.size(); i += 7) w.remove<AB>(all[i]);  // leave: swaps
    for (std::size_t i = 1; i < all.size(); i += 9) w.add_or_replace<AB>(all[i], all[i].index);
    for (std::size_t i = 2; i < all.size(); i += 11) w.disable<AB>(all[i]);
    ASSERT_NE(aa.layout_version(), aa_before);  // AA's entries moved
    EXPECT_TRUE(ad.in_step_with_leader());
    EXPECT_TRUE(in_order_of(ad, aa, aa.size()));
    EXPECT_EQ(ad.common_prefix(aa), aa.size());
    const std::uint64_t ad_version = ad.layout_version();
    iterate<AA, AD>(w);
    EXPECT_EQ(ad.layout_version(), ad_version);                         // nothing left to move
    for (const entity e : all) EXPECT_EQ(w.get<AD>(e).owner, e.index);  // values moved along
    // A change of AD itself (not a group's swap of AA) leaves it out of step, until a walk.
    w.disable<AD>(all[5]);  // (AD stays as large as AA: AA still drives the walk)
    w.enable<AD>(all[5]);
    EXPECT_FALSE(ad.in_step_with_leader());
    iterate<AA, AD>(w);
    EXPECT_TRUE(ad.in_step_with_leader());
    EXPECT_TRUE(in_order_of(ad, aa, aa.size()));
}

// A follower lacking some of the leader's entities lines up with it only up to the first it
// lacks: group swaps there are carried, swaps past it leave the follower out of step (its
// positions there hold other entities), and either way it ends up in the leader's order.
TEST(AutomaticGroup, GroupSwapsAreCarriedOnlyWhereTheFollowerLinesUp) {
    world w = three_kinds(300);
    const std::vector<entity> all = by_index(w);
    for (const entity e : all) {
        if (e.index % 50 != 24) w.add<AD>(e, e.index);  // 24, 74...: group members
    }
    for (int i = 0; i < 20; ++i) w.add<AD>(w.create(), 0u);  // AD outnumbers AA: AA drives
    w.assure_group<AA, AB>();
    iterate<AA, AD>(w);
    const auto& aa = *w.find_pool<AA>();
    const auto& ad = *w.find_pool<AD>();
    ASSERT_EQ(ad.leader_serial(), aa.serial());
    ASSERT_TRUE(in_order_of(ad, aa, aa.size()));
    ASSERT_LT(aa.common_prefix(ad), aa.size());  // AD lacks some of AA's entities
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (i % 3 == 0) w.remove<AB>(all[i]);  // group leaves: swaps all over AA
        if (ad.in_step_with_leader()) {
            ASSERT_TRUE(in_order_of(ad, aa, aa.size())) << i;
        }
    }
    for (const entity e : all) {
        if (w.has<AD>(e)) {
            EXPECT_EQ(w.get<AD>(e).owner, e.index);
        }
    }
    iterate<AA, AD>(w);
    EXPECT_TRUE(in_order_of(ad, aa, aa.size()));
}

// A follower goes before its leader and the other way round: neither keeps a dangling link.
TEST(AutomaticGroup, DroppingALeaderOrAFollowerLeavesNoLink) {
    world w = three_kinds(100);
    for (const entity e : by_index(w)) w.add<AD>(e, e.index);
    w.assure_group<AA, AB>();
    iterate<AA, AD>(w);
    w.drop_pool(mosaic::type_id_of<AD>());
    for (const entity e : by_index(w)) w.remove<AB>(e);  // the group swaps AA: no follower
    for (const entity e : by_index(w)) w.add<AD>(e, e.index);
    iterate<AA, AD>(w);
    EXPECT_TRUE(w.find_pool<AD>()->in_step_with_leader());
    w.drop_pool(mosaic::type_id_of<AA>());
    EXPECT_FALSE(w.find_pool<AD>()->in_step_with_leader());
    for (const entity e : by_index(w)) EXPECT_FALSE(w.has<AA>(e));
}

// A view over a group's pool, a pool that follows it and one in another order walks the
// first two by position and looks the third up (view.hpp, each_partly_aligned); removing the
// current entity's components from inside the walk is allowed there too: every entity is
// visited once.
TEST(AutomaticGroup, PartlyLinedUpWalksAllowRemovingTheCurrentEntitysComponents) {
    world w = three_kinds(3000);
    const std::vector<entity> all = by_index(w);
    for (auto it = all.rbegin(); it != all.rend(); ++it) w.add_or_replace<AC>(*it, it->index);
    for (const entity e : all) w.add<AD>(e, e.index);
    w.assure_group<AA, AB>();
    iterate<AA, AD>(w);  // AD now follows AA
    ASSERT_TRUE(in_order_of(*w.find_pool<AD>(), *w.find_pool<AA>(), w.find_pool<AA>()->size()));
    std::set<entity_index> seen;
    std::size_t expected = 0;
    w.view<AA, AC>().each([&](AA&, AC&) { ++expected; });
    w.view<AA, AD, AC>().each([&](entity e, AA& a, AD& d, AC& c) {
        EXPECT_TRUE(seen.insert(e.index).second);
        EXPECT_EQ(a.owner, e.index);
        EXPECT_EQ(d.owner, e.index);
        EXPECT_EQ(c.owner, e.index);
        if (e.index % 3 == 0) w.remove<AD>(e);
        if (e.index % 5 == 0) w.remove<AA>(e);
    });
    EXPECT_EQ(seen.size(), expected);
    EXPECT_GT(expected, 0u);
}

TEST(AutomaticGroup, FreePoolsFollowNothingWhenAutomaticGroupsAreOff) {
    world w = three_kinds(100);
    w.set_automatic_groups(0);
    for (const entity e : by_index(w)) w.add<AD>(e, e.index);
    w.assure_group<AA, AB>();
    iterate<AA, AD>(w);
    EXPECT_EQ(w.find_pool<AD>()->leader_serial(), 0u);
}

// Scheduler systems never reorder pools while they run (they may run in parallel): the
// scheduler does it before, for every query of the systems due.
TEST(AutomaticGroup, TheSchedulerOrdersFreePoolsBeforeSystemsRun) {
    world w = three_kinds(200);
    for (const entity e : by_index(w)) w.add<AD>(e, e.index);
    mosaic::scheduler s;
    s.each<AA, const AB>("grouped", [](AA&, const AB&) {});
    s.each<const AA, AD>("follows", [](const AA&, AD&) {});
    s.tick(w, 0.1);
    const auto& aa = *w.find_pool<AA>();
    const auto& ad = *w.find_pool<AD>();
    EXPECT_EQ(ad.leader_serial(), aa.serial());
    EXPECT_TRUE(in_order_of(ad, aa, aa.size()));
}

// --- randomized model --------------------------------------------------------------------

// The model: which entity has which component (and whether enabled), kept by hand.
struct model {
    std::map<entity_index, std::array<int, 4>> has;  // 0 absent, 1 enabled, 2 disabled
    template <std::size_t... K>
    std::set<entity_index> matching(std::index_sequence<K...>) const {
        std::set<entity_index> out;
        for (const auto& [index, flags] : has) {
            if (((flags[K] == 1) && ...)) out.insert(index);
        }
        return out;
    }
};

template <class T>
constexpr std::size_t type_slot() {
    if constexpr (std::is_same_v<T, AA>)
        return 0;
    else if constexpr (std::is_same_v<T, AB>)
        return 1;
    else if constexpr (std::is_same_v<T, AC>)
        return 2;
    else if constexpr (std::is_same_v<T, AD>)
        return 3;
    else
        return 4;  // AE: not in the model's flags
}

template <class T, std::size_t K>
void random_step(world& w, model& m, entity e, std::uint32_t what) {
    auto& flag = m.has[e.index][K];
    switch (what % 4) {
        case 0:
            if (flag == 0) {
                w.add<T>(e, e.index);
                flag = 1;
            }
            break;
        case 1:
            w.remove<T>(e);
            flag = 0;
            break;
        case 2:
            if (flag != 0) w.enable<T>(e), flag = 1;
            break;
        default:
            if (flag != 0) w.disable<T>(e), flag = 2;
            break;
    }
}

template <class... T>
std::set<entity_index> walk(world& w) {
    std::set<entity_index> seen;
    w.view<T...>().each([&](entity e, T&... values) {
        EXPECT_TRUE(seen.insert(e.index).second);
        EXPECT_TRUE(((values.owner == e.index) && ...));
    });
    return seen;
}

class AutomaticGroupModel : public ::testing::TestWithParam<std::uint32_t> {};

TEST_P(AutomaticGroupModel, ViewsMatchTheModelWhileGroupsComeAndGo) {
    std::mt19937 rng(GetParam());
    world w;
    w.set_automatic_groups(1 + GetParam() % 3);
    model m;
    std::vector<entity> live;
    for (int step = 0; step < 4000; ++step) {
        const std::uint32_t op = rng() % 100;
        if (op < 8 || live.empty()) {
            live.push_back(w.create());
            m.has[live.back().index] = {0, 0, 0, 0};
        } else if (op < 12) {
            const std::size_t at = rng() % live.size();
            w.destroy(live[at]);
            m.has.erase(live[at].index);
            live.erase(live.begin() + static_cast<std::ptrdiff_t>(at));
        } else if (op < 80) {
            const entity e = live[rng() % live.size()];
            switch (rng() % 4) {
                case 0:
                    random_step<AA, 0>(w, m, e, rng());
                    break;
                case 1:
                    random_step<AB, 1>(w, m, e, rng());
                    break;
                case 2:
                    random_step<AC, 2>(w, m, e, rng());
                    break;
                default:
                    random_step<AD, 3>(w, m, e, rng());
                    break;
            }
        } else if (op < 81) {
            w.drop_automatic_groups();
        } else if (op < 82 && step > 2000) {
            w.assure_group<AC, AD>();  // declared: automatic ones in its way give way
        } else {
            // Iterations of overlapping and conflicting type sets.
            switch (rng() % 5) {
                case 0:
                    ASSERT_EQ((walk<AA, AB>(w)), m.matching(std::index_sequence<0, 1>{}));
                    break;
                case 1:
                    ASSERT_EQ((walk<AA, AB, AC>(w)), m.matching(std::index_sequence<0, 1, 2>{}));
                    break;
                case 2:
                    ASSERT_EQ((walk<AB, AC>(w)), m.matching(std::index_sequence<1, 2>{}));
                    break;
                case 3:
                    ASSERT_EQ((walk<AC, AD>(w)), m.matching(std::index_sequence<2, 3>{}));
                    break;
                default:
                    ASSERT_EQ((walk<AA, AD>(w)), m.matching(std::index_sequence<0, 3>{}));
                    break;
            }
        }
        // Every group's invariant: the same entities at the front of each owned pool.
        w.each_group([&](const group& g) {
            for (std::uint32_t p = 0; p < g.size(); ++p) {
                const entity_index index = g.pools().front()->indices()[p];
                for (const mosaic::sparse_set* pool : g.pools())
                    ASSERT_EQ(pool->indices()[p], index);
                ASSERT_TRUE(g.matches(index));
            }
        });
        if (::testing::Test::HasFatalFailure()) {
            ADD_FAILURE() << "seed " << GetParam() << ", step " << step;
            return;
        }
    }
    std::size_t automatic = 0;
    w.each_group([&](const group& g) { automatic += g.automatic() ? 1 : 0; });
    EXPECT_GE(automatic + 1, 1u);
}

INSTANTIATE_TEST_SUITE_P(Seeds, AutomaticGroupModel, ::testing::Values(1u, 2u, 3u, 4u, 5u, 6u));

// Views that walk a pool, read the pools that follow it at its positions and look the
// others up (view.hpp, each_partly_aligned: which pools line up is a template argument for
// views of up to three types, a test per pool for more). Each view's types are listed in
// several orders, so that the lined-up pools and the looked-up one sit at every place of
// the list; AC and AD are owned by a declared group and never follow, AA, AB and AE follow
// the driver. The walks remove the current entity's components on the way (allowed): every
// matching entity is visited once, with its own values, as a model of the world says.
template <class... T>
std::set<entity_index> walk_removing(world& w, model& m, std::size_t removed_type) {
    std::set<entity_index> seen;
    std::vector<entity_index> removed;
    w.view<T...>().each([&](entity e, T&... values) {
        EXPECT_TRUE(seen.insert(e.index).second);
        EXPECT_TRUE(((values.owner == e.index) && ...));
        if (e.index % 5 != 0) return;
        std::size_t k = 0;
        ((k++ == removed_type ? (void)w.remove<T>(e) : void()), ...);
        removed.push_back(e.index);
    });
    // The model's flag of the type removed (AA 0, AB 1, AC 2, AD 3; AE is never removed).
    constexpr std::array<std::size_t, sizeof...(T)> slots{type_slot<T>()...};
    for (const entity_index index : removed) {
        if (slots[removed_type] < 4) m.has[index][slots[removed_type]] = 0;
    }
    return seen;
}

class PartlyLinedUpModel : public ::testing::TestWithParam<std::uint32_t> {};

TEST_P(PartlyLinedUpModel, WalksMatchTheModelWhateverPoolsLineUp) {
    std::mt19937 rng(GetParam());
    world w;
    w.assure_group<AC, AD>();
    model m;
    std::map<entity_index, bool> has_ae;
    std::vector<entity> live;
    for (int i = 0; i < 600; ++i) {
        live.push_back(w.create());
        m.has[live.back().index] = {0, 0, 0, 0};
    }
    const auto matching = [&](std::initializer_list<std::size_t> types, bool with_ae) {
        std::set<entity_index> out;
        for (const auto& [index, flags] : m.has) {
            bool all = !with_ae || has_ae[index];
            for (const std::size_t k : types) all = all && flags[k] == 1;
            if (all) out.insert(index);
        }
        return out;
    };
    for (int step = 0; step < 3000; ++step) {
        const std::uint32_t op = rng() % 100;
        if (op < 70) {
            // AA on about half of the entities, the others on more: AA mostly drives.
            const entity e = live[rng() % live.size()];
            const std::uint32_t what = rng();
            switch (rng() % 5) {
                case 0:
                    random_step<AA, 0>(w, m, e, what % 3 == 0 ? 1 : what);
                    break;
                case 1:
                    random_step<AB, 1>(w, m, e, what % 4 == 1 ? 0 : what);
                    break;
                case 2:
                    random_step<AC, 2>(w, m, e, what % 4 == 1 ? 0 : what);
                    break;
                case 3:
                    random_step<AD, 3>(w, m, e, what % 4 == 1 ? 0 : what);
                    break;
                default:
                    if (!has_ae[e.index]) w.add<AE>(e, e.index), has_ae[e.index] = true;
                    break;
            }
        } else {
            const std::size_t removed = rng() % 3;
            switch (rng() % 7) {
                case 0:
                    ASSERT_EQ((walk_removing<AA, AB, AC>(w, m, removed)),
                              matching({0, 1, 2}, false));
                    break;
                case 1:
                    ASSERT_EQ((walk_removing<AC, AA, AB>(w, m, removed)),
                              matching({0, 1, 2}, false));
                    break;
                case 2:
                    ASSERT_EQ((walk_removing<AB, AC, AA>(w, m, removed)),
                              matching({0, 1, 2}, false));
                    break;
                case 3:
                    ASSERT_EQ((walk_removing<AA, AC, AD>(w, m, removed)),
                              matching({0, 2, 3}, false));
                    break;
                case 4:
                    ASSERT_EQ((walk_removing<AA, AB, AE>(w, m, removed % 2)),  // AE stays
                              matching({0, 1}, true));
                    break;
                case 5:
                    ASSERT_EQ((walk_removing<AE, AC, AA, AB>(w, m, removed + 1)),
                              matching({0, 1, 2}, true));
                    break;
                default:
                    ASSERT_EQ((walk<AA, AB, AC>(w)), matching({0, 1, 2}, false));
                    break;
            }
        }
        if (::testing::Test::HasFatalFailure()) {
            ADD_FAILURE() << "seed " << GetParam() << ", step " << step;
            return;
        }
    }
    // The walks above did line pools up: AB follows the pool that drove it last.
    EXPECT_NE(w.find_pool<AB>()->leader_serial(), 0u);
}

INSTANTIATE_TEST_SUITE_P(Seeds, PartlyLinedUpModel, ::testing::Values(1u, 2u, 3u, 4u, 5u, 6u));

// Random adds, removes, enables, disables and destroys (which make the {AA, AB} group swap
// AA's entries, carrying AD along while AD is in step), walks that make AD follow AA again,
// and after every step: whenever AD says it is in step, it does hold AA's entities over the
// prefix it claims, and every view visits what the model says, each value its own.
class CarriedFollowerModel : public ::testing::TestWithParam<std::uint32_t> {};

TEST_P(CarriedFollowerModel, AFollowerInStepIsAlwaysInOrder) {
    std::mt19937 rng(GetParam());
    world w;
    w.assure_group<AA, AB>();
    model m;
    std::vector<entity> live;
    for (int step = 0; step < 3000; ++step) {
        const std::uint32_t op = rng() % 100;
        if (op < 10 || live.empty()) {
            live.push_back(w.create());
            m.has[live.back().index] = {0, 0, 0, 0};
        } else if (op < 14) {
            const std::size_t at = rng() % live.size();
            w.destroy(live[at]);
            m.has.erase(live[at].index);
            live.erase(live.begin() + static_cast<std::ptrdiff_t>(at));
        } else if (op < 85) {
            // Mostly AB (the group's joins and leaves swap AA); AD on most entities, so that
            // AA drives the walks and AD follows it, lacking a few of its entities.
            const entity e = live[rng() % live.size()];
            const std::uint32_t what = rng();
            switch (rng() % 6) {
                case 0:
                    random_step<AA, 0>(w, m, e, what);
                    break;
                case 1:
                    random_step<AD, 3>(w, m, e, what % 4 == 1 && what % 3 != 0 ? 0 : what);
                    break;
                default:
                    random_step<AB, 1>(w, m, e, what);
                    break;
            }
        } else if (op < 95) {
            ASSERT_EQ((walk<AA, AD>(w)), m.matching(std::index_sequence<0, 3>{}));
        } else {
            ASSERT_EQ((walk<AA, AB, AD>(w)), m.matching(std::index_sequence<0, 1, 3>{}));
        }
        const mosaic::sparse_set* aa = w.find_pool<AA>();
        const mosaic::sparse_set* ad = w.find_pool<AD>();
        if (aa && ad && ad->in_step_with_leader()) {
            const std::size_t claimed = aa->common_prefix(*ad);
            ASSERT_LE(claimed, std::min(aa->size(), ad->size()));
            for (std::size_t k = 0; k < claimed; ++k) ASSERT_EQ(ad->indices()[k], aa->indices()[k]);
            ASSERT_TRUE(in_order_of(*ad, *aa, aa->enabled_size()));
        }
        if (::testing::Test::HasFatalFailure()) {
            ADD_FAILURE() << "seed " << GetParam() << ", step " << step;
            return;
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Seeds, CarriedFollowerModel, ::testing::Values(1u, 2u, 3u, 4u, 5u, 6u));

}  // namespace
