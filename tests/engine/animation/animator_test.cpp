// Animator and the "animation" system: one clip drives fields of built-in and game-defined
// components on several entities; broken tracks are reported once and skipped; a code
// reload that removes a field is reported; sprite clips from a sheet file set Sprite.frame;
// events; the state is component data, so a recording's rewind gives a fresh run's values.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include <mosaic/engine/animation/animator.hpp>
#include <mosaic/engine/animation/clip_json.hpp>
#include <mosaic/engine/builtin_components.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/resources.hpp>
#include <mosaic/engine/runtime/game.hpp>
#include <mosaic/engine/runtime/recording.hpp>
#include <mosaic/engine/systems/builtin_systems.hpp>
#include <mosaic/engine/tilemap/tileset.hpp>

namespace {

using namespace mosaic;
namespace fs = std::filesystem;

// A component of "the game": not built in, registered like a project's.
struct Glow {
    float radius = 1.0f;
    mosaic::color light{1, 1, 1, 1};
    std::int32_t pulses = 0;
    bool on = false;
};

animation_clip read(const std::string& text) {
    auto clip = read_clip_json(text, "test.clip.json");
    EXPECT_TRUE(clip) << clip.error;
    return clip ? *clip.value : animation_clip{};
}

void set_clip(Animator& a, const char* path) {
    std::snprintf(a.clip.path, sizeof a.clip.path, "%s", path);
}

// A world with the built-in systems and a table holding the built-ins and Glow.
struct animated_world {
    component_table table;
    scheduler systems;
    world w;
    animated_world() {
        register_builtin_components(table);
        table.component<Glow>("Glow")
            .field("radius", &Glow::radius)
            .field("light", &Glow::light)
            .field("pulses", &Glow::pulses)
            .field("on", &Glow::on);
        add_animation_system(systems);
        add_builtin_resources(w);
        w.resource<AnimationClips>().table = &table;
    }
    void tick(int n, double dt = 0.25) {
        for (int i = 0; i < n; ++i) systems.tick(w, dt);
    }
};

constexpr const char* pulse = R"({"version": 1, "length": 2, "tracks": [
  {"component": "Transform", "field": "position", "element": "y", "keys": [[0, 0], [2, 4]]},
  {"component": "Sprite", "field": "tint", "element": "a", "keys": [[0, 1], [2, 0]]},
  {"component": "Glow", "field": "radius", "keys": [[0, 1], [1, 3], [2, 1]]},
  {"component": "Glow", "field": "light", "element": "g", "keys": [[0, 0], [2, 1]]},
  {"component": "Glow", "field": "pulses", "keys": [[0, 0], [2, 10]]},
  {"component": "Glow", "field": "on", "keys": [[0, 0, "constant"], [1, 1]]}
]})";

TEST(Animator, OneClipDrivesBuiltInAndGameFieldsOnSeveralEntities) {
    animated_world a;
    a.w.resource<AnimationClips>().put("pulse.clip.json", read(pulse));
    std::vector<entity> lamps;
    for (int i = 0; i < 3; ++i) {
        const entity e = a.w.create();
        a.w.add<Transform>(e);
        a.w.add<Sprite>(e);
        a.w.add<Glow>(e);
        set_clip(a.w.add<Animator>(e), "pulse.clip.json");
        lamps.push_back(e);
    }
    a.w.get<Animator>(lamps[2]).speed = 2.0f;
    a.tick(2);  // 0.5 s
    for (int i = 0; i < 2; ++i) {
        EXPECT_FLOAT_EQ(a.w.get<Transform>(lamps[i]).position.y, 1.0f);
        EXPECT_FLOAT_EQ(a.w.get<Sprite>(lamps[i]).tint.a, 0.75f);
        EXPECT_FLOAT_EQ(a.w.get<Glow>(lamps[i]).radius, 2.0f);
        EXPECT_FLOAT_EQ(a.w.get<Glow>(lamps[i]).light.g, 0.25f);
        EXPECT_EQ(a.w.get<Glow>(lamps[i]).pulses, 2);  // 2.5 rounded to even
        EXPECT_FALSE(a.w.get<Glow>(lamps[i]).on);
    }
    EXPECT_FLOAT_EQ(a.w.get<Transform>(lamps[2]).position.y, 2.0f);  // twice as fast
    EXPECT_TRUE(a.w.get<Glow>(lamps[2]).on);
    a.tick(8);  // 2.5 s: looped
    EXPECT_FLOAT_EQ(a.w.get<Animator>(lamps[0]).time, 0.5f);
    EXPECT_FLOAT_EQ(a.w.get<Transform>(lamps[0]).position.y, 1.0f);
}

