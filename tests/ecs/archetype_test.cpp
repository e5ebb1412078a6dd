// archetype (a prefab: components with prototype values) and spawn().
//
// Sections:
//   1. the prototype    set, find, has, remove, types, size, runtime ids
//   2. value semantics  deep copies, moves, no leaks with non-trivial types
//   3. spawn            copies, overrides, customize, bulk, disabled components

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "mosaic/ecs/archetype.hpp"
#include "mosaic/ecs/handle.hpp"
#include "mosaic/ecs/world.hpp"

namespace archetype_test {  // its own: the suite is built in batches (unity)
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
struct Enemy {};  // tag
struct Name {
    std::string text;
    std::vector<std::string> aliases;
};

// Counts live instances, so leaks and double destruction show up as a wrong count.
struct Counted {
    static inline int live = 0;
    std::string text;

    Counted() { ++live; }
    explicit Counted(std::string t) : text(std::move(t)) { ++live; }
    Counted(const Counted& other) : text(other.text) { ++live; }
    Counted(Counted&& other) noexcept : text(std::move(other.text)) { ++live; }
    Counted& operator=(const Counted&) = default;
    Counted& operator=(Counted&&) noexcept = default;
    ~Counted() { --live; }
};

// Its copy constructor throws while `fail` is set.
struct Fragile {
    static inline bool fail = false;
    int value = 0;

    Fragile() = default;
    Fragile(const Fragile& other) : value(other.value) {
        if (fail) throw std::runtime_error("Fragile: copy failed");
    }
    Fragile& operator=(const Fragile&) = default;
};

struct alignas(32) Wide {
    float lanes[8] = {};
};

mosaic::archetype make_soldier() {
    mosaic::archetype soldier{"Soldier"};
    soldier.set(Position{1.0f, 2.0f}).set(Velocity{0.0f, 3.0f}).set(Health{80});
    soldier.set(Name{"soldier", {"grunt", "trooper"}});
    return soldier;
}

// --- 1. the prototype --------------------------------------------------------------------

TEST(Archetype, StartsEmptyWithAName) {
    mosaic::archetype a{"Empty"};
    EXPECT_EQ(a.name(), "Empty");
    EXPECT_EQ(a.size(), 0u);
    EXPECT_TRUE(a.types().empty());
    EXPECT_FALSE(a.has<Position>());
    EXPECT_EQ(a.find<Position>(), nullptr);
    a.rename("Renamed");
    EXPECT_EQ(a.name(), "Renamed");
    EXPECT_EQ(mosaic::archetype{}.name(), "");
}

TEST(Archetype, SetFindHasRemove) {
    mosaic::archetype a{"A"};
    a.set(Position{1.0f, 2.0f}).set(Health{5});
    ASSERT_TRUE(a.has<Position>());
    ASSERT_NE(a.find<Position>(), nullptr);
    EXPECT_EQ(a.find<Position>()->y, 2.0f);
    EXPECT_EQ(a.find<Health>()->value, 5);
    EXPECT_EQ(a.size(), 2u);

    a.set(Health{6});  // replaces, does not add
    EXPECT_EQ(a.size(), 2u);
    EXPECT_EQ(a.find<Health>()->value, 6);

    EXPECT_TRUE(a.remove<Position>());
    EXPECT_FALSE(a.remove<Position>());
    EXPECT_FALSE(a.has<Position>());
    EXPECT_EQ(a.find<Position>(), nullptr);
    EXPECT_EQ(a.size(), 1u);
}

TEST(Archetype, TypesInTheOrderFirstSet) {
    mosaic::archetype a;
    a.set(Health{}).set(Position{}).set(Enemy{}).set(Health{1});
    EXPECT_EQ(a.types(), (std::vector<mosaic::type_id>{mosaic::type_id_of<Health>(),
                                                       mosaic::type_id_of<Position>(),
                                                       mosaic::type_id_of<Enemy>()}));
    a.remove<Position>();
    EXPECT_EQ(a.types(), (std::vector<mosaic::type_id>{mosaic::type_id_of<Health>(),
                                                       mosaic::type_id_of<Enemy>()}));
}

TEST(Archetype, TagsAndOverAlignedTypes) {
    mosaic::archetype a;
    Wide wide;
    wide.lanes[7] = 7.0f;
    a.set(Enemy{}).set(wide);
    EXPECT_TRUE(a.has<Enemy>());
    ASSERT_NE(a.find<Wide>(), nullptr);
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(a.find<Wide>()) % alignof(Wide), 0u);
    EXPECT_EQ(a.find<Wide>()->lanes[7], 7.0f);
    mosaic::world w;
    const mosaic::entity e = mosaic::spawn(w, a);
    EXPECT_TRUE(w.has<Enemy>(e));
    EXPECT_EQ(w.get<Wide>(e).lanes[7], 7.0f);
}

