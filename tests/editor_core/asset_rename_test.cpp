// References that survive renames and moves, headless: the JSON rewrite (layout kept, keys
// and other strings left alone, a sheet's image relative to the sheet), a rename that moves
// the file and its side file and rewrites the project's files (binary scenes included) and
// the open scene in memory with its undo history, the refusal to overwrite, the script verb;
// files moved outside the editor found through the asset index and fixed; and the Console
// naming the entity and field that use a missing asset.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/scene/prefab.hpp>
#include <mosaic/engine/scene/scene_file.hpp>

#include "../engine/assets/asset_test_support.hpp"
#include "core/asset_actions.hpp"
#include "core/asset_index.hpp"
#include "core/asset_references.hpp"
#include "core/asset_rename.hpp"
#include "core/command_table.hpp"
#include "core/editor_state.hpp"
#include "core/missing_assets.hpp"
#include "core/prefab_actions.hpp"

namespace {

using namespace mosaic;
using namespace mosaic::editor;
using mosaic::testing::png_bytes;
using mosaic::testing::write_bytes;
using mosaic::testing::write_text;
namespace fs = std::filesystem;

std::string read_text(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

bool logged(const editor_state& s, std::string_view text) {
    for (const auto& line : s.log().lines())
        if (line.text.find(text) != std::string::npos) return true;
    return false;
}

// --- the JSON rewrite ------------------------------------------------------------------------

TEST(AssetReferences, OnlyStringValuesEqualToThePathChangeAndTheLayoutStays) {
    const std::string text = R"({"art/a.png": "art/a.png",
  "list": ["art/a.png", "art/a.png.bak", "x"],
  "nested": {"texture":   "art/a.png" , "note": "see art/a.png"}})";
    const json_rewrite r =
        rewrite_json_references(text, {"art/a.png", "gfx/b \"new\".png"}, "x.json", "x.json");
    EXPECT_TRUE(r.error.empty());
    EXPECT_EQ(r.references, 3u);
    EXPECT_EQ(r.text, R"({"art/a.png": "gfx/b \"new\".png",
  "list": ["gfx/b \"new\".png", "art/a.png.bak", "x"],
  "nested": {"texture":   "gfx/b \"new\".png" , "note": "see art/a.png"}})");
    // Escaped spellings of the same path are found too.
    EXPECT_EQ(rewrite_json_references(R"(["art\/a.png", "art\u002fa.png"])", {"art/a.png", "b.png"},
                                      "", "")
                  .references,
              2u);
}

TEST(AssetReferences, ASheetsImageIsRelativeToTheSheetAndFollowsEitherMove) {
    const std::string sheet = R"({"meta": {"image": "hero.png"}, "frames": {}})";
    // The picture moves: the sheet names its new place, seen from the sheet.
    json_rewrite r = rewrite_json_references(sheet, {"anim/hero.png", "art/hero2.png"},
                                             "anim/hero.json", "anim/hero.json", true);
    EXPECT_EQ(r.references, 1u);
    EXPECT_NE(r.text.find(R"("image": "../art/hero2.png")"), std::string::npos) << r.text;
    // The sheet moves: it keeps naming the same picture where it is.
    r = rewrite_json_references(sheet, {"anim/hero.json", "a/b/hero.json"}, "anim/hero.json",
                                "a/b/hero.json", true);
    EXPECT_NE(r.text.find(R"("image": "../../anim/hero.png")"), std::string::npos) << r.text;
    // Another picture: nothing changes.
    EXPECT_EQ(rewrite_json_references(sheet, {"anim/x.png", "anim/y.png"}, "anim/hero.json",
                                      "anim/hero.json", true)
                  .references,
              0u);
}

TEST(AssetReferences, TextThatIsNotJsonIsLeftAlone) {
    const json_rewrite r =
        rewrite_json_references(R"({"a": "art/a.png)", {"art/a.png", "b"}, "", "");
    EXPECT_FALSE(r.error.empty());
    EXPECT_EQ(r.references, 0u);
    EXPECT_EQ(r.text, R"({"a": "art/a.png)");
}

