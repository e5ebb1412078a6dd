#include "input_queue.hpp"

#include <utility>

namespace mosaic::editor {

void input_queue::key(int code, bool down) {
    if (code < 0 || code >= key_count) return;  // GLFW_KEY_UNKNOWN and the like
    events_.push_back({event::kind::key, code, down, {}});
}

void input_queue::mouse_button(int button, bool down, glm::vec2 cursor) {
    if (button < 0 || button >= button_count) return;
    events_.push_back({event::kind::button, button, down, cursor});
}

void input_queue::character(unsigned int code_point) {
    characters_.push_back(code_point);
}

input_queue::frame input_queue::next_frame() {
    frame out;
    out.characters = std::exchange(characters_, {});
    std::array<bool, key_count> key_changed{};
    std::array<bool, button_count> button_changed{};
    while (!events_.empty()) {
        const event& e = events_.front();
        const auto index = static_cast<std::size_t>(e.code);
        bool& state = e.what == event::kind::key ? keys_[index] : buttons_[index];
        bool& changed = e.what == event::kind::key ? key_changed[index] : button_changed[index];
        if (state != e.down) {
            if (changed) break;  // a second change of this key: it and what follows wait
            state = e.down;
            changed = true;
            if (e.what == event::kind::button) out.cursor = e.cursor;
        }
        events_.pop_front();
    }
    return out;
}

}  // namespace mosaic::editor
