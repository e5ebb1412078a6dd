// An archetype opened for editing as a prefab is (editor_archetype_stage.cpp): one entity made
// from NAME.archetype.json, its components edited with undo and redo, Save writing the file
// back in the engine's format (the same bytes when nothing changed), Close giving the scene
// back as it was; a file that does not load opens nothing and changes nothing; the script
// verbs edit_archetype, close_asset and create_from_archetype.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/scene/scene_file.hpp>

#include "core/actions.hpp"
#include "core/archetype_actions.hpp"
#include "core/command_table.hpp"
#include "core/editor_state.hpp"
#include "core/entity_names.hpp"
#include "core/script.hpp"

#ifndef MOSAIC_REPO_DIR
#error "MOSAIC_REPO_DIR must point at the repository (the platformer's archetypes)"
#endif

namespace {

using namespace mosaic;
using namespace mosaic::editor;
namespace fs = std::filesystem;

std::string bytes_of(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write(const fs::path& file, const std::string& text) {
    std::ofstream(file, std::ios::binary | std::ios::trunc) << text;
}

std::size_t plain_entities(const world& w) {
    std::size_t n = 0;
    w.each([&](entity e) { n += w.has<resource_entity>(e) ? 0 : 1; });
    return n;
}

bool console_has(const editor_state& s, log_level level, const std::string& text) {
    for (const log_line& l : s.log().lines())
        if (l.level == level && l.text.find(text) != std::string::npos) return true;
    return false;
}

// A scene with two entities and a Hunter archetype written by Create Archetype (a disabled
// component, values off their defaults).
struct ArchetypeEdit : ::testing::Test {
    ArchetypeEdit() {
        fs::remove_all(folder);
        fs::create_directories(folder);
        EXPECT_TRUE(s.save_as(folder / "main.scene.json"));
        const entity hunter = create_entity(s, "Hunter");
        add_component(s, std::vector<entity>{hunter}, type_id_of<RigidBody>());
        s.world().get<RigidBody>(hunter).damping = 0.25f;
        s.world().get<Transform>(hunter).position = {3, 4};
        add_component(s, std::vector<entity>{hunter}, type_id_of<Sprite>());
        set_component_enabled(s, std::vector<entity>{hunter}, type_id_of<Sprite>(), false);
        file = *create_archetype(s, hunter);
        other = create_entity(s, "Other");
        s.selection().select(other);
        EXPECT_TRUE(s.save());
    }
    ~ArchetypeEdit() override {
        std::error_code ec;
        fs::remove_all(folder, ec);
    }
    std::string run(const std::string& line) { return run_script_line(s, {1, line}, {}); }

    fs::path folder =
        fs::temp_directory_path() / ("mosaic_archetype_edit_" + std::to_string(::getpid()));
    editor_state s;
    fs::path file;
    entity other;
};

TEST_F(ArchetypeEdit, OpenShowsOneEntityAndSaveUnchangedWritesTheSameBytes) {
    const std::string before = bytes_of(file);
    const std::size_t scene_steps = s.history().undo_steps();

    ASSERT_TRUE(s.open_archetype(file));
    ASSERT_NE(s.opened_archetype(), nullptr);
    EXPECT_EQ(*s.opened_archetype(), file);
    EXPECT_EQ(s.opened_prefab(), nullptr) << "an archetype, not a prefab";
    EXPECT_EQ(s.opened_asset_label(), "archetype Hunter");
    EXPECT_EQ(plain_entities(s.world()), 1u) << "the archetype's one entity alone";
    const entity e = s.selection().active();
    ASSERT_TRUE(s.world().alive(e)) << "selected, so the Inspector shows it";
    EXPECT_EQ(s.world().get<RigidBody>(e).damping, 0.25f);
    EXPECT_FALSE(s.world().is_enabled(e, type_id_of<Sprite>()));
    EXPECT_EQ(s.history().undo_steps(), 0u) << "a history of its own";
    EXPECT_FALSE(s.dirty());
    EXPECT_NE(s.title().find("Hunter.archetype.json (archetype)"), std::string::npos) << s.title();

    ASSERT_TRUE(s.save()) << "File > Save saves the open archetype";
    EXPECT_EQ(bytes_of(file), before) << "opened and saved unchanged: the same bytes";
    EXPECT_EQ(s.scene_path(), folder / "main.scene.json") << "the scene's file stays";
    EXPECT_FALSE(s.save_as(folder / "other.scene.json")) << "its entity is not the scene";
    EXPECT_FALSE(fs::exists(folder / "other.scene.json"));

    s.close_asset();
    EXPECT_EQ(s.opened_asset(), nullptr);
    EXPECT_EQ(s.selection().active(), other) << "the scene's selection is back";
    EXPECT_EQ(s.history().undo_steps(), scene_steps) << "and its history";
    EXPECT_TRUE(s.world().alive(s.find_by_name("Hunter")));
}

TEST_F(ArchetypeEdit, EachEditIsOneUndoStepAndSaveWritesTheFileTheProjectReads) {
    ASSERT_TRUE(s.open_archetype(file));
    const entity e = s.selection().active();
    const std::vector<entity> one{e};

    const field_info& damping = *s.table().find<RigidBody>()->find_field("damping");
    const float half = 0.5f;
    set_field(s, one, type_id_of<RigidBody>(), damping, &half);
    ASSERT_TRUE(add_component(s, one, type_id_of<Collider>()));
    ASSERT_TRUE(remove_component(s, one, type_id_of<Sprite>()));
    set_component_enabled(s, one, type_id_of<RigidBody>(), false);
    EXPECT_EQ(s.history().undo_steps(), 4u);
    EXPECT_TRUE(s.dirty());

    // Undo and redo, one edit at a time.
    ASSERT_TRUE(s.undo());
    EXPECT_TRUE(s.world().is_enabled(e, type_id_of<RigidBody>()));
    ASSERT_TRUE(s.undo());
    EXPECT_TRUE(s.world().has<Sprite>(e)) << "the removed component is back";
    ASSERT_TRUE(s.undo());
    EXPECT_FALSE(s.world().has<Collider>(e));
    ASSERT_TRUE(s.undo());
    EXPECT_EQ(s.world().get<RigidBody>(e).damping, 0.25f);
    EXPECT_FALSE(s.dirty()) << "back where it was opened";
    for (int i = 0; i < 4; ++i) ASSERT_TRUE(s.redo());
    EXPECT_EQ(s.world().get<RigidBody>(e).damping, 0.5f);
    EXPECT_TRUE(s.world().has<Collider>(e));
    EXPECT_FALSE(s.world().has<Sprite>(e));

    ASSERT_TRUE(s.save());
    EXPECT_FALSE(s.dirty());
    const load_result<archetype> saved = load_archetype_file(file, s.table());
    ASSERT_TRUE(saved.ok()) << to_string(saved.diagnostics);
    EXPECT_EQ(saved.value->name(), "Hunter") << "its name in the file stays";
    ASSERT_NE(saved.value->find<RigidBody>(), nullptr);
    EXPECT_EQ(saved.value->find<RigidBody>()->damping, 0.5f);
    EXPECT_FALSE(saved.value->is_enabled(type_id_of<RigidBody>()));
    EXPECT_TRUE(saved.value->has<Collider>());
    EXPECT_FALSE(saved.value->has<Sprite>());
    EXPECT_EQ(saved.value->find<Transform>()->position, glm::vec2(3, 4));
    EXPECT_FALSE(saved.value->has<EntityId>()) << "no file id, as Create Archetype writes";
    // The project's archetypes are the saved ones: back in the scene, a new one has the values.
    s.close_asset();
    ASSERT_EQ(s.game().archetypes().size(), 1u);
    EXPECT_EQ(run("create_from_archetype Hunter"), "");
    const entity made = s.selection().active();
    ASSERT_TRUE(s.world().alive(made));
    EXPECT_EQ(s.world().get<RigidBody>(made).damping, 0.5f);
    EXPECT_TRUE(s.world().has<Collider>(made));
    EXPECT_FALSE(s.world().has<Sprite>(made));
}

// Most hand-written archetypes have no Name: it shows under the archetype's name while open,
// and the file stays without one unless the entity is renamed.
TEST_F(ArchetypeEdit, AnArchetypeWithoutANameShowsUnderItsOwnAndSavesWithout) {
    archetype bare("Bare");
    bare.set(Transform{});
    bare.set(RigidBody{});
    const fs::path bare_file = folder / "archetypes" / "Bare.archetype.json";
    ASSERT_TRUE(save_archetype_file(bare, s.table(), bare_file).empty());
    const std::string before = bytes_of(bare_file);

    ASSERT_EQ(run("edit_archetype Bare"), "");
    EXPECT_EQ(name_of(s.world(), s.selection().active()), "Bare");
    EXPECT_EQ(run("select Bare"), "") << "a script finds it by that name";
    ASSERT_EQ(run("save"), "");
    EXPECT_EQ(bytes_of(bare_file), before) << "no Name written";

    ASSERT_EQ(run("rename Scout"), "");
    ASSERT_EQ(run("save"), "");
    const load_result<archetype> saved = load_archetype_file(bare_file, s.table());
    ASSERT_TRUE(saved.ok());
    ASSERT_NE(saved.value->find<Name>(), nullptr) << "renamed: the Name is the user's";
    EXPECT_EQ(name_text(*saved.value->find<Name>()), "Scout");
    EXPECT_EQ(saved.value->name(), "Bare") << "the archetype's own name stays";
    EXPECT_EQ(run("close_asset"), "");
}

TEST_F(ArchetypeEdit, CloseWithoutSavingDropsTheChangesAndLeavesTheFile) {
    const std::string before = bytes_of(file);
    ASSERT_TRUE(s.open_archetype(file));
    ASSERT_TRUE(
        add_component(s, std::vector<entity>{s.selection().active()}, type_id_of<Collider>()));
    s.close_asset();
    EXPECT_EQ(bytes_of(file), before);
    EXPECT_FALSE(s.game().archetypes()[0].has<Collider>());
}

TEST_F(ArchetypeEdit, SaveRefusesWhatIsNotOneEntity) {
    const std::string before = bytes_of(file);
    ASSERT_TRUE(s.open_archetype(file));
    const entity e = s.selection().active();
    create_entity(s, "Extra");
    EXPECT_FALSE(s.save());
    EXPECT_TRUE(console_has(s, log_level::error, "an archetype is one entity, this one has 2"));
    ASSERT_TRUE(s.undo());
    delete_entities(s, std::vector<entity>{e});
    EXPECT_FALSE(s.save());
    EXPECT_TRUE(console_has(s, log_level::error, "this one has 0"));
    EXPECT_EQ(bytes_of(file), before) << "nothing written";
    ASSERT_TRUE(s.undo());
    EXPECT_TRUE(s.save());
}

TEST_F(ArchetypeEdit, AMalformedFileOpensNothingNamesTheFileAndFieldAndChangesNothing) {
    const fs::path bad = folder / "archetypes" / "Broken.archetype.json";
    const std::string text = R"({
  "format": "mosaic.archetype",
  "version": 2,
  "name": "Broken",
  "components": {
    "Transform": {
      "version": 1,
      "position": "left"
    }
  }
}
)";
    write(bad, text);
    const std::size_t steps = s.history().undo_steps();
    const std::string error = run("edit_archetype Broken.archetype.json");
    EXPECT_NE(error.find("Broken.archetype.json"), std::string::npos) << error;
    EXPECT_NE(error.find("components.Transform.position"), std::string::npos) << error;
    EXPECT_EQ(s.opened_asset(), nullptr);
    EXPECT_EQ(bytes_of(bad), text) << "the file is left as it is";
    EXPECT_EQ(s.selection().active(), other) << "the scene is as it was";
    EXPECT_EQ(s.history().undo_steps(), steps);

