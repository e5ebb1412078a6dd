// The live link's input: the keys and the mouse a client holds (the editor forwards its own
// while a game plays in a separate process) become the game's Input resource, as the window
// would set them under mosaic-run with a display; the "input" system computes the edges at
// the next tick. A refused request leaves Input as it was.
#include <array>
#include <cmath>

#include <mosaic/engine/input.hpp>

#include "live_methods.hpp"

namespace mosaic::live::internal {

namespace {

/// The codes of an array param, each below `count`; absent: none.
template <std::size_t N>
std::array<std::uint8_t, N> held(const call& c, const char* name) {
    std::array<std::uint8_t, N> out{};
    const rapidjson::Value* v = c.p.find(name);
    if (!v) return out;
    if (!v->IsArray() || v->Size() > N) {
        fail(invalid_params, std::string("\"") + name + "\": expected an array of at most " +
                                 std::to_string(N) + " codes");
    }
    for (const auto& code : v->GetArray()) {
        if (!code.IsUint() || code.GetUint() >= N) {
            fail(invalid_params,
                 std::string("\"") + name + "\": codes go from 0 to " + std::to_string(N - 1));
        }
        out[code.GetUint()] = 1;
    }
    return out;
}

glm::vec2 point(const call& c, const char* name, glm::vec2 fallback) {
    const rapidjson::Value* v = c.p.find(name);
    if (!v) return fallback;
    if (!v->IsArray() || v->Size() != 2 || !(*v)[0].IsNumber() || !(*v)[1].IsNumber() ||
        !std::isfinite((*v)[0].GetDouble()) || !std::isfinite((*v)[1].GetDouble())) {
        fail(invalid_params, std::string("\"") + name + "\": expected [x, y] (finite numbers)");
    }
    return {static_cast<float>((*v)[0].GetDouble()), static_cast<float>((*v)[1].GetDouble())};
}

void write_codes(writer& out, const std::uint8_t* flags, std::size_t count) {
    out.StartArray();
    for (std::size_t i = 0; i < count; ++i) {
        if (flags[i] != 0) out.Uint(static_cast<unsigned>(i));
    }
    out.EndArray();
}

void write_input(const call& c, const Input& in) {
    c.out.StartObject();
    c.out.Key("down");
    write_codes(c.out, in.down.data(), in.down.size());
    c.out.Key("mouse_down");
    write_codes(c.out, in.mouse_down.data(), in.mouse_down.size());
    c.out.Key("mouse_position");
    c.out.StartArray();
    c.out.Double(in.mouse_position.x);
    c.out.Double(in.mouse_position.y);
    c.out.EndArray();
    c.out.Key("scroll");
    c.out.Double(in.scroll);
    c.out.EndObject();
}

}  // namespace

void input_set(const call& c) {
    Input& now = c.w().resource<Input>();
    // Everything is read before Input changes.
    const auto down = held<key_count>(c, "down");
    const auto mouse = held<mouse_button_count>(c, "mouse_down");
    const glm::vec2 position = point(c, "mouse_position", now.mouse_position);
    const glm::vec2 pixels = point(c, "mouse_pixels", now.mouse_pixels);
    const rapidjson::Value* scroll = c.p.find("scroll");
    if (scroll && (!scroll->IsNumber() || !std::isfinite(scroll->GetDouble())))
        fail(invalid_params, "\"scroll\": expected a finite number");
    now.down = down;
    now.mouse_down = mouse;
    now.mouse_position = position;
    now.mouse_pixels = pixels;
    if (scroll) now.scroll = static_cast<float>(scroll->GetDouble());
    write_input(c, now);
}

void input_get(const call& c) {
    write_input(c, c.w().resource<Input>());
}

}  // namespace mosaic::live::internal