TEST(Animator, StoppedAndUnsetAnimatorsAndMissingComponentsAreLeftAlone) {
    animated_world a;
    a.w.resource<AnimationClips>().put("pulse.clip.json", read(pulse));
    const entity stopped = a.w.create();
    a.w.add<Transform>(stopped).position.y = 7;
    Animator& off = a.w.add<Animator>(stopped);
    set_clip(off, "pulse.clip.json");
    off.playing = false;
    const entity bare = a.w.create();  // no Transform, Sprite or Glow
    set_clip(a.w.add<Animator>(bare), "pulse.clip.json");
    const entity unset = a.w.create();
    a.w.add<Transform>(unset).position.y = 3;
    a.w.add<Animator>(unset);
    a.tick(3);
    EXPECT_EQ(a.w.get<Transform>(stopped).position.y, 7.0f);
    EXPECT_EQ(a.w.get<Animator>(stopped).time, 0.0f);
    EXPECT_FLOAT_EQ(a.w.get<Animator>(bare).time, 0.75f);
    EXPECT_EQ(a.w.get<Transform>(unset).position.y, 3.0f);
    EXPECT_TRUE(a.w.resource<GameLog>().warnings.empty());
}

TEST(Animator, OnceStopsAtTheEndAndPingPongComesBack) {
    animated_world a;
    a.w.resource<AnimationClips>().put(
        "once.clip.json",
        read(R"({"version": 1, "wrap": "once", "tracks": [{"component": "Transform",
            "field": "rotation", "keys": [[0, 0], [1, 90]]}]})"));
    a.w.resource<AnimationClips>().put(
        "pp.clip.json",
        read(R"({"version": 1, "wrap": "ping_pong", "tracks": [{"component": "Transform",
            "field": "rotation", "keys": [[0, 0], [1, 90]]}]})"));
    const entity once = a.w.create();
    a.w.add<Transform>(once);
    set_clip(a.w.add<Animator>(once), "once.clip.json");
    const entity pp = a.w.create();
    a.w.add<Transform>(pp);
    set_clip(a.w.add<Animator>(pp), "pp.clip.json");
    a.tick(6);  // 1.5 s
    EXPECT_FLOAT_EQ(a.w.get<Transform>(once).rotation, 90.0f);
    EXPECT_FALSE(a.w.get<Animator>(once).playing);
    EXPECT_FLOAT_EQ(a.w.get<Transform>(pp).rotation, 45.0f);  // half way back
    EXPECT_TRUE(a.w.get<Animator>(pp).playing);
}