TEST(AssetReferences, BadTargetPathsAreNamed) {
    EXPECT_FALSE(bad_asset_path("art/b.png"));
    for (const char* bad : {"", "/abs.png", "../out.png", "art//b.png", "art/", "a\\b.png",
                            ".hidden/b.png", "art/./b.png"})
        EXPECT_TRUE(bad_asset_path(bad)) << bad;
}

// --- renaming in the editor ------------------------------------------------------------------

/// A project (the open scene's folder): an image with import settings, an archetype, a sheet
/// and a tileset naming it, a text file that only mentions it; the open scene has a saved
/// sprite showing it and an unsaved one.
struct Rename : ::testing::Test {
    fs::path folder = mosaic::testing::asset_temp_folder();
    editor_state s;
    entity saved_sprite, unsaved_sprite;

    Rename() {
        write_bytes(folder / "art/a.png", png_bytes(16, 16));
        write_text(folder / "art/a.png.import.json", "{\"pixels_per_unit\": 16}\n");
        write_text(folder / "archetypes/enemy.archetype.json",
                   "{\n  \"format\": \"mosaic.archetype\",\n  \"components\": {\"Sprite\": "
                   "{\"texture\": \"art/a.png\"}}\n}\n");
        write_text(folder / "anim/hero.json",
                   R"({"frames": {"f": {"frame": {"x": 0, "y": 0, "w": 8, "h": 8}}},
 "meta": {"image": "../art/a.png", "size": {"w": 16, "h": 16}}})");
        write_text(folder / "tiles.tileset.json", R"({"version": 1, "sheet": "anim/hero.json"})");
        write_text(folder / "notes.json", R"({"todo": "art/a.png"})");  // not an asset file
        EXPECT_TRUE(s.save_as(folder / "level.scene.json"));
        saved_sprite = create_sprite_entity(s, "art/a.png", {0, 0});
        EXPECT_TRUE(s.save());
        unsaved_sprite = create_sprite_entity(s, "art/a.png", {1, 0});
        EXPECT_TRUE(s.active_document().dirty());
    }
    std::string texture(entity e) { return s.world().get<Sprite>(e).texture.path; }
};

TEST_F(Rename, MovesTheFileAndItsSideFileAndRewritesEveryReference) {
    const rename_result r = rename_asset(s, "art/a.png", "gfx/b.png");
    ASSERT_TRUE(r.done) << r.message;
    EXPECT_FALSE(fs::exists(folder / "art/a.png"));
    EXPECT_TRUE(fs::exists(folder / "gfx/b.png"));
    EXPECT_FALSE(fs::exists(folder / "art/a.png.import.json"));
    EXPECT_EQ(read_text(folder / "gfx/b.png.import.json"), "{\"pixels_per_unit\": 16}\n");

    EXPECT_EQ(read_text(folder / "archetypes/enemy.archetype.json"),
              "{\n  \"format\": \"mosaic.archetype\",\n  \"components\": {\"Sprite\": "
              "{\"texture\": \"gfx/b.png\"}}\n}\n");
    EXPECT_NE(read_text(folder / "anim/hero.json").find(R"("image": "../gfx/b.png")"),
              std::string::npos);
    EXPECT_NE(read_text(folder / "level.scene.json").find("\"gfx/b.png\""), std::string::npos);
    EXPECT_EQ(read_text(folder / "level.scene.json").find("art/a.png"), std::string::npos);
    EXPECT_EQ(read_text(folder / "notes.json"), R"({"todo": "art/a.png"})");
    EXPECT_FALSE(fs::exists(folder / "level.scene.json.bak.bak"));

    // The open scene: both sprites, the unsaved one too; still unsaved, as before.
    EXPECT_EQ(texture(saved_sprite), "gfx/b.png");
    EXPECT_EQ(texture(unsaved_sprite), "gfx/b.png");
    EXPECT_EQ(r.in_memory, 2u);
    EXPECT_TRUE(s.active_document().dirty());
    // Undo and redo never bring the old path back: the history was rewritten too.
    ASSERT_TRUE(s.undo());
    EXPECT_FALSE(s.world().alive(unsaved_sprite));
    ASSERT_TRUE(s.redo());
    EXPECT_EQ(texture(unsaved_sprite), "gfx/b.png");

    EXPECT_EQ(r.files.files_updated(), 3u);
    EXPECT_TRUE(logged(s,
                       "renamed art/a.png -> gfx/b.png (with art/a.png.import.json): 3 files "
                       "updated: anim/hero.json (1 reference), archetypes/enemy.archetype.json "
                       "(1 reference), level.scene.json (1 reference); the open scene: 2 "
                       "references"))
        << r.message;
}

