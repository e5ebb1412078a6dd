#pragma once
// tick_input: the device state one simulation tick saw (keys and buttons held, the mouse),
// the part of the Input resource that comes from outside the world. Recording it before
// every tick and writing it back before the same tick of a re-run is all a deterministic
// game needs to play a session again: `pressed`/`released`/`previous` are computed from it
// by the input system, inside the world.

#include <array>
#include <cstdint>

#include "../input.hpp"

namespace mosaic {

struct tick_input {
    std::array<std::uint8_t, key_count> down{};
    std::array<std::uint8_t, mouse_button_count> mouse_down{};
    glm::vec2 mouse_position{0.0f, 0.0f};
    glm::vec2 mouse_pixels{0.0f, 0.0f};
    float scroll = 0.0f;

    /// What `input` holds from the devices now.
    [[nodiscard]] static tick_input of(const Input& input) noexcept {
        tick_input t;
        t.down = input.down;
        t.mouse_down = input.mouse_down;
        t.mouse_position = input.mouse_position;
        t.mouse_pixels = input.mouse_pixels;
        t.scroll = input.scroll;
        return t;
    }
    /// Writes the device fields into `input`, leaving the edges to the input system.
    void apply_to(Input& input) const noexcept {
        input.down = down;
        input.mouse_down = mouse_down;
        input.mouse_position = mouse_position;
        input.mouse_pixels = mouse_pixels;
        input.scroll = scroll;
    }
    friend bool operator==(const tick_input&, const tick_input&) = default;
};

}  // namespace mosaic
