// Animation and tilemaps: one tick of the "animation" system over N animated entities
// (keyframe tracks on Transform and Sprite fields; sprite frames), and the tile collider
// cache on a 1024 x 1024 map (full merge, then one changed tile). Counters: boxes, chunks.
#include <mosaic/engine/animation/animator.hpp>
#include <mosaic/engine/animation/clip_json.hpp>
#include <mosaic/engine/builtin_components.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/resources.hpp>
#include <mosaic/engine/systems/builtin_systems.hpp>
#include <mosaic/engine/tilemap/tile_colliders.hpp>
#include <mosaic/engine/tilemap/tilemap.hpp>

#include <cstdio>

#include "bench_registry.hpp"

namespace {

using namespace mosaic;

struct animated {
    component_table table;
    scheduler systems;
    world w;
    animated(std::int64_t n, const char* clip_text, bool sprites) {
        register_builtin_components(table);
        add_animation_system(systems);
        add_builtin_resources(w);
        AnimationClips& clips = w.resource<AnimationClips>();
        clips.table = &table;
        clips.put("c.clip.json", *read_clip_json(clip_text, "c.clip.json").value);
        for (std::int64_t i = 0; i < n; ++i) {
            const entity e = w.create();
            if (!sprites) w.add<Transform>(e);
            w.add<Sprite>(e);
            Animator& a = w.add<Animator>(e);
            std::snprintf(a.clip.path, sizeof a.clip.path, "c.clip.json");
            a.time = static_cast<float>(i % 97) * 0.01f;  // not all in step
        }
    }
};

constexpr const char* tracks = R"({"version": 1, "length": 2, "tracks": [
  {"component": "Transform", "field": "position", "element": "x", "keys": [[0, 0], [1, 3, "ease_in_out"], [2, 0]]},
  {"component": "Transform", "field": "position", "element": "y", "keys": [[0, 0], [0.5, 1], [1, 0], [1.5, 1], [2, 0]]},
  {"component": "Sprite", "field": "tint", "element": "a", "keys": [[0, 1], [2, 0]]}
]})";

// Eight frames of 100 ms, as a sprite clip of a sheet would give (Sprite.frame, constant).
constexpr const char* frames = R"({"version": 1, "length": 0.8, "tracks": [
  {"component": "Sprite", "field": "frame", "keys": [[0, 0, "constant"], [0.1, 1, "constant"],
   [0.2, 2, "constant"], [0.3, 3, "constant"], [0.4, 4, "constant"], [0.5, 5, "constant"],
   [0.6, 6, "constant"], [0.7, 7, "constant"]]}
]})";

void keyframe_tracks(benchmark::State& state) {
    animated a(state.range(0), tracks, false);
    for (auto _ : state) a.systems.tick(a.w, 1.0 / 60);
    state.SetItemsProcessed(state.iterations() * state.range(0));
}

void sprite_frames(benchmark::State& state) {
    animated a(state.range(0), frames, true);
    for (auto _ : state) a.systems.tick(a.w, 1.0 / 60);
    state.SetItemsProcessed(state.iterations() * state.range(0));
}

// A 1024 x 1024 map: ground rows, brick columns, scattered blocks (about 30 % solid).
struct big_map {
    world w;
    entity map;
    explicit big_map(std::int64_t side) {
        add_builtin_resources(w);
        tileset set;
        set.names = {"wall", "air"};
        set.tiles.resize(2);
        set.solid = {1, 0};
        w.resource<Tilesets>().put("t", set);
        map = w.create();
        Tilemap m;
        std::snprintf(m.tileset.path, sizeof m.tileset.path, "t");
        m.width = static_cast<std::int32_t>(side);
        m.height = static_cast<std::int32_t>(side);
        w.add<Tilemap>(map, m);
        tile_access tiles(w, map);
        for (int y = 0; y < side; ++y) {
            for (int x = 0; x < side; ++x) {
                const bool solid = y % 16 == 0 || x % 64 == 0 || ((x * 7 + y * 13) % 10 < 1);
                tiles.set(x, y, solid ? 1 : 2);
            }
        }
    }
};

void collider_full_merge(benchmark::State& state) {
    big_map m(state.range(0));
    std::size_t boxes = 0;
    for (auto _ : state) {
        tile_collider_cache cache;  // cold: every chunk merged
        cache.update(m.w);
        boxes = cache.stats().boxes;
    }
    state.counters["boxes"] = static_cast<double>(boxes);
    state.counters["tiles"] = static_cast<double>(state.range(0) * state.range(0));
}

void collider_one_tile_changed(benchmark::State& state) {
    big_map m(state.range(0));
    tile_collider_cache cache;
    cache.update(m.w);
    tile_access tiles(m.w, m.map);
    int i = 0;
    for (auto _ : state) {
        tiles.set(100 + (i % 50), 100, (i / 50) % 2 ? 1 : 2);  // one chunk changes
        ++i;
        cache.update(m.w);
    }
    state.counters["boxes"] = static_cast<double>(cache.stats().boxes);
    state.counters["rebuilt"] = static_cast<double>(cache.stats().rebuilt);
}

const bool registered = bench::add_cases({
    {"animation", "keyframe_tracks", keyframe_tracks, {10'000}},
    {"animation", "sprite_frames", sprite_frames, {10'000}},
    {"tilemap_colliders", "full_merge", collider_full_merge, {1024}},
    {"tilemap_colliders", "one_tile_changed", collider_one_tile_changed, {1024}},
});

}  // namespace
