// Driving: the AI sets track speeds, the drive turns them into a heading and a velocity.
#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <vector>

#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>
#include <mosaic/ecs/view.hpp>
#include <mosaic/engine/resources.hpp>

#include "tiny_tanks.hpp"

namespace mosaic::tiny_tanks {

namespace {

struct tank_position {
    glm::vec2 position;
    std::int32_t team;
};

struct bounds {
    glm::vec2 min, max;
};

const tank_position* nearest_enemy(const std::vector<tank_position>& tanks, glm::vec2 here,
                                   std::int32_t team) {
    const tank_position* best = nullptr;
    float best_distance = 0.0f;
    for (const tank_position& t : tanks) {
        if (t.team == team) continue;
        const glm::vec2 d = t.position - here;
        const float distance = glm::dot(d, d);
        if (!best || distance < best_distance) {
            best = &t;
            best_distance = distance;
        }
    }
    return best;
}

// -1..1: how hard to turn towards `bearing` (degrees) from `heading`; full lock at `full`.
float steer_towards(float bearing, float heading, float full) {
    return std::clamp(wrap_degrees(bearing - heading) / full, -1.0f, 1.0f);
}

float bearing_of(glm::vec2 d) {
    return glm::degrees(std::atan2(d.y, d.x));
}

void think(system_context& ctx, std::vector<tank_position>& tanks) {
    tanks.clear();
    ctx.view<const Hull, const Transform, const Team>().each(
        [&](const Hull&, const Transform& t, const Team& team) {
            tanks.push_back({t.position, team.id});
        });
    std::optional<bounds> arena;
    ctx.view<const Arena, const Transform>().each([&](const Arena& a, const Transform& t) {
        arena = bounds{t.position - a.half_size, t.position + a.half_size};
    });

    Random& random = ctx.resource<Random>();
    ctx.view<TankBrain, const Transform, const Team, LeftTrack, RightTrack>().each(
        [&](TankBrain& brain, const Transform& t, const Team& team, LeftTrack& left,
            RightTrack& right) {
            brain.wander = std::clamp(brain.wander + random.range(-0.6f, 0.6f), -1.0f, 1.0f);
            float throttle = brain.cruise;
            float steer = brain.wander * (1.0f - brain.aggression);
            if (const tank_position* enemy = nearest_enemy(tanks, t.position, team.id)) {
                const glm::vec2 to = enemy->position - t.position;
                steer += brain.aggression * steer_towards(bearing_of(to), t.rotation, 45.0f);
                if (glm::dot(to, to) < brain.standoff * brain.standoff) throttle *= 0.25f;
            }
            if (arena) {
                const glm::vec2 p = t.position;
                const float c = brain.caution;
                const bool near_edge = p.x < arena->min.x + c || p.x > arena->max.x - c ||
                                       p.y < arena->min.y + c || p.y > arena->max.y - c;
                const glm::vec2 to_centre = (arena->min + arena->max) * 0.5f - p;
                if (near_edge && glm::dot(direction_of(t.rotation), to_centre) < 0.0f) {
                    // Heading out: turn back towards the middle, slowly.
                    steer = steer_towards(bearing_of(to_centre), t.rotation, 30.0f);
                    throttle = brain.cruise * 0.4f;
                }
            }
            left.speed = left.max_speed * std::clamp(throttle - steer, -1.0f, 1.0f);
            right.speed = right.max_speed * std::clamp(throttle + steer, -1.0f, 1.0f);
        });
}

}  // namespace

system& add_tank_ai_system(scheduler& s) {
    auto tanks = std::make_shared<std::vector<tank_position>>();
    return s.add("tank_ai", [tanks](system_context& ctx) { think(ctx, *tanks); })
        .reads<Hull, Transform, Team, Arena>()
        .writes<TankBrain, LeftTrack, RightTrack, Random>()
        .every(rate::interval(0.2))
        .order(-20);
}

system& add_tank_drive_system(scheduler& s) {
    return s
        .add("tank_drive",
             [](system_context& ctx,
                view_t<const Hull, const LeftTrack, const RightTrack, Transform, RigidBody> tanks) {
                 const auto dt = static_cast<float>(ctx.dt());
                 tanks.each([dt](const Hull& hull, const LeftTrack& l, const RightTrack& r,
                                 Transform& t, RigidBody& body) {
                     const float left =
                         std::clamp(l.speed, -std::abs(l.max_speed), std::abs(l.max_speed));
                     const float right =
                         std::clamp(r.speed, -std::abs(r.max_speed), std::abs(r.max_speed));
                     const float width = std::max(hull.track_width, 0.01f);
                     t.rotation =
                         wrap_degrees(t.rotation + glm::degrees((right - left) / width) * dt);
                     // The engine's movement system moves it along this velocity.
                     body.velocity = direction_of(t.rotation) * ((left + right) * 0.5f);
                 });
             })
        .order(-5);
}

}  // namespace mosaic::tiny_tanks
