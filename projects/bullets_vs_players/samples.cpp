// The sample files: the bullet and player archetypes and scenes/arena.scene.json, built in
// code (mosaic-make-samples saves them).
#include <cmath>
#include <cstdio>
#include <cstring>

#include <mosaic/engine/resources.hpp>

#include <mosaic/projects/samples.hpp>

#include "bullets_vs_players.hpp"

namespace mosaic::bullets_vs_players {

namespace {

void name(world& w, entity e, const char* text) {
    Name n;
    std::strncpy(n.value, text, sizeof n.value - 1);
    w.add_or_replace<Name>(e, n);
}

scene arena_scene(const archetype& player) {
    scene s;
    s.settings.gravity = {0.0f, 0.0f};
    s.settings.background = {0.08f, 0.08f, 0.1f, 1.0f};
    s.settings.camera_zoom = 0.22f;  // the 40 x 40 area in view
    world& w = s.world;

    const entity camera = w.create();
    name(w, camera, "Camera");
    w.add<Transform>(camera);
    w.add<Camera>(camera, Camera{.zoom = 0.22f});

    const glm::vec2 half{20.0f, 20.0f};
    const entity area = w.create();
    name(w, area, "Play area");
    w.add<Transform>(area);
    w.add<PlayArea>(area, PlayArea{half});
    w.add<Sprite>(area,
                  Sprite{.tint = {0.15f, 0.16f, 0.2f, 1.0f}, .size = half * 2.0f, .layer = -10});

    // Eight emitters on a ring, spinning in turn one way and the other.
    char label[64];
    for (int i = 0; i < 8; ++i) {
        const float angle = 45.0f * static_cast<float>(i);
        const float radians = angle * 3.14159265f / 180.0f;
        const entity e = w.create();
        std::snprintf(label, sizeof label, "Emitter %d", i + 1);
        name(w, e, label);
        w.add<Transform>(
            e, Transform{.position = {12.0f * std::cos(radians), 12.0f * std::sin(radians)}});
        w.add<BulletEmitter>(e, BulletEmitter{.spin = i % 2 ? -50.0f : 70.0f,
                                              .angle = angle,
                                              .cooldown = 0.1f * static_cast<float>(i)});
        w.add<Sprite>(e,
                      Sprite{.tint = {1.0f, 0.75f, 0.2f, 1.0f}, .size = {0.8f, 0.8f}, .layer = 2});
    }

    // 200 players scattered over the area (a fixed seed: the file is the same every time).
    Random scatter{2024};
    for (int i = 0; i < 200; ++i) {
        const entity e = spawn(w, player);
        std::snprintf(label, sizeof label, "Player %d", i + 1);
        name(w, e, label);
        w.get<Transform>(e).position = {scatter.range(-half.x, half.x),
                                        scatter.range(-half.y, half.y)};
        Player& p = w.get<Player>(e);
        p.speed = scatter.range(1.0f, 3.0f);
        p.turn_timer = scatter.range(0.0f, p.turn_interval);
    }
    return s;
}

}  // namespace

archetype bullet_archetype() {
    archetype a{"bullet"};
    a.set(Transform{})
        .set(RigidBody{})
        .set(Bullet{})
        .set(Lifetime{.seconds = 3.5f})
        .set(Sprite{.tint = {1.0f, 0.55f, 0.15f, 1.0f}, .size = {0.2f, 0.2f}, .layer = 3});
    return a;
}

archetype player_archetype() {
    archetype a{"player"};
    a.set(Transform{})
        .set(RigidBody{})
        .set(Player{})
        .set(Health{.current = 100.0f, .max = 100.0f})
        .set(Sprite{.tint = {0.35f, 0.85f, 0.5f, 1.0f}, .size = {0.7f, 0.7f}, .layer = 1});
    return a;
}

projects::sample_files bullets_vs_players_samples() {
    projects::sample_files files;
    files.archetypes.push_back(bullet_archetype());
    files.archetypes.push_back(player_archetype());
    files.scenes.push_back({"scenes/arena.scene.json", arena_scene(files.archetypes[1])});
    return files;
}

}  // namespace mosaic::bullets_vs_players