TEST_F(Rename, ASheetMovedKeepsItsImageAndWhatNamesItFollows) {
    ASSERT_TRUE(rename_asset(s, "anim/hero.json", "sheets/big/hero.json").done);
    EXPECT_NE(read_text(folder / "sheets/big/hero.json").find(R"("image": "../../art/a.png")"),
              std::string::npos);
    EXPECT_NE(read_text(folder / "tiles.tileset.json").find("\"sheets/big/hero.json\""),
              std::string::npos);
    EXPECT_TRUE(fs::exists(folder / "art/a.png"));
}

TEST_F(Rename, NothingIsOverwritten) {
    write_bytes(folder / "art/b.png", png_bytes(4, 4));
    const std::string before = read_text(folder / "archetypes/enemy.archetype.json");
    rename_result r = rename_asset(s, "art/a.png", "art/b.png");
    EXPECT_FALSE(r.done);
    EXPECT_TRUE(logged(s, "cannot rename art/a.png -> art/b.png: art/b.png exists already"));
    EXPECT_TRUE(fs::exists(folder / "art/a.png"));
    EXPECT_EQ(read_text(folder / "archetypes/enemy.archetype.json"), before);
    EXPECT_EQ(texture(saved_sprite), "art/a.png");
    // A side file in the way refuses too.
    write_text(folder / "art/c.png.import.json", "{}");
    EXPECT_FALSE(rename_asset(s, "art/a.png", "art/c.png").done);
    EXPECT_TRUE(fs::exists(folder / "art/a.png"));
    EXPECT_FALSE(rename_asset(s, "art/none.png", "art/d.png").done);
    EXPECT_FALSE(rename_asset(s, "art/a.png", "../outside.png").done);
}

TEST_F(Rename, TheScriptVerbRenamesAndABinarySceneIsRewrittenThroughTheLoader) {
    // A binary scene of the project with a sprite showing the image.
    mosaic::scene other;
    const entity e = other.world.create();
    Sprite sprite;
    std::strcpy(sprite.texture.path, "art/a.png");
    other.world.add<Sprite>(e, sprite);
    for (const diagnostic& d : save_scene_file(other, s.table(), folder / "big.scene.bin"))
        ASSERT_NE(d.severity, diagnostic::level::error) << d.message;

    const command* c = editor_commands().find_verb("rename_asset");
    ASSERT_NE(c, nullptr);
    command_context ctx{.state = s, .args = {"art/a.png", "art/renamed.png"}};
    EXPECT_EQ(command_table::run(*c, ctx), "");
    EXPECT_TRUE(fs::exists(folder / "art/renamed.png"));
    EXPECT_TRUE(logged(s, "big.scene.bin (1 reference)"));

    load_result<mosaic::scene> back = load_scene_file(folder / "big.scene.bin", s.table());
    ASSERT_TRUE(back.ok());
    std::size_t found = 0;
    back.value->world.view<const Sprite>().each([&](entity, const Sprite& sp) {
        EXPECT_STREQ(sp.texture.path, "art/renamed.png");
        ++found;
    });
    EXPECT_EQ(found, 1u);
    command_context bad{.state = s, .args = {"art/renamed.png", "art/renamed.png"}};
    EXPECT_NE(command_table::run(*c, bad), "");
}

