// The bottom strip: the console's filters, counts, Clear and long lines; the profiler's system
// switches.
#include <string>

#include "editor_ui_test_support.hpp"

namespace mosaic::testing {
namespace {

using namespace mosaic::editor;

class BottomPanelsTest : public EditorUiTest {};

TEST_F(BottomPanelsTest, TheConsoleCountsLevelsAndClears) {
    state.log().warning("careful");
    state.log().error("broken");
    imgui.frames(3);
    EXPECT_TRUE(has_item("tab/Console (1 error, 1 warning)"));
    state.log().error("also broken");
    imgui.frames(1);
    EXPECT_TRUE(has_item("tab/Console (2 errors, 1 warning)"));
    imgui.click(at("console/Clear"));
    imgui.frames(1);
    EXPECT_EQ(state.log().count(log_level::error), 0u);
    EXPECT_TRUE(has_item("tab/Console"));
}

TEST_F(BottomPanelsTest, ALongConsoleLineShowsWholeUnderTheMouse) {
    state.log().clear();
    state.log().info("short");
    state.log().error("long: " + std::string(400, 'x') + " the end");
    imgui.frames(3);
    imgui.move_to(at("console/line/0", 0.1f));
    imgui.frames(2);
    EXPECT_FALSE(has_item("console/tooltip")) << "a line that fits needs no tooltip";
    imgui.move_to(at("console/line/1", 0.01f));
    imgui.frames(2);
    ASSERT_TRUE(has_item("console/tooltip"));
    const item_rect tip = item("console/tooltip");
    EXPECT_GT(tip.max.y - tip.min.y, ImGui::GetTextLineHeight() * 2) << "wrapped";
}

TEST_F(BottomPanelsTest, TheProfilerListsSystemsAndSwitchesThemOff) {
    ui.state().events.post(show_panel{"profiler"});
    imgui.frames(3);
    ASSERT_TRUE(has_item("profiler/movement"));
    imgui.click(at("profiler/movement"));
    imgui.frames(1);
    const system* movement = state.game().systems().find("movement");
    ASSERT_NE(movement, nullptr);
    EXPECT_FALSE(movement->enabled());
}

}  // namespace
}  // namespace mosaic::testing
