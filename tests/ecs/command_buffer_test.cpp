// command_buffer: recorded structural changes, applied later in recording order.
//
// Sections:
//   1. placeholders      create, created(), using placeholders in later commands
//   2. commands          destroy, add, set, remove, set_enabled, call, order, skipped commands
//   3. buffer state      apply/clear empty it, reuse, move
//   4. payloads          non-trivial values destroyed exactly once, large and over-aligned

#include <gtest/gtest.h>

#include "test_components.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "mosaic/ecs/assert.hpp"
#include "mosaic/ecs/command_buffer.hpp"
#include "mosaic/ecs/world.hpp"

namespace command_buffer_test {  // its own: the suite is built in batches (unity)
namespace {

struct Position {
    float x = 0.0f;
    float y = 0.0f;
};

struct Health {
    int value = 100;
};

struct Index {
    int value = 0;
};

struct Frozen {};  // a tag

struct Label {
    std::string text;
    std::vector<int> numbers;
};

// Counts its live instances, so a test can tell a leaked or doubly destroyed payload.
struct Counted {
    static inline int live = 0;
    static inline int constructions = 0;
    static inline int destructions = 0;
    static void reset() { live = constructions = destructions = 0; }

    std::string text;

    Counted() { born(); }
    explicit Counted(std::string t) : text(std::move(t)) { born(); }
    Counted(const Counted& other) : text(other.text) { born(); }
    Counted(Counted&& other) noexcept : text(std::move(other.text)) { born(); }
    Counted& operator=(const Counted&) = default;
    Counted& operator=(Counted&&) noexcept = default;
    ~Counted() {
        --live;
        ++destructions;
    }

private:
    static void born() {
        ++live;
        ++constructions;
    }
};

// Larger than one 16 KiB arena block.
struct Big {
    std::array<std::uint32_t, 6000> values{};
};

// Records whether any instance was ever constructed at a misaligned address.
struct alignas(64) Aligned {
    static inline int misaligned = 0;
    int value = 0;

