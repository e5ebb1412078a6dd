// Duplicate numbers copies as Unity does: the next free number after the source's own, never
// "Hunter (1) (1)", and no two entities end up with the same name by duplicating.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include <mosaic/ecs/view.hpp>

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

}  // namespace
