#pragma once
// input_queue: keyboard, character and mouse-button events in the order they happened, handed
// to the UI one frame at a time so that no press is lost when frames are slow.
//
// Dear ImGui 1.86 reads key and button *state* once per frame (io.KeysDown, io.MouseDown): a
// press and a release inside one slow frame leave the state as it was and the press vanishes
// (a quick Ctrl+P or Escape tap at 4 frames a second). The window's callbacks push every
// event here instead, and each frame next_frame() applies events in order until one would be
// a second change of a key or button already changed this frame: that event and everything
// after it wait for the next frame. So a press and release inside one frame become a press
// this frame and a release the next, and the order of presses across keys is kept (Ctrl is
// down before P when Ctrl+P is read). Characters (text input) are queued in the same order:
// they go with the frame unless a chord (a key pressed with Ctrl, Alt or Super held) was
// applied before them in it, or a Ctrl/Alt/Super change comes before them, in which case
// they wait for the next frame (plain typing does not wait behind a letter pressed twice). ImGui
// reads a frame's characters before its shortcuts, and drops characters typed while Ctrl is down:
// Ctrl+A then a quickly typed path must select all first and then replace it with the path.
//
// Button presses carry the time they happened, so that a double-click is recognised from
// when the clicks were made, not from when slow frames got round to them (frame.press_interval).
//
// No GLFW and no ImGui here (tested directly); app/imgui_input.hpp feeds a frame to ImGui and
// app/glfw_input.hpp fills the queue from a GLFW window.

#include <array>
#include <cstddef>
#include <deque>
#include <optional>
#include <vector>

#include <mosaic/engine/math.hpp>

namespace mosaic::editor {

class input_queue {
public:
    /// Key codes are GLFW's (what io.KeysDown is indexed by); others are ignored.
    static constexpr int key_count = 512;
    static constexpr int button_count = 8;

    /// A key went down or up (repeats are not transitions: leave them out).
    void key(int code, bool down);
    /// A mouse button went down or up with the cursor at `cursor` (window coordinates), at
    /// `seconds` on any steady clock (glfwGetTime()).
    void mouse_button(int button, bool down, glm::vec2 cursor, double seconds = 0.0);
    /// A character typed (a Unicode code point).
    void character(unsigned int code_point);

    /// What one frame gets besides the key and button state.
    struct frame {
        std::vector<unsigned int> characters;
        /// Where the cursor was at the last button change applied this frame: a click lands
        /// where it happened even if the cursor has moved on since.
        std::optional<glm::vec2> cursor;
        /// For a button pressed this frame: seconds since its previous press (as the events'
        /// times say), to decide a double-click.
        std::array<std::optional<double>, button_count> press_interval{};
    };

    /// Applies this frame's events to the state (at most one change per key and button) and
    /// takes every queued character.
    frame next_frame();

    [[nodiscard]] bool key_down(int code) const noexcept {
        return code >= 0 && code < key_count && keys_[static_cast<std::size_t>(code)];
    }
    [[nodiscard]] bool button_down(int button) const noexcept {
        return button >= 0 && button < button_count && buttons_[static_cast<std::size_t>(button)];
    }
    /// Key, button and character events still waiting for a later frame.
    [[nodiscard]] std::size_t pending() const noexcept { return events_.size(); }

private:
    struct event {
        enum class kind : unsigned char { key, button, character };
        kind what = kind::key;
        int code = 0;  // key, button or code point
        bool down = false;
        glm::vec2 cursor{0.0f, 0.0f};
        double seconds = 0.0;
    };
    [[nodiscard]] bool chord_modifier_down() const noexcept;

    std::deque<event> events_;
    std::array<std::optional<double>, button_count> last_press_{};  // seconds
    std::array<bool, key_count> keys_{};
    std::array<bool, button_count> buttons_{};
};

}  // namespace mosaic::editor
