// The sample files: the player and enemy archetypes (animated from their sheets) and
// scenes/level1.scene.json (a tilemap level, a moving platform, pulsing lights), built in
// code (mosaic-make-samples saves them).
#include <cstring>
#include <utility>

#include <mosaic/engine/animation/animator.hpp>
#include <mosaic/engine/tilemap/tilemap.hpp>

#include <mosaic/projects/samples.hpp>

#include "platformer.hpp"

namespace mosaic::platformer {

namespace {

constexpr mosaic::color grass{0.36f, 0.62f, 0.3f, 1.0f};

Name named(const char* text) {
    Name n;
    std::strncpy(n.value, text, sizeof n.value - 1);
    return n;
}

entity add_enemy(world& w, const archetype& enemy, const char* label, glm::vec2 at,
                 std::int32_t direction) {
    const entity e = spawn(w, enemy);
    w.add_or_replace<Name>(e, named(label));
    w.get<Transform>(e).position = at;
    w.get<Patrol>(e).direction = direction;
    return e;
}

// The level as a tilemap: ground with a gap, brick walls and ledges, a step, a plank bridge
// (drawn by tiles, held by a one-way Platform entity: tile colliders hold from every side),
// bushes, flowers and clouds on a second, decoration layer. Its solid tiles are the engine's
// tile colliders; the map's Platform component makes ground_contacts stand bodies on them.
// Cell (x, y) of the map spans world [x - 11, x - 10] x [y - 2, y - 1].
entity add_level_map(world& w) {
    constexpr glm::ivec2 origin{-11, -2};
    constexpr int width = 42;   // x -11 .. 31
    constexpr int height = 12;  // y -2 .. 10
    const entity map = w.create();
    w.add<Name>(map, named("Level"));
    w.add<Transform>(map, Transform{.position = glm::vec2(origin)});
    w.add<Tilemap>(map, Tilemap{.tileset = asset(level_tileset),
                                .width = width,
                                .height = height,
                                .layer = -5,
                                .collider_layer = platform_layer,
                                .collider_mask = body_layer});
    w.add<Platform>(map);
    tile_access tiles(w, map);
    // In world units: the cells of [min, max), on `layer`.
    const auto fill = [&](glm::ivec2 min, glm::ivec2 max, std::int32_t t, int layer = 0) {
        for (int y = min.y; y < max.y; ++y) {
            for (int x = min.x; x < max.x; ++x) tiles.set(x - origin.x, y - origin.y, t, layer);
        }
    };
    // Ground two tiles deep, its top at y = 0, with a gap from x = 8 to 11.
    for (const auto& [from, to] : {std::pair{-10, 8}, std::pair{11, 30}}) {
        fill({from, -1}, {to, 0}, tile::ground_top);
        fill({from, -2}, {to, -1}, tile::ground_middle);
    }
    fill({7, -1}, {8, 0}, tile::ground_top_right);  // the gap's edges
    fill({7, -2}, {8, -1}, tile::ground_right);
    fill({11, -1}, {12, 0}, tile::ground_top_left);
    fill({11, -2}, {12, -1}, tile::ground_left);
    fill({-11, -2}, {-10, 10}, tile::brick);        // west wall
    fill({30, -2}, {31, 10}, tile::brick);          // east wall
    fill({2, 2}, {6, 3}, tile::brick);              // ledge, top at 3
    fill({17, 4}, {20, 5}, tile::brick);            // high ledge, top at 5 (from the bridge)
    fill({25, 0}, {26, 1}, tile::ground_top_left);  // step, top at 1
    fill({26, 0}, {27, 1}, tile::ground_top_right);
    fill({25, -1}, {27, 0}, tile::ground_middle);
    fill({12, 2}, {15, 3}, tile::bridge);  // drawn only: the one-way Platform below holds
    // Decoration, not solid (a second tile layer, drawn over the first).
    fill({-8, 0}, {-7, 1}, tile::bush, 1);
    fill({-3, 0}, {-1, 1}, tile::flowers, 1);
    fill({16, 0}, {17, 1}, tile::bush, 1);
    fill({22, 0}, {23, 1}, tile::flowers, 1);
    for (const int x : {-5, 9, 23}) {
        fill({x, 7}, {x + 1, 8}, tile::cloud_left, 1);
        fill({x + 1, 7}, {x + 2, 8}, tile::cloud_right, 1);
    }
    return map;
}

// A platform that slides back and forth: its Animator plays a keyframe track on
// Transform.position.x (assets/platform_slide.clip.json, ping-pong between x = 20 and 26).
void add_moving_platform(world& w) {
    const entity e = make_platform(w, {18.5f, 2.0f}, {21.5f, 2.5f});
    w.add_or_replace<Name>(e, named("Moving platform"));
    Sprite& look = w.get<Sprite>(e);
    look.tint = {1.0f, 1.0f, 1.0f, 1.0f};
    look.texture = asset("assets/moving_platform.png");
    w.add<Animator>(e, Animator{.clip = asset("assets/platform_slide.clip.json")});
}

// A warm light that pulses (assets/glow_pulse.clip.json: its alpha and scale, eased).
void add_glow(world& w, const char* label, glm::vec2 at, float offset) {
    const entity e = w.create();
    w.add<Name>(e, named(label));
    w.add<Transform>(e, Transform{.position = at});
    w.add<Sprite>(e, Sprite{.size = {2.5f, 2.5f},
                            .texture = asset("assets/glow.png"),
                            .layer = -6});  // behind the tiles' decoration
    w.add<Animator>(e, Animator{.clip = asset("assets/glow_pulse.clip.json"), .time = offset});
}

scene level1(const archetype& player_type, const archetype& enemy) {
    scene s;
    s.settings.gravity = {0.0f, -30.0f};  // snappier than Earth's: a platformer's gravity
    s.settings.background = {0.42f, 0.66f, 0.92f, 1.0f};
    s.settings.camera_position = {10.0f, 3.0f};
    s.settings.camera_zoom = 0.45f;
    world& w = s.world;

    add_level_map(w);
    const entity bridge = make_platform(w, {12.0f, 2.8f}, {15.0f, 2.95f}, true);
    w.add_or_replace<Name>(bridge, named("Bridge (one way)"));
    w.remove<Sprite>(bridge);  // the level's bridge tiles draw it
    add_moving_platform(w);
    add_glow(w, "Glow over the high ledge", {18.5f, 6.2f}, 0.0f);
    add_glow(w, "Glow over the ledge", {4.0f, 4.2f}, 0.8f);

    const entity player = spawn(w, player_type);
    w.add_or_replace<Name>(player, named("Player"));
    w.get<Transform>(player).position = {-6.0f, 3.0f};
    w.get<Respawn>(player).point = {-6.0f, 3.0f};

    // Past the gap, on the ledge, and behind the step: none walks into the player's start.
    add_enemy(w, enemy, "Goomba 1", {14.0f, 0.35f}, -1);
    add_enemy(w, enemy, "Goomba 2 (on the ledge)", {4.0f, 3.35f}, 1);
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

mosaic::asset_path asset(const char* path) {
    mosaic::asset_path a;
    std::strncpy(a.path, path, sizeof a.path - 1);
    return a;
}

archetype player_archetype() {
    // Jumps 14²/60 = 3.3 units: onto the ledge (top at 3) from the ground.
    archetype a = body_archetype("player", {0.4f, 0.5f}, Walker{.jump_speed = 14.0f});
    a.set(KeyboardControl{})
        .set(Respawn{})
        .set(Sprite{.size = {0.8f, 1.0f}, .texture = asset(player_sheet), .layer = 2})
        .set(Animator{.clip = asset("assets/player_idle.clip.json")})
        .set(WalkAnimations{.idle = asset("assets/player_idle.clip.json"),
                            .run = asset("assets/player_run.clip.json"),
                            .jump = asset("assets/player_jump.clip.json")});
    return a;
}

archetype enemy_archetype() {
    archetype a = body_archetype("enemy", {0.4f, 0.35f}, Walker{.acceleration = 30.0f});
    const mosaic::asset_path walk = asset("assets/enemy_walk.clip.json");
    a.set(Patrol{})
        .set(Sprite{.size = {0.8f, 0.7f}, .texture = asset(enemy_sheet), .layer = 1})
        .set(Animator{.clip = walk})
        .set(WalkAnimations{.idle = walk, .run = walk, .jump = walk});
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