TEST(Archetype, SetByRuntimeId) {
    mosaic::archetype a;
    const Health h{42};
    EXPECT_TRUE(a.set(mosaic::type_id_of<Health>(), &h));
    EXPECT_EQ(a.find<Health>()->value, 42);
    EXPECT_TRUE(a.has(mosaic::type_id_of<Health>()));
    EXPECT_EQ(static_cast<const Health*>(a.find(mosaic::type_id_of<Health>()))->value, 42);
    EXPECT_TRUE(a.is_enabled(mosaic::type_id_of<Health>()));

    const Position p{3.0f, 4.0f};
    EXPECT_TRUE(a.set(mosaic::type_id_of<Position>(), &p, false));
    EXPECT_FALSE(a.is_enabled(mosaic::type_id_of<Position>()));
    EXPECT_TRUE(a.remove(mosaic::type_id_of<Position>()));

    EXPECT_FALSE(a.set(mosaic::invalid_type_id, &h)) << "unknown type id";
    EXPECT_FALSE(a.set(static_cast<mosaic::type_id>(mosaic::type_count() + 100), &h));
    EXPECT_EQ(a.size(), 1u);
}

// --- 2. value semantics ------------------------------------------------------------------

TEST(Archetype, CopiesAreDeep) {
    const mosaic::archetype original = make_soldier();
    mosaic::archetype copy = original;
    EXPECT_EQ(copy.name(), "Soldier");
    EXPECT_EQ(copy.types(), original.types());
    ASSERT_NE(copy.find<Name>(), original.find<Name>()) << "the copy shares a value";
    copy.set(Health{1});
    copy.set(Name{"changed", {}});
    EXPECT_EQ(original.find<Health>()->value, 80);
    EXPECT_EQ(original.find<Name>()->aliases.size(), 2u);
    EXPECT_EQ(copy.find<Name>()->text, "changed");

    mosaic::archetype assigned{"Other"};
    assigned.set(Velocity{9.0f, 9.0f});
    assigned = original;
    EXPECT_EQ(assigned.name(), "Soldier");
    EXPECT_EQ(assigned.types(), original.types());
    EXPECT_EQ(assigned.find<Name>()->text, "soldier");
    EXPECT_EQ(assigned.find<Velocity>()->y, 3.0f);
    assigned = assigned;  // NOLINT: self-assignment keeps the values
    EXPECT_EQ(assigned.find<Name>()->text, "soldier");
}

TEST(Archetype, MovesTransferTheValues) {
    mosaic::archetype source = make_soldier();
    const Name* name = source.find<Name>();
    mosaic::archetype moved(std::move(source));
    EXPECT_EQ(moved.find<Name>(), name) << "a move does not copy values";
    EXPECT_EQ(moved.size(), 4u);

    mosaic::archetype target{"Target"};
    target = std::move(moved);
    EXPECT_EQ(target.find<Name>(), name);
    EXPECT_EQ(target.name(), "Soldier");
}

TEST(Archetype, NonTrivialValuesAreNeitherLeakedNorFreedTwice) {
    Counted::live = 0;
    {
        mosaic::archetype a{"counted"};
        a.set(Counted{"first"});
        a.set(Counted{"replaced"});  // the old prototype is destroyed
        EXPECT_EQ(Counted::live, 1);
        {
            const mosaic::archetype copy = a;
            EXPECT_EQ(Counted::live, 2);
        }
        EXPECT_EQ(Counted::live, 1);
        mosaic::archetype moved = std::move(a);
        EXPECT_EQ(Counted::live, 1);
        mosaic::world w;
        const std::vector<mosaic::entity> spawned = mosaic::spawn_n(w, moved, 10);
        EXPECT_EQ(Counted::live, 11);
        EXPECT_EQ(w.get<Counted>(spawned[9]).text, "replaced");
        EXPECT_TRUE(moved.remove<Counted>());
        EXPECT_EQ(Counted::live, 10);
    }
    EXPECT_EQ(Counted::live, 0);
}

