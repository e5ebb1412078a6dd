// The sample files: the player and enemy archetypes and scenes/level1.scene.json, built in
// code (mosaic-make-samples saves them).
#include <cstring>

#include "platformer.hpp"

namespace mosaic::platformer {

namespace {

constexpr mosaic::color grass{0.36f, 0.62f, 0.3f, 1.0f};
constexpr mosaic::color bricks{0.7f, 0.42f, 0.25f, 1.0f};
constexpr mosaic::color plank{0.85f, 0.72f, 0.45f, 1.0f};

Name named(const char* text) {
    Name n;
    std::strncpy(n.value, text, sizeof n.value - 1);
    return n;
}

entity add_platform(world& w, const char* label, glm::vec2 min, glm::vec2 max, mosaic::color tint,
                    bool one_way = false) {
    const entity e = make_platform(w, min, max, one_way);
    w.add_or_replace<Name>(e, named(label));
    w.get<Sprite>(e).tint = tint;
    return e;
}

entity add_enemy(world& w, const archetype& enemy, const char* label, glm::vec2 at,
                 std::int32_t direction) {
    const entity e = spawn(w, enemy);
    w.add_or_replace<Name>(e, named(label));
    w.get<Transform>(e).position = at;
    w.get<Patrol>(e).direction = direction;
    return e;
}

scene level1(const archetype& player_type, const archetype& enemy) {
    scene s;
    s.settings.gravity = {0.0f, -30.0f};  // snappier than Earth's: a platformer's gravity
    s.settings.background = {0.42f, 0.66f, 0.92f, 1.0f};
    s.settings.camera_position = {10.0f, 3.0f};
    s.settings.camera_zoom = 0.45f;
    world& w = s.world;

    add_platform(w, "Ground", {-10.0f, -2.0f}, {8.0f, 0.0f}, grass);
    add_platform(w, "Ground after the gap", {11.0f, -2.0f}, {30.0f, 0.0f}, grass);
    add_platform(w, "West wall", {-11.0f, -2.0f}, {-10.0f, 10.0f}, bricks);
    add_platform(w, "East wall", {30.0f, -2.0f}, {31.0f, 10.0f}, bricks);
    add_platform(w, "Ledge", {2.0f, 2.0f}, {6.0f, 2.5f}, bricks);
    add_platform(w, "Bridge (one way)", {12.0f, 2.3f}, {15.0f, 2.5f}, plank, true);
    add_platform(w, "High ledge", {17.0f, 4.5f}, {20.0f, 5.0f}, bricks);
    add_platform(w, "Step", {25.0f, 0.0f}, {27.0f, 1.5f}, bricks);

    const entity player = spawn(w, player_type);
    w.add_or_replace<Name>(player, named("Player"));
    w.get<Transform>(player).position = {-6.0f, 3.0f};
    w.get<Respawn>(player).point = {-6.0f, 3.0f};

    // Past the gap, on the ledge, and behind the step: none walks into the player's start.
    add_enemy(w, enemy, "Goomba 1", {14.0f, 0.35f}, -1);
    add_enemy(w, enemy, "Goomba 2 (on the ledge)", {4.0f, 2.85f}, 1);
    add_enemy(w, enemy, "Goomba 3 (behind the step)", {28.5f, 0.35f}, 1);

    const entity camera = w.create();
    w.add<Name>(camera, named("Camera"));
    w.add<Transform>(camera, Transform{.position = {-6.0f, 4.5f}});
    w.add<Camera>(camera, Camera{.zoom = 0.7f});
    w.add<Follow>(camera, Follow{.target = player});
    return s;
}

}  // namespace

archetype body_archetype(std::string name, glm::vec2 half, const Walker& walker) {
    archetype a{std::move(name)};
    a.set(Transform{})
        .set(RigidBody{.gravity_scale = 1.0f})
        .set(Collider{.shape = ColliderShape::box,
                      .size = half,
                      .layer = body_layer,
                      .mask = platform_layer | body_layer})
        .set(walker)
        .set(MoveIntent{})
        .set(Grounded{});
    return a;
}

archetype player_archetype() {
    archetype a = body_archetype("player", {0.4f, 0.5f}, Walker{});
    a.set(KeyboardControl{})
        .set(Respawn{})
        .set(Sprite{.tint = {0.9f, 0.2f, 0.15f, 1.0f}, .size = {0.8f, 1.0f}, .layer = 2});
    return a;
}

archetype enemy_archetype() {
    archetype a = body_archetype("enemy", {0.4f, 0.35f}, Walker{.acceleration = 30.0f});
    a.set(Patrol{}).set(
        Sprite{.tint = {0.55f, 0.33f, 0.18f, 1.0f}, .size = {0.8f, 0.7f}, .layer = 1});
    return a;
}

entity make_platform(world& w, glm::vec2 min, glm::vec2 max, bool one_way) {
    const glm::vec2 half = (max - min) * 0.5f;
    const entity e = w.create();
    w.add<Transform>(e, Transform{.position = (min + max) * 0.5f});
    w.add<Platform>(e, Platform{one_way});
    w.add<Collider>(e, Collider{.shape = ColliderShape::box,
                                .size = half,
                                .layer = platform_layer,
                                .mask = body_layer});
    w.add<Sprite>(e, Sprite{.tint = grass, .size = half * 2.0f});
    return e;
}

projects::sample_files platformer_samples() {
    projects::sample_files files;
    files.archetypes.push_back(player_archetype());
    files.archetypes.push_back(enemy_archetype());
    files.scenes.push_back(
        {"scenes/level1.scene.json", level1(files.archetypes[0], files.archetypes[1])});
    return files;
}

}  // namespace mosaic::platformer
