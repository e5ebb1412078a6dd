// Values the loaders used to change without a word (issue #32): an archetype name with a NUL,
// "parent": 0, a name cut inside a UTF-8 character; and names from a file printed raw into a
// warning. Each is now said, or done right.
#include <gtest/gtest.h>

#include <cstring>
#include <sstream>
#include <string>

#include <mosaic/engine/builtin_components.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/scene/scene_binary.hpp>
#include <mosaic/engine/scene/scene_json.hpp>

namespace {

using namespace mosaic;

struct Probe {
    float value = 1;
};

struct SilentChanges : ::testing::Test {
    SilentChanges() { register_builtin_components(table); }
    component_table table;
};

TEST_F(SilentChanges, AnArchetypeNameWithANulWarns) {
    const auto loaded = load_archetype_json(
        R"({"format": "mosaic.archetype", "version": 2, "name": "a\u0000b", "components": {}})",
        table, "a.archetype.json");
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    const std::string all = to_string(loaded.diagnostics);
    EXPECT_NE(all.find("the name contains a NUL character: cut to 'a'"), std::string::npos) << all;
}

TEST_F(SilentChanges, ParentZeroWarns) {
    const auto loaded = load_scene_json(
        R"({"format": "mosaic.scene", "version": 2, "entities": [{"id": 1, "parent": 0}]})", table,
        "level.scene.json");
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    const std::string all = to_string(loaded.diagnostics);
    EXPECT_NE(all.find("parent 0 is no entity"), std::string::npos) << all;
}

// 62 ASCII bytes and an "é" (0xC3 0xA9): the 63-byte cut falls inside the "é"; it is cut
// before it instead, and what is saved loads again without a lone 0xC3.
TEST_F(SilentChanges, ANameIsCutOnACharacterBoundary) {
    const std::string name = std::string(62, 'a') + "\xc3\xa9";
    const auto loaded = load_scene_json(
        R"({"format": "mosaic.scene", "version": 2, "entities": [{"id": 1, "name": ")" + name +
            R"("}]})",
        table, "level.scene.json");
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    const std::string all = to_string(loaded.diagnostics);
    EXPECT_NE(all.find("name cut to 62 bytes"), std::string::npos) << all;
    const world& w = loaded.value->world;
    std::string kept;
    w.each([&](entity e) {
        if (const Name* n = w.try_get<Name>(e)) kept = n->value;
    });
    EXPECT_EQ(kept, std::string(62, 'a'));
}

// A field name with a newline and an escape sequence, unknown to the loading build: the
// warning shows it escaped, on one line.
TEST_F(SilentChanges, AnUnknownFieldsNameIsEscapedInTheWarning) {
    component_table writer;
    writer.component<Probe>("Probe").field("we\nird\x1b[2J", &Probe::value);
    scene s;
    s.world.add<Probe>(s.world.create());
    std::ostringstream out;
    ASSERT_TRUE(save_scene_binary(s, writer, out).empty());
    component_table reader;
    reader.component<Probe>("Probe").field("value", &Probe::value);
    const auto loaded = load_scene_binary(out.str(), reader, "level.scene.bin");
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    const std::string all = to_string(loaded.diagnostics);
    EXPECT_NE(all.find("we\\nird\\x1b[2J"), std::string::npos) << all;
    EXPECT_EQ(all.find("we\nird"), std::string::npos) << all;
}

}  // namespace
