// The sample files: the tank prefab, the bullet archetype and scenes/battle.scene.json,
// built in code (mosaic-make-samples saves them).
#include <cstdio>

#include <mosaic/ecs/view.hpp>

#include "tiny_tanks.hpp"

namespace mosaic::tiny_tanks {

namespace {

constexpr mosaic::color blue{0.25f, 0.5f, 0.95f, 1.0f};
constexpr mosaic::color red{0.92f, 0.32f, 0.25f, 1.0f};
constexpr std::int32_t blue_team = 1;
constexpr std::int32_t red_team = 2;

void name(world& w, entity e, const char* text) {
    w.add_or_replace<Name>(e, named(text));
}

// A wall from `min` to `max`, drawn and solid.
void add_wall(world& w, const char* label, glm::vec2 min, glm::vec2 max) {
    const glm::vec2 half = (max - min) * 0.5f;
    const entity e = w.create();
    name(w, e, label);
    w.add<Transform>(e, Transform{.position = (min + max) * 0.5f});
    w.add<Wall>(e);
    w.add<Collider>(e, Collider{.shape = ColliderShape::box, .size = half, .layer = 1, .mask = 6});
    w.add<Sprite>(e, Sprite{.tint = {0.47f, 0.44f, 0.4f, 1.0f}, .size = half * 2.0f, .layer = 0});
}

scene battle_scene(const prefab& tank) {
    scene s;
    s.settings.gravity = {0.0f, 0.0f};  // seen from above
    s.settings.background = {0.09f, 0.1f, 0.11f, 1.0f};
    s.settings.camera_zoom = 0.55f;  // the whole 25 x 17 arena in view
    world& w = s.world;

    const entity camera = w.create();
    name(w, camera, "Camera");
    w.add<Transform>(camera);
    w.add<Camera>(camera, Camera{.zoom = 0.55f});

    const glm::vec2 half{12.0f, 8.0f};
    const entity arena = w.create();
    name(w, arena, "Arena");
    w.add<Transform>(arena);
    w.add<Arena>(arena, Arena{half});
    w.add<Sprite>(arena,
                  Sprite{.tint = {0.24f, 0.29f, 0.2f, 1.0f}, .size = half * 2.0f, .layer = -10});

    const float t = 0.6f;  // wall thickness
    add_wall(w, "North wall", {-half.x - t, half.y}, {half.x + t, half.y + t});
    add_wall(w, "South wall", {-half.x - t, -half.y - t}, {half.x + t, -half.y});
    add_wall(w, "West wall", {-half.x - t, -half.y}, {-half.x, half.y});
    add_wall(w, "East wall", {half.x, -half.y}, {half.x + t, half.y});
    add_wall(w, "Bunker", {-1.4f, -0.6f}, {1.4f, 0.6f});
    add_wall(w, "North-west block", {-5.0f, 2.5f}, {-4.0f, 5.5f});
    add_wall(w, "South-east block", {4.0f, -5.5f}, {5.0f, -2.5f});

    struct side {
        const char* label;
        std::int32_t team;
        mosaic::color tint;
        float x, heading;
    };
    const side sides[] = {{"Blue", blue_team, blue, -9.0f, 0.0f},
                          {"Red", red_team, red, 9.0f, 180.0f}};
    int n = 0;
    for (const side& team : sides) {
        const entity base = w.create();
        char label[64];
        std::snprintf(label, sizeof label, "%s spawn point", team.label);
        name(w, base, label);
        w.add<Transform>(base,
                         Transform{.position = {team.x * 1.15f, 0.0f}, .rotation = team.heading});
        w.add<SpawnPoint>(base, SpawnPoint{.team = team.team, .tint = team.tint});

        const float rows[] = {-5.5f, -2.0f, 2.0f, 5.5f};
        for (int i = 0; i < 4; ++i, ++n) {
            const entity hull =
                make_tank(w, tank, team.team, team.tint, {team.x, rows[i]}, team.heading);
            std::snprintf(label, sizeof label, "%s tank %d", team.label, i + 1);
            name(w, hull, label);
            TankBrain& brain = w.get<TankBrain>(hull);
            brain.aggression = 0.55f + 0.1f * static_cast<float>(i);
            brain.wander = i % 2 ? 0.3f : -0.3f;
        }
    }
    // Stagger the guns so the first volley is not one bang.
    int i = 0;
    w.view<Turret>().each([&](Turret& gun) {
        gun.reload = 0.4f + 0.17f * static_cast<float>(i);
        gun.sweep_direction = i % 2 ? -1 : 1;
        ++i;
    });
    return s;
}

}  // namespace

projects::sample_files tiny_tanks_samples() {
    projects::sample_files files;
    files.prefabs.push_back(tank_prefab());
    files.archetypes.push_back(bullet_archetype());
    files.scenes.push_back({"scenes/battle.scene.json", battle_scene(files.prefabs[0])});
    return files;
}

}  // namespace mosaic::tiny_tanks
