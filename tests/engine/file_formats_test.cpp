// The table of file formats (engine/include/mosaic/engine/scene/file_formats.hpp): what a file
// is by its name and by its first bytes, and that every scene row's codec reads what it writes.
#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>

#include <mosaic/engine/animation/clip_json.hpp>
#include <mosaic/engine/builtin_components.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/scene/file_formats.hpp>
#include <mosaic/engine/scene/scene_binary.hpp>
#include <mosaic/engine/scene/scene_file.hpp>
#include <mosaic/engine/tilemap/tileset.hpp>

namespace {

using namespace mosaic;

TEST(FileFormats, NamesTellTheKindAndSceneFormat) {
    ASSERT_NE(file_format_of("levels/one.scene.json"), nullptr);
    EXPECT_EQ(file_format_of("levels/one.scene.json")->kind, file_kind::scene);
    EXPECT_EQ(file_format_of("one.scene.json")->scene_format, scene_file_format::json);
    EXPECT_EQ(file_format_of("one.scene.bin")->scene_format, scene_file_format::binary);
    EXPECT_EQ(file_format_of("hero.prefab.json")->kind, file_kind::prefab);
    EXPECT_EQ(file_format_of("enemy.archetype.json")->kind, file_kind::archetype);
    EXPECT_EQ(file_format_of("run.mosaic-replay")->kind, file_kind::replay);
    EXPECT_EQ(file_format_of("hero.sheet.json")->kind, file_kind::sprite_sheet);
    EXPECT_EQ(file_format_of("walk.clip.json")->kind, file_kind::clip);
    EXPECT_EQ(file_format_of("ground.tileset.json")->kind, file_kind::tileset);
    EXPECT_EQ(file_format_of("hero.png")->kind, file_kind::image);
    EXPECT_EQ(file_format_of("hero.jpeg")->kind, file_kind::image);
    EXPECT_EQ(file_format_of("ui.otf")->kind, file_kind::font);

    EXPECT_EQ(file_format_of("notes.json"), nullptr);
    EXPECT_EQ(file_format_of("mosaic.project.json"), nullptr);
    EXPECT_EQ(file_format_of(".scene.json"), nullptr) << "an ending alone has no NAME";
    EXPECT_EQ(file_format_of("one.SCENE.JSON"), nullptr) << "case-sensitive, as the loaders";
    EXPECT_EQ(file_format_of("scenes.json/readme"), nullptr) << "only the file name counts";
}

TEST(FileFormats, TheOlderQuestionsAnswerFromTheTable) {
    for (const file_format& f : file_formats()) {
        const std::string name = "x" + std::string(f.ending);
        SCOPED_TRACE(name);
        EXPECT_EQ(scene_format_of(name).has_value(), f.kind == file_kind::scene);
        EXPECT_EQ(is_prefab_path(name), f.kind == file_kind::prefab);
        EXPECT_EQ(is_archetype_path(name), f.kind == file_kind::archetype);
        EXPECT_EQ(is_clip_path(name), f.kind == file_kind::clip);
        EXPECT_EQ(is_tileset_path(name), f.kind == file_kind::tileset);
        EXPECT_EQ(name_without_ending(name), "x");
    }
    EXPECT_EQ(name_without_ending("levels/battle.scene.bin"), "battle");
    EXPECT_EQ(name_without_ending("notes.txt"), "notes");
}

TEST(FileFormats, BytesWithoutANameAreTheFormatWhoseMagicTheyStartWith) {
    EXPECT_EQ(scene_format_of_bytes(std::string(binary_scene_magic) + "rest").scene_format,
              scene_file_format::binary);
    EXPECT_EQ(scene_format_of_bytes(R"({"format": "mosaic.scene"})").scene_format,
              scene_file_format::json);
    EXPECT_EQ(scene_format_of_bytes("").scene_format, scene_file_format::json);
    EXPECT_EQ(scene_format_of_bytes("MOSAIC").scene_format, scene_file_format::json)
        << "a prefix of the magic is not the magic";
}

TEST(FileFormats, EverySceneRowReadsWhatItWrites) {
    component_table table;
    register_builtin_components(table);
    std::set<scene_file_format> seen;
    for (const file_format& f : file_formats()) {
        if (!f.is_scene()) {
            EXPECT_EQ(f.write_scene, nullptr) << f.ending;
            continue;
        }
        seen.insert(f.scene_format);
        EXPECT_EQ(&scene_format_row(f.scene_format), &f);
        scene s;
        const entity e = s.world.create();
        s.world.add<Transform>(e, Transform{.position = {3.0f, -2.0f}});
        std::ostringstream out(std::ios::out | std::ios::binary);
        ASSERT_TRUE(f.write_scene(s, table, out).empty()) << f.ending;
        const std::string bytes = std::move(out).str();
        EXPECT_EQ(&scene_format_of_bytes(bytes), &f) << f.ending << ": told apart by content";
        const load_result<scene> back = f.read_scene(bytes, table, "x", {});
        ASSERT_TRUE(back.ok()) << f.ending << ": " << to_string(back.diagnostics);
        EXPECT_EQ(back.value->world.size(), 1u);
    }
    EXPECT_EQ(seen, (std::set{scene_file_format::json, scene_file_format::binary}));
}

}  // namespace
