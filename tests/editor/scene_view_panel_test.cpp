// The scene view without a GPU: picking on the CPU, Ctrl+click, the move, rotate and scale
// handles (a drag is one undo step, Ctrl snaps), dragging a sprite's body, the marquee,
// panning and zooming the editor camera.
#include <cmath>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/tilemap/tilemap.hpp>

#include "editor_ui_test_support.hpp"
#include "ui/scene_picking.hpp"

namespace mosaic::testing {
namespace {

using namespace mosaic::editor;

class SceneViewPanelTest : public EditorUiTest {
protected:
    entity sprite_at(const char* name, glm::vec2 position, std::int32_t layer = 0) {
        const entity e = create_entity(state, name);
        state.world().get<Transform>(e).position = position;
        Sprite& sprite = state.world().add<Sprite>(e);
        sprite.layer = layer;
        return e;
    }
    float pixels_per_unit() {
        const item_rect view = item("scene/view");
        return ui.state().scene.camera.pixels_per_unit(
            {view.max.x - view.min.x, view.max.y - view.min.y});
    }
    ImVec2 offset(ImVec2 p, float dx, float dy) { return {p.x + dx, p.y + dy}; }
    /// The screen point of a world point in the scene view.
    ImVec2 screen(glm::vec2 world_point) {
        const item_rect view = item("scene/view");
        const glm::vec2 size{view.max.x - view.min.x, view.max.y - view.min.y};
        const glm::vec2 p = ui.state().scene.camera.world_to_screen(world_point, size);
        return {view.min.x + p.x, view.min.y + p.y};
    }
};

TEST_F(SceneViewPanelTest, PickingFindsTheTopmostSprite) {
    const entity low = sprite_at("Low", {0, 0}, 0);
    const entity high = sprite_at("High", {0.3f, 0}, 5);
    EXPECT_EQ(pick_entity(state.world(), {-0.4f, 0}), low);
    EXPECT_EQ(pick_entity(state.world(), {0.1f, 0}), high);
    EXPECT_TRUE(pick_entity(state.world(), {5, 5}).is_null());
}

// A tilemap is picked where it has tiles (as the GPU picks it: its tiles name the map), not
// in its empty cells nor outside its width and height; a sprite over a tile on the same layer
// wins, a sprite under the tiles does not; a click in the view selects the map.
TEST_F(SceneViewPanelTest, ClickingATileSelectsItsTilemap) {
    const entity map = create_entity(state, "Level");
    state.world().get<Transform>(map).position = {-2, -1};  // tile (0, 0)'s corner
    state.world().add<Tilemap>(map, Tilemap{.width = 4, .height = 2, .layer = 1});
    tile_access tiles(state.world(), map);
    tiles.set(1, 0, 1);  // the cell from (-1, -1) to (0, 0)
    tiles.set(3, 1, 2);  // (1, 0) to (2, 1)
    tiles.set(5, 1, 2);  // outside the map's width: not drawn, not picked
    world& w = state.world();
    EXPECT_EQ(pick_entity(w, {-0.5f, -0.5f}), map);
    EXPECT_EQ(pick_entity(w, {1.5f, 0.5f}), map);
    EXPECT_TRUE(pick_entity(w, {-1.5f, -0.5f}).is_null());  // an empty cell
    EXPECT_TRUE(pick_entity(w, {3.5f, 0.5f}).is_null());    // past the width
    const entity under = sprite_at("Under", {-0.5f, -0.5f}, 0);
    EXPECT_EQ(pick_entity(w, {-0.5f, -0.4f}), map) << "tiles on layer 1 are drawn over it";
    const entity over = sprite_at("Over", {1.5f, 0.5f}, 1);
    EXPECT_EQ(pick_entity(w, {1.5f, 0.5f}), over) << "a sprite on the tiles' layer is on top";
    EXPECT_NE(under, over);

    state.selection().clear();
    imgui.frames(3);
    imgui.click(screen({-0.5f, -0.6f}));
    EXPECT_EQ(state.selection().active(), map);
    EXPECT_EQ(state.selection().size(), 1u);
}

TEST_F(SceneViewPanelTest, ClickSelectsAndCtrlClickAdds) {
    const entity a = sprite_at("A", {-2, 0});
    const entity b = sprite_at("B", {2, 0});
    state.selection().clear();
    imgui.frames(3);
    imgui.click(screen({-2, 0}));
    EXPECT_EQ(state.selection().active(), a);
    EXPECT_EQ(state.selection().size(), 1u);
    imgui.modifiers(true);
    imgui.click(screen({2, 0}));
    imgui.modifiers(false);
    EXPECT_EQ(state.selection().size(), 2u);
    EXPECT_TRUE(state.selection().contains(b));
    imgui.click(screen({0, 3}));  // empty space
    EXPECT_TRUE(state.selection().empty());
}

TEST_F(SceneViewPanelTest, SelectingInTheViewScrollsTheHierarchyToTheEntity) {
    for (int i = 0; i < 300; ++i)
        sprite_at(("Far " + std::to_string(i)).c_str(), {100.0f, static_cast<float>(i)});
    const entity target = sprite_at("Target", {3, 0});
    state.selection().clear();
    imgui.frames(3);
    EXPECT_FALSE(has_item("hierarchy/row/Target")) << "the last of 300 rows starts out of sight";
    imgui.click(screen({3, 0}));
    imgui.frames(3);
    EXPECT_EQ(state.selection().active(), target);
    EXPECT_TRUE(has_item("hierarchy/row/Target"));
}

TEST_F(SceneViewPanelTest, DraggingTheHandleMovesTheSelectionInOneUndoStep) {
    const entity e = sprite_at("Mover", {0, 0});
    imgui.frames(3);
    const std::size_t steps = state.history().undo_steps();
    const ImVec2 origin = screen({0, 0});
    const ImVec2 arrow{origin.x + 40.0f, origin.y};
    imgui.drag(arrow, {arrow.x + 100.0f, arrow.y + 30.0f}, 10);
    imgui.frames(2);
    const float ppu = ui.state().scene.camera.pixels_per_unit(
        {item("scene/view").max.x - item("scene/view").min.x,
         item("scene/view").max.y - item("scene/view").min.y});
    const Transform& t = state.world().get<Transform>(e);
    EXPECT_NEAR(t.position.x, 100.0f / ppu, 0.05f);
    EXPECT_FLOAT_EQ(t.position.y, 0.0f) << "the x arrow moves along x only";
    EXPECT_EQ(state.history().undo_steps(), steps + 1);
    ASSERT_TRUE(state.undo());
    EXPECT_FLOAT_EQ(state.world().get<Transform>(e).position.x, 0.0f);
}

TEST_F(SceneViewPanelTest, WheelZoomsAroundTheCursorAndMiddleDragPans) {
    imgui.frames(3);
    const float zoom = ui.state().scene.camera.zoom;
    const ImVec2 p = screen({2, 1});
    imgui.move_to(p);
    ImGui::GetIO().MouseWheel = 2.0f;
    imgui.frame();
    ImGui::GetIO().MouseWheel = 0.0f;
    imgui.frame();
    EXPECT_GT(ui.state().scene.camera.zoom, zoom);
    const ImVec2 after = screen({2, 1});
    EXPECT_NEAR(after.x, p.x, 1.0f) << "the point under the cursor stays put";
    EXPECT_NEAR(after.y, p.y, 1.0f);

    const glm::vec2 before = ui.state().scene.camera.position;
    imgui.move_to(p);
    imgui.press(2);
    imgui.move_to({p.x + 50, p.y});
    imgui.move_to({p.x + 100, p.y});
    imgui.release(2);
    EXPECT_LT(ui.state().scene.camera.position.x, before.x)
        << "dragging right shows what is to the left";
}

// F (Frame Selected) as Unity's: the view centres on what the selection draws and zooms so
// that its box fills about two thirds of the view's height, in on a small sprite, out on a
// spread selection; an entity that draws nothing is only centred on.
TEST_F(SceneViewPanelTest, FrameSelectedCentresAndZoomsToTheSelection) {
    const entity small = sprite_at("Small", {30, -20});
    state.world().get<Sprite>(small).size = {0.5f, 0.5f};
    imgui.frames(2);
    const float before = ui.state().scene.camera.zoom;
    state.selection().select(small);
    ui.state().events.post(frame_on_selection{});
    imgui.frames(2);
    const camera2d& cam = ui.state().scene.camera;
    EXPECT_NEAR(cam.position.x, 30.0f, 1e-3f);
    EXPECT_NEAR(cam.position.y, -20.0f, 1e-3f);
    EXPECT_GT(cam.zoom, before * 4) << "zoomed in on the small sprite";
    const float shown = camera2d::units_per_height / cam.zoom;
    EXPECT_NEAR(0.5f / shown, 1.0f / 1.5f, 0.01f) << "it fills two thirds of the view's height";

    const entity far = sprite_at("Far", {130, -20});
    state.world().get<Sprite>(far).size = {0.5f, 0.5f};
    state.selection().select(small);
    state.selection().add(far);
    ui.state().events.post(frame_on_selection{});
    imgui.frames(2);
    EXPECT_NEAR(ui.state().scene.camera.position.x, 80.0f, 1e-3f);
    const item_rect view = item("scene/view");
    const glm::vec2 size{view.max.x - view.min.x, view.max.y - view.min.y};
    const world_rect seen = ui.state().scene.camera.visible_bounds(size);
    EXPECT_LE(seen.min.x, 29.75f) << "both sprites are in view";
    EXPECT_GE(seen.max.x, 130.25f);

    const entity bare = create_entity(state, "Bare");
    state.world().get<Transform>(bare).position = {-7, 3};
    const float zoom = ui.state().scene.camera.zoom;
    state.selection().select(bare);
    ui.state().events.post(frame_on_selection{});
    imgui.frames(2);
    EXPECT_NEAR(ui.state().scene.camera.position.x, -7.0f, 1e-3f);
    EXPECT_FLOAT_EQ(ui.state().scene.camera.zoom, zoom) << "nothing drawn: centred only";
}

// Unity's way: a click on a tank's turret selects the tank (the root of the group), a second
// click drills down to the turret; Alt+click picks the turret at once; Alt+drag still pans.
TEST_F(SceneViewPanelTest, ClickSelectsTheGroupFirstThenDrillsDownAndAltClickIsExact) {
    const entity tank = sprite_at("Tank", {0, 0}, 0);
    const entity turret = sprite_at("Turret", {0, 0}, 1);
    // Below and left of the centre: not on the move handle's arrows (right and up).
    const entity muzzle = sprite_at("Muzzle", {-0.3f, -0.3f}, 2);
    ASSERT_TRUE(reparent(state, std::vector<entity>{turret}, tank));
    ASSERT_TRUE(reparent(state, std::vector<entity>{muzzle}, turret));
    state.world().get<Sprite>(muzzle).size = {0.2f, 0.2f};
    state.selection().clear();
    imgui.frames(3);

    imgui.click(screen({-0.3f, -0.3f}));  // the muzzle, on top of everything
    EXPECT_EQ(state.selection().active(), tank) << "the first click selects the root";
    imgui.frames(30);  // no double click
    imgui.click(screen({-0.3f, -0.3f}));
    EXPECT_EQ(state.selection().active(), turret) << "clicking again goes one level down";
    imgui.frames(30);
    imgui.click(screen({-0.3f, -0.3f}));
    EXPECT_EQ(state.selection().active(), muzzle);
    imgui.frames(30);
    imgui.click(screen({-0.3f, -0.3f}));
    EXPECT_EQ(state.selection().active(), muzzle) << "and stays on the entity under the cursor";
    EXPECT_EQ(state.selection().size(), 1u);
    imgui.frames(30);
    imgui.click(screen({0.3f, 0.3f}));  // the turret's body: the muzzle is not on its path
    EXPECT_EQ(state.selection().active(), tank) << "back to the root of the group";

    state.selection().clear();
    imgui.frames(30);
    ImGui::GetIO().KeyAlt = true;
    imgui.click(screen({-0.3f, -0.3f}));
    ImGui::GetIO().KeyAlt = false;
    EXPECT_EQ(state.selection().active(), muzzle) << "Alt+click selects the exact entity";

    const glm::vec2 before = ui.state().scene.camera.position;
    const ImVec2 p = screen({0, 0});
    ImGui::GetIO().KeyAlt = true;
    imgui.drag(p, {p.x + 100, p.y});
    ImGui::GetIO().KeyAlt = false;
    EXPECT_LT(ui.state().scene.camera.position.x, before.x) << "Alt+drag pans";
    EXPECT_EQ(state.selection().active(), muzzle) << "and does not pick";
}

// The move handle's square covers a small turret at the tank's centre: a click on it (no drag)
// still drills down, and moves nothing.
TEST_F(SceneViewPanelTest, AClickOnTheHandleSquareSelectsLikeAnyClick) {
    const entity tank = sprite_at("Tank", {0, 0}, 0);
    const entity turret = sprite_at("Turret", {0, 0}, 1);
    ASSERT_TRUE(reparent(state, std::vector<entity>{turret}, tank));
    state.selection().clear();
    imgui.frames(3);
    imgui.click(screen({0, 0}));
    ASSERT_EQ(state.selection().active(), tank);
    const std::size_t steps = state.history().undo_steps();
    imgui.frames(30);
    imgui.click(screen({0, 0}));  // on the handle's square
    EXPECT_EQ(state.selection().active(), turret);
    EXPECT_EQ(state.history().undo_steps(), steps) << "nothing moved";
    EXPECT_EQ(state.world().get<Transform>(tank).position, glm::vec2(0, 0));
}

TEST_F(SceneViewPanelTest, WERAndTheToolbarSwitchTheHandle) {
    imgui.frames(2);
    EXPECT_EQ(ui.state().scene.tool, transform_tool::move);
    imgui.tap(key::e);
    EXPECT_EQ(ui.state().scene.tool, transform_tool::rotate);
    imgui.tap(key::r);
    EXPECT_EQ(ui.state().scene.tool, transform_tool::scale);
    imgui.tap(key::w);
    EXPECT_EQ(ui.state().scene.tool, transform_tool::move);
    imgui.click(at("toolbar/Rotate"));
    EXPECT_EQ(ui.state().scene.tool, transform_tool::rotate);
    imgui.click(at("toolbar/Scale"));
    EXPECT_EQ(ui.state().scene.tool, transform_tool::scale);
    imgui.click(at("toolbar/Move"));
    EXPECT_EQ(ui.state().scene.tool, transform_tool::move);
}

TEST_F(SceneViewPanelTest, TheRotateRingTurnsTheSelectionInOneUndoStep) {
    const entity e = sprite_at("Wheel", {0, 0});
    imgui.tap(key::e);
    imgui.frames(2);
    const std::size_t steps = state.history().undo_steps();
    const ImVec2 o = screen({0, 0});
    // A quarter turn along the ring, counter-clockwise (right, then up).
    imgui.move_to(offset(o, 70, 0));
    imgui.press();
    for (int i = 1; i <= 9; ++i) {
        const float a = static_cast<float>(i) * 10.0f * 3.14159265f / 180.0f;
        imgui.move_to(offset(o, 70 * std::cos(a), -70 * std::sin(a)));
    }
    imgui.release();
    EXPECT_NEAR(state.world().get<Transform>(e).rotation, 90.0f, 0.5f);
    EXPECT_EQ(state.history().undo_steps(), steps + 1);
    EXPECT_EQ(state.history().undo_label(), "Rotate");
    ASSERT_TRUE(state.undo());
    EXPECT_FLOAT_EQ(state.world().get<Transform>(e).rotation, 0.0f);

    // Ctrl: 15-degree steps.
    imgui.modifiers(true);
    imgui.drag(offset(o, 70, 0), offset(o, 70 * std::cos(0.3f), -70 * std::sin(0.3f)), 6);
    imgui.modifiers(false);
    EXPECT_FLOAT_EQ(state.world().get<Transform>(e).rotation, 15.0f) << "~17 degrees snaps to 15";
}

TEST_F(SceneViewPanelTest, TheScaleBoxesScaleOneAxisAndCtrlSnaps) {
    const entity e = sprite_at("Crate", {0, 0});
    imgui.tap(key::r);
    imgui.frames(2);
    const std::size_t steps = state.history().undo_steps();
    const ImVec2 o = screen({0, 0});
    imgui.drag(offset(o, 70, 0), offset(o, 105, 0), 8);
    const Transform& t = state.world().get<Transform>(e);
    EXPECT_NEAR(t.scale.x, 1.5f, 0.02f);
    EXPECT_FLOAT_EQ(t.scale.y, 1.0f);
    EXPECT_EQ(state.history().undo_steps(), steps + 1);

    imgui.modifiers(true);
    imgui.drag(offset(o, 0, 0), offset(o, 13, 0), 6);  // the square: uniform
    imgui.modifiers(false);
    EXPECT_NEAR(t.scale.x, 1.8f, 1e-4f) << "1.5 * 1.19 = 1.78 snaps to 1.8";
    EXPECT_NEAR(t.scale.y, 1.2f, 1e-4f);
    EXPECT_EQ(state.history().undo_steps(), steps + 2);
}

TEST_F(SceneViewPanelTest, CtrlSnapsAMoveToTheGrid) {
    const entity e = sprite_at("Block", {0.3f, 0.0f});
    imgui.frames(3);
    const ImVec2 o = screen({0.3f, 0.0f});
    const float ppu = pixels_per_unit();
    imgui.modifiers(true);
    imgui.drag(offset(o, 40, 0), offset(o, 40 + 1.4f * ppu, 0), 8);
    imgui.modifiers(false);
    EXPECT_NEAR(state.world().get<Transform>(e).position.x, 2.0f, 1e-4f);
}

TEST_F(SceneViewPanelTest, DraggingASpritesBodyMovesItInOneUndoStep) {
    const entity tank = sprite_at("Tank", {0, 0}, 0);
    const entity turret = sprite_at("Turret", {0, 0}, 1);
    ASSERT_TRUE(reparent(state, std::vector<entity>{turret}, tank));
    state.world().get<Sprite>(tank).size = {2, 2};
    state.selection().clear();
    imgui.frames(3);
    const std::size_t steps = state.history().undo_steps();
    const float ppu = pixels_per_unit();
    const ImVec2 body = screen({-0.6f, -0.6f});  // off the handle
    imgui.drag(body, offset(body, 2 * ppu, 0), 10);
    EXPECT_EQ(state.selection().active(), tank) << "the drag selected the group's root";
    EXPECT_NEAR(state.world().get<Transform>(tank).position.x, 2.0f, 0.02f);
    EXPECT_EQ(state.world().get<Transform>(turret).position, glm::vec2(0, 0))
        << "the child moves with its parent, not twice";
    EXPECT_EQ(state.history().undo_steps(), steps + 1);
    EXPECT_EQ(state.history().undo_label(), "Move");

    // Dragging the selected group by a child's body moves the group too.
    imgui.frames(30);
    const ImVec2 again = screen({2.2f, -0.2f});
    imgui.drag(again, offset(again, 0, ppu), 10);
    EXPECT_EQ(state.selection().active(), tank);
    EXPECT_NEAR(state.world().get<Transform>(tank).position.y, -1.0f, 0.02f);
}

TEST_F(SceneViewPanelTest, AMarqueeSelectsShiftAddsCtrlToggles) {
    const entity a = sprite_at("A", {-2, 0});
    const entity b = sprite_at("B", {0, 0});
    const entity c = sprite_at("C", {3, 0});
    state.selection().clear();
    imgui.frames(3);
    imgui.drag(screen({-3, 2}), screen({0.2f, -1}), 8);
    EXPECT_FALSE(ui.scene_view().marquee());
    EXPECT_EQ(state.selection().size(), 2u);
    EXPECT_TRUE(state.selection().contains(a));
    EXPECT_TRUE(state.selection().contains(b));

    imgui.modifiers(false, true);
    imgui.drag(screen({2, 2}), screen({4, -2}), 8);
    imgui.modifiers(false);
    EXPECT_EQ(state.selection().size(), 3u) << "Shift adds";
    EXPECT_TRUE(state.selection().contains(c));

    imgui.modifiers(true);
    imgui.drag(screen({-1, 2}), screen({4, -2}), 8);
    imgui.modifiers(false);
    EXPECT_EQ(state.selection().size(), 1u) << "Ctrl toggles";
    EXPECT_TRUE(state.selection().contains(a));

    imgui.drag(screen({4.5f, 2.5f}), screen({5.5f, 3.5f}), 8);
    EXPECT_TRUE(state.selection().empty()) << "an empty marquee clears";
}

TEST_F(SceneViewPanelTest, ThePlayLabelSitsOnADarkPlate) {
    imgui.frames(2);
    state.player().play();
    imgui.frames(2);
    const item_rect view = item("scene/view");
    bool plate = false;
    const ImDrawData* data = ImGui::GetDrawData();
    for (int l = 0; l < data->CmdListsCount; ++l) {
        for (const ImDrawVert& v : data->CmdLists[l]->VtxBuffer) {
            if (v.col == play_label_backdrop && v.pos.x < view.min.x + 200 &&
                v.pos.y > view.max.y - 40)
                plate = true;
        }
    }
    EXPECT_TRUE(plate);
    state.player().stop();
}

}  // namespace
}  // namespace mosaic::testing