TEST(Archetype, AssignmentFreesTheValuesItReplaces) {
    Counted::live = 0;
    {
        mosaic::archetype target{"target"};
        target.set(Counted{std::string(64, 't')});
        mosaic::archetype source{"source"};
        source.set(Counted{std::string(64, 's')});
        source.set(Health{3});
        target = source;  // copy assignment
        EXPECT_EQ(Counted::live, 2) << "copy assignment leaked the old prototype";
        mosaic::archetype other{"other"};
        other.set(Counted{std::string(64, 'o')});
        target = std::move(other);  // move assignment
        EXPECT_EQ(Counted::live, 2) << "move assignment leaked the old prototype";
        EXPECT_EQ(target.find<Counted>()->text, std::string(64, 'o'));
        EXPECT_FALSE(target.has<Health>());
    }
    EXPECT_EQ(Counted::live, 0);
}

TEST(Archetype, ACopyThatThrowsLeaksNothing) {
    Counted::live = 0;
    {
        mosaic::archetype a;
        a.set(Counted{"before"});
        a.set(Fragile{});
        Fragile::fail = true;
        EXPECT_THROW({ const mosaic::archetype copy = a; }, std::runtime_error);
        Fragile::fail = false;
        EXPECT_EQ(Counted::live, 1) << "the half-made copy kept its Counted prototype";
    }
    EXPECT_EQ(Counted::live, 0);
}

// --- 3. spawn ----------------------------------------------------------------------------

TEST(Archetype, SpawnCopiesThePrototypes) {
    const mosaic::archetype soldier = make_soldier();
    mosaic::world w;
    const mosaic::entity a = mosaic::spawn(w, soldier);
    const mosaic::entity b = mosaic::spawn(w, soldier);
    ASSERT_TRUE(w.alive(a));
    EXPECT_NE(a, b);
    for (const mosaic::entity e : {a, b}) {
        EXPECT_EQ(w.get<Position>(e).x, 1.0f);
        EXPECT_EQ(w.get<Velocity>(e).y, 3.0f);
        EXPECT_EQ(w.get<Health>(e).value, 80);
        EXPECT_EQ(w.get<Name>(e).aliases, (std::vector<std::string>{"grunt", "trooper"}));
        EXPECT_EQ(w.components_of(e).size(), 4u);
    }
    w.get<Health>(a).value = 1;
    w.get<Name>(a).text = "hero";
    EXPECT_EQ(w.get<Health>(b).value, 80) << "spawned entities share nothing";
    EXPECT_EQ(soldier.find<Name>()->text, "soldier") << "the prototype is untouched";
}

TEST(Archetype, SpawnWithOverrides) {
    const mosaic::archetype soldier = make_soldier();
    mosaic::archetype elite{"Elite"};
    elite.set(Health{250}).set(Enemy{});
    mosaic::world w;
    const mosaic::entity e = mosaic::spawn(w, soldier, elite);
    EXPECT_EQ(w.get<Health>(e).value, 250) << "overrides replace";
    EXPECT_TRUE(w.has<Enemy>(e)) << "overrides add";
    EXPECT_EQ(w.get<Position>(e).y, 2.0f) << "the rest comes from the base";
    EXPECT_EQ(w.components_of(e).size(), 5u);
}

TEST(Archetype, OverridesDecideTheEnabledFlagToo) {
    mosaic::archetype base;
    base.set(Health{1}, false).set(Velocity{}, true);
    mosaic::archetype overrides;
    overrides.set(Health{2}, true).set(Velocity{1.0f, 1.0f}, false);
    mosaic::world w;
    const mosaic::entity e = mosaic::spawn(w, base, overrides);
    EXPECT_EQ(w.get<Health>(e).value, 2);
    EXPECT_TRUE(w.is_enabled<Health>(e)) << "the override says enabled";
    EXPECT_FALSE(w.is_enabled<Velocity>(e)) << "the override says disabled";
}

