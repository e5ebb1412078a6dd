// The sample files: the tank prefab, the bullet archetype and scenes/battle.scene.json (the
// arena painted as a tilemap, two score labels), built in code (mosaic-make-samples saves them).
#include <cstdio>
#include <cstring>

#include <mosaic/ecs/view.hpp>
#include <mosaic/engine/scene/prefab_link.hpp>
#include <mosaic/engine/tilemap/tilemap.hpp>

#include <mosaic/projects/samples.hpp>

#include "sample_tanks.hpp"
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

// The arena as a tilemap: floor tiles inside, a ring of wall tiles, crate and wall blocks.
// Its solid tiles (walls, crates: assets/arena.tileset.json) are the engine's tile colliders,
// merged into a few boxes; the map's Wall component makes tank_contacts treat them as walls.
// `half` is the floor's half size; the map is one wall tile larger on every side.
entity add_arena_map(world& w, glm::vec2 half) {
    const int width = static_cast<int>(half.x) * 2 + 2;
    const int height = static_cast<int>(half.y) * 2 + 2;
    const entity map = w.create();
    name(w, map, "Arena map");
    w.add<Transform>(map, Transform{.position = -half - glm::vec2{1.0f, 1.0f}});
    w.add<Tilemap>(map, Tilemap{.tileset = asset(arena_tileset),
                                .width = width,
                                .height = height,
                                .layer = -10,
                                .collider_layer = 1,  // walls: hulls (2) and bullets (4) hit it
                                .collider_mask = 6});
    w.add<Wall>(map);
    tile_access tiles(w, map);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            const bool edge = x == 0 || y == 0 || x == width - 1 || y == height - 1;
            // A fixed scatter of the two floor tiles, so the floor does not look tiled.
            const bool worn = ((x * 7 + y * 13) % 5) == 0;
            tiles.set(x, y, edge ? tile::wall : (worn ? tile::ground_1 : tile::ground_0));
        }
    }
    // Blocks, in world units from the arena's centre: [min, max) cells.
    const auto fill = [&](glm::ivec2 min, glm::ivec2 max, std::int32_t t) {
        for (int y = min.y; y < max.y; ++y) {
            for (int x = min.x; x < max.x; ++x) {
                tiles.set(x + static_cast<int>(half.x) + 1, y + static_cast<int>(half.y) + 1, t);
            }
        }
    };
    fill({-1, -1}, {1, 1}, tile::crate);  // the bunker in the middle
    fill({-5, 3}, {-4, 6}, tile::wall);   // north-west block
    fill({4, -6}, {5, -3}, tile::wall);   // south-east block
    return map;
}

// A team's score on screen: a Text label the scoreboard system rewrites.
void add_score_label(world& w, const char* title, std::int32_t team, mosaic::color tint,
                     glm::vec2 at, TextAlign align) {
    const entity e = w.create();
    char label[64];
    std::snprintf(label, sizeof label, "%s score", title);
    name(w, e, label);
    w.add<Transform>(e, Transform{.position = at});
    Score score{.team = team};
    std::strncpy(score.title, title, sizeof score.title - 1);
    Text text{.size = 0.8f, .fill = tint, .align = align, .layer = 20};
    write_score_text(score, text);
    w.add<Score>(e, score);
    w.add<Text>(e, text);
}

scene battle_scene(const prefab& tank) {
    scene s;
    s.settings.gravity = {0.0f, 0.0f};  // seen from above
    s.settings.background = {0.09f, 0.1f, 0.11f, 1.0f};
    s.settings.camera_zoom = 0.48f;  // the whole 26 x 18 arena and the scores in view
    world& w = s.world;

    const entity camera = w.create();
    name(w, camera, "Camera");
    w.add<Transform>(camera);
    w.add<Camera>(camera, Camera{.zoom = 0.48f});

    const glm::vec2 half{12.0f, 8.0f};
    const entity arena = w.create();
    name(w, arena, "Arena");
    w.add<Transform>(arena);
    w.add<Arena>(arena, Arena{half});
    add_arena_map(w, half);
    // Above the north wall (y 8..9): blue's score on the left, red's on the right.
    add_score_label(w, "Blue", blue_team, {0.55f, 0.75f, 1.0f, 1.0f},
                    {-half.x - 1.0f, half.y + 1.8f}, TextAlign::left);
    add_score_label(w, "Red", red_team, {1.0f, 0.6f, 0.5f, 1.0f}, {half.x + 1.0f, half.y + 1.8f},
                    TextAlign::right);

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

entity make_tank(world& w, const prefab& tank, std::int32_t team, mosaic::color tint,
                 glm::vec2 position, float heading) {
    const entity hull = instantiate(w, tank, "archetypes/tank.prefab.json").root;
    Transform& placed = w.get_or_add<Transform>(hull);
    placed.position = position;
    placed.rotation = heading;
    w.add_or_replace<Team>(hull, Team{team});
    w.get_or_add<Sprite>(hull).tint = tint;
    paint_parts(w, hull);
    return hull;
}

}  // namespace mosaic::tiny_tanks