    // Not JSON at all: the line and column.
    write(bad, "{ \"format\": \"mosaic.archetype\", ");
    EXPECT_FALSE(s.open_archetype(bad));
    EXPECT_TRUE(console_has(s, log_level::error, "Broken.archetype.json:1:"));
    EXPECT_EQ(s.opened_asset(), nullptr);
}

// The platformer's archetypes hold its own components (Patrol, ...): without its game module
// this editor cannot read them, so they open but Save refuses rather than drop them.
TEST_F(ArchetypeEdit, AFileWithComponentsTheEditorCannotReadOpensButIsNotSavedOver) {
    const fs::path enemy = folder / "archetypes" / "enemy.archetype.json";
    fs::copy_file(fs::path(MOSAIC_REPO_DIR) / "projects/platformer/archetypes/enemy.archetype.json",
                  enemy);
    const std::string before = bytes_of(enemy);
    ASSERT_TRUE(s.open_archetype(enemy));
    EXPECT_TRUE(console_has(s, log_level::warning, "Save is off for"));
    EXPECT_TRUE(s.world().has<Collider>(s.selection().active())) << "what it can read shows";
    EXPECT_FALSE(s.save());
    EXPECT_TRUE(console_has(s, log_level::error, "Patrol")) << "names what would be lost";
    EXPECT_EQ(bytes_of(enemy), before);
    s.close_asset();
}