TEST(Archetype, SpawnWithACustomizeLambda) {
    const mosaic::archetype soldier = make_soldier();
    mosaic::world w;
    std::vector<mosaic::entity> seen;
    for (int i = 0; i < 5; ++i) {
        const mosaic::entity e = mosaic::spawn(w, soldier, [&](mosaic::handle h) {
            seen.push_back(h.id());
            EXPECT_TRUE(h.valid());
            EXPECT_TRUE(h.has<Position>()) << "customize runs after the prototypes";
            h.get<Position>().x = static_cast<float>(i);
            h.add<Enemy>();
        });
        EXPECT_EQ(seen.back(), e);
    }
    ASSERT_EQ(w.size(), 5u);
    for (int i = 0; i < 5; ++i) {
        const mosaic::entity e = seen[static_cast<std::size_t>(i)];
        EXPECT_EQ(w.get<Position>(e).x, static_cast<float>(i));
        EXPECT_EQ(w.get<Position>(e).y, 2.0f);
        EXPECT_TRUE(w.has<Enemy>(e));
    }
}

TEST(Archetype, BulkSpawnGivesEqualEntities) {
    const mosaic::archetype soldier = make_soldier();
    mosaic::world w;
    (void)w.create();  // not part of the batch
    std::vector<mosaic::entity> batch(500);
    mosaic::spawn(w, soldier, std::span<mosaic::entity>(batch));
    const std::vector<mosaic::entity> more = mosaic::spawn_n(w, soldier, 300);
    ASSERT_EQ(more.size(), 300u);
    EXPECT_EQ(w.size(), 801u);
    EXPECT_EQ(w.count<Health>(), 800u);
    std::vector<mosaic::entity> all = batch;
    all.insert(all.end(), more.begin(), more.end());
    for (const mosaic::entity e : all) {
        ASSERT_TRUE(w.alive(e));
        ASSERT_EQ(w.get<Health>(e).value, 80);
        ASSERT_EQ(w.get<Position>(e).x, 1.0f);
        ASSERT_EQ(w.get<Name>(e).text, "soldier");
    }
    std::vector<mosaic::entity> sorted = all;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(std::adjacent_find(sorted.begin(), sorted.end()), sorted.end()) << "duplicates";
    EXPECT_TRUE(mosaic::spawn_n(w, soldier, 0).empty());
}

TEST(Archetype, DisabledPrototypesSpawnDisabled) {
    mosaic::archetype sleeper{"Sleeper"};
    sleeper.set(Position{5.0f, 5.0f}).set(Velocity{1.0f, 0.0f}, false).set(Enemy{}, false);
    EXPECT_FALSE(sleeper.is_enabled(mosaic::type_id_of<Velocity>()));
    EXPECT_TRUE(sleeper.is_enabled(mosaic::type_id_of<Position>()));
    mosaic::world w;
    const mosaic::entity one = mosaic::spawn(w, sleeper);
    const std::vector<mosaic::entity> many = mosaic::spawn_n(w, sleeper, 50);
    for (const mosaic::entity e : many) {
        ASSERT_TRUE(w.has<Velocity>(e));
        ASSERT_FALSE(w.is_enabled<Velocity>(e));
        ASSERT_FALSE(w.is_enabled<Enemy>(e));
        ASSERT_TRUE(w.is_enabled<Position>(e));
    }
    EXPECT_FALSE(w.is_enabled<Velocity>(one));
    EXPECT_EQ(w.get<Velocity>(one).x, 1.0f) << "disabled components keep their value";
    std::size_t moving = 0;
    w.view<Position, Velocity>().each([&](Position&, Velocity&) { ++moving; });
    EXPECT_EQ(moving, 0u);
    EXPECT_EQ(w.view<Position>().size_hint(), 51u);
}

TEST(Archetype, ApplyToAnExistingEntityReplacesAndAdds) {
    const mosaic::archetype soldier = make_soldier();
    mosaic::world w;
    const mosaic::entity e = w.create();
    w.add<Health>(e, 1);
    w.add<Enemy>(e);
    soldier.apply_to(w, e);
    EXPECT_EQ(w.get<Health>(e).value, 80);
    EXPECT_TRUE(w.has<Enemy>(e)) << "components the archetype lacks stay";
    EXPECT_EQ(w.get<Name>(e).text, "soldier");
}

TEST(Archetype, SpawnIntoSeveralWorlds) {
    const mosaic::archetype soldier = make_soldier();
    mosaic::world a;
    mosaic::world b;
    const mosaic::entity in_a = mosaic::spawn(a, soldier);
    const mosaic::entity in_b = mosaic::spawn(b, soldier);
    a.get<Name>(in_a).text = "a";
    EXPECT_EQ(b.get<Name>(in_b).text, "soldier");
}

}  // namespace

}  // namespace archetype_test
