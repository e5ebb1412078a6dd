// Building tanks: the archetypes as the files hold them, and the parts every hull gets.
#include <algorithm>
#include <cmath>
#include <cstring>

#include <glm/trigonometric.hpp>
#include <mosaic/engine/hierarchy.hpp>

#include "tiny_tanks.hpp"

namespace mosaic::tiny_tanks {

namespace {

// Collision layers: walls stop hulls and bullets; hulls bump into each other; bullets hit
// hulls and walls but pass through each other.
constexpr std::uint32_t wall_layer = 1;
constexpr std::uint32_t hull_layer = 2;
constexpr std::uint32_t bullet_layer = 4;

}  // namespace

Name named(const char* text) {
    Name n;
    std::strncpy(n.value, text, sizeof n.value - 1);
    return n;
}

namespace {

mosaic::color mix(mosaic::color a, mosaic::color b, float t) {
    return {a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t, a.a};
}

// A sprite-only part of a tank, child of `parent` at `offset`.
entity add_part(world& w, entity parent, const char* name, glm::vec2 offset, const Sprite& look) {
    const entity e = w.create();
    w.add<Name>(e, named(name));
    w.add<Transform>(e, Transform{.position = offset});
    w.add<Sprite>(e, look);
    set_parent(w, e, parent);
    return e;
}

}  // namespace

glm::vec2 direction_of(float degrees) noexcept {
    const float radians = glm::radians(degrees);
    return {std::cos(radians), std::sin(radians)};
}

float wrap_degrees(float degrees) noexcept {
    const float wrapped = std::fmod(degrees + 180.0f, 360.0f);
    return (wrapped < 0.0f ? wrapped + 360.0f : wrapped) - 180.0f;
}

archetype tank_archetype() {
    archetype a{"tank"};
    a.set(Transform{})
        .set(RigidBody{})
        .set(Hull{})
        .set(LeftTrack{})
        .set(RightTrack{})
        .set(TankBrain{})
        .set(Sprite{.tint = {0.6f, 0.6f, 0.6f, 1.0f}, .size = {1.0f, 0.62f}, .layer = 2})
        .set(Collider{.shape = ColliderShape::circle,
                      .size = {0.5f, 0.5f},
                      .layer = hull_layer,
                      .mask = wall_layer | hull_layer | bullet_layer})
        .set(Health{.current = 100.0f, .max = 100.0f})
        .set(Team{});
    return a;
}

archetype turret_archetype() {
    archetype a{"turret"};
    a.set(Transform{.position = {-0.06f, 0.0f}})
        .set(Turret{})
        .set(Sprite{.tint = {0.8f, 0.8f, 0.8f, 1.0f}, .size = {0.42f, 0.42f}, .layer = 4})
        .set(Team{});
    return a;
}

archetype bullet_archetype() {
    archetype a{"bullet"};
    a.set(Transform{})
        .set(RigidBody{})
        .set(Sprite{.tint = {1.0f, 0.86f, 0.35f, 1.0f}, .size = {0.2f, 0.2f}, .layer = 5})
        .set(Collider{.shape = ColliderShape::circle,
                      .size = {0.1f, 0.1f},
                      .layer = bullet_layer,
                      .mask = wall_layer | hull_layer})
        .set(Lifetime{.seconds = 2.0f})
        .set(Damage{.amount = 20.0f, .destroy_on_hit = true})
        .set(Team{});
    return a;
}

void attach_parts(world& w, entity hull, const archetype& turret) {
    const Sprite* hull_sprite = w.try_get<Sprite>(hull);
    const mosaic::color tint = hull_sprite ? hull_sprite->tint : mosaic::color{};
    // Copies: spawning below may move the pools.
    const Team team = w.has<Team>(hull) ? w.get<Team>(hull) : Team{};

    const entity gun = spawn(w, turret);
    w.add_or_replace<Name>(gun, named("Turret"));
    w.add_or_replace<Team>(gun, team);
    if (Sprite* look = w.try_get<Sprite>(gun)) look->tint = mix(tint, {1, 1, 1, 1}, 0.35f);
    set_parent(w, gun, hull);

    const mosaic::color steel{0.22f, 0.23f, 0.25f, 1.0f};
    // Longer than the hull, so the gun shows which way the turret points.
    add_part(w, gun, "Barrel", {0.38f, 0.0f},
             Sprite{.tint = mix(tint, steel, 0.75f), .size = {0.6f, 0.13f}, .layer = 3});
    add_part(w, hull, "Left track", {0.0f, 0.34f},
             Sprite{.tint = steel, .size = {1.12f, 0.2f}, .layer = 1});
    add_part(w, hull, "Right track", {0.0f, -0.34f},
             Sprite{.tint = steel, .size = {1.12f, 0.2f}, .layer = 1});
}

entity make_tank(world& w, const archetype& tank, const archetype& turret, std::int32_t team,
                 mosaic::color tint, glm::vec2 position, float heading) {
    const entity hull = spawn(w, tank);
    w.add_or_replace<Name>(hull, named("Tank"));
    w.add_or_replace<Transform>(hull, Transform{.position = position, .rotation = heading});
    w.add_or_replace<Team>(hull, Team{team});
    Sprite look = w.has<Sprite>(hull) ? w.get<Sprite>(hull) : Sprite{};
    look.tint = tint;
    w.add_or_replace<Sprite>(hull, look);
    attach_parts(w, hull, turret);
    return hull;
}

}  // namespace mosaic::tiny_tanks