TEST_F(Rename, TheOpenScenesOwnFileCanBeRenamedAndTheDocumentFollowsIt) {
    ASSERT_TRUE(rename_asset(s, "level.scene.json", "levels/first.scene.json").done);
    EXPECT_EQ(fs::absolute(s.scene_path()).lexically_normal(),
              (folder / "levels/first.scene.json").lexically_normal());
    EXPECT_TRUE(s.save());
    EXPECT_FALSE(fs::exists(folder / "level.scene.json"));
}

TEST_F(Rename, APrefabRenamedKeepsItsInstancesLinked) {
    const entity tank = s.world().create();
    s.world().add<Name>(tank, Name{"Tank"});
    s.world().add<Transform>(tank);
    const auto file = create_prefab(s, tank);
    ASSERT_TRUE(file);
    ASSERT_TRUE(s.world().has<PrefabInstance>(tank));
    EXPECT_STREQ(s.world().get<PrefabInstance>(tank).prefab.path, "archetypes/Tank.prefab.json");
    ASSERT_TRUE(s.save());

    ASSERT_TRUE(rename_asset(s, "archetypes/Tank.prefab.json", "archetypes/Hull.prefab.json").done);
    EXPECT_STREQ(s.world().get<PrefabInstance>(tank).prefab.path, "archetypes/Hull.prefab.json");
    bool listed = false;
    for (const prefab& p : s.game().prefabs()) listed |= p.name() == "Hull";
    EXPECT_TRUE(listed) << "the project's prefabs are read again";
    // The scene file links to the new name and opens with its instance resolved.
    std::vector<diagnostic> errors;
    ASSERT_TRUE(s.open(folder / "level.scene.json", &errors));
    EXPECT_TRUE(errors.empty());
    std::size_t linked = 0;
    s.world().view<const PrefabInstance>().each([&](entity, const PrefabInstance& link) {
        EXPECT_STREQ(link.prefab.path, "archetypes/Hull.prefab.json");
        ++linked;
    });
    EXPECT_EQ(linked, 1u);
    EXPECT_FALSE(logged(s, "Missing prefab"));
}

// --- moved outside the editor ----------------------------------------------------------------

TEST_F(Rename, AFileMovedOutsideIsFoundThroughTheIndexAndFixed) {
    EXPECT_TRUE(check_outside_renames(s).empty());  // writes the index
    ASSERT_TRUE(fs::exists(asset_index_file(folder)));
    EXPECT_NE(read_text(asset_index_file(folder)).find("\"art/a.png\""), std::string::npos);

    // git mv (the side file comes along, as it would).
    fs::create_directories(folder / "pictures");
    fs::rename(folder / "art/a.png", folder / "pictures/a.png");
    fs::rename(folder / "art/a.png.import.json", folder / "pictures/a.png.import.json");
    std::vector<outside_rename> found = check_outside_renames(s);
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0].move.from, "art/a.png");
    EXPECT_EQ(found[0].move.to, "pictures/a.png");
    EXPECT_EQ(found[0].references, 3u);  // the archetype, the sheet, the saved scene
    EXPECT_TRUE(logged(s, "art/a.png was moved to pictures/a.png outside the editor"));
    // Offered again until fixed.
    EXPECT_EQ(check_outside_renames(s, false).size(), 1u);

    const command* fix = editor_commands().find_verb("fix_references");
    ASSERT_NE(fix, nullptr);
    command_context ctx{.state = s};
    EXPECT_EQ(command_table::run(*fix, ctx), "");
    EXPECT_NE(read_text(folder / "archetypes/enemy.archetype.json").find("pictures/a.png"),
              std::string::npos);
    EXPECT_NE(read_text(folder / "anim/hero.json").find(R"("image": "../pictures/a.png")"),
              std::string::npos);
    EXPECT_EQ(texture(saved_sprite), "pictures/a.png");
    EXPECT_EQ(texture(unsaved_sprite), "pictures/a.png");
    EXPECT_TRUE(logged(s, "references fixed: art/a.png -> pictures/a.png"));
    EXPECT_TRUE(check_outside_renames(s, false).empty());
}

