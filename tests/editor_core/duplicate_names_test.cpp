// Duplicate numbers copies as Unity does: the next free number after the source's own, never
// "Hunter (1) (1)", and no two entities end up with the same name by duplicating.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include <mosaic/ecs/view.hpp>
#include <mosaic/engine/hierarchy.hpp>

#include "core/actions.hpp"
#include "core/copy_names.hpp"
#include "core/editor_state.hpp"
#include "core/entity_names.hpp"

namespace {

using namespace mosaic;
using namespace mosaic::editor;

std::string duplicate_one(editor_state& s, entity e) {
    const entity one[] = {e};
    const std::vector<entity> copies = duplicate_entities(s, one);
    EXPECT_EQ(copies.size(), 1u);
    return copies.empty() ? std::string() : name_of(s.world(), copies[0]);
}

TEST(DuplicateNames, TheNextFreeNumberAfterTheSourcesOwn) {
    editor_state s;
    const entity hunter = create_entity(s, "Hunter");
    EXPECT_EQ(duplicate_one(s, hunter), "Hunter (1)");
    const entity one = s.find_by_name("Hunter (1)");
    ASSERT_FALSE(one.is_null());
    EXPECT_EQ(duplicate_one(s, one), "Hunter (2)");
    EXPECT_EQ(duplicate_one(s, one), "Hunter (3)") << "(2) is taken";
    EXPECT_EQ(duplicate_one(s, hunter), "Hunter (4)") << "(1) to (3) are taken";

    // No two entities share a name after all that duplicating.
    std::set<std::string> names;
    std::size_t count = 0;
    s.world().view<const Name>().each([&](entity, const Name& n) {
        names.emplace(name_text(n));
        ++count;
    });
    EXPECT_EQ(names.size(), count);
}

TEST(DuplicateNames, SeveralSourcesWithOneNameGetDifferentNumbers) {
    editor_state s;
    const entity a = create_entity(s, "Tank");
    const entity b = create_entity(s, "Tank");
    const entity both[] = {a, b};
    const std::vector<entity> copies = duplicate_entities(s, both);
    ASSERT_EQ(copies.size(), 2u);
    EXPECT_EQ(name_of(s.world(), copies[0]), "Tank (1)");
    EXPECT_EQ(name_of(s.world(), copies[1]), "Tank (2)");
}

TEST(DuplicateNames, NumbersThatAreNotACopysAreKeptAndLongNamesKeepTheirNumber) {
    const auto none = [](const std::string&) { return false; };
    EXPECT_EQ(numbered_copy_name("Level (final)", none), "Level (final) (1)");
    EXPECT_EQ(numbered_copy_name("Hunter(1)", none), "Hunter(1) (1)");
    EXPECT_EQ(numbered_copy_name("", none), " (1)");
    const std::string copy = numbered_copy_name(std::string(63, 'x'), none);
    EXPECT_EQ(copy.size(), 63u);
    EXPECT_EQ(copy.substr(copy.size() - 4), " (1)");
}

// The names of `parent`'s children in the world's order: the order the Hierarchy shows them
// and the scene file stores them in.
std::vector<std::string> children_of(const world& w, entity parent) {
    std::vector<std::string> names;
    w.each([&](entity e) {
        if (parent_of(w, e) == parent) names.push_back(name_of(w, e));
    });
    return names;
}

// Ctrl+D on an entity with children: the copy's children come in the original's order (issue
// 33: they came out reversed), also when freed slots are reused for the copies, and so do
// grandchildren.
TEST(DuplicateNames, TheCopysChildrenKeepTheOriginalsOrder) {
    editor_state s;
    const entity tank = create_entity(s, "Tank");
    for (const char* name : {"Hull", "Turret", "Flag", "Antenna"})
        (void)create_entity(s, name, tank);
    const entity turret = s.find_by_name("Turret");
    for (const char* name : {"Barrel", "Hatch", "Light"}) (void)create_entity(s, name, turret);
    const std::vector<std::string> order = {"Hull", "Turret", "Flag", "Antenna"};
    const std::vector<std::string> below_turret = {"Barrel", "Hatch", "Light"};
    ASSERT_EQ(children_of(s.world(), tank), order);

    (void)duplicate_one(s, tank);
    const entity copy = s.find_by_name("Tank (1)");
    ASSERT_FALSE(copy.is_null());
    EXPECT_EQ(children_of(s.world(), copy), order);
    entity copied_turret = null_entity;
    s.world().each([&](entity e) {
        if (parent_of(s.world(), e) == copy && name_of(s.world(), e) == "Turret") copied_turret = e;
    });
    ASSERT_FALSE(copied_turret.is_null());
    EXPECT_EQ(children_of(s.world(), copied_turret), below_turret);

    // Freed slots (the free list hands them back last-freed first) are reused in order too.
    std::vector<entity> spare;
    for (int i = 0; i < 12; ++i) spare.push_back(create_entity(s, "Spare"));
    delete_entities(s, spare);
    (void)duplicate_one(s, tank);
    const entity again = s.find_by_name("Tank (2)");
    ASSERT_FALSE(again.is_null());
    EXPECT_EQ(children_of(s.world(), again), order);
}

}  // namespace