TEST(Animator, TracksOnMissingComponentsOrFieldsAreReportedOnceAndSkipped) {
    animated_world a;
    a.w.resource<AnimationClips>().put("clips/bad.clip.json",
                                       read(R"({"version": 1, "length": 1, "tracks": [
          {"component": "Wobble", "field": "amount", "keys": [[0, 0], [1, 1]]},
          {"component": "Transform", "field": "positon", "element": "x", "keys": [[0, 0]]},
          {"component": "Transform", "field": "position", "element": "q", "keys": [[0, 0]]},
          {"component": "Sprite", "field": "texture", "keys": [[0, 0]]},
          {"component": "Transform", "field": "position", "element": "x", "keys": [[0, 0], [1, 8]]}
        ]})"));
    const entity e = a.w.create();
    a.w.add<Transform>(e);
    a.w.add<Sprite>(e);
    set_clip(a.w.add<Animator>(e), "clips/bad.clip.json");
    const entity f = a.w.create();
    a.w.add<Transform>(f);
    set_clip(a.w.add<Animator>(f), "clips/bad.clip.json");
    a.tick(10);
    EXPECT_FLOAT_EQ(a.w.get<Transform>(e).position.x, 4.0f);  // the good track plays
    EXPECT_FLOAT_EQ(a.w.get<Transform>(f).position.x, 4.0f);
    const std::vector<std::string> lines = a.w.resource<GameLog>().take();
    ASSERT_EQ(lines.size(), 4u);  // once each, not per entity or tick
    EXPECT_NE(lines[0].find("'clips/bad.clip.json' track Wobble.amount: no component \"Wobble\""),
              std::string::npos)
        << lines[0];
    EXPECT_NE(lines[1].find("track Transform.positon.x: the component Transform has no field "
                            "\"positon\""),
              std::string::npos)
        << lines[1];
    EXPECT_NE(lines[2].find("needs an \"element\""), std::string::npos) << lines[2];
    EXPECT_NE(lines[3].find("track Sprite.texture: a field of kind asset cannot be animated"),
              std::string::npos)
        << lines[3];
}

TEST(Animator, AFieldACodeReloadRemovedIsReportedAndTheRestPlays) {
    animated_world a;
    a.w.resource<AnimationClips>().put("pulse.clip.json", read(pulse));
    const entity e = a.w.create();
    a.w.add<Transform>(e);
    a.w.add<Glow>(e);
    set_clip(a.w.add<Animator>(e), "pulse.clip.json");
    a.tick(1);
    EXPECT_TRUE(a.w.resource<GameLog>().take().empty());
    // The new code's Glow has no radius (what game::replace_code does: a new table, rebind).
    component_table next;
    register_builtin_components(next);
    next.component<Glow>("Glow").field("light", &Glow::light).field("on", &Glow::on);
    a.w.get<Glow>(e).radius = -5;
    a.w.resource<AnimationClips>().table = &next;
    a.w.resource<AnimationClips>().rebind();
    a.tick(4);
    EXPECT_EQ(a.w.get<Glow>(e).radius, -5.0f);  // no longer animated
    EXPECT_FLOAT_EQ(a.w.get<Transform>(e).position.y, 2.5f);
    const std::vector<std::string> lines = a.w.resource<GameLog>().take();
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_NE(lines[0].find("track Glow.radius: the component Glow has no field \"radius\""),
              std::string::npos)
        << lines[0];
    EXPECT_NE(lines[1].find("Glow.pulses"), std::string::npos) << lines[1];
}

TEST(Animator, AClipFileThatDoesNotLoadIsReportedOnceAndItsEntitiesStandStill) {
    animated_world a;
    const fs::path root = fs::temp_directory_path() / "mosaic_animator_missing";
    fs::create_directories(root);
    std::ofstream(root / "broken.clip.json") << "{\"version\": 1, \"tracks\": [";
    a.w.resource<AnimationClips>().root = root;
    const entity e = a.w.create();
    a.w.add<Transform>(e);
    set_clip(a.w.add<Animator>(e), "broken.clip.json");
    const entity g = a.w.create();
    set_clip(a.w.add<Animator>(g), "nowhere.clip.json");
    a.tick(5);
    std::vector<std::string> lines = a.w.resource<GameLog>().take();
    ASSERT_EQ(lines.size(), 2u);
    std::sort(lines.begin(), lines.end());  // in the order the view met the entities
    EXPECT_NE(lines[0].find("'broken.clip.json': line 1:"), std::string::npos) << lines[0];
    EXPECT_NE(lines[1].find("'nowhere.clip.json': the file cannot be read"), std::string::npos)
        << lines[1];
    EXPECT_EQ(a.w.get<Animator>(e).time, 0.0f);
    fs::remove_all(root);
}

