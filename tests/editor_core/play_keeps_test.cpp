// Keep after Stop: marked play values survive Stop as one undo step; everything else is still
// thrown away; what cannot be kept is reported, never crashed on.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <mosaic/engine/components.hpp>

#include "core/actions.hpp"
#include "core/editor_state.hpp"
#include "core/entity_names.hpp"
#include "core/play_keeps.hpp"

namespace {

using namespace mosaic;
using namespace mosaic::editor;

entity falling_ball(editor_state& s) {
    const entity e = create_entity(s, "Ball");
    add_component(s, std::vector{e}, type_id_of<RigidBody>());
    s.world().get<RigidBody>(e).gravity_scale = 1;
    return e;
}

const component_info& info(editor_state& s, type_id type) {
    return *s.table().find(type);
}

void run(editor_state& s, int frames = 30) {
    for (int i = 0; i < frames; ++i) s.player().frame(1.0 / 60);
}

bool mentions(const std::vector<std::string>& lines, const std::string& a, const std::string& b) {
    return std::any_of(lines.begin(), lines.end(), [&](const std::string& line) {
        return line.find(a) != std::string::npos && line.find(b) != std::string::npos;
    });
}

TEST(PlayKeeps, AKeptFieldIsInTheEditSceneAfterStopAndOneUndoRemovesIt) {
    editor_state s;
    const entity ball = falling_ball(s);
    const std::size_t steps = s.history().undo_steps();
    s.player().play();
    run(s);
    keep_after_stop(s, std::vector{ball}, type_id_of<Transform>(), true);
    EXPECT_TRUE(s.player().keeps().kept(ball, info(s, type_id_of<Transform>())));
    const glm::vec2 played = s.world().get<Transform>(ball).position;
    ASSERT_LT(played.y, -0.1f);
    s.player().stop();

    EXPECT_EQ(s.world().get<Transform>(ball).position, glm::vec2(0, 0)) << "Stop still restores";
    ASSERT_EQ(s.player().keeps().pending().items.size(), 1u);
    const kept_item& item = s.player().keeps().pending().items.front();
    EXPECT_EQ(item.entity_name, "Ball");
    EXPECT_EQ(item.component, "Transform");
    ASSERT_EQ(item.fields.size(), 1u) << "only what changed";
    EXPECT_EQ(item.fields[0].name, "position");
    EXPECT_EQ(item.fields[0].before, "0 0");
    EXPECT_NE(item.fields[0].after, "0 0");

    EXPECT_TRUE(apply_kept_changes(s).empty());
    EXPECT_FALSE(s.player().keeps().has_pending());
    EXPECT_EQ(s.world().get<Transform>(ball).position, played);
    EXPECT_EQ(s.world().get<RigidBody>(ball).velocity, glm::vec2(0, 0)) << "not kept: restored";
    EXPECT_EQ(s.history().undo_steps(), steps + 1);
    EXPECT_EQ(s.history().undo_label(), "Keep play-mode changes");
    EXPECT_TRUE(s.dirty());
    ASSERT_TRUE(s.undo());
    EXPECT_EQ(s.world().get<Transform>(ball).position, glm::vec2(0, 0));
    ASSERT_TRUE(s.redo());
    EXPECT_EQ(s.world().get<Transform>(ball).position, played);
}

TEST(PlayKeeps, UntickedItemsAreNotApplied) {
    editor_state s;
    const entity ball = falling_ball(s);
    s.player().play();
    run(s);
    keep_after_stop(s, std::vector{ball}, type_id_of<Transform>(), true);
    keep_after_stop(s, std::vector{ball}, type_id_of<RigidBody>(), true);
    const glm::vec2 velocity = s.world().get<RigidBody>(ball).velocity;
    s.player().stop();
    ASSERT_EQ(s.player().keeps().pending().items.size(), 2u);
    for (kept_item& item : s.player().keeps().pending().items)
        item.apply = item.type == type_id_of<RigidBody>();
    (void)apply_kept_changes(s);
    EXPECT_EQ(s.world().get<Transform>(ball).position, glm::vec2(0, 0));
    EXPECT_EQ(s.world().get<RigidBody>(ball).velocity, velocity);
}

TEST(PlayKeeps, AnUnmarkedOrUnchangedComponentOffersNothing) {
    editor_state s;
    const entity ball = falling_ball(s);
    s.player().play();
    run(s, 5);
    keep_after_stop(s, std::vector{ball}, type_id_of<Transform>(), true);
    keep_after_stop(s, std::vector{ball}, type_id_of<Transform>(), false);  // changed my mind
    keep_after_stop(s, std::vector{ball}, type_id_of<Name>(), true);        // never changed
    s.player().stop();
    EXPECT_FALSE(s.player().keeps().has_pending());
    EXPECT_EQ(s.history().undo_label(), "Add RigidBody");
}

TEST(PlayKeeps, KeepWholeEntityKeepsAddedRemovedAndRenamedComponents) {
    editor_state s;
    const entity ball = falling_ball(s);
    add_component(s, std::vector{ball}, type_id_of<Sprite>());
    s.player().play();
    run(s);
    world& w = s.world();
    w.get<Name>(ball) = Name{"Bouncy"};
    w.add<Health>(ball, 42.0f, 50.0f);
    w.remove<Sprite>(ball);
    keep_whole_entities(s, std::vector{ball}, true);
    EXPECT_TRUE(s.player().keeps().entity_kept(ball));
    EXPECT_TRUE(s.player().keeps().kept(ball, info(s, type_id_of<Health>())));
    EXPECT_FALSE(s.player().keeps().kept(ball, info(s, type_id_of<WorldTransform>())))
        << "runtime state";
    const glm::vec2 played = w.get<Transform>(ball).position;
    s.player().stop();
    ASSERT_TRUE(s.world().has<Sprite>(ball));
    EXPECT_TRUE(apply_kept_changes(s).empty());

    EXPECT_EQ(name_of(s.world(), ball), "Bouncy");
    EXPECT_EQ(s.world().get<Transform>(ball).position, played);
    ASSERT_TRUE(s.world().has<Health>(ball));
    EXPECT_EQ(s.world().get<Health>(ball).current, 42.0f);
    EXPECT_FALSE(s.world().has<Sprite>(ball));
    ASSERT_TRUE(s.undo()) << "all of it is one step";
    EXPECT_EQ(name_of(s.world(), ball), "Ball");
    EXPECT_FALSE(s.world().has<Health>(ball));
    EXPECT_TRUE(s.world().has<Sprite>(ball));
}

TEST(PlayKeeps, AnEntityCreatedDuringPlayIsCreatedOnApplyWithItsParent) {
    editor_state s;
    const entity base = create_entity(s, "Base");
    const std::size_t before = s.world().size();
    s.player().play();
    const entity spawner = create_entity(s, "Spawner", base);  // not recorded: playing
    const entity shot = create_entity(s, "Shot", spawner);
    const entity stray = create_entity(s, "Stray", spawner);
    s.world().get<Transform>(shot).position = {3, 4};
    keep_whole_entities(s, std::vector{spawner, shot}, true);
    keep_whole_entities(s, std::vector{stray}, true);
    s.player().stop();

    EXPECT_EQ(s.world().size(), before) << "Stop restores the edit-time entities";
    for (kept_item& item : s.player().keeps().pending().items)
        if (item.entity_name == "Stray" && item.component == "Transform") item.apply = false;
    const std::vector<std::string> problems = apply_kept_changes(s);
    EXPECT_TRUE(problems.empty()) << problems.front();

    EXPECT_EQ(s.world().size(), before + 3);
    const entity new_spawner = find_named(s.world(), "Spawner");
    const entity new_shot = find_named(s.world(), "Shot");
    const entity new_stray = find_named(s.world(), "Stray");
    ASSERT_FALSE(new_spawner.is_null());
    ASSERT_FALSE(new_shot.is_null());
    EXPECT_EQ(s.world().get<Parent>(new_spawner).entity, base);
    EXPECT_EQ(s.world().get<Parent>(new_shot).entity, new_spawner) << "points at the new one";
    EXPECT_EQ(s.world().get<Transform>(new_shot).position, glm::vec2(3, 4));
    EXPECT_FALSE(s.world().has<Transform>(new_stray)) << "its unticked component";
    EXPECT_NE(s.world().get<EntityId>(new_shot).value, 0u) << "a file id of the edit scene";

    ASSERT_TRUE(s.undo());
    EXPECT_EQ(s.world().size(), before);
    ASSERT_TRUE(s.redo());
    EXPECT_EQ(s.world().size(), before + 3);
    EXPECT_EQ(s.world().get<Parent>(new_shot).entity, new_spawner);
}

TEST(PlayKeeps, AReferenceToAnEntityThatExistsOnlyInPlayBecomesNoneAndIsReported) {
    editor_state s;
    s.player().play();
    const entity spawner = create_entity(s, "Spawner");
    const entity shot = create_entity(s, "Shot", spawner);
    keep_whole_entities(s, std::vector{shot}, true);  // its parent is not kept
    s.player().stop();
    const std::vector<std::string> problems = apply_kept_changes(s);
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_TRUE(mentions(problems, "Shot / Parent", "exists only in play")) << problems.front();
    const entity new_shot = find_named(s.world(), "Shot");
    ASSERT_FALSE(new_shot.is_null());
    EXPECT_TRUE(s.world().get<Parent>(new_shot).entity.is_null());
}

TEST(PlayKeeps, AnEntityDestroyedDuringPlayIsReportedNotCrashedOn) {
    editor_state s;
    const entity ball = falling_ball(s);
    const entity other = falling_ball(s);
    s.player().play();
    run(s, 3);
    keep_after_stop(s, std::vector{ball}, type_id_of<Transform>(), true);
    keep_whole_entities(s, std::vector{ball}, true);
    keep_after_stop(s, std::vector{other}, type_id_of<Transform>(), true);
    s.world().destroy(ball);
    s.player().stop();
    const kept_changes& pending = s.player().keeps().pending();
    ASSERT_EQ(pending.problems.size(), 2u);
    EXPECT_TRUE(mentions(pending.problems, "Ball / Transform", "destroyed during play"));
    EXPECT_TRUE(mentions(pending.problems, "Ball / the whole entity", "destroyed during play"));
    ASSERT_EQ(pending.items.size(), 1u) << "the other entity's value is still offered";
    EXPECT_EQ(pending.items.front().target, other);
    EXPECT_TRUE(s.world().alive(ball)) << "the edit scene has it back";
}

TEST(PlayKeeps, AnEntityGoneFromTheEditSceneBeforeApplyIsReported) {
    editor_state s;
    const entity ball = falling_ball(s);
    s.player().play();
    run(s, 3);
    keep_after_stop(s, std::vector{ball}, type_id_of<Transform>(), true);
    s.player().stop();
    delete_entities(s, std::vector{ball});
    const std::vector<std::string> problems = apply_kept_changes(s);
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_TRUE(mentions(problems, "Ball / Transform", "no longer exists")) << problems.front();
    EXPECT_EQ(s.history().undo_label(), "Delete Ball") << "no empty step";
}

struct NotInTheTable {
    int value = 0;
};

TEST(PlayKeeps, ATypeTheTableDoesNotDescribeIsReported) {
    editor_state s;
    const entity ball = falling_ball(s);
    s.player().play();
    s.world().add<NotInTheTable>(ball, 3);
    keep_after_stop(s, std::vector{ball}, type_id_of<NotInTheTable>(), true);
    const entity spawned = create_entity(s, "Spawned");
    s.world().add<NotInTheTable>(spawned, 4);
    keep_whole_entities(s, std::vector{spawned}, true);
    s.player().stop();
    const kept_changes& pending = s.player().keeps().pending();
    EXPECT_EQ(pending.problems.size(), 2u);
    EXPECT_TRUE(mentions(pending.problems, "Ball", "no longer registered"));
    EXPECT_TRUE(mentions(pending.problems, "Spawned", "not described by the registration table"));
    EXPECT_FALSE(pending.items.empty()) << "Spawned's registered components are offered";
}

TEST(PlayKeeps, MarksNeedPlayAndAreForgottenByTheNextPlay) {
    editor_state s;
    const entity ball = falling_ball(s);
    keep_after_stop(s, std::vector{ball}, type_id_of<Transform>(), true);
    EXPECT_FALSE(s.player().keeps().any_marked()) << "editing: nothing to keep";
    s.player().play();
    keep_after_stop(s, std::vector{ball}, type_id_of<Transform>(), true);
    run(s, 3);
    s.player().stop();
    EXPECT_TRUE(s.player().keeps().has_pending());
    s.player().play();
    EXPECT_FALSE(s.player().keeps().has_pending());
    EXPECT_FALSE(s.player().keeps().any_marked());
    s.player().stop();
}

}  // namespace
