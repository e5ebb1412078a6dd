// Sprite.frame and Text in scene files: a scene written before `frame` existed loads with
// frame 0 and no warning (fields migrate by name); a frame and a Text survive JSON and
// binary round trips.
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <mosaic/ecs/component_table.hpp>
#include <mosaic/engine/builtin_components.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/scene/scene.hpp>
#include <mosaic/engine/scene/scene_binary.hpp>
#include <mosaic/engine/scene/scene_json.hpp>
#include <sstream>

namespace mosaic {
namespace {

TEST(SpriteFrame, OldScenesLoadWithFrameZeroAndNoWarning) {
    component_table table;
    register_builtin_components(table);
    std::ifstream in(MOSAIC_TEST_DATA_DIR "/format_v1.scene.json");
    ASSERT_TRUE(in) << "missing fixture";
    std::stringstream text;
    text << in.rdbuf();
    ASSERT_EQ(text.str().find("\"frame\""), std::string::npos);
    auto loaded = load_scene_json(text.str(), table, "format_v1.scene.json");
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    EXPECT_TRUE(loaded.diagnostics.empty()) << to_string(loaded.diagnostics);
    const scene& s = *loaded.value;
    EXPECT_EQ(s.world.get<Sprite>(s.find(10)).frame, 0);
}

TEST(SpriteFrame, FrameAndTextSurviveJsonAndBinary) {
    component_table table;
    register_builtin_components(table);
    scene s;
    const entity e = s.world.create();
    Sprite sprite;
    std::strncpy(sprite.texture.path, "art/tank.sheet.json", sizeof(sprite.texture.path) - 1);
    sprite.frame = 3;
    s.world.add<Transform>(e);
    s.world.add<Sprite>(e, sprite);
    Text text{.size = 0.75f, .align = TextAlign::right, .layer = 2};
    std::strncpy(text.text, "Score: 10", sizeof(text.text) - 1);
    s.world.add<Text>(e, text);

    std::ostringstream json;
    ASSERT_TRUE(save_scene_json(s, table, json).empty());
    EXPECT_NE(json.str().find("\"frame\": 3"), std::string::npos) << json.str();
    EXPECT_NE(json.str().find("\"align\": \"right\""), std::string::npos) << json.str();
    auto from_json = load_scene_json(json.str(), table);
    ASSERT_TRUE(from_json.ok()) << to_string(from_json.diagnostics);

    std::ostringstream binary;
    ASSERT_TRUE(save_scene_binary(*from_json.value, table, binary).empty());
    auto from_binary = load_scene_binary(binary.str(), table);
    ASSERT_TRUE(from_binary.ok()) << to_string(from_binary.diagnostics);
    for (const scene* loaded : {&*from_json.value, &*from_binary.value}) {
        const world& w = loaded->world;
        bool found = false;
        w.view<const Sprite, const Text>().each([&](const Sprite& sp, const Text& t) {
            found = true;
            EXPECT_EQ(sp.frame, 3);
            EXPECT_STREQ(sp.texture.path, "art/tank.sheet.json");
            EXPECT_STREQ(t.text, "Score: 10");
            EXPECT_EQ(t.size, 0.75f);
            EXPECT_EQ(t.align, TextAlign::right);
            EXPECT_EQ(t.layer, 2);
        });
        EXPECT_TRUE(found);
    }
}

}  // namespace
}  // namespace mosaic