TEST_F(ArchetypeEdit, TheScriptVerbsOpenEditSaveAndClose) {
    const command* edit = editor_commands().find("asset.edit_archetype");
    ASSERT_NE(edit, nullptr);
    EXPECT_EQ(edit->verb, "edit_archetype");
    EXPECT_TRUE(command_table::enabled(*edit, command_context{.state = s}));
    EXPECT_NE(run("edit_archetype Nobody"), "");
    EXPECT_NE(run("close_asset"), "") << "nothing open";

    ASSERT_EQ(run("edit_archetype Hunter"), "");
    EXPECT_FALSE(command_table::enabled(*edit, command_context{.state = s})) << "one at a time";
    EXPECT_EQ(run("select Hunter"), "");
    EXPECT_EQ(run("set RigidBody.damping 0.75"), "");
    EXPECT_EQ(run("add Collider"), "");
    const std::string refused = run("close_asset");
    EXPECT_NE(refused.find("unsaved changes"), std::string::npos) << refused;
    EXPECT_NE(s.opened_asset(), nullptr);
    EXPECT_EQ(run("save"), "");
    EXPECT_EQ(run("close_asset"), "");
    EXPECT_EQ(s.opened_asset(), nullptr);
    const load_result<archetype> saved = load_archetype_file(file, s.table());
    ASSERT_TRUE(saved.ok());
    EXPECT_EQ(saved.value->find<RigidBody>()->damping, 0.75f);
    EXPECT_TRUE(saved.value->has<Collider>());

    // close_asset discard drops the changes.
    ASSERT_EQ(run("edit_archetype archetypes/Hunter.archetype.json"), "") << "a path works too";
    EXPECT_EQ(run("remove Collider"), "");
    EXPECT_EQ(run("close_asset discard"), "");
    EXPECT_TRUE(load_archetype_file(file, s.table()).value->has<Collider>());

    // Play is refused while an archetype is open; an open one is refused while playing.
    ASSERT_EQ(run("edit_archetype Hunter"), "");
    s.player().play();
    EXPECT_FALSE(s.playing());
    EXPECT_EQ(run("close_asset"), "");
    s.player().play();
    ASSERT_TRUE(s.playing());
    EXPECT_FALSE(command_table::enabled(*edit, command_context{.state = s}));
    EXPECT_NE(run("edit_archetype Hunter"), "");
    s.player().stop();
}

}  // namespace
