// Every edit-mode change is undoable, redo replays it, and a new edit drops the redo tail.
#include <gtest/gtest.h>

#include <cstring>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/hierarchy.hpp>
#include <mosaic/engine/scene/scene_json.hpp>

#include "core/actions.hpp"
#include "core/editor_state.hpp"

namespace undo_test {  // its own: the suite is built in batches (unity)
namespace {

using namespace mosaic;
using namespace mosaic::editor;

// The scene as JSON: equal text means equal scenes (entities, values, ids, references).
std::string snapshot_text(editor_state& s) {
    std::ostringstream out;
    save_scene_json(s.scene(), s.table(), out);
    return out.str();
}

std::vector<entity> one(entity e) {
    return {e};
}

TEST(Undo, CreateRenameAndUndoRedoEachStep) {
    editor_state s;
    const std::string start = snapshot_text(s);
    const entity e = create_entity(s, "Player");
    rename_entity(s, e, "Hero");
    EXPECT_EQ(s.find_by_name("Hero"), e);
    EXPECT_EQ(s.history().undo_label(), "Rename");
    ASSERT_TRUE(s.undo());
    EXPECT_EQ(s.find_by_name("Player"), e);
    ASSERT_TRUE(s.undo());
    EXPECT_FALSE(s.world().alive(e));
    EXPECT_EQ(snapshot_text(s), start);
    ASSERT_TRUE(s.redo());
    ASSERT_TRUE(s.redo());
    EXPECT_EQ(s.find_by_name("Hero"), e);  // the same entity id comes back
    EXPECT_FALSE(s.redo());
}

TEST(Undo, DeleteAndUndoGivesBackTheSameIdsChildrenAndReferences) {
    editor_state s;
    const entity parent = create_entity(s, "Tank");
    const entity child = create_entity(s, "Turret", parent);
    const entity watcher = create_entity(s, "Watcher");
    add_component(s, one(parent), type_id_of<Sprite>());
    reparent(s, one(watcher), child);  // a reference into the deleted subtree
    const std::string before = snapshot_text(s);

    delete_entities(s, one(parent));
    EXPECT_FALSE(s.world().alive(parent));
    EXPECT_FALSE(s.world().alive(child));    // children go with their parent
    EXPECT_FALSE(s.world().alive(watcher));  // and theirs
    ASSERT_TRUE(s.undo());
    EXPECT_TRUE(s.world().alive(parent));
    EXPECT_TRUE(s.world().alive(child));
    EXPECT_EQ(s.world().get<Parent>(child).entity, parent);
    EXPECT_EQ(s.world().get<Parent>(watcher).entity, child);
    EXPECT_EQ(snapshot_text(s), before);
}

TEST(Undo, ComponentsAddRemoveEnableResetPasteAndFields) {
    editor_state s;
    const entity e = create_entity(s, "Box");
    const type_id sprite = type_id_of<Sprite>();
    ASSERT_TRUE(add_component(s, one(e), sprite));
    EXPECT_FALSE(add_component(s, one(e), sprite));  // already there: no step
    const component_info& info = *s.table().find(sprite);
    const glm::vec2 size{3, 4};
    set_field(s, one(e), sprite, *info.find_field("size"), &size);
    EXPECT_EQ(s.world().get<Sprite>(e).size, size);
    set_component_enabled(s, one(e), sprite, false);
    EXPECT_FALSE(s.world().is_enabled(e, sprite));
    reset_component(s, one(e), sprite);
    EXPECT_EQ(s.world().get<Sprite>(e).size, glm::vec2(1, 1));
    Sprite pasted;
    pasted.layer = 7;
    paste_component(s, one(e), sprite,
                    std::span(reinterpret_cast<const std::byte*>(&pasted), sizeof pasted));
    EXPECT_EQ(s.world().get<Sprite>(e).layer, 7);
    ASSERT_TRUE(remove_component(s, one(e), sprite));
    EXPECT_FALSE(s.world().has<Sprite>(e));

    ASSERT_TRUE(s.undo());  // remove
    EXPECT_EQ(s.world().get<Sprite>(e).layer, 7);
    ASSERT_TRUE(s.undo());  // paste
    EXPECT_EQ(s.world().get<Sprite>(e).layer, 0);
    ASSERT_TRUE(s.undo());  // reset
    EXPECT_EQ(s.world().get<Sprite>(e).size, size);
    ASSERT_TRUE(s.undo());  // disable
    EXPECT_TRUE(s.world().is_enabled(e, sprite));
    ASSERT_TRUE(s.undo());  // field
    EXPECT_EQ(s.world().get<Sprite>(e).size, glm::vec2(1, 1));
    ASSERT_TRUE(s.undo());  // add
    EXPECT_FALSE(s.world().has<Sprite>(e));
}

TEST(Undo, ALiveEditIsOneStep) {
    editor_state s;
    const entity e = create_entity(s, "Dragged");
    const std::size_t steps = s.history().undo_steps();
    live_edit drag;
    drag.begin(s, one(e), type_id_of<Transform>(), "Move");
    for (int frame = 0; frame < 30; ++frame) s.world().get<Transform>(e).position.x += 0.1f;
    drag.finish(s);
    EXPECT_EQ(s.history().undo_steps(), steps + 1);
    ASSERT_TRUE(s.undo());
    EXPECT_EQ(s.world().get<Transform>(e).position.x, 0.0f);
    ASSERT_TRUE(s.redo());
    EXPECT_NEAR(s.world().get<Transform>(e).position.x, 3.0f, 1e-4);
}

TEST(Undo, ANewEditDropsTheRedoTail) {
    editor_state s;
    const entity e = create_entity(s, "A");
    move_entities(s, one(e), {1, 0});
    ASSERT_TRUE(s.undo());
    EXPECT_TRUE(s.history().can_redo());
    move_entities(s, one(e), {0, 1});
    EXPECT_FALSE(s.history().can_redo());
    EXPECT_EQ(s.world().get<Transform>(e).position, glm::vec2(0, 1));
}

TEST(Undo, HistoryIsBounded) {
    editor_state s;
    const entity e = create_entity(s, "A");
    for (int i = 0; i < 1200; ++i) move_entities(s, one(e), {1, 0});
    EXPECT_EQ(s.history().undo_steps(), s.history().max_steps());
    EXPECT_GE(s.history().max_steps(), 1000u);
    while (s.undo()) {
    }
    // The oldest 201 steps (create and 200 moves) were dropped.
    EXPECT_TRUE(s.world().alive(e));
    EXPECT_FLOAT_EQ(s.world().get<Transform>(e).position.x, 200.0f);
}

TEST(Undo, DuplicateCopiesChildrenAndRemapsReferences) {
    editor_state s;
    const entity tank = create_entity(s, "Tank");
    const entity turret = create_entity(s, "Turret", tank);
    const std::vector<entity> copies = duplicate_entities(s, one(tank));
    ASSERT_EQ(copies.size(), 1u);
    const entity copy = copies[0];
    EXPECT_EQ(s.find_by_name("Tank (1)"), copy);
    // The copied turret hangs under the copy, not under the original.
    entity copied_turret = null_entity;
    s.world().view<const Parent>().each([&](entity e, const Parent& p) {
        if (p.entity == copy) copied_turret = e;
    });
    ASSERT_FALSE(copied_turret.is_null());
    EXPECT_NE(copied_turret, turret);
    EXPECT_NE(s.world().get<EntityId>(copied_turret).value, s.world().get<EntityId>(turret).value);
    EXPECT_EQ(s.selection().active(), copy);
    ASSERT_TRUE(s.undo());
    EXPECT_FALSE(s.world().alive(copy));
    EXPECT_FALSE(s.world().alive(copied_turret));
}

TEST(Undo, ReparentRefusesCyclesAndUndoes) {
    editor_state s;
    const entity a = create_entity(s, "A");
    const entity b = create_entity(s, "B", a);
    std::string error;
    EXPECT_FALSE(reparent(s, one(a), b, &error));
    EXPECT_NE(error.find("children"), std::string::npos) << error;
    const entity c = create_entity(s, "C");
    ASSERT_TRUE(reparent(s, one(c), b));
    EXPECT_EQ(s.world().get<Parent>(c).entity, b);
    ASSERT_TRUE(reparent(s, one(c), null_entity));
    EXPECT_FALSE(s.world().has<Parent>(c));
    ASSERT_TRUE(s.undo());
    EXPECT_EQ(s.world().get<Parent>(c).entity, b);
}

// A hero dropped on a rotated, scaled tank stays where it was; one undo puts back both the
// link and the local Transform.
TEST(Undo, ReparentKeepsTheWorldTransformAndUndoesInOneStep) {
    editor_state s;
    const entity tank = create_entity(s, "Tank");
    const entity hero = create_entity(s, "Hero");
    const entity badge = create_entity(s, "Badge", hero);
    s.world().get<Transform>(tank) = Transform{{3, -2}, 180, {2, 0.5f}};
    s.world().get<Transform>(hero) = Transform{{4.9f, 1.6f}, 15, {1, 1}};
    s.world().get<Transform>(badge) = Transform{{1, 0}, 0, {1, 1}};
    const WorldTransform hero_before = world_transform_of(s.world(), hero);
    const WorldTransform badge_before = world_transform_of(s.world(), badge);
    const std::string before = snapshot_text(s);
    const std::size_t steps = s.history().undo_steps();

    const std::vector<entity> both = {hero, badge};  // a child moved along with its parent
    ASSERT_TRUE(reparent(s, both, tank));
    EXPECT_EQ(s.history().undo_steps(), steps + 1);
    for (const auto& [e, was] : {std::pair{hero, hero_before}, std::pair{badge, badge_before}}) {
        const WorldTransform now = world_transform_of(s.world(), e);
        EXPECT_NEAR(now.position.x, was.position.x, 1e-4f);
        EXPECT_NEAR(now.position.y, was.position.y, 1e-4f);
        EXPECT_NEAR(now.rotation, was.rotation, 1e-4f);
        EXPECT_NEAR(now.scale.x, was.scale.x, 1e-4f);
        EXPECT_NEAR(now.scale.y, was.scale.y, 1e-4f);
    }
    ASSERT_TRUE(reparent(s, both, null_entity));  // and back to the root: still in place
    EXPECT_NEAR(s.world().get<Transform>(hero).position.x, 4.9f, 1e-4f);
    EXPECT_NEAR(s.world().get<Transform>(badge).position.x, badge_before.position.x, 1e-4f);
    ASSERT_TRUE(s.undo());
    ASSERT_TRUE(s.undo());
    EXPECT_EQ(snapshot_text(s), before);
}

TEST(Undo, ActiveFlagAndMultiObjectEdits) {
    editor_state s;
    const entity a = create_entity(s, "A");
    const entity b = create_entity(s, "B");
    const std::vector<entity> both = {a, b};
    set_active(s, both, false);
    EXPECT_FALSE(s.world().is_active(a));
    EXPECT_FALSE(s.world().is_active(b));
    move_entities(s, both, {2, 2});
    EXPECT_EQ(s.world().get<Transform>(a).position, glm::vec2(2, 2));
    EXPECT_EQ(s.world().get<Transform>(b).position, glm::vec2(2, 2));
    ASSERT_TRUE(s.undo());
    ASSERT_TRUE(s.undo());
    EXPECT_TRUE(s.world().is_active(a));
    EXPECT_EQ(s.world().get<Transform>(b).position, glm::vec2(0, 0));
}

TEST(Undo, DirtyFollowsTheHistory) {
    editor_state s;
    EXPECT_FALSE(s.dirty());
    const entity e = create_entity(s, "A");
    EXPECT_TRUE(s.dirty());
    EXPECT_NE(s.title().find('*'), std::string::npos);
    ASSERT_TRUE(s.undo());
    EXPECT_FALSE(s.dirty());  // back where it started
    ASSERT_TRUE(s.redo());
    EXPECT_TRUE(s.dirty());
    (void)e;
}

}  // namespace

TEST(EntityLimit, ActionsThatWouldPassTheLimitChangeNothingAndSaySo) {
    // Before, the world's capacity_error escaped the UI and ended the editor.
    editor_state s;
    const entity first = create_entity(s, "First");
    s.world().set_entity_limit(static_cast<std::uint32_t>(s.world().size() + 1));
    ASSERT_FALSE(create_entity(s, "Second").is_null());
    const std::size_t full = s.world().size();
    const std::size_t steps = s.history().undo_steps();

    EXPECT_TRUE(create_entity(s, "Third").is_null());
    EXPECT_TRUE(duplicate_entities(s, std::vector{first}).empty());
    EXPECT_EQ(s.world().size(), full);
    EXPECT_EQ(s.history().undo_steps(), steps) << "nothing recorded";
    ASSERT_FALSE(s.log().lines().empty());
    EXPECT_NE(s.log().lines().back().text.find("Duplicate: the scene holds"), std::string::npos)
        << s.log().lines().back().text;
}

namespace {

TEST(Undo, UndoingADeleteSelectsTheRestoredEntitiesAgain) {
    mosaic::editor::editor_state s;
    const mosaic::entity parent = mosaic::editor::create_entity(s, "Hunter");
    const mosaic::entity child = mosaic::editor::create_entity(s, "Gun", parent);
    const mosaic::entity other = mosaic::editor::create_entity(s, "Other");
    const mosaic::entity both[] = {parent, other};
    s.selection().set(both);
    mosaic::editor::delete_entities(s, both);
    EXPECT_TRUE(s.selection().empty());
    ASSERT_TRUE(s.undo());
    EXPECT_EQ(s.selection().size(), 2u) << "the deleted roots, not their children";
    EXPECT_TRUE(s.selection().contains(parent));
    EXPECT_TRUE(s.selection().contains(other));
    EXPECT_FALSE(s.selection().contains(child));
}

}  // namespace

}  // namespace undo_test
