// Prefabs in the editor: Create Prefab writes the entity and its children as a file the
// project lists; instantiating it is one undo step, placed where it was dropped, every entity
// linked to the prefab entity it copies.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <sstream>
#include <string>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/hierarchy.hpp>
#include <mosaic/engine/scene/prefab_link.hpp>
#include <mosaic/engine/scene/scene_file.hpp>
#include <mosaic/engine/scene/scene_json.hpp>

#include "core/actions.hpp"
#include "core/editor_state.hpp"
#include "core/entity_names.hpp"
#include "core/prefab_actions.hpp"

namespace {

using namespace mosaic;
using namespace mosaic::editor;
namespace fs = std::filesystem;

std::string prefab_scene_text(editor_state& s) {
    std::ostringstream out;
    save_scene_json(s.scene(), s.table(), out);
    return out.str();
}

struct PrefabActions : ::testing::Test {
    PrefabActions() {
        fs::remove_all(folder);
        fs::create_directories(folder);
        EXPECT_TRUE(s.save_as(folder / "main.scene.json"));  // the project is its folder
    }
    ~PrefabActions() override {
        std::error_code ec;
        fs::remove_all(folder, ec);
    }

    // Tank > (Turret > Barrel), Track.
    entity tank() {
        const entity hull = create_entity(s, "Tank");
        const entity turret = create_entity(s, "Turret", hull);
        create_entity(s, "Barrel", turret);
        create_entity(s, "Track", hull);
        add_component(s, std::vector<entity>{hull}, type_id_of<Sprite>());
        return hull;
    }

    fs::path folder =
        fs::temp_directory_path() / ("mosaic_prefab_actions_" + std::to_string(::getpid()));
    editor_state s;
};

TEST_F(PrefabActions, CreatePrefabWritesTheTreeAndTheProjectListsIt) {
    const entity hull = tank();
    const auto steps = s.history().undo_steps();
    const auto file = create_prefab(s, hull);
    ASSERT_TRUE(file);
    EXPECT_EQ(*file, folder / "archetypes" / "Tank.prefab.json");
    const auto loaded = load_prefab_file(*file, s.table());
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    EXPECT_EQ(loaded.value->size(), 4u);
    ASSERT_EQ(s.game().prefabs().size(), 1u);
    EXPECT_EQ(s.game().prefabs()[0].name(), "Tank");

    // The source became an instance of the new prefab (as in Unity): linked, no overrides;
    // one undo step unlinks it (the file stays).
    EXPECT_EQ(s.history().undo_steps(), steps + 1);
    EXPECT_EQ(s.history().undo_label(), "Create Prefab Tank");
    const prefab& made = s.game().prefabs()[0];
    const prefab_instance inst = find_instance(s.world(), hull, made);
    EXPECT_EQ(inst.root, hull);
    ASSERT_EQ(inst.members.size(), 4u);
    for (const entity member : inst.members) EXPECT_FALSE(member.is_null());
    EXPECT_EQ(inst.members[inst.node_index(s.find_by_name("Barrel"))], s.find_by_name("Barrel"));
    EXPECT_TRUE(list_overrides(s.world(), inst, made, s.table()).empty());
    ASSERT_TRUE(s.undo());
    EXPECT_EQ(prefab_link_of(s.world(), hull), nullptr);
    ASSERT_TRUE(s.redo());
    EXPECT_NE(prefab_link_of(s.world(), hull), nullptr);

    // A second one of the same name does not overwrite the first.
    const auto again = create_prefab(s, hull);
    ASSERT_TRUE(again);
    EXPECT_EQ(again->filename(), "Tank 2.prefab.json");
    EXPECT_EQ(s.game().prefabs().size(), 2u);
}

TEST_F(PrefabActions, InstantiateIsOneUndoStepAtTheDropPosition) {
    const entity hull = tank();
    ASSERT_TRUE(create_prefab(s, hull));
    const std::string before = prefab_scene_text(s);
    const std::size_t count = s.world().size();

    fs::path file;
    const prefab* p = find_prefab(s, "Tank", &file);
    ASSERT_NE(p, nullptr);
    const entity copy = instantiate_prefab(s, *p, file, glm::vec2(5, -2));
    ASSERT_FALSE(copy.is_null());
    world& w = s.world();
    EXPECT_EQ(w.size(), count + 4);
    EXPECT_EQ(s.selection().active(), copy);
    EXPECT_EQ(w.get<Transform>(copy).position, glm::vec2(5, -2));
    EXPECT_TRUE(parent_of(w, copy).is_null());
    EXPECT_TRUE(w.has<Sprite>(copy));
    // Every entity is linked to its prefab entity, and has its own scene id.
    int linked = 0;
    w.view<const PrefabInstance>().each([&](entity e, const PrefabInstance& link) {
        EXPECT_STREQ(link.prefab.path, "archetypes/Tank.prefab.json");
        EXPECT_GE(link.node, 1);
        if (e == copy) {
            EXPECT_EQ(link.node, 1);
        }
        EXPECT_NE(w.get<EntityId>(e).value, 0u);
        ++linked;
    });
    EXPECT_EQ(linked, 8) << "the copy's 4 and the source's 4 (Create Prefab linked them)";
    const entity barrel = s.find_by_name("Barrel");  // the original's or the copy's
    EXPECT_FALSE(barrel.is_null());

    EXPECT_EQ(s.history().undo_label(), "Instantiate Tank");
    ASSERT_TRUE(s.undo());
    EXPECT_EQ(w.size(), count);
    EXPECT_EQ(prefab_scene_text(s), before);
    ASSERT_TRUE(s.redo());
    EXPECT_EQ(w.size(), count + 4);
    EXPECT_TRUE(w.alive(copy));
}

TEST_F(PrefabActions, InstantiatedUnderAParentItLandsAtTheWorldPosition) {
    const entity hull = tank();
    ASSERT_TRUE(create_prefab(s, hull));
    const entity holder = create_entity(s, "Holder");
    s.world().get<Transform>(holder).position = {10, 0};
    fs::path file;
    const prefab* p = find_prefab(s, "Tank", &file);
    ASSERT_NE(p, nullptr);
    const entity copy = instantiate_prefab(s, *p, file, glm::vec2(12, 1), holder);
    ASSERT_FALSE(copy.is_null());
    EXPECT_EQ(parent_of(s.world(), copy), holder);
    EXPECT_EQ(s.world().get<Transform>(copy).position, glm::vec2(2, 1));
    EXPECT_EQ(world_transform_of(s.world(), copy).position, glm::vec2(12, 1));
}

TEST_F(PrefabActions, ScenesWithInstancesSaveAndLoad) {
    const entity hull = tank();
    ASSERT_TRUE(create_prefab(s, hull));
    fs::path file;
    const prefab* p = find_prefab(s, "Tank", &file);
    ASSERT_NE(p, nullptr);
    ASSERT_FALSE(instantiate_prefab(s, *p, file).is_null());
    ASSERT_TRUE(s.save());
    const std::string saved = prefab_scene_text(s);
    editor_state other;
    ASSERT_TRUE(other.open(folder / "main.scene.json"));
    EXPECT_EQ(prefab_scene_text(other), saved);
    EXPECT_EQ(other.game().prefabs().size(), 1u);  // the project's prefabs come with it
}

}  // namespace
