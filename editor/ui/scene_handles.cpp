#include "ui/scene_handles.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace mosaic::editor {

namespace {

constexpr float degrees_per_radian = 57.29577951308232f;

float dot(glm::vec2 a, glm::vec2 b) {
    return a.x * b.x + a.y * b.y;
}

float length(glm::vec2 v) {
    return std::sqrt(dot(v, v));
}

float distance_to_segment(glm::vec2 p, glm::vec2 a, glm::vec2 b) {
    const glm::vec2 ab = b - a;
    const float t = std::clamp(dot(p - a, ab) / dot(ab, ab), 0.0f, 1.0f);
    return length(p - (a + ab * t));
}

bool in_square(glm::vec2 p, glm::vec2 centre, float half) {
    return std::abs(p.x - centre.x) <= half && std::abs(p.y - centre.y) <= half;
}

/// The axis (x or y) a drag of `part` changes, or both.
bool changes_x(handle_part part) {
    return part != handle_part::y;
}
bool changes_y(handle_part part) {
    return part != handle_part::x;
}

}  // namespace

handle_axes axes_of(transform_tool tool, const handle_frame& at) {
    if (tool != transform_tool::scale) return {};
    const float r = at.rotation / degrees_per_radian;
    // The entity's axes in the world (y up), then y flipped for the screen.
    return {{std::cos(r), -std::sin(r)}, {-std::sin(r), -std::cos(r)}};
}

handle_part part_under(transform_tool tool, const handle_frame& at, glm::vec2 mouse) {
    const glm::vec2 o = at.origin;
    if (tool == transform_tool::rotate) {
        return std::abs(length(mouse - o) - handle_size::ring) <= handle_size::pick
                   ? handle_part::ring
                   : handle_part::none;
    }
    if (in_square(mouse, o, handle_size::square)) return handle_part::both;
    const handle_axes axes = axes_of(tool, at);
    const float reach = handle_size::length + handle_size::tip;
    const std::pair<glm::vec2, handle_part> parts[] = {{axes.x, handle_part::x},
                                                       {axes.y, handle_part::y}};
    for (const auto& [axis, part] : parts) {
        const bool on_box =
            tool == transform_tool::scale &&
            length(mouse - (o + axis * handle_size::length)) <= handle_size::box * 1.5f;
        if (on_box || distance_to_segment(mouse, o, o + axis * reach) <= handle_size::pick)
            return part;
    }
    return handle_part::none;
}

float turn_between(glm::vec2 centre, glm::vec2 from, glm::vec2 to) {
    // Screen y points down: flip it so counter-clockwise is positive, as in the world.
    const glm::vec2 a{from.x - centre.x, centre.y - from.y};
    const glm::vec2 b{to.x - centre.x, centre.y - to.y};
    if (dot(a, a) == 0.0f || dot(b, b) == 0.0f) return 0.0f;
    return std::atan2(a.x * b.y - a.y * b.x, dot(a, b)) * degrees_per_radian;
}

float snap_to(float value, float step) {
    if (!(step > 0.0f)) return value;
    return std::round(value / step) * step;
}

Transform apply_change(const Transform& start, const transform_change& c) {
    Transform t = start;
    t.position += c.offset;
    t.rotation += c.degrees;
    t.scale *= c.factor;
    return t;
}

handle_drag::handle_drag(transform_tool tool, handle_part part, const handle_frame& at,
                         glm::vec2 press_screen, glm::vec2 press_world, const Transform& active,
                         snap_steps steps)
    : tool_(tool),
      part_(part),
      at_(at),
      press_screen_(press_screen),
      press_world_(press_world),
      last_screen_(press_screen),
      active_(active),
      steps_(steps) {}

transform_change handle_drag::update(glm::vec2 screen, glm::vec2 world, bool snap) {
    transform_change c;
    switch (tool_) {
        case transform_tool::move: {
            glm::vec2 d = world - press_world_;
            if (!changes_x(part_)) d.x = 0.0f;
            if (!changes_y(part_)) d.y = 0.0f;
            if (snap) {
                if (changes_x(part_))
                    d.x = snap_to(active_.position.x + d.x, steps_.grid) - active_.position.x;
                if (changes_y(part_))
                    d.y = snap_to(active_.position.y + d.y, steps_.grid) - active_.position.y;
            }
            c.offset = d;
            break;
        }
        case transform_tool::rotate: {
            degrees_ += turn_between(at_.origin, last_screen_, screen);
            last_screen_ = screen;
            c.degrees =
                snap ? snap_to(active_.rotation + degrees_, steps_.degrees) - active_.rotation
                     : degrees_;
            break;
        }
        case transform_tool::scale: {
            const glm::vec2 d = screen - press_screen_;
            const handle_axes axes = axes_of(tool_, at_);
            // Dragging a box out by the handle's length doubles the scale; the square grows
            // to the right and up.
            if (part_ == handle_part::both) {
                const float f = 1.0f + (d.x - d.y) / handle_size::length;
                c.factor = {f, f};
            } else if (part_ == handle_part::x) {
                c.factor.x = 1.0f + dot(d, axes.x) / handle_size::length;
            } else {
                c.factor.y = 1.0f + dot(d, axes.y) / handle_size::length;
            }
            if (snap) {
                const auto snapped = [&](float start, float f) {
                    return start != 0.0f ? snap_to(start * f, steps_.scale) / start
                                         : snap_to(f, steps_.scale);
                };
                if (changes_x(part_)) c.factor.x = snapped(active_.scale.x, c.factor.x);
                if (changes_y(part_)) c.factor.y = snapped(active_.scale.y, c.factor.y);
            }
            break;
        }
    }
    return c;
}

}  // namespace mosaic::editor
