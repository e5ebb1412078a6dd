// Archetype files keep what an archetype holds, its Name component included (a scene stores
// names as entity keys; an archetype has none, so Name stays a component there).
#include <gtest/gtest.h>

#include <cstring>
#include <sstream>

#include <mosaic/engine/builtin_components.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/scene/scene_json.hpp>

namespace {

using namespace mosaic;

TEST(ArchetypeJson, NameAndComponentsRoundTripWithoutWarnings) {
    component_table table;
    register_builtin_components(table);
    archetype bullet{"bullet"};
    Name name;
    std::strcpy(name.value, "Bullet");
    bullet.set(name).set(Lifetime{2.5f}).set(Damage{15, true}, false);

    std::ostringstream out;
    EXPECT_TRUE(save_archetype_json(bullet, table, out).empty());
    const load_result<archetype> loaded =
        load_archetype_json(out.str(), table, "bullet.archetype.json");
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    EXPECT_TRUE(loaded.diagnostics.empty()) << to_string(loaded.diagnostics);
    const archetype& a = *loaded.value;
    EXPECT_EQ(a.name(), "bullet");
    ASSERT_NE(a.find<Name>(), nullptr);
    EXPECT_STREQ(a.find<Name>()->value, "Bullet");
    EXPECT_FLOAT_EQ(a.find<Lifetime>()->seconds, 2.5f);
    EXPECT_FALSE(a.is_enabled(type_id_of<Damage>()));

    // Spawned entities get the name.
    world w;
    const entity e = spawn(w, a);
    EXPECT_STREQ(w.get<Name>(e).value, "Bullet");
}

TEST(ArchetypeJson, FileIdsAndParentsAreStillRefused) {
    component_table table;
    register_builtin_components(table);
    const char* text = R"({"format": "mosaic.archetype", "version": 2, "name": "x",
        "components": {"Parent": {"version": 1, "entity": 0}}})";
    const load_result<archetype> loaded = load_archetype_json(text, table, "x.archetype.json");
    ASSERT_TRUE(loaded.ok());
    ASSERT_EQ(loaded.diagnostics.size(), 1u);
    EXPECT_NE(loaded.diagnostics[0].message.find("not stored"), std::string::npos);
    EXPECT_EQ(loaded.value->find<Parent>(), nullptr);
}

}  // namespace
