// Create Archetype from an entity: the file in the project's archetypes folder holds the
// entity's components and values (not its parent or file id), the project lists it, and an
// entity created from it has the same values.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/scene/scene_file.hpp>

#include "core/actions.hpp"
#include "core/archetype_actions.hpp"
#include "core/command_table.hpp"
#include "core/editor_state.hpp"
#include "core/script.hpp"

namespace {

using namespace mosaic;
using namespace mosaic::editor;
namespace fs = std::filesystem;

struct ArchetypeActions : ::testing::Test {
    ArchetypeActions() {
        fs::remove_all(folder);
        fs::create_directories(folder);
        EXPECT_TRUE(s.save_as(folder / "main.scene.json"));  // the project is its folder
    }
    ~ArchetypeActions() override {
        std::error_code ec;
        fs::remove_all(folder, ec);
    }
    fs::path folder =
        fs::temp_directory_path() / ("mosaic_archetype_actions_" + std::to_string(::getpid()));
    editor_state s;
};

TEST_F(ArchetypeActions, CreateArchetypeWritesTheEntitysComponentsAndTheProjectListsIt) {
    const entity holder = create_entity(s, "Holder");
    const entity hunter = create_entity(s, "Hunter", holder);
    add_component(s, std::vector<entity>{hunter}, type_id_of<RigidBody>());
    s.world().get<RigidBody>(hunter).damping = 0.25f;
    s.world().get<Transform>(hunter).position = {3, 4};

    const std::optional<fs::path> file = create_archetype(s, hunter);
    ASSERT_TRUE(file.has_value());
    EXPECT_EQ(*file, folder / "archetypes" / "Hunter.archetype.json");
    const load_result<archetype> loaded = load_archetype_file(*file, s.table());
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    EXPECT_EQ(loaded.value->name(), "Hunter");
    ASSERT_NE(loaded.value->find<RigidBody>(), nullptr);
    EXPECT_EQ(loaded.value->find<RigidBody>()->damping, 0.25f);
    EXPECT_EQ(loaded.value->find<Parent>(), nullptr) << "its place in the scene stays out";
    EXPECT_EQ(loaded.value->find<EntityId>(), nullptr);

    ASSERT_EQ(s.game().archetypes().size(), 1u) << "the Project panel lists it";
    const entity made = create_from_archetype(s, s.game().archetypes()[0]);
    ASSERT_FALSE(made.is_null());
    EXPECT_EQ(s.world().get<RigidBody>(made).damping, 0.25f);
    EXPECT_EQ(s.world().get<Transform>(made).position, glm::vec2(3, 4));

    // A second one of the same name does not overwrite the first.
    const std::optional<fs::path> again = create_archetype(s, hunter);
    ASSERT_TRUE(again.has_value());
    EXPECT_EQ(again->filename(), "Hunter 2.archetype.json");
}

// One command (entity.create_archetype): the Entity menu, the row menu and the script verb.
TEST_F(ArchetypeActions, TheCreateArchetypeCommandIsAScriptVerbOnTheActiveEntity) {
    const command* c = editor_commands().find("entity.create_archetype");
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(c->verb, "create_archetype");
    EXPECT_EQ(c->menu, "Entity");
    const command_context none{.state = s};
    EXPECT_FALSE(command_table::enabled(*c, none)) << "nothing selected";
    EXPECT_NE(run_script_line(s, {1, "create_archetype"}, {}), "");

    create_entity(s, "Scout");
    EXPECT_EQ(run_script_line(s, {2, "select Scout"}, {}), "");
    EXPECT_TRUE(command_table::enabled(*c, command_context{.state = s}));
    EXPECT_EQ(run_script_line(s, {3, "create_archetype"}, {}), "");
    EXPECT_TRUE(fs::exists(folder / "archetypes" / "Scout.archetype.json"));
    ASSERT_EQ(s.game().archetypes().size(), 1u);
}

}  // namespace