TEST_F(Rename, AMoveOutsideCanBeDismissed) {
    (void)check_outside_renames(s);
    fs::rename(folder / "art/a.png", folder / "a.png");
    EXPECT_EQ(check_outside_renames(s, false).size(), 1u);
    const command* forget = editor_commands().find_verb("forget_renames");
    ASSERT_NE(forget, nullptr);
    command_context ctx{.state = s};
    EXPECT_EQ(command_table::run(*forget, ctx), "");
    EXPECT_TRUE(check_outside_renames(s, false).empty());
    EXPECT_EQ(texture(saved_sprite), "art/a.png");
}

TEST(AssetIndex, ABrokenIndexIsReportedAndMadeAgain) {
    const fs::path folder = mosaic::testing::asset_temp_folder();
    write_text(asset_index_file(folder), "{\"version\": 1, \"files\": {\"a.png\": [1]}}");
    std::string error;
    EXPECT_TRUE(load_asset_index(folder, &error).empty());
    EXPECT_NE(error.find("a.png"), std::string::npos) << error;
    write_bytes(folder / "a.png", png_bytes(2, 2));
    const asset_index now = scan_asset_index(folder);
    ASSERT_TRUE(save_asset_index(folder, now));
    EXPECT_EQ(load_asset_index(folder), now);
    EXPECT_NE(now.at("a.png").hash, 0u);
}

// --- a missing asset names its users ---------------------------------------------------------

TEST(MissingAssets, TheConsoleNamesTheEntityAndTheFieldOncePerReference) {
    const fs::path folder = mosaic::testing::asset_temp_folder();
    editor_state s;
    ASSERT_TRUE(s.save_as(folder / "level.scene.json"));
    world& w = s.world();
    const entity tank = w.create();
    w.add<Name>(tank, Name{"tank 3"});
    w.add<EntityId>(tank, EntityId{12});
    Sprite sprite;
    std::strcpy(sprite.texture.path, "art/tank.png");
    w.add<Sprite>(tank, sprite);
    const entity label = w.create();
    w.add<Name>(label, Name{"Title"});
    w.add<EntityId>(label, EntityId{4});
    Text text;
    std::strcpy(text.font.path, "art/tank.png");
    w.add<Text>(label, text);
    write_text(folder / "fonts/broken.ttf", "not a font");

    const std::vector<std::string> lines =
        describe_asset_users(s.scene(), s.table(), s.project_folder(), "art/tank.png");
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(lines[0], "entity 'Title' (#4) Text.font: 'art/tank.png' does not exist");
    EXPECT_EQ(lines[1], "entity 'tank 3' (#12) Sprite.texture: 'art/tank.png' does not exist");

    const std::size_t before = s.log().lines().size();
    const std::vector<std::string> failed{"art/tank.png"};
    EXPECT_EQ(report_missing_assets(s, failed), 2u);
    EXPECT_EQ(s.log().lines().size(), before + 2);
    EXPECT_TRUE(logged(s, "entity 'tank 3' (#12) Sprite.texture: 'art/tank.png' does not exist"));
    // Nothing else names it, and a file that exists but does not load says so.
    EXPECT_TRUE(describe_asset_users(s.scene(), s.table(), folder, "art/other.png").empty());
    std::strcpy(w.get<Text>(label).font.path, "fonts/broken.ttf");
    EXPECT_EQ(describe_asset_users(s.scene(), s.table(), folder, "fonts/broken.ttf"),
              std::vector<std::string>{
                  "entity 'Title' (#4) Text.font: 'fonts/broken.ttf' does not load (see above)"});
}

}  // namespace
