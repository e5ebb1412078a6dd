#include "input_queue.hpp"

#include <utility>

namespace mosaic::editor {

namespace {
// GLFW key codes of the modifiers that make a key press a shortcut rather than typing.
constexpr int chord_modifiers[] = {341, 345, 342, 346, 343, 347};  // Ctrl, Alt, Super (L, R)

bool is_chord_modifier(int code) noexcept {
    for (const int m : chord_modifiers)
        if (m == code) return true;
    return false;
}
}  // namespace

void input_queue::key(int code, bool down) {
    if (code < 0 || code >= key_count) return;  // GLFW_KEY_UNKNOWN and the like
    events_.push_back({event::kind::key, code, down, {}, 0.0});
}

void input_queue::mouse_button(int button, bool down, glm::vec2 cursor, double seconds) {
    if (button < 0 || button >= button_count) return;
    events_.push_back({event::kind::button, button, down, cursor, seconds});
}

void input_queue::character(unsigned int code_point) {
    events_.push_back({event::kind::character, static_cast<int>(code_point), false, {}, 0.0});
}

bool input_queue::chord_modifier_down() const noexcept {
    for (const int m : chord_modifiers)
        if (keys_[static_cast<std::size_t>(m)]) return true;
    return false;
}

input_queue::frame input_queue::next_frame() {
    frame out;
    std::array<bool, key_count> key_changed{};
    std::array<bool, button_count> button_changed{};
    bool chord_applied = false;  // characters after it wait for the next frame
    while (!events_.empty()) {
        const event& e = events_.front();
        if (e.what == event::kind::character) {
            if (chord_applied) break;
            out.characters.push_back(static_cast<unsigned int>(e.code));
            events_.pop_front();
            continue;
        }
        const auto index = static_cast<std::size_t>(e.code);
        const bool is_key = e.what == event::kind::key;
        bool& state = is_key ? keys_[index] : buttons_[index];
        bool& changed = is_key ? key_changed[index] : button_changed[index];
        if (state != e.down) {
            if (changed) break;  // a second change of this key: it and what follows wait
            state = e.down;
            changed = true;
            if (is_key && e.down && !is_chord_modifier(e.code) && chord_modifier_down())
                chord_applied = true;
            if (!is_key) {
                out.cursor = e.cursor;
                if (e.down) {
                    if (last_press_[index])
                        out.press_interval[index] = e.seconds - *last_press_[index];
                    last_press_[index] = e.seconds;
                }
            }
        }
        events_.pop_front();
    }
    // Plain typing never waits behind keys that do: the characters after the first waiting
    // event go with this frame too, up to the first Ctrl/Alt/Super change (a chord to come).
    if (chord_applied || chord_modifier_down()) return out;
    for (auto it = events_.begin(); it != events_.end();) {
        if (it->what == event::kind::key && is_chord_modifier(it->code)) break;
        if (it->what != event::kind::character) {
            ++it;
            continue;
        }
        out.characters.push_back(static_cast<unsigned int>(it->code));
        it = events_.erase(it);
    }
    return out;
}

}  // namespace mosaic::editor
