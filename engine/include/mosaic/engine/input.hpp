#pragma once
// Keyboard and mouse state as ECS data. The platform layer (engine/platform/window.hpp)
// writes what the devices report into the world's Input resource once per frame; systems
// read it like any other component, so games never talk to GLFW and a test (or the
// headless runner) can press keys by writing the same fields.
//
// `down` is the device state; `pressed` and `released` are edges since the previous
// simulation tick, computed by the "input" system at the start of every tick (so a key
// tapped between two ticks is still seen once).

#include <array>
#include <cstdint>

#include "math.hpp"

namespace mosaic {

/// Key codes. The values are GLFW's, so the platform layer copies them without a table.
enum class key : std::int16_t {
    space = 32,
    apostrophe = 39,
    comma = 44,
    minus = 45,
    period = 46,
    slash = 47,
    d0 = 48,
    d1,
    d2,
    d3,
    d4,
    d5,
    d6,
    d7,
    d8,
    d9,
    a = 65,
    b,
    c,
    d,
    e,
    f,
    g,
    h,
    i,
    j,
    k,
    l,
    m,
    n,
    o,
    p,
    q,
    r,
    s,
    t,
    u,
    v,
    w,
    x,
    y,
    z,
    escape = 256,
    enter = 257,
    tab = 258,
    backspace = 259,
    insert = 260,
    del = 261,
    right = 262,
    left = 263,
    down = 264,
    up = 265,
    f1 = 290,
    f2,
    f3,
    f4,
    f5,
    f6,
    f7,
    f8,
    f9,
    f10,
    f11,
    f12,
    left_shift = 340,
    left_control = 341,
    left_alt = 342,
    right_shift = 344,
    right_control = 345,
    right_alt = 346,
};
inline constexpr int key_count = 349;  // GLFW_KEY_LAST + 1

enum class mouse_button : std::uint8_t { left, right, middle };
inline constexpr int mouse_button_count = 3;

struct Input {
    std::array<std::uint8_t, key_count> down{};      // 1 while held
    std::array<std::uint8_t, key_count> pressed{};   // 1 on the first tick it is held
    std::array<std::uint8_t, key_count> released{};  // 1 on the first tick it is up again
    std::array<std::uint8_t, key_count> previous{};  // `down` at the previous tick
    std::array<std::uint8_t, mouse_button_count> mouse_down{};
    glm::vec2 mouse_position{0.0f, 0.0f};  // world units, under the game camera
    glm::vec2 mouse_pixels{0.0f, 0.0f};    // framebuffer pixels, origin top-left
    float scroll = 0.0f;                   // wheel steps this frame

    [[nodiscard]] bool held(key k) const noexcept { return down[index(k)] != 0; }
    [[nodiscard]] bool just_pressed(key k) const noexcept { return pressed[index(k)] != 0; }
    [[nodiscard]] bool just_released(key k) const noexcept { return released[index(k)] != 0; }
    void set(key k, bool is_down) noexcept { down[index(k)] = is_down ? 1 : 0; }
    /// -1, 0 or +1 from a pair of keys (e.g. left/right arrows).
    [[nodiscard]] float axis(key negative, key positive) const noexcept {
        return static_cast<float>(held(positive)) - static_cast<float>(held(negative));
    }
    /// Computes pressed/released against the previous tick (the input system calls it).
    void begin_tick() noexcept {
        for (int i = 0; i < key_count; ++i) {
            const auto now = down[static_cast<std::size_t>(i)];
            const auto before = previous[static_cast<std::size_t>(i)];
            pressed[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(now && !before);
            released[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(!now && before);
        }
        previous = down;
    }

private:
    static std::size_t index(key k) noexcept { return static_cast<std::size_t>(k); }
};

}  // namespace mosaic
