// Building tanks: the tank prefab and the bullet archetype as the files hold them, and the
// colours a tank's parts take from its hull.
#include <algorithm>
#include <cmath>
#include <cstring>

#include <glm/trigonometric.hpp>
#include <mosaic/engine/animation/animator.hpp>
#include <mosaic/engine/builtin_components.hpp>
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

mosaic::asset_path asset(const char* path) {
    mosaic::asset_path a;
    std::strncpy(a.path, path, sizeof a.path - 1);
    return a;
}

namespace {

mosaic::color mix(mosaic::color a, mosaic::color b, float t) {
    return {a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t, a.a};
}

constexpr mosaic::color white{1.0f, 1.0f, 1.0f, 1.0f};

// A sprite-only part of a tank, child of `parent` at `offset`.
entity add_part(world& w, entity parent, const char* name, glm::vec2 offset, const Sprite& look) {
    const entity e = w.create();
    w.add<Name>(e, named(name));
    w.add<Transform>(e, Transform{.position = offset});
    w.add<Sprite>(e, look);
    set_parent(w, e, parent);
    return e;
}

// A frame of the tanks sheet, `size` world units (32 pixels to the unit), untinted.
Sprite from_sheet(std::int32_t frame, glm::vec2 size, std::int32_t layer) {
    return Sprite{
        .tint = white, .size = size, .texture = asset(tanks_sheet), .layer = layer, .frame = frame};
}

// A track: its sprite rolls through track_0..2 (an Animator playing the "track" tag).
void add_track(world& w, entity hull, const char* name, glm::vec2 offset) {
    const entity e = add_part(w, hull, name, offset, from_sheet(frame::track_0, {1.12f, 0.2f}, 1));
    w.add<Animator>(e, Animator{.clip = asset(track_clip)});
}

// The children of `e` (a scan of the Parent links: tanks have a handful of parts).
std::vector<entity> children_of(world& w, entity e) {
    std::vector<entity> out;
    w.view<const Parent>().each([&](entity child, const Parent& link) {
        if (link.entity == e) out.push_back(child);
    });
    return out;
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

prefab tank_prefab() {
    component_table table;  // which fields are references, which types files keep
    register_builtin_components(table);
    register_tiny_tanks_components(table);
    world w;
    const mosaic::color grey{0.6f, 0.6f, 0.6f, 1.0f};
    const entity hull = w.create();
    w.add<Name>(hull, named("Tank"));
    w.add<Transform>(hull);
    w.add<RigidBody>(hull);
    w.add<Hull>(hull);
    w.add<LeftTrack>(hull);
    w.add<RightTrack>(hull);
    w.add<TankBrain>(hull);
    Sprite hull_look = from_sheet(frame::hull_tint, {1.0f, 0.62f}, 2);
    hull_look.tint = grey;  // the team colour replaces it (make_tank, SpawnPoint.tint)
    w.add<Sprite>(hull, hull_look);
    w.add<Collider>(hull, Collider{.shape = ColliderShape::circle,
                                   .size = {0.5f, 0.5f},
                                   .layer = hull_layer,
                                   .mask = wall_layer | hull_layer | bullet_layer});
    w.add<Health>(hull, Health{.current = 100.0f, .max = 100.0f});
    w.add<Team>(hull);

    const entity gun = w.create();
    w.add<Name>(gun, named("Turret"));
    w.add<Transform>(gun, Transform{.position = {-0.06f, 0.0f}});
    w.add<Turret>(gun);
    Sprite turret_look = from_sheet(frame::turret_tint, {0.42f, 0.42f}, 4);
    turret_look.tint = mix(grey, white, 0.35f);  // paint_parts: the hull's colour, lighter
    w.add<Sprite>(gun, turret_look);
    w.add<Team>(gun);
    set_parent(w, gun, hull);
    // Longer than the hull, so the gun shows which way the turret points.
    add_part(w, gun, "Barrel", {0.38f, 0.0f}, from_sheet(frame::barrel, {0.6f, 0.13f}, 3));
    add_track(w, hull, "Left track", {0.0f, 0.34f});
    add_track(w, hull, "Right track", {0.0f, -0.34f});
    return make_prefab("tank", w, hull, table);
}

archetype bullet_archetype() {
    archetype a{"bullet"};
    a.set(Transform{})
        .set(RigidBody{})
        .set(from_sheet(frame::bullet, {0.2f, 0.2f}, 5))
        .set(Collider{.shape = ColliderShape::circle,
                      .size = {0.1f, 0.1f},
                      .layer = bullet_layer,
                      .mask = wall_layer | hull_layer})
        .set(Lifetime{.seconds = 2.0f})
        .set(Damage{.amount = 20.0f, .destroy_on_hit = true})
        .set(Team{});
    return a;
}

void paint_parts(world& w, entity hull) {
    const Sprite* hull_sprite = w.try_get<Sprite>(hull);
    const mosaic::color tint = hull_sprite ? hull_sprite->tint : mosaic::color{};
    const Team team = w.has<Team>(hull) ? w.get<Team>(hull) : Team{};
    for (const entity part : children_of(w, hull)) {
        if (!w.has<Turret>(part)) continue;
        w.add_or_replace<Team>(part, team);  // the bullets it fires are the hull's team's
        // The barrel keeps the sheet's steel; only the turret dome takes the team colour.
        if (Sprite* look = w.try_get<Sprite>(part)) look->tint = mix(tint, white, 0.35f);
    }
}

}  // namespace mosaic::tiny_tanks