    explicit Aligned(int v = 0) : value(v) { check(); }
    Aligned(const Aligned& other) : value(other.value) { check(); }
    Aligned& operator=(const Aligned&) = default;
    ~Aligned() = default;

private:
    void check() const {
        if (reinterpret_cast<std::uintptr_t>(this) % 64 != 0) ++misaligned;
    }
};

struct OddSize {
    char bytes[3] = {1, 2, 3};
};

using mosaic_test::check_failed;  // shared with the other ecs tests
using mosaic_test::throwing_checks;

// --- 1. placeholders ---------------------------------------------------------------------

TEST(CommandBuffer, CreateReturnsPlaceholdersThatLaterCommandsCanUse) {
    mosaic::world w;
    mosaic::command_buffer commands;
    const mosaic::entity p = commands.create();
    EXPECT_TRUE(mosaic::command_buffer::is_placeholder(p));
    commands.add<Position>(p, 1.0f, 2.0f);
    commands.add<Label>(p, Label{"tank", {1, 2, 3}});
    commands.add<Frozen>(p);
    EXPECT_EQ(w.size(), 0u) << "nothing happens before apply";

    commands.apply(w);

    ASSERT_EQ(commands.created().size(), 1u);
    const mosaic::entity e = commands.created()[0];
    EXPECT_FALSE(mosaic::command_buffer::is_placeholder(e));
    ASSERT_TRUE(w.alive(e));
    EXPECT_EQ(w.size(), 1u);
    EXPECT_EQ(w.get<Position>(e).x, 1.0f);
    EXPECT_EQ(w.get<Position>(e).y, 2.0f);
    EXPECT_EQ(w.get<Label>(e).text, "tank");
    EXPECT_EQ(w.get<Label>(e).numbers, (std::vector<int>{1, 2, 3}));
    EXPECT_TRUE(w.has<Frozen>(e));
}

TEST(CommandBuffer, CreatedListsTheRealEntitiesInCreationOrder) {
    mosaic::world w;
    // Leave holes so the new entities do not simply get indices 0, 1, 2...
    std::vector<mosaic::entity> old(6);
    w.create(old);
    w.destroy(old[1]);
    w.destroy(old[4]);

    mosaic::command_buffer commands;
    std::vector<mosaic::entity> placeholders;
    for (int i = 0; i < 5; ++i) {
        placeholders.push_back(commands.create());
        commands.add<Index>(placeholders.back(), i);
    }
    // Commands may name placeholders in any order once they exist.
    commands.add<Health>(placeholders[3], 7);
    commands.add<Health>(placeholders[0], 4);
    commands.apply(w);

    ASSERT_EQ(commands.created().size(), 5u);
    for (int i = 0; i < 5; ++i) {
        const mosaic::entity e = commands.created()[static_cast<std::size_t>(i)];
        ASSERT_TRUE(w.alive(e));
        EXPECT_EQ(w.get<Index>(e).value, i) << "created()[" << i << "]";
    }
    EXPECT_EQ(w.get<Health>(commands.created()[3]).value, 7);
    EXPECT_EQ(w.get<Health>(commands.created()[0]).value, 4);
    EXPECT_FALSE(w.has<Health>(commands.created()[1]));
    EXPECT_EQ(w.size(), 4u + 5u);
}

TEST(CommandBuffer, CreatedStaysAfterApplyUntilTheNextApply) {
    mosaic::world w;
    mosaic::command_buffer commands;
    (void)commands.create();
    (void)commands.create();
    commands.apply(w);
    const std::vector<mosaic::entity> first(commands.created().begin(), commands.created().end());
    ASSERT_EQ(first.size(), 2u);

    const mosaic::entity p = commands.create();
    commands.add<Index>(p, 9);
    commands.apply(w);
    ASSERT_EQ(commands.created().size(), 1u) << "placeholders are numbered per apply";
    EXPECT_EQ(w.get<Index>(commands.created()[0]).value, 9);
    EXPECT_NE(commands.created()[0], first[0]);
    EXPECT_NE(commands.created()[0], first[1]);
}

TEST(CommandBuffer, DestroyingAPlaceholderDropsItsLaterCommands) {
    mosaic::world w;
    mosaic::command_buffer commands;
    const mosaic::entity p = commands.create();
    commands.add<Index>(p, 1);
    commands.destroy(p);
    commands.add<Health>(p, 3);  // the entity is dead by now: skipped
    commands.apply(w);

    ASSERT_EQ(commands.created().size(), 1u);
    EXPECT_FALSE(w.alive(commands.created()[0]));
    EXPECT_EQ(w.size(), 0u);
    EXPECT_EQ(w.count<Index>(), 0u);
    EXPECT_EQ(w.count<Health>(), 0u);
}

// A placeholder is a handle with the top generation bit set, which no live entity has
// (entity.hpp). A world must never take it for one of its entities, whatever its free list
// looks like.
TEST(CommandBuffer, APlaceholderIsNeverAliveInAWorld) {
    mosaic::world w;
    std::vector<mosaic::entity> made(3);
    w.create(made);
    // Free slots store "free bit | next free index"; destroying 0 then 1 leaves slot 1
    // holding exactly free_bit | 0, the generation of every placeholder.
    w.destroy(made[0]);
    w.destroy(made[1]);

    mosaic::command_buffer commands;
    const mosaic::entity p0 = commands.create();
    const mosaic::entity p1 = commands.create();
    ASSERT_TRUE(mosaic::command_buffer::is_placeholder(p1));
    EXPECT_FALSE(w.alive(p0));
    EXPECT_FALSE(w.alive(p1)) << "world::alive accepts placeholder " << mosaic::to_string(p1)
                              << ": try_get/add on it would touch a free slot";
    EXPECT_EQ(w.try_get<Index>(p1), nullptr);
    commands.clear();
}

// --- 2. commands -------------------------------------------------------------------------

TEST(CommandBuffer, DestroyHappensAtApply) {
    mosaic::world w;
    const mosaic::entity a = w.create();
    const mosaic::entity b = w.create();
    w.add<Index>(a, 1);
    w.add<Index>(b, 2);

    mosaic::command_buffer commands;
    commands.destroy(a);
    EXPECT_TRUE(w.alive(a));
    commands.apply(w);
    EXPECT_FALSE(w.alive(a));
    EXPECT_TRUE(w.alive(b));
    EXPECT_EQ(w.count<Index>(), 1u);
    EXPECT_EQ(w.get<Index>(b).value, 2);
}

TEST(CommandBuffer, DestroyingTwiceIsHarmless) {
    throwing_checks checks;
    mosaic::world w;
    const mosaic::entity a = w.create();
    const mosaic::entity b = w.create();
    mosaic::command_buffer commands;
    commands.destroy(a);
    commands.destroy(a);
    commands.destroy(b);
    EXPECT_NO_THROW(commands.apply(w));
    EXPECT_EQ(w.size(), 0u);

    // Destroyed before apply by someone else: still fine.
    const mosaic::entity c = w.create();
    commands.destroy(c);
    w.destroy(c);
    EXPECT_NO_THROW(commands.apply(w));
}

TEST(CommandBuffer, AddOrReplaceDependsOnTheWorldAtApplyTime) {
    throwing_checks checks;  // replacing through add_or_replace is not a misuse
    mosaic::world w;
    const mosaic::entity without = w.create();
    const mosaic::entity with = w.create();
    const mosaic::entity later = w.create();
    w.add<Health>(with, 50);

    mosaic::command_buffer commands;
    commands.add_or_replace<Health>(without, 10);
    commands.add_or_replace<Health>(with, 20);
    commands.add_or_replace<Health>(later, 30);
    w.add<Health>(later, 99);  // gets one between recording and apply
    EXPECT_NO_THROW(commands.apply(w));

    EXPECT_EQ(w.get<Health>(without).value, 10);
    EXPECT_EQ(w.get<Health>(with).value, 20);
    EXPECT_EQ(w.get<Health>(later).value, 30);
    EXPECT_EQ(w.count<Health>(), 3u);
}

TEST(CommandBuffer, AddAgreesWithWorldAddOnDuplicates) {
    mosaic::world w;
    const mosaic::entity fresh = w.create();
    const mosaic::entity taken = w.create();
    w.add<Health>(taken, 50);

    mosaic::command_buffer commands;
    commands.add<Health>(fresh, 10);
    commands.add<Health>(taken, 20);
    const std::string message = mosaic_test::failed_check_message([&] { commands.apply(w); });
    EXPECT_NE(message.find("Health"), std::string::npos) << message;
    EXPECT_NE(message.find("already has"), std::string::npos) << message;
    EXPECT_EQ(w.get<Health>(fresh).value, 10);
}

TEST(CommandBuffer, AddOrReplaceKeepsADisabledComponentDisabled) {
    mosaic::world w;
    const mosaic::entity e = w.create();
    w.add<Health>(e, 1);
    w.disable<Health>(e);
    mosaic::command_buffer commands;
    commands.add_or_replace<Health>(e, 2);
    commands.apply(w);
    EXPECT_EQ(w.get<Health>(e).value, 2);
    EXPECT_FALSE(w.is_enabled<Health>(e));
}

TEST(CommandBuffer, SetAssignsOnlyWhenTheComponentIsPresent) {
    throwing_checks checks;
    mosaic::world w;
    const mosaic::entity with = w.create();
    const mosaic::entity without = w.create();
    const mosaic::entity loses = w.create();
    w.add<Health>(with, 1);
    w.add<Health>(loses, 1);

    mosaic::command_buffer commands;
    commands.set(with, Health{5});
    commands.set(without, Health{6});
    commands.set(loses, Health{7});
    w.remove<Health>(loses);
    EXPECT_NO_THROW(commands.apply(w));

    EXPECT_EQ(w.get<Health>(with).value, 5);
    EXPECT_FALSE(w.has<Health>(without));
    EXPECT_FALSE(w.has<Health>(loses));
}

TEST(CommandBuffer, RemoveRemovesAndIgnoresMissingComponents) {
    throwing_checks checks;
    mosaic::world w;
    const mosaic::entity a = w.create();
    const mosaic::entity b = w.create();
    w.add<Health>(a, 1);
    w.add<Position>(a);
    w.add<Position>(b);

    mosaic::command_buffer commands;
    commands.remove<Health>(a);
    commands.remove<Health>(b);  // has none
    commands.remove<Frozen>(a);  // no entity ever had one
    EXPECT_TRUE(w.has<Health>(a));
    EXPECT_NO_THROW(commands.apply(w));
    EXPECT_FALSE(w.has<Health>(a));
    EXPECT_TRUE(w.has<Position>(a));
    EXPECT_TRUE(w.has<Position>(b));
}

TEST(CommandBuffer, SetEnabledTogglesPresentComponents) {
    mosaic::world w;
    const mosaic::entity a = w.create();
    const mosaic::entity b = w.create();
    w.add<Health>(a, 1);
    w.add<Health>(b, 2);
    w.disable<Health>(b);

    mosaic::command_buffer commands;
    commands.set_enabled<Health>(a, false);
    commands.set_enabled<Health>(b, true);
    commands.set_enabled<Position>(a, true);  // absent: nothing happens
    commands.apply(w);
    EXPECT_FALSE(w.is_enabled<Health>(a));
    EXPECT_TRUE(w.has<Health>(a)) << "disabling keeps the component";
    EXPECT_EQ(w.get<Health>(a).value, 1);
    EXPECT_TRUE(w.is_enabled<Health>(b));
    EXPECT_FALSE(w.has<Position>(a));
}

TEST(CommandBuffer, CommandsOnEntitiesDeadAtApplyTimeAreSkipped) {
    throwing_checks checks;
    mosaic::world w;
    const mosaic::entity doomed = w.create();
    w.add<Health>(doomed, 1);

    mosaic::command_buffer commands;
    commands.add<Position>(doomed, 1.0f, 1.0f);
    commands.set(doomed, Health{2});
    commands.remove<Health>(doomed);
    commands.set_enabled<Health>(doomed, false);
    commands.destroy(doomed);

    w.destroy(doomed);
    // The slot is reused: none of the commands may touch the new entity.
    const mosaic::entity reused = w.create();
    ASSERT_EQ(reused.index, doomed.index);
    w.add<Health>(reused, 42);

    EXPECT_NO_THROW(commands.apply(w));
    EXPECT_TRUE(w.alive(reused));
    EXPECT_EQ(w.get<Health>(reused).value, 42);
    EXPECT_TRUE(w.is_enabled<Health>(reused));
    EXPECT_FALSE(w.has<Position>(reused));
    EXPECT_EQ(w.count<Position>(), 0u);
}

TEST(CommandBuffer, CommandsAfterADestroyInTheSameBufferAreSkipped) {
    throwing_checks checks;
    mosaic::world w;
    const mosaic::entity e = w.create();
    mosaic::command_buffer commands;
    commands.destroy(e);
    commands.add<Health>(e, 1);
    EXPECT_NO_THROW(commands.apply(w));
    EXPECT_FALSE(w.alive(e));
    EXPECT_EQ(w.count<Health>(), 0u);
}

TEST(CommandBuffer, CommandsApplyInRecordingOrder) {
    mosaic::world w;
    const mosaic::entity e = w.create();
    mosaic::command_buffer commands;
    commands.add<Health>(e, 1);
    commands.set(e, Health{2});
    commands.remove<Health>(e);
    commands.set(e, Health{3});  // absent by now: skipped
    commands.add<Index>(e, 1);
    commands.add_or_replace<Index>(e, 2);  // replaces
    commands.set_enabled<Index>(e, false);
    commands.set_enabled<Index>(e, true);
    commands.set_enabled<Index>(e, false);
    commands.apply(w);

    EXPECT_FALSE(w.has<Health>(e));
    EXPECT_EQ(w.get<Index>(e).value, 2);
    EXPECT_FALSE(w.is_enabled<Index>(e));

    // The same commands in another order give another result.
    commands.remove<Health>(e);
    commands.add<Health>(e, 1);
    commands.set(e, Health{3});
    commands.apply(w);
    EXPECT_EQ(w.get<Health>(e).value, 3);
}

// call() runs a function at apply time on the resolved entity; a context it only reads
// stays const (how spawning from a const archetype or prefab records itself).
TEST(CommandBuffer, CallRunsAtApplyTimeWithItsContextConstOrNot) {
    mosaic::world w;
    mosaic::command_buffer commands;
    const mosaic::entity p = commands.create();
    const Health source{7};
    int calls = 0;
    commands.call(
        p,
        [](mosaic::world& world, mosaic::entity e, const void* context) {
            world.add<Health>(e, *static_cast<const Health*>(context));
        },
        &source);
    commands.call(
        p, [](mosaic::world&, mosaic::entity, void* context) { ++*static_cast<int*>(context); },
        &calls);
    EXPECT_EQ(calls, 0);
    commands.apply(w);
    ASSERT_EQ(commands.created().size(), 1u);
    EXPECT_EQ(w.get<Health>(commands.created()[0]).value, 7);
    EXPECT_EQ(calls, 1);
}

TEST(CommandBuffer, CreationsInterleaveWithOtherCommandsInOrder) {
    mosaic::world w;
    const mosaic::entity old = w.create();
    mosaic::command_buffer commands;
    commands.destroy(old);                       // frees a slot...
    const mosaic::entity p = commands.create();  // ...that this create may reuse
    commands.add<Index>(p, 5);
    commands.apply(w);
    ASSERT_EQ(commands.created().size(), 1u);
    EXPECT_FALSE(w.alive(old));
    EXPECT_TRUE(w.alive(commands.created()[0]));
    EXPECT_EQ(w.get<Index>(commands.created()[0]).value, 5);
    EXPECT_EQ(w.size(), 1u);
}

// --- 3. buffer state ---------------------------------------------------------------------

TEST(CommandBuffer, ApplyEmptiesTheBuffer) {
    mosaic::world w;
    const mosaic::entity e = w.create();
    mosaic::command_buffer commands;
    EXPECT_TRUE(commands.empty());
    commands.add<Health>(e, 1);
    commands.remove<Position>(e);
    (void)commands.create();
    EXPECT_EQ(commands.size(), 3u);
    EXPECT_FALSE(commands.empty());
    commands.apply(w);
    EXPECT_TRUE(commands.empty());
    EXPECT_EQ(commands.size(), 0u);

    w.get<Health>(e).value = 9;
    commands.apply(w);  // nothing left to apply
    EXPECT_EQ(w.get<Health>(e).value, 9);
    EXPECT_EQ(w.size(), 2u);
}

TEST(CommandBuffer, ClearDropsEveryCommand) {
    mosaic::world w;
    const mosaic::entity e = w.create();
    mosaic::command_buffer commands;
    commands.add<Health>(e, 1);
    (void)commands.create();
    commands.destroy(e);
    commands.clear();
    EXPECT_TRUE(commands.empty());
    commands.apply(w);
    EXPECT_TRUE(w.alive(e));
    EXPECT_FALSE(w.has<Health>(e));
    EXPECT_EQ(w.size(), 1u);
}

TEST(CommandBuffer, ABufferIsReusableForManyRounds) {
    mosaic::world w;
    mosaic::command_buffer commands;
    for (int round = 0; round < 50; ++round) {
        for (int i = 0; i < 100; ++i) {
            const mosaic::entity p = commands.create();
            commands.add<Index>(p, round * 100 + i);
            commands.add<Label>(p, Label{std::string(40, 'a' + static_cast<char>(i % 26)), {i}});
        }
        commands.apply(w);
        ASSERT_EQ(commands.created().size(), 100u);
        for (int i = 0; i < 100; ++i) {
            const mosaic::entity e = commands.created()[static_cast<std::size_t>(i)];
            ASSERT_EQ(w.get<Index>(e).value, round * 100 + i);
            ASSERT_EQ(w.get<Label>(e).numbers, std::vector<int>{i});
            commands.destroy(e);
        }
        commands.apply(w);
        ASSERT_EQ(w.size(), 0u);
    }
}

TEST(CommandBuffer, AMovedFromBufferIsEmptyAndReusable) {
    mosaic::world w;
    mosaic::command_buffer a;
    (void)a.create();
    (void)a.create();
    mosaic::command_buffer b(std::move(a));
    EXPECT_EQ(b.size(), 2u);
    EXPECT_TRUE(a.empty());  // NOLINT(bugprone-use-after-move): documenting the state

    // The moved-from buffer numbers its placeholders from scratch again.
    const mosaic::entity p = a.create();  // NOLINT(bugprone-use-after-move)
    a.add<Index>(p, 3);
    a.apply(w);
    ASSERT_EQ(a.created().size(), 1u);
    EXPECT_EQ(w.count<Index>(), 1u) << "a command on the placeholder was lost";
    EXPECT_TRUE(w.has<Index>(a.created()[0]));

    b.apply(w);
    EXPECT_EQ(b.created().size(), 2u);
    EXPECT_EQ(w.size(), 3u);
}

// --- 4. payloads -------------------------------------------------------------------------

TEST(CommandBuffer, PayloadsAreDestroyedExactlyOnceWhenApplied) {
    Counted::reset();
    {
        mosaic::world w;
        const mosaic::entity e = w.create();
        const mosaic::entity f = w.create();
        w.add<Counted>(f, "old");
        mosaic::command_buffer commands;
        commands.add<Counted>(e, std::string(100, 'x'));
        commands.add_or_replace<Counted>(f, "replacement");
        commands.set(f, Counted{"set"});
        commands.set(e, Counted{"set-too"});
        commands.apply(w);
        EXPECT_EQ(w.get<Counted>(e).text, "set-too");
        EXPECT_EQ(w.get<Counted>(f).text, "set");
        EXPECT_EQ(Counted::live, 2) << "only the two components are left";
    }
    EXPECT_EQ(Counted::live, 0);
    EXPECT_EQ(Counted::constructions, Counted::destructions);
}

TEST(CommandBuffer, PayloadsOfSkippedCommandsAreDestroyed) {
    Counted::reset();
    {
        mosaic::world w;
        const mosaic::entity e = w.create();
        mosaic::command_buffer commands;
        commands.add<Counted>(e, std::string(100, 'y'));
        commands.set(e, Counted{std::string(100, 'z')});
        w.destroy(e);
        commands.apply(w);
        EXPECT_EQ(Counted::live, 0);
    }
    EXPECT_EQ(Counted::live, 0);
    EXPECT_EQ(Counted::constructions, Counted::destructions);
}

TEST(CommandBuffer, PayloadsAreDestroyedExactlyOnceWhenCleared) {
    Counted::reset();
    {
        mosaic::world w;
        const mosaic::entity e = w.create();
        mosaic::command_buffer commands;
        for (int i = 0; i < 1000; ++i) commands.add<Counted>(e, std::string(64, 'c'));
        commands.add<Label>(e, Label{std::string(200, 'l'), std::vector<int>(100, 1)});
        EXPECT_EQ(Counted::live, 1000);
        commands.clear();
        EXPECT_EQ(Counted::live, 0);
        commands.apply(w);
        EXPECT_FALSE(w.has<Counted>(e));
    }
    EXPECT_EQ(Counted::constructions, Counted::destructions);
}

TEST(CommandBuffer, PayloadsAreDestroyedWhenTheBufferDiesUnapplied) {
    Counted::reset();
    {
        mosaic::world w;
        const mosaic::entity e = w.create();
        mosaic::command_buffer commands;
        for (int i = 0; i < 1000; ++i) commands.add<Counted>(e, std::string(64, 'd'));
        commands.add<Label>(e, Label{std::string(200, 'l'), std::vector<int>(100, 1)});
    }
    EXPECT_EQ(Counted::live, 0);
    EXPECT_EQ(Counted::constructions, Counted::destructions);
}

TEST(CommandBuffer, MoveAssignmentDestroysThePayloadsItReplaces) {
    Counted::reset();
    {
        mosaic::world w;
        const mosaic::entity e = w.create();
        mosaic::command_buffer target;
        target.add<Counted>(e, std::string(64, 'o'));  // never applied: must not leak
        mosaic::command_buffer source;
        source.add<Counted>(e, "kept");
        target = std::move(source);
        ASSERT_EQ(target.size(), 1u);
        target.apply(w);
        EXPECT_EQ(w.get<Counted>(e).text, "kept");
    }
    EXPECT_EQ(Counted::live, 0) << "the payload overwritten by move assignment leaked";
    EXPECT_EQ(Counted::constructions, Counted::destructions);
}

TEST(CommandBuffer, PayloadsAreDestroyedWhenApplyThrows) {
    Counted::reset();
    {
        mosaic::world w{mosaic::world_options{.max_entities = 1}};
        mosaic::command_buffer commands;
        const mosaic::entity first = commands.create();
        commands.add<Counted>(first, "lands");
        const mosaic::entity second = commands.create();  // over capacity at apply
        commands.add<Counted>(second, "never lands");
        EXPECT_THROW(commands.apply(w), mosaic::capacity_error);
        EXPECT_TRUE(commands.empty()) << "a failed apply still empties the buffer";
        EXPECT_EQ(w.size(), 1u);
        EXPECT_EQ(Counted::live, 1);
    }
    EXPECT_EQ(Counted::live, 0);
    EXPECT_EQ(Counted::constructions, Counted::destructions);
}

TEST(CommandBuffer, PayloadsLargerThanABlockWork) {
    mosaic::world w;
    mosaic::command_buffer commands;
    std::vector<mosaic::entity> placeholders;
    for (std::uint32_t i = 0; i < 40; ++i) {
        const mosaic::entity p = commands.create();
        placeholders.push_back(p);
        Big big;
        for (std::uint32_t k = 0; k < big.values.size(); ++k) big.values[k] = i * 7 + k;
        commands.add<Big>(p, big);
        commands.add<Index>(p, static_cast<int>(i));  // small ones in between
        commands.add<Label>(p, Label{std::string(30, 'b'), {static_cast<int>(i)}});
    }
    commands.apply(w);
    ASSERT_EQ(commands.created().size(), 40u);
    for (std::uint32_t i = 0; i < 40; ++i) {
        const mosaic::entity e = commands.created()[i];
        const Big& big = w.get<Big>(e);
        bool intact = true;
        for (std::uint32_t k = 0; k < big.values.size(); ++k) intact &= big.values[k] == i * 7 + k;
        EXPECT_TRUE(intact) << "entity " << i;
        EXPECT_EQ(w.get<Index>(e).value, static_cast<int>(i));
        EXPECT_EQ(w.get<Label>(e).numbers, std::vector<int>{static_cast<int>(i)});
    }

    // Again, after apply kept one block for reuse.
    for (std::uint32_t i = 0; i < 40; ++i) commands.set(commands.created()[i], Big{});
    commands.apply(w);
    for (auto [e, big] : w.view<Big>()) EXPECT_EQ(big.values[5999], 0u) << mosaic::to_string(e);
}

TEST(CommandBuffer, OverAlignedPayloadsAreAligned) {
    Aligned::misaligned = 0;
    mosaic::world w;
    mosaic::command_buffer commands;
    for (int round = 0; round < 3; ++round) {
        std::vector<mosaic::entity> entities(300);
        w.create(entities);
        for (int i = 0; i < 300; ++i) {
            const mosaic::entity e = entities[static_cast<std::size_t>(i)];
            commands.add<OddSize>(e);  // 3 bytes: knocks the arena off any alignment
            commands.add<Aligned>(e, i);
            commands.add<Frozen>(e);
        }
        commands.apply(w);
        for (int i = 0; i < 300; ++i) {
            ASSERT_EQ(w.get<Aligned>(entities[static_cast<std::size_t>(i)]).value, i);
        }
        for (const mosaic::entity e : entities) commands.destroy(e);
        commands.apply(w);
    }
    EXPECT_EQ(Aligned::misaligned, 0);
}

}  // namespace

}  // namespace command_buffer_test
