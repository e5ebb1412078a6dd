// input_queue (editor/ui/app/input_queue.hpp): events applied in order, at most one change per
// key and button a frame, text after a chord waits for it, clicks keep their times; and
// through feed_imgui, shortcuts, Ctrl+A then text, and double-clicks inside slow frames.
#include <gtest/gtest.h>

#include "editor_ui_test_support.hpp"
#include "ui/app/imgui_input.hpp"
#include "ui/app/input_queue.hpp"

namespace mosaic::testing {
namespace {

using editor::input_queue;

constexpr int P = static_cast<int>(key::p);
constexpr int ctrl = static_cast<int>(key::left_control);

TEST(InputQueueTest, APressAndReleaseInsideOneFrameBecomeAPressThenARelease) {
    input_queue q;
    q.key(P, true);
    q.key(P, false);
    (void)q.next_frame();
    EXPECT_TRUE(q.key_down(P));
    EXPECT_EQ(q.pending(), 1u);
    (void)q.next_frame();
    EXPECT_FALSE(q.key_down(P));
    EXPECT_EQ(q.pending(), 0u);
}

TEST(InputQueueTest, ACtrlTapWithAKeyIsReadWithCtrlHeld) {
    input_queue q;
    q.key(ctrl, true);
    q.key(P, true);
    q.key(P, false);
    q.key(ctrl, false);
    (void)q.next_frame();
    EXPECT_TRUE(q.key_down(ctrl));
    EXPECT_TRUE(q.key_down(P));
    (void)q.next_frame();
    EXPECT_FALSE(q.key_down(ctrl));
    EXPECT_FALSE(q.key_down(P));
}

TEST(InputQueueTest, EventsAfterAWaitingOneWaitToo) {
    // P tapped, then Ctrl+P: Ctrl must not be down while the first P is.
    input_queue q;
    q.key(P, true);
    q.key(P, false);
    q.key(ctrl, true);
    q.key(P, true);
    (void)q.next_frame();
    EXPECT_TRUE(q.key_down(P));
    EXPECT_FALSE(q.key_down(ctrl));
    (void)q.next_frame();
    EXPECT_FALSE(q.key_down(P));
    EXPECT_TRUE(q.key_down(ctrl));
    (void)q.next_frame();
    EXPECT_TRUE(q.key_down(P));
    EXPECT_TRUE(q.key_down(ctrl));
}

TEST(InputQueueTest, CharactersNeverWait) {
    input_queue q;
    q.key(static_cast<int>(key::a), true);
    q.character('a');
    q.key(static_cast<int>(key::a), false);
    q.key(static_cast<int>(key::a), true);
    q.character('a');
    q.key(static_cast<int>(key::a), false);
    EXPECT_EQ(q.next_frame().characters, (std::vector<unsigned int>{'a', 'a'}));
    EXPECT_TRUE(q.next_frame().characters.empty());
}

TEST(InputQueueTest, AClickLandsWhereItHappened) {
    input_queue q;
    q.mouse_button(0, true, {10.0f, 20.0f});
    q.mouse_button(0, false, {30.0f, 40.0f});
    const input_queue::frame press = q.next_frame();
    EXPECT_TRUE(q.button_down(0));
    ASSERT_TRUE(press.cursor.has_value());
    EXPECT_EQ(*press.cursor, glm::vec2(10.0f, 20.0f));
    const input_queue::frame release = q.next_frame();
    EXPECT_FALSE(q.button_down(0));
    ASSERT_TRUE(release.cursor.has_value());
    EXPECT_EQ(*release.cursor, glm::vec2(30.0f, 40.0f));
    EXPECT_FALSE(q.next_frame().cursor.has_value()) << "no click: the cursor is the device's";
}

TEST(InputQueueTest, RepeatedPressesAndUnknownKeysAreNotChanges) {
    input_queue q;
    q.key(P, true);
    q.key(P, true);   // e.g. a focus change reporting a key still down
    q.key(-1, true);  // GLFW_KEY_UNKNOWN
    q.mouse_button(input_queue::button_count, true, {});
    (void)q.next_frame();
    EXPECT_TRUE(q.key_down(P));
    EXPECT_EQ(q.pending(), 0u);
}

TEST(InputQueueTest, TextTypedAfterACtrlChordWaitsForTheChord) {
    input_queue q;
    q.key(ctrl, true);
    q.key(static_cast<int>(key::a), true);
    q.key(static_cast<int>(key::a), false);
    q.key(ctrl, false);
    for (const char c : std::string_view("/x")) q.character(static_cast<unsigned char>(c));
    const input_queue::frame chord = q.next_frame();
    EXPECT_TRUE(q.key_down(ctrl));
    EXPECT_TRUE(chord.characters.empty()) << "typed while Ctrl is down: ImGui drops them";
    const input_queue::frame text = q.next_frame();
    EXPECT_FALSE(q.key_down(ctrl));
    EXPECT_EQ(text.characters, (std::vector<unsigned int>{'/', 'x'}));
}

TEST(InputQueueTest, APressCarriesTheTimeSinceThePreviousPress) {
    input_queue q;
    q.mouse_button(0, true, {5, 5}, 10.0);
    q.mouse_button(0, false, {5, 5}, 10.05);
    q.mouse_button(0, true, {5, 5}, 10.2);
    EXPECT_FALSE(q.next_frame().press_interval[0].has_value()) << "the first press";
    EXPECT_FALSE(q.next_frame().press_interval[0].has_value()) << "a release";
    const input_queue::frame second = q.next_frame();
    ASSERT_TRUE(second.press_interval[0].has_value());
    EXPECT_NEAR(*second.press_interval[0], 0.2, 1e-9);
}

// Two clicks 200 ms apart reach ImGui in frames 500 ms apart: still a double-click.
TEST(QueuedDoubleClickTest, ClicksAreTimedByTheirEventsNotByTheFrames) {
    headless_imgui imgui;
    input_queue queue;
    int double_clicks = 0;
    imgui.contents = [&] {
        if (ImGui::IsMouseDoubleClicked(0)) ++double_clicks;
    };
    ImGui::GetIO().DeltaTime = 0.5f;
    const auto frame = [&] {
        editor::feed_imgui(queue, ImGui::GetIO());
        imgui.frame();
    };
    frame();
    queue.mouse_button(0, true, {100, 100}, 1.0);
    queue.mouse_button(0, false, {100, 100}, 1.05);
    queue.mouse_button(0, true, {100, 100}, 1.2);
    queue.mouse_button(0, false, {100, 100}, 1.25);
    for (int i = 0; i < 5; ++i) frame();
    EXPECT_EQ(double_clicks, 1);

    // Two clicks 600 ms apart are two clicks, however fast the frames.
    ImGui::GetIO().DeltaTime = 1.0f / 60.0f;
    queue.mouse_button(0, true, {100, 100}, 5.0);
    queue.mouse_button(0, false, {100, 100}, 5.05);
    for (int i = 0; i < 3; ++i) frame();
    queue.mouse_button(0, true, {100, 100}, 5.6);
    queue.mouse_button(0, false, {100, 100}, 5.65);
    for (int i = 0; i < 3; ++i) frame();
    EXPECT_EQ(double_clicks, 1);
}

// The application's path without a window: GLFW events into the queue, feed_imgui before
// each ImGui frame, the real shortcuts.
class QueuedShortcutTest : public EditorUiTest {
protected:
    void frame() {
        editor::feed_imgui(queue, ImGui::GetIO());
        imgui.frame();
    }
    input_queue queue;
};

TEST_F(QueuedShortcutTest, ATapInsideOneFrameFiresTheShortcutExactlyOnce) {
    frame();
    frame();
    ASSERT_EQ(state.player().mode(), editor::play_state::editing);
    // Ctrl+P pressed and released between two frames (a slow frame).
    queue.key(ctrl, true);
    queue.key(P, true);
    queue.key(P, false);
    queue.key(ctrl, false);
    frame();
    EXPECT_EQ(state.player().mode(), editor::play_state::playing) << "the tap was lost";
    for (int i = 0; i < 5; ++i) frame();
    EXPECT_EQ(state.player().mode(), editor::play_state::playing) << "the shortcut fired again";
    EXPECT_FALSE(ImGui::GetIO().KeyCtrl);
    EXPECT_EQ(queue.pending(), 0u);
}

TEST_F(QueuedShortcutTest, CtrlAThenTextInOneSlowFrameReplacesTheText) {
    frame();
    frame();
    imgui.click(at("hierarchy/search"));
    imgui.type("old text");
    frame();
    ASSERT_EQ(ui.hierarchy().filter(), "old text");
    queue.key(ctrl, true);
    queue.key(static_cast<int>(key::a), true);
    queue.key(static_cast<int>(key::a), false);
    queue.key(ctrl, false);
    for (const char c : std::string_view("/owngame/second_play"))
        queue.character(static_cast<unsigned char>(c));
    for (int i = 0; i < 4; ++i) frame();
    EXPECT_EQ(ui.hierarchy().filter(), "/owngame/second_play");
}

TEST_F(QueuedShortcutTest, ACtrlShiftChordTappedInOneFrameFiresOnce) {
    frame();
    state.player().play();
    frame();
    ASSERT_EQ(state.player().mode(), editor::play_state::playing);
    const int shift = static_cast<int>(key::left_shift);
    queue.key(ctrl, true);
    queue.key(shift, true);
    queue.key(P, true);
    queue.key(P, false);
    queue.key(shift, false);
    queue.key(ctrl, false);
    frame();
    EXPECT_EQ(state.player().mode(), editor::play_state::paused) << "the tap was lost";
    for (int i = 0; i < 5; ++i) frame();
    EXPECT_EQ(state.player().mode(), editor::play_state::paused) << "the shortcut fired again";
    EXPECT_FALSE(ImGui::GetIO().KeyCtrl);
    EXPECT_FALSE(ImGui::GetIO().KeyShift);
    EXPECT_EQ(queue.pending(), 0u);
    state.player().stop();
}

TEST_F(QueuedShortcutTest, WithoutTheQueueTheSameTapIsLost) {
    // What ImGui 1.86's GLFW backend does: state written as the events come.
    imgui.frames(2);
    ImGuiIO& io = ImGui::GetIO();
    io.KeyCtrl = true;
    imgui.key_down(key::p, true);
    imgui.key_down(key::p, false);
    io.KeyCtrl = false;
    imgui.frames(2);
    EXPECT_EQ(state.player().mode(), editor::play_state::editing);
}

}  // namespace
}  // namespace mosaic::testing
