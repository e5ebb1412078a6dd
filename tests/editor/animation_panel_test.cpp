// The Animation tab through real mouse input, headless: New Clip gives the selected entity an
// Animator, Record plus an edit adds keys that show as rows and diamonds, dragging the ruler
// moves the playhead and previews, a click selects a key and a drag moves it as one undo step.
#include <mosaic/engine/animation/animator.hpp>
#include <mosaic/engine/components.hpp>

#include "core/animation_editor.hpp"
#include "editor_ui_test_support.hpp"

namespace mosaic::testing {
namespace {

using namespace mosaic::editor;

class AnimationPanelTest : public EditorUiTest {
protected:
    entity make_ledge() {
        const entity ledge = create_entity(state, "Ledge");
        state.selection().select(ledge);
        ui.state().events.post(show_panel{"animation"});
        imgui.frames(3);
        return ledge;
    }
    void move_x(entity e, float x) {
        const component_info* info = state.table().find<Transform>();
        glm::vec2 p = state.world().get<Transform>(e).position;
        p.x = x;
        const entity list[] = {e};
        set_field(state, list, info->type, *info->find_field("position"), &p);
        imgui.frames(2);
    }
};

TEST_F(AnimationPanelTest, RecordAnEditThenSelectAndDragItsKey) {
    const entity ledge = make_ledge();
    imgui.click(at("animation/New Clip"));
    imgui.frames(2);
    ASSERT_TRUE(state.world().has<Animator>(ledge));
    animation_editor& a = state.animation();
    ASSERT_TRUE(a.has_clip());
    EXPECT_EQ(a.path(), "assets/ledge.clip.json");

    imgui.click(at("animation/Record"));
    imgui.frames(1);
    EXPECT_TRUE(a.recording());
    move_x(ledge, 3.0f);  // at 0 s
    // Drag the playhead to the middle of the ruler (the clip is 2 s).
    imgui.drag(at("animation/ruler", 0.1f), at("animation/ruler", 0.5f), 6);
    imgui.frames(1);
    EXPECT_NEAR(a.playhead(), 1.0f, 0.06f);
    EXPECT_TRUE(a.previewing());
    move_x(ledge, 8.0f);  // at 1 s
    ASSERT_TRUE(has_item("animation/key/Transform.position.x/1"));
    EXPECT_FALSE(has_item("animation/key/Transform.position.y/0")) << "y did not change";
    EXPECT_EQ(a.clip().tracks[0].keys[1].value, 8.0);

    // Select the second key and drag it right by a quarter of the ruler (0.5 s).
    const ImVec2 key = at("animation/key/Transform.position.x/1");
    const item_rect ruler = item("animation/ruler");
    const float quarter = (ruler.max.x - ruler.min.x) * 0.25f;
    const std::size_t steps = state.history().undo_steps();
    imgui.drag(key, {key.x + quarter, key.y}, 6);
    imgui.frames(2);
    ASSERT_EQ(a.selected.size(), 1u);
    EXPECT_NEAR(a.clip().tracks[0].keys[1].time, 1.5f, 0.06f);
    EXPECT_EQ(state.history().undo_steps(), steps + 1);
    imgui.tap(key::z, /*ctrl=*/true);
    EXPECT_NEAR(a.clip().tracks[0].keys[1].time, 1.0f, 1e-4f);
}

}  // namespace
}  // namespace mosaic::testing