TEST(Animator, SpriteClipsFromASheetFileSetTheFrame) {
    animated_world a;
    const fs::path root = fs::temp_directory_path() / "mosaic_animator_sprite";
    fs::create_directories(root / "art");
    std::ofstream(root / "art/hero.sheet.json") << R"({"version": 1, "image": "hero.png",
      "frames": [
        {"name": "idle", "rect": [0, 0, 16, 16], "duration_ms": 500},
        {"name": "run_0", "rect": [16, 0, 16, 16], "duration_ms": 250},
        {"name": "run_1", "rect": [32, 0, 16, 16], "duration_ms": 500}
      ],
      "tags": [{"name": "run", "from": 1, "to": 2, "direction": "forward"}]})";
    std::ofstream(root / "run.clip.json")
        << R"({"version": 1, "sprite": {"sheet": "art/hero.sheet.json", "tag": "run"}})";
    a.w.resource<AnimationClips>().root = root;
    const entity hero = a.w.create();
    a.w.add<Sprite>(hero);
    set_clip(a.w.add<Animator>(hero), "run.clip.json");
    std::vector<int> frames;
    for (int i = 0; i < 6; ++i) {
        a.tick(1);
        frames.push_back(a.w.get<Sprite>(hero).frame);
    }
    // 0.25 s ticks through 0.75 s frames: run_0 for 0.25 s, run_1 for 0.5 s, looping.
    EXPECT_EQ(frames, (std::vector<int>{2, 2, 1, 2, 2, 1}));
    EXPECT_TRUE(a.w.resource<GameLog>().warnings.empty()) << a.w.resource<GameLog>().warnings[0];
    fs::remove_all(root);
}

TEST(Animator, EventsArePassedOncePerCrossing) {
    animated_world a;
    a.w.resource<AnimationClips>().put(
        "steps.clip.json", read(R"({"version": 1, "length": 1, "tracks": [{"component": "Transform",
            "field": "rotation", "keys": [[0, 0]]}],
            "events": [{"time": 0.5, "name": "step"}, {"time": 0, "name": "start"}]})"));
    const entity e = a.w.create();
    set_clip(a.w.add<Animator>(e), "steps.clip.json");
    int steps = 0;
    int starts = 0;
    for (int i = 0; i < 8; ++i) {  // 2 s: two loops
        a.tick(1);
        for (const animation_event& ev : a.w.resource<AnimationEvents>().list) {
            EXPECT_EQ(ev.source, e);
            steps += ev.name == "step";
            starts += ev.name == "start";
        }
    }
    EXPECT_EQ(steps, 2);
    EXPECT_EQ(starts, 2);  // at 1 s and 2 s (time 0 is not crossed at the start)
}

// Animation state is component data: a recording's seek gives back what a fresh run of that
// many ticks has, with no animation code in the recording.
TEST(Animator, RewindingARecordingGivesAFreshRunsAnimatedValues) {
    const auto make = [](game& g) {
        scene s;
        const entity e = s.world.create();
        s.world.add<Transform>(e);
        set_clip(s.world.add<Animator>(e), "pulse.clip.json");
        g.start(std::move(s));
        g.world().resource<AnimationClips>().put("pulse.clip.json", read(pulse));
    };
    const auto y_of = [](game& g) {
        float y = 0;
        float t = 0;
        g.world().view<const Transform, const Animator>().each(
            [&](const Transform& tr, const Animator& an) {
                y = tr.position.y;
                t = an.time;
            });
        return std::pair{y, t};
    };
    game live;
    make(live);
    recording rec({.keyframe_interval = 8});
    rec.attach(live);
    for (int i = 0; i < 40; ++i) live.frame(live.clock().tick_seconds());
    ASSERT_TRUE(rec.seek(live, 13));
    game fresh;
    make(fresh);
    for (int i = 0; i < 13; ++i) fresh.frame(fresh.clock().tick_seconds());
    EXPECT_GT(y_of(fresh).first, 0.0f);
    EXPECT_EQ(y_of(live), y_of(fresh));
}

