// Structural changes while iterating a view, as view.hpp allows them:
//  * destroying the current entity, or removing components from it, inside the loop;
//  * anything else (adding components, creating entities, touching other entities) through a
//    command_buffer applied after the loop.
// Every entity of the view must be visited exactly once, and the world must be intact after.
// Run under AddressSanitizer, a stale read shows up as a crash rather than a wrong count.
//
// Sections:
//   1. the scene        entities with A and B in different pool orders, some disabled;
//                       or in the same order (make_aligned_scene)
//   2. inside the loop  destroy or remove from the current entity (each, range-for, runtime)
//   3. after the loop   adds, creates and destroys of other entities through a command_buffer

#include <gtest/gtest.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <ostream>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "mosaic/ecs/command_buffer.hpp"
#include "mosaic/ecs/world.hpp"

namespace structural_changes_test {  // its own: the suite is built in batches (unity)
namespace {

// Every component remembers the entity it was added to, so values moved around by
// swap-and-pop can be checked against their owner afterwards.
struct Owner {
    int value = -1;
};
struct A {
    int owner = -1;
    std::string text;  // non-trivial, so a bad move or double destroy shows up under ASan
};
struct B {
    int owner = -1;
    std::vector<int> data;
};
struct C {
    int owner = -1;
};

// The text of entity i's A. (Built with append: GCC 12 at -O2 and above gives a false
// -Wrestrict error for `"a" + std::to_string(i)`.)
std::string label(int i) {
    std::string text = "a";
    text.append(std::to_string(i));
    return text;
}

// --- 1. the scene ------------------------------------------------------------------------

struct scene {
    mosaic::world w;
    std::vector<mosaic::entity> entities;  // entities[i] has Owner{i}
};

// Fisher-Yates with mt19937, so the scene is the same with every standard library.
template <class T>
void shuffle(std::vector<T>& items, std::mt19937& rng) {
    for (std::size_t i = items.size(); i > 1; --i) {
        const std::size_t j = rng() % i;
        std::swap(items[i - 1], items[j]);
    }
}

// 600 entities. A and B are each on most of them, added in different orders (B shuffled)
// and with pool sizes close enough that the smallest pool changes while the loop removes
// components. Some components are disabled; C is on a few as an exclusion.
scene make_scene(bool with_disabled_components) {
    scene s;
    std::mt19937 rng(1234);
    constexpr int count = 600;
    s.entities.resize(count);
    s.w.create(s.entities);
    for (int i = 0; i < count; ++i) s.w.add<Owner>(s.entities[static_cast<std::size_t>(i)], i);

    std::vector<int> order(count);
    for (int i = 0; i < count; ++i) order[static_cast<std::size_t>(i)] = i;
    for (const int i : order) {
        if (i % 10 == 9) continue;  // 540 with A
        s.w.add<A>(s.entities[static_cast<std::size_t>(i)], i, label(i));
    }
    shuffle(order, rng);
    for (const int i : order) {
        if (i % 20 == 4) continue;  // 570 with B
        s.w.add<B>(s.entities[static_cast<std::size_t>(i)], i, std::vector<int>(3, i));
    }
    for (int i = 0; i < count; i += 37) s.w.add<C>(s.entities[static_cast<std::size_t>(i)], i);
    if (with_disabled_components) {
        for (int i = 0; i < count; ++i) {
            const mosaic::entity e = s.entities[static_cast<std::size_t>(i)];
            if (i % 7 == 3) s.w.disable<A>(e);
            if (i % 11 == 5) s.w.disable<B>(e);
        }
    }
    return s;
}

// `count` entities, each given A and then B in turn: the two pools hold the same entities
// in the same order (entity i at position i), as components added together do.
scene make_aligned_scene(int count) {
    scene s;
    s.entities.resize(static_cast<std::size_t>(count));
    s.w.create(s.entities);
    for (int i = 0; i < count; ++i) {
        const mosaic::entity e = s.entities[static_cast<std::size_t>(i)];
        s.w.add<A>(e, i, label(i));
        s.w.add<B>(e, i, std::vector<int>(3, i));
    }
    return s;
}

bool in_view(const scene& s, int i, bool include_disabled) {
    const mosaic::entity e = s.entities[static_cast<std::size_t>(i)];
    if (include_disabled) return s.w.has<A, B>(e);
    return s.w.is_enabled<A>(e) && s.w.is_enabled<B>(e);
}

// Every surviving component still belongs to its entity, and the pools agree with has<>.
void expect_intact(mosaic::world& w) {
    std::size_t with_a = 0;
    std::size_t with_b = 0;
    w.each([&](mosaic::entity e) {
        const int owner = w.get<Owner>(e).value;
        if (const A* a = w.try_get<A>(e)) {
            ++with_a;
            EXPECT_EQ(a->owner, owner);
            EXPECT_EQ(a->text, label(owner));
        }
        if (const B* b = w.try_get<B>(e)) {
            ++with_b;
            EXPECT_EQ(b->owner, owner);
            EXPECT_EQ(b->data, std::vector<int>(3, owner));
        }
    });
    EXPECT_EQ(with_a, w.count<A>());
    EXPECT_EQ(with_b, w.count<B>());
}

// --- 2. inside the loop ------------------------------------------------------------------

enum class loop { each, range_for };
enum class action { destroy, remove_a, remove_b, remove_both, remove_other };

struct loop_case {
    loop how;
    action what;
    bool disabled_components;  // the scene has disabled A and B
    bool include_disabled;     // the view counts them
};

std::string describe(const loop_case& c) {
    static const std::array<const char*, 5> actions = {"Destroy", "RemoveA", "RemoveB",
                                                       "RemoveBoth", "RemoveOther"};
    std::string name = c.how == loop::each ? "Each" : "RangeFor";
    name += actions[static_cast<std::size_t>(c.what)];
    if (c.disabled_components) name += "WithDisabled";
    if (c.include_disabled) name += "IncludingDisabled";
    return name;
}
std::string case_name(const ::testing::TestParamInfo<loop_case>& info) {
    return describe(info.param);
}
void PrintTo(const loop_case& c, std::ostream* out) {
    *out << describe(c);
}

// Applies the action to the current entity when its number is even.
void act(mosaic::world& w, mosaic::entity e, int owner, action what) {
    if (owner % 2 != 0) return;
    switch (what) {
        case action::destroy:
            w.destroy(e);
            break;
        case action::remove_a:
            w.remove<A>(e);
            break;
        case action::remove_b:
            w.remove<B>(e);
            break;
        case action::remove_both:
            w.remove<B>(e);
            w.remove<A>(e);
            break;
        case action::remove_other:
            w.remove<Owner>(e);
            break;
    }
}

class ViewLoop : public ::testing::TestWithParam<loop_case> {};

TEST_P(ViewLoop, VisitsEveryEntityOnceWhileChangingTheCurrentOne) {
    const loop_case c = GetParam();
    scene s = make_scene(c.disabled_components);
    std::set<int> expected;
    for (int i = 0; i < static_cast<int>(s.entities.size()); ++i) {
        if (in_view(s, i, c.include_disabled)) expected.insert(i);
    }
    ASSERT_GT(expected.size(), 300u);

    std::map<int, int> visits;
    auto visit = [&](mosaic::entity e, A& a, B& b) {
        ASSERT_EQ(a.owner, b.owner) << "the view handed out components of two entities";
        ASSERT_EQ(s.entities[static_cast<std::size_t>(a.owner)], e);
        ++visits[a.owner];
        act(s.w, e, a.owner, c.what);
    };
    if (c.how == loop::each) {
        if (c.include_disabled) {
            s.w.view<A, B>(mosaic::include_disabled).each(visit);
        } else {
            s.w.view<A, B>().each(visit);
        }
    } else {
        if (c.include_disabled) {
            for (auto [e, a, b] : s.w.view<A, B>(mosaic::include_disabled)) visit(e, a, b);
        } else {
            for (auto [e, a, b] : s.w.view<A, B>()) visit(e, a, b);
        }
    }

    std::vector<int> missed;
    std::vector<int> repeated;
    std::vector<int> unexpected;
    for (const int i : expected) {
        if (visits.count(i) == 0) missed.push_back(i);
    }
    for (const auto& [i, n] : visits) {
        if (n > 1) repeated.push_back(i);
        if (expected.count(i) == 0) unexpected.push_back(i);
    }
    EXPECT_TRUE(missed.empty()) << missed.size() << " entities never visited, e.g. "
                                << (missed.empty() ? -1 : missed.front());
    EXPECT_TRUE(repeated.empty()) << repeated.size() << " entities visited twice, e.g. "
                                  << (repeated.empty() ? -1 : repeated.front());
    EXPECT_TRUE(unexpected.empty()) << unexpected.size() << " entities visited wrongly";

    // The action happened to exactly the even entities of the view.
    for (int i = 0; i < static_cast<int>(s.entities.size()); ++i) {
        const mosaic::entity e = s.entities[static_cast<std::size_t>(i)];
        const bool acted = expected.count(i) != 0 && i % 2 == 0;
        switch (c.what) {
            case action::destroy:
                EXPECT_EQ(s.w.alive(e), !acted) << i;
                break;
            case action::remove_a:
                if (acted) {
                    EXPECT_FALSE(s.w.has<A>(e)) << i;
                    EXPECT_TRUE(s.w.has<B>(e)) << i;
                }
                break;
            case action::remove_b:
                if (acted) {
                    EXPECT_FALSE(s.w.has<B>(e)) << i;
                    EXPECT_TRUE(s.w.has<A>(e)) << i;
                }
                break;
            case action::remove_both:
                EXPECT_EQ((s.w.any_of<A, B>(e)), !acted) << i;
                break;
            case action::remove_other:
                EXPECT_EQ(s.w.has<Owner>(e), !acted) << i;
                s.w.get_or_add<Owner>(e, i);  // for expect_intact
                break;
        }
        if (!acted) {
            EXPECT_TRUE(s.w.alive(e)) << i;
            EXPECT_EQ(s.w.has<A>(e), i % 10 != 9) << i;
            EXPECT_EQ(s.w.has<B>(e), i % 20 != 4) << i;
        }
    }
    // Enabled flags did not move between entities.
    if (c.disabled_components) {
        s.w.each([&](mosaic::entity e) {
            const int i = s.w.get<Owner>(e).value;
            if (s.w.has<A>(e)) {
                EXPECT_EQ(s.w.is_enabled<A>(e), i % 7 != 3) << i;
            }
            if (s.w.has<B>(e)) {
                EXPECT_EQ(s.w.is_enabled<B>(e), i % 11 != 5) << i;
            }
        });
    }
    expect_intact(s.w);
}

std::vector<loop_case> all_loop_cases() {
    std::vector<loop_case> cases;
    for (const loop how : {loop::each, loop::range_for}) {
        for (const action what : {action::destroy, action::remove_a, action::remove_b,
                                  action::remove_both, action::remove_other}) {
            cases.push_back({how, what, false, false});
            cases.push_back({how, what, true, false});
            cases.push_back({how, what, true, true});
        }
    }
    return cases;
}

INSTANTIATE_TEST_SUITE_P(StructuralChanges, ViewLoop, ::testing::ValuesIn(all_loop_cases()),
                         case_name);

// The simplest case spelled out: one component, destroy every other entity.
TEST(StructuralChanges, DestroyEveryOtherEntityOfASingleTypeView) {
    mosaic::world w;
    std::vector<mosaic::entity> entities(1000);
    w.create(entities);
    for (int i = 0; i < 1000; ++i) w.add<A>(entities[static_cast<std::size_t>(i)], i, "x");

    std::vector<int> visits(1000, 0);
    w.view<A>().each([&](mosaic::entity e, A& a) {
        ++visits[static_cast<std::size_t>(a.owner)];
        if (a.owner % 2 == 0) w.destroy(e);
    });
    for (int i = 0; i < 1000; ++i) {
        EXPECT_EQ(visits[static_cast<std::size_t>(i)], 1) << i;
        EXPECT_EQ(w.alive(entities[static_cast<std::size_t>(i)]), i % 2 != 0) << i;
    }
    EXPECT_EQ(w.size(), 500u);
    EXPECT_EQ(w.count<A>(), 500u);
    for (auto [e, a] : w.view<A>()) EXPECT_EQ(entities[static_cast<std::size_t>(a.owner)], e);
}

TEST(StructuralChanges, ExcludedEntitiesStayUntouched) {
    scene s = make_scene(false);
    std::set<int> visited;
    s.w.view<A>(mosaic::exclude<C>).each([&](mosaic::entity e, A& a) {
        EXPECT_TRUE(visited.insert(a.owner).second);
        s.w.destroy(e);
    });
    for (int i = 0; i < static_cast<int>(s.entities.size()); ++i) {
        const bool has_a = i % 10 != 9;
        const bool has_c = i % 37 == 0;
        EXPECT_EQ(visited.count(i) != 0, has_a && !has_c) << i;
        EXPECT_EQ(s.w.alive(s.entities[static_cast<std::size_t>(i)]), !has_a || has_c) << i;
    }
    expect_intact(s.w);
}

TEST(StructuralChanges, RuntimeViewDestroyingTheCurrentEntity) {
    scene s = make_scene(true);
    const std::array<mosaic::type_id, 2> types = {mosaic::type_id_of<B>(), mosaic::type_id_of<A>()};
    std::set<int> expected;
    for (int i = 0; i < static_cast<int>(s.entities.size()); ++i) {
        if (in_view(s, i, false)) expected.insert(i);
    }
    std::map<int, int> visits;
    s.w.view(types).each([&](mosaic::entity e) {
        const int i = s.w.get<Owner>(e).value;
        ++visits[i];
        if (i % 2 == 0) s.w.destroy(e);
    });
    std::set<int> visited;
    for (const auto& [i, n] : visits) {
        EXPECT_EQ(n, 1) << i;
        visited.insert(i);
    }
    EXPECT_EQ(visited, expected);
    expect_intact(s.w);
}

// Disabling the current entity's component inside the loop: the view.hpp rules do not list
// it, but it swaps across the enabled boundary just like a removal moves the last element.
TEST(StructuralChanges, DisablingTheCurrentComponentVisitsEveryEntityOnce) {
    mosaic::world w;
    std::vector<mosaic::entity> entities(500);
    w.create(entities);
    for (int i = 0; i < 500; ++i) w.add<A>(entities[static_cast<std::size_t>(i)], i, "");
    std::vector<int> visits(500, 0);
    w.view<A>().each([&](mosaic::entity e, A& a) {
        ++visits[static_cast<std::size_t>(a.owner)];
        if (a.owner % 3 == 0) w.disable<A>(e);
    });
    for (int i = 0; i < 500; ++i) {
        EXPECT_EQ(visits[static_cast<std::size_t>(i)], 1) << i;
        EXPECT_EQ(w.is_enabled<A>(entities[static_cast<std::size_t>(i)]), i % 3 != 0);
    }
}

// Pools filled together (A and B added to each entity in turn) are walked without lookups,
// over the prefix they are remembered to share, or, when a group owns A and B (as the
// scheduler makes for a system over them), over the group's range. Removing the current
// entity's components inside the loop changes their layouts: every entity is still visited
// once, with its own components.
TEST(StructuralChanges, AlignedPoolsWhileRemovingFromTheCurrentEntity) {
    for (const bool grouped : {false, true}) {
        for (const bool destroy : {false, true}) {
            SCOPED_TRACE(std::string(grouped ? "grouped, " : "") +
                         (destroy ? "destroying" : "removing B"));
            constexpr int count = 5000;  // several chunks of positions
            scene s = make_aligned_scene(count);
            mosaic::world& w = s.w;
            const std::vector<mosaic::entity>& entities = s.entities;
            // The orders part at position 3000: B of entity 3000 moves to the end.
            w.remove<B>(entities[3000]);
            w.add<B>(entities[3000], 3000, std::vector<int>(3, 3000));
            if (grouped) {
                ASSERT_NE((w.assure_group<A, B>()), nullptr);
            }
            ASSERT_EQ((w.view<A, B>().usable_group() != nullptr), grouped);
            // Warm the remembered prefix, as a system running every frame would.
            int before = 0;
            w.view<A, const B>().each([&](const A&, const B&) { ++before; });
            ASSERT_EQ(before, count);

            std::vector<int> visits(count, 0);
            w.view<A, B>().each([&](mosaic::entity e, A& a, B& b) {
                ASSERT_EQ(a.owner, b.owner) << "the view handed out components of two entities";
                ASSERT_EQ(entities[static_cast<std::size_t>(a.owner)], e);
                ++visits[static_cast<std::size_t>(a.owner)];
                if (a.owner % 2 != 0) return;
                if (destroy) {
                    w.destroy(e);
                } else {
                    w.remove<B>(e);
                }
            });
            for (int i = 0; i < count; ++i) {
                ASSERT_EQ(visits[static_cast<std::size_t>(i)], 1) << i;
            }
            EXPECT_EQ(w.count<B>(), static_cast<std::size_t>(count / 2));
            // Afterwards the view sees exactly the odd entities, each with its own components.
            int after = 0;
            w.view<A, B>().each([&](const A& a, const B& b) {
                EXPECT_EQ(a.owner, b.owner);
                EXPECT_EQ(a.owner % 2, 1);
                ++after;
            });
            EXPECT_EQ(after, count / 2);
        }
    }
}

// Breaking the rules (removing components of other entities inside the loop) may skip
// entities, but never hands out a component that is no longer there: B holds a vector, so
// a stale element would be a use after free under AddressSanitizer. With a group over A and
// B too: the victims leave the group's range, which soon shrinks below the walk's next
// position; the walk must go on below it.
TEST(StructuralChanges, BreakingTheRulesNeverReadsAStaleComponent) {
    for (const bool grouped : {false, true}) {
        SCOPED_TRACE(grouped ? "grouped" : "aligned pools");
        constexpr int count = 3000;
        scene s = make_aligned_scene(count);
        mosaic::world& w = s.w;
        const std::vector<mosaic::entity>& entities = s.entities;
        if (grouped) {
            ASSERT_NE((w.assure_group<A, B>()), nullptr);
        }
        int next_victim = 0;
        int visits = 0;
        w.view<A, B>().each([&](A& a, B& b) {
            ASSERT_EQ(b.data.size(), 3u);
            EXPECT_EQ(b.data[0], b.owner);
            EXPECT_EQ(a.owner, b.owner);
            EXPECT_EQ(a.text, label(a.owner));
            ++visits;
            // Ten other entities lose their B per call: B shrinks ten times faster than the
            // loop advances.
            for (int k = 0; k < 10 && next_victim < count; ++k, ++next_victim) {
                w.remove<B>(entities[static_cast<std::size_t>(next_victim)]);
            }
        });
        EXPECT_GT(visits, 0);
        EXPECT_LT(visits, count);
        for (int i = 0; i < count; ++i) {
            const mosaic::entity e = entities[static_cast<std::size_t>(i)];
            EXPECT_EQ(w.has<B>(e), i >= next_victim) << i;
            if (const B* b = w.try_get<B>(e)) {
                EXPECT_EQ(b->data, std::vector<int>(3, i)) << i;
            }
            EXPECT_EQ(w.get<A>(e).text, label(i)) << i;
        }
    }
}

// A callback that disables and re-enables the current entity's component leaves every pool
// the same size, yet moves another entity into its place: a view that looked positions up
// ahead of the calls must notice (through the pool's layout version).
TEST(StructuralChanges, DisablingAndReenablingTheCurrentComponentInsideTheLoop) {
    scene s = make_scene(true);
    std::map<int, int> visits;
    s.w.view<A, B>(mosaic::include_disabled).each([&](mosaic::entity e, A& a, B& b) {
        ASSERT_EQ(a.owner, b.owner) << "the view handed out components of two entities";
        ++visits[a.owner];
        const bool enabled = s.w.is_enabled<B>(e);
        s.w.set_enabled<B>(e, !enabled);
        s.w.set_enabled<B>(e, enabled);
    });
    for (int i = 0; i < static_cast<int>(s.entities.size()); ++i) {
        EXPECT_EQ(visits.count(i) ? visits[i] : 0, in_view(s, i, true) ? 1 : 0) << i;
    }
    expect_intact(s.w);
}

// --- 3. after the loop -------------------------------------------------------------------

TEST(StructuralChanges, AddsAndCreatesGoThroughACommandBuffer) {
    for (const bool with_disabled : {false, true}) {
        SCOPED_TRACE(with_disabled ? "with disabled components" : "all enabled");
        scene s = make_scene(with_disabled);
        const std::size_t entities_before = s.w.size();
        const std::size_t a_before = s.w.count<A>();
        mosaic::command_buffer commands;

        std::map<int, int> visits;
        std::size_t enabled_a = 0;
        for (auto [e, a] : s.w.view<A>()) {
            ++enabled_a;
            ++visits[a.owner];
            // Give the *next* entity (by number) a C, replacing any it has.
            const int next = (a.owner + 1) % static_cast<int>(s.entities.size());
            commands.add_or_replace<C>(s.entities[static_cast<std::size_t>(next)], -next);
            // Every tenth spawns a child with an A of its own.
            if (a.owner % 10 == 0) {
                const mosaic::entity child = commands.create();
                commands.add<Owner>(child, 10000 + a.owner);
                commands.add<A>(child, 10000 + a.owner, label(10000 + a.owner));
            }
            // Every third destroys the entity before it.
            if (a.owner % 3 == 0 && a.owner > 0) {
                commands.destroy(s.entities[static_cast<std::size_t>(a.owner - 1)]);
            }
        }
        for (const auto& [i, n] : visits) EXPECT_EQ(n, 1) << i;
        EXPECT_EQ(s.w.size(), entities_before) << "nothing changed during the loop";
        EXPECT_EQ(s.w.count<A>(), a_before);

        commands.apply(s.w);

        std::size_t children = 0;
        for (const auto& [i, n] : visits) {
            const int next = (i + 1) % static_cast<int>(s.entities.size());
            const mosaic::entity target = s.entities[static_cast<std::size_t>(next)];
            const bool destroyed = next % 3 == 2 && visits.count(next + 1) != 0;
            if (destroyed) {
                EXPECT_FALSE(s.w.alive(target)) << next;
            } else {
                ASSERT_TRUE(s.w.has<C>(target)) << next;
                EXPECT_EQ(s.w.get<C>(target).owner, -next);
            }
            if (i % 10 == 0) ++children;
        }
        EXPECT_EQ(commands.created().size(), children);
        for (const mosaic::entity child : commands.created()) {
            ASSERT_TRUE(s.w.alive(child));
            EXPECT_EQ(s.w.get<A>(child).owner, s.w.get<Owner>(child).value);
        }
        EXPECT_GT(enabled_a, 0u);
        expect_intact(s.w);
    }
}

// A loop that both changes the current entity directly and defers the rest.
TEST(StructuralChanges, DirectAndDeferredChangesTogether) {
    scene s = make_scene(true);
    mosaic::command_buffer commands;
    std::map<int, int> visits;
    s.w.view<A, B>().each([&](mosaic::entity e, A& a, B&) {
        ++visits[a.owner];
        if (a.owner % 2 == 0) {
            s.w.remove<B>(e);  // allowed: the current entity
            commands.add<B>(e, a.owner, std::vector<int>(3, a.owner));  // back after the loop
            const mosaic::entity copy = commands.create();
            commands.add<Owner>(copy, 20000 + a.owner);
        } else {
            commands.destroy(e);
        }
    });
    for (const auto& [i, n] : visits) EXPECT_EQ(n, 1) << i;
    commands.apply(s.w);
    for (const auto& [i, n] : visits) {
        const mosaic::entity e = s.entities[static_cast<std::size_t>(i)];
        EXPECT_EQ(s.w.alive(e), i % 2 == 0) << i;
        if (i % 2 == 0) {
            EXPECT_TRUE(s.w.has<B>(e)) << i;
        }
    }
    expect_intact(s.w);
}

}  // namespace

}  // namespace structural_changes_test
