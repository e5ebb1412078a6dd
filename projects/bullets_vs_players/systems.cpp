// wander, emitters and hurt_tint: the per-entity systems around bullet_hits (hits.cpp).
#include <algorithm>
#include <cmath>
#include <optional>

#include <glm/trigonometric.hpp>
#include <mosaic/ecs/view.hpp>
#include <mosaic/engine/resources.hpp>

#include "bullets_vs_players.hpp"

namespace mosaic::bullets_vs_players {

namespace {

glm::vec2 direction_of(float degrees) {
    const float radians = glm::radians(degrees);
    return {std::cos(radians), std::sin(radians)};
}

// Turns a velocity component back when the position is past an edge and still going out.
float turn_back(float position, float velocity, float low, float high) {
    if (position < low && velocity < 0.0f) return -velocity;
    if (position > high && velocity > 0.0f) return -velocity;
    return velocity;
}

void fire_volley(command_buffer& commands, const archetype& bullet, BulletEmitter& emitter,
                 glm::vec2 from) {
    const std::int32_t arms = std::max(1, emitter.arms);
    for (std::int32_t k = 0; k < arms && emitter.remaining != 0; ++k) {
        const glm::vec2 heading =
            direction_of(emitter.angle + 360.0f * static_cast<float>(k) / static_cast<float>(arms));
        const entity b = spawn(commands, bullet);
        Transform placed = bullet.has<Transform>() ? *bullet.find<Transform>() : Transform{};
        placed.position = from;
        commands.add_or_replace<Transform>(b, placed);
        RigidBody body = bullet.has<RigidBody>() ? *bullet.find<RigidBody>() : RigidBody{};
        body.velocity = heading * emitter.speed;
        commands.add_or_replace<RigidBody>(b, body);
        if (emitter.remaining > 0) --emitter.remaining;
    }
}

}  // namespace

system& add_wander_system(scheduler& s) {
    return s
        .add("wander",
             [](system_context& ctx, view_t<const PlayArea, const Transform> areas,
                view_t<Player, RigidBody, const Transform> players, Random& random) {
                 const auto dt = static_cast<float>(ctx.dt());
                 std::optional<aabb> area;
                 areas.each([&](const PlayArea& a, const Transform& t) {
                     area = aabb{t.position - a.half_size, t.position + a.half_size};
                 });
                 players.each([&](Player& player, RigidBody& body, const Transform& t) {
                     player.turn_timer -= dt;
                     if (player.turn_timer <= 0.0f) {
                         body.velocity = direction_of(random.range(0.0f, 360.0f)) * player.speed;
                         player.turn_timer =
                             std::max(dt, player.turn_interval * random.range(0.5f, 1.5f));
                     }
                     if (!area) return;
                     body.velocity.x =
                         turn_back(t.position.x, body.velocity.x, area->min.x, area->max.x);
                     body.velocity.y =
                         turn_back(t.position.y, body.velocity.y, area->min.y, area->max.y);
                 });
             })
        .order(-10);
}

system& add_emitters_system(scheduler& s) {
    return s
        .add("emitters",
             [](system_context& ctx, view_t<BulletEmitter, const Transform> emitters,
                const Archetypes& archetypes) {
                 const auto dt = static_cast<float>(ctx.dt());
                 const archetype* bullet = archetypes.find("bullet");
                 emitters.each([&](BulletEmitter& emitter, const Transform& t) {
                     emitter.angle = std::fmod(emitter.angle + emitter.spin * dt, 360.0f);
                     if (emitter.rate <= 0.0f || emitter.remaining == 0) return;
                     emitter.cooldown -= dt;
                     // Volleys due this tick, a few at most after a long pause.
                     for (int volley = 0; emitter.cooldown <= 0.0f && volley < 8; ++volley) {
                         if (bullet) fire_volley(ctx.commands(), *bullet, emitter, t.position);
                         emitter.cooldown += 1.0f / emitter.rate;
                     }
                     emitter.cooldown = std::max(emitter.cooldown, 0.0f);
                 });
             })
        .order(-5);
}

system& add_hurt_tint_system(scheduler& s) {
    return s
        .add("hurt_tint",
             [](view_t<const Player, const Health, Sprite> players) {
                 constexpr mosaic::color healthy{0.35f, 0.85f, 0.5f, 1.0f};
                 constexpr mosaic::color hurt{0.95f, 0.2f, 0.2f, 1.0f};
                 players.each([&](const Player&, const Health& health, Sprite& look) {
                     const float lost =
                         health.max > 0.0f
                             ? std::clamp(1.0f - health.current / health.max, 0.0f, 1.0f)
                             : 0.0f;
                     look.tint = {healthy.r + (hurt.r - healthy.r) * lost,
                                  healthy.g + (hurt.g - healthy.g) * lost,
                                  healthy.b + (hurt.b - healthy.b) * lost, look.tint.a};
                 });
             })
        .in(phase::post_update)
        .order(10);
}

}  // namespace mosaic::bullets_vs_players