// The platformer's clips and tileset (data only) load and bind with the built-in table.
TEST(Animator, ThePlatformerSampleClipsAndTilesetLoad) {
    const fs::path root = fs::path(MOSAIC_REPO_DIR) / "projects" / "platformer";
    component_table table;
    register_builtin_components(table);
    AnimationClips clips;
    clips.root = root;
    clips.table = &table;
    GameLog log;
    for (const char* clip : {"assets/player_idle.clip.json", "assets/player_run.clip.json",
                             "assets/player_jump.clip.json", "assets/glow_pulse.clip.json",
                             "assets/platform_slide.clip.json"}) {
        const bound_clip& c = clips.get(clip, log);
        EXPECT_TRUE(c.loaded) << clip;
        EXPECT_EQ(c.tracks.size(), c.clip.tracks.size()) << clip;
    }
    EXPECT_TRUE(log.warnings.empty()) << log.warnings.front();
    EXPECT_EQ(clips.get("assets/player_jump.clip.json", log).clip.wrap, clip_wrap::once);
    Tilesets sets;
    sets.root = root;
    std::vector<std::string> warnings;
    const tileset* tiles = sets.get("assets/tiles.tileset.json", warnings);
    ASSERT_NE(tiles, nullptr) << warnings.front();
    EXPECT_TRUE(tiles->is_solid(tiles->find("ground_top")));
    EXPECT_FALSE(tiles->is_solid(tiles->find("bush")));
}

}  // namespace

// An Animator game code adds while playing, to a world that had none when it started (so no
// clip cache): it plays its clip file from the project folder, with nothing reported, on the
// tick after it was added and every tick on.
TEST(Animator, AnAnimatorGameCodeAddsToAWorldWithoutOnePlays) {
    const fs::path root = fs::temp_directory_path() / "mosaic_animator_added";
    fs::remove_all(root);
    fs::create_directories(root / "archetypes");
    std::ofstream(root / "bob.clip.json") << R"({"version": 1, "length": 2, "tracks": [
      {"component": "Transform", "field": "position", "element": "y", "keys": [[0, 0], [2, 4]]}]})";
    game g;
    (void)g.load_archetypes(root / "archetypes");
    scene s;
    const entity e = s.world.create();
    s.world.add<Transform>(e);
    g.systems()
        .add("give_animator",
             [e](system_context& ctx) {
                 if (ctx.tick() != 2) return;
                 set_clip(ctx.world().add<Animator>(e), "bob.clip.json");
             })
        .exclusive();
    g.start(std::move(s));
    EXPECT_EQ(g.world().try_resource<AnimationClips>(), nullptr);  // none until one animates
    int ticks = 0;
    while (!g.world().has<Animator>(e) && ticks < 10) {
        g.frame(g.clock().tick_seconds());
        ++ticks;
    }
    ASSERT_TRUE(g.world().has<Animator>(e));
    EXPECT_FLOAT_EQ(g.world().get<Transform>(e).position.y, 0.0f);  // the tick that added it
    for (int i = 0; i < 30; ++i) g.frame(g.clock().tick_seconds());
    const float y = g.world().get<Transform>(e).position.y;
    EXPECT_GT(y, 0.5f);
    EXPECT_GT(g.world().get<Animator>(e).time, 0.4f);
    g.frame(g.clock().tick_seconds());
    EXPECT_GT(g.world().get<Transform>(e).position.y, y);  // and it goes on
    EXPECT_TRUE(g.world().resource<GameLog>().take().empty());
    fs::remove_all(root);
}
