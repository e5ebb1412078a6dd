// Replays: the input track, the file format (round trip, hostile and truncated files), the
// recorder and the player (input at tick granularity, a changed system found at the right
// tick and field, replace checkpoints). mosaic-run's commands: run_replay_test.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <mosaic/ecs/view.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/input.hpp>
#include <mosaic/engine/replay/replay.hpp>
#include <mosaic/engine/replay/replay_observers.hpp>
#include <mosaic/engine/resources.hpp>
#include <mosaic/engine/runtime/game.hpp>
#include <mosaic/engine/scene/scene_binary.hpp>
#include <mosaic/engine/scene/scene_file.hpp>
#include <mosaic/version.hpp>

namespace {

using namespace mosaic;
namespace fs = std::filesystem;

// --- a small game: walkers that move, draw random numbers and watch the space key ----------

struct Walker {
    float speed = 1;
    float noise = 0;               // sums Random draws: the generator's state matters
    std::int32_t pressed_at = -1;  // the tick that saw space pressed last
    std::int32_t presses = 0;
};

void walker_components(component_table& t) {
    t.component<Walker>("Walker")
        .field("speed", &Walker::speed)
        .field("noise", &Walker::noise)
        .field("pressed_at", &Walker::pressed_at)
        .field("presses", &Walker::presses);
}

void watch(system_context& ctx) {
    const Input& in = ctx.resource<const Input>();
    const auto tick = static_cast<std::int32_t>(ctx.tick());
    ctx.view<Walker>().each([&](Walker& w) {
        if (!in.just_pressed(key::space)) return;
        w.pressed_at = tick;
        ++w.presses;
    });
}

void wander(system_context& ctx) {
    Random& random = ctx.resource<Random>();
    ctx.view<Walker>().each([&](Walker& w) { w.noise += random.unit(); });
}

template <int version>
void walk(system_context& ctx) {
    // Version 2 walks twice as fast from tick 100 on: a gameplay change a replay must find.
    const float factor = version == 2 && ctx.tick() >= 100 ? 2.0f : 1.0f;
    ctx.view<Transform, const Walker>().each(
        [&](Transform& t, const Walker& w) { t.position.x += w.speed * factor; });
}

template <int version>
void walker_systems(scheduler& s) {
    s.add("watch", &watch).template reads<Input>().template writes<Walker>();
    s.add("wander", &wander).template writes<Random, Walker>();
    s.add("walk", &walk<version>).template reads<Walker>().template writes<Transform>();
}

const project walkers_v1{"walkers", "", &walker_components, &walker_systems<1>};
const project walkers_v2{"walkers", "", &walker_components, &walker_systems<2>};

scene walkers_scene() {
    scene s;
    for (const char* name : {"Walker", "Runner"}) {
        const entity e = s.world.create();
        Name n;
        std::strncpy(n.value, name, sizeof n.value - 1);
        s.world.add<Name>(e, n);
        s.world.add<Transform>(e);
        s.world.add<Walker>(e, Walker{.speed = name[0] == 'W' ? 1.0f : 3.0f});
        s.ensure_id(e);
    }
    return s;
}

using driver = std::function<void(game&, int tick)>;

replay record(const project& p, int ticks, const driver& drive = {},
              replay_recorder_options options = {}) {
    game g(&p, {.seed = 3});
    g.start(walkers_scene());
    replay_recorder recorder(g, origin_of(g, "walkers.scene.json"), {.seed = 3}, options);
    EXPECT_TRUE(recorder.problems().empty()) << to_string(recorder.problems());
    g.set_observer(&recorder);
    for (int tick = 0; tick < ticks; ++tick) {
        if (drive) drive(g, tick);
        g.tick();
    }
    g.set_observer(nullptr);
    return recorder.finish(g);
}

struct replayed {
    std::unique_ptr<game> g;
    std::optional<replay_divergence> divergence;
    std::size_t verified = 0;
};

replayed play(const project& p, const replay& r, bool verify = true) {
    replayed out;
    out.g = std::make_unique<game>(&p, game_options{.seed = r.settings.seed});
    replay_player player(r, {.verify = verify});
    const std::vector<diagnostic> problems = player.start(*out.g);
    EXPECT_TRUE(problems.empty()) << to_string(problems);
    out.g->set_observer(&player);
    while (!player.finished(*out.g) && !player.divergence()) out.g->tick();
    out.g->set_observer(nullptr);
    out.divergence = player.divergence();
    out.verified = player.verified();
    return out;
}

std::string saved(game& g) {
    std::ostringstream out;
    g.current().capture_systems(g.systems(), g.system_defaults());
    EXPECT_TRUE(save_scene_json(g.current(), g.table(), out).empty());
    return out.str();
}

const Walker& walker_named(game& g, const char* name) {
    entity found;
    g.world().each([&](entity e) {
        const Name* n = g.world().try_get<Name>(e);
        if (n && std::strcmp(n->value, name) == 0) found = e;
    });
    return g.world().get<Walker>(found);
}

// --- input_track ---------------------------------------------------------------------------

TEST(InputTrack, StoresOnlyTheTicksWhereTheInputChanged) {
    input_track track;
    tick_input idle;
    tick_input space;
    space.down[static_cast<std::size_t>(key::space)] = 1;
    for (int i = 0; i < 1000; ++i) track.push_back(i >= 10 && i < 13 ? space : idle);
    EXPECT_EQ(track.size(), 1000u);
    EXPECT_EQ(track.changes().size(), 2u);  // pressed at 10, released at 13
    EXPECT_EQ(track.at(9), idle);
    EXPECT_EQ(track.at(10), space);
    EXPECT_EQ(track.at(12), space);
    EXPECT_EQ(track.at(13), idle);
    track.truncate(11);
    EXPECT_EQ(track.size(), 11u);
    EXPECT_EQ(track.at(10), space);
}

TEST(InputTrack, MinusZeroIsAnotherInput) {
    input_track track;
    tick_input zero, minus_zero;
    minus_zero.scroll = -0.0f;
    track.push_back(zero);
    track.push_back(minus_zero);
    ASSERT_EQ(track.changes().size(), 1u);
    EXPECT_TRUE(std::signbit(track.at(1).scroll));
}

// --- the file format -----------------------------------------------------------------------

replay small_replay() {
    return record(walkers_v1, 130,
                  [](game& g, int tick) {
                      Input& in = g.world().resource<Input>();
                      in.set(key::space, tick >= 7 && tick < 9);
                      in.mouse_position = {static_cast<float>(tick / 50), 2.5f};
                  },
                  {.checkpoint_every = 60});
}

TEST(ReplayFile, WritesAndReadsBackEverything) {
    const replay r = small_replay();
    ASSERT_EQ(r.checkpoints.size(), 3u);  // 60, 120 and the end, 130
    EXPECT_EQ(r.checkpoints.back().tick, 130u);
    const std::string bytes = write_replay(r);
    EXPECT_EQ(bytes.substr(0, 8), "MOSAICRP");
    const load_result<replay> back = read_replay(bytes, "walk.mosaic-replay");
    ASSERT_TRUE(back.ok()) << to_string(back.diagnostics);
    EXPECT_TRUE(back.diagnostics.empty()) << to_string(back.diagnostics);
    const replay& b = *back.value;
    EXPECT_EQ(b.origin.project, "walkers");
    EXPECT_EQ(b.origin.scene, "walkers.scene.json");
    EXPECT_EQ(b.origin.mosaic_version, MOSAIC_VERSION_STRING);
    EXPECT_EQ(b.settings.seed, 3u);
    EXPECT_EQ(b.settings.checkpoint_every, 60u);
    EXPECT_EQ(b.initial.scene, r.initial.scene);
    EXPECT_EQ(b.input, r.input);
    // The mouse at ticks 0, 50 and 100; space down at 7, up at 9.
    EXPECT_EQ(b.input.changes().size(), 5u);
    ASSERT_EQ(b.checkpoints.size(), r.checkpoints.size());
    for (std::size_t i = 0; i < b.checkpoints.size(); ++i) {
        EXPECT_EQ(b.checkpoints[i].tick, r.checkpoints[i].tick);
        EXPECT_EQ(b.checkpoints[i].hash, r.checkpoints[i].hash);
        ASSERT_TRUE(b.checkpoints[i].state.has_value());
        EXPECT_EQ(world_state_hash(*b.checkpoints[i].state), b.checkpoints[i].hash);
    }
    EXPECT_EQ(write_replay(b), bytes);
}

TEST(ReplayFile, AnIdleTickCostsNothing) {
    const replay shorter = record(walkers_v1, 100, {}, {.checkpoint_every = 1000});
    const replay longer = record(walkers_v1, 10'000, {}, {.checkpoint_every = 1'000'000});
    // One checkpoint each (the end), the same scene: the 9,900 more ticks cost no byte.
    EXPECT_EQ(write_replay(shorter).size(), write_replay(longer).size());
}

diagnostic first_error(std::string_view bytes) {
    const load_result<replay> r = read_replay(bytes, "bad.mosaic-replay");
    EXPECT_FALSE(r.ok());
    return r.error() ? *r.error() : diagnostic{};
}

TEST(ReplayFile, EveryTruncationIsAClearError) {
    const std::string bytes = write_replay(small_replay());
    for (std::size_t n = 0; n < bytes.size(); ++n) {
        const load_result<replay> r = read_replay(std::string_view(bytes).substr(0, n), "cut");
        ASSERT_FALSE(r.ok()) << "a file cut at byte " << n << " loaded";
        ASSERT_NE(r.error(), nullptr);
        const std::string message = r.error()->to_string();
        if (n >= 12) {
            EXPECT_NE(message.find("truncated"), std::string::npos) << message;
        }
    }
}

// Overwrites the u64 at `at` in a copy of `bytes`.
std::string with_u64(std::string bytes, std::size_t at, std::uint64_t value) {
    for (int i = 0; i < 8; ++i) bytes[at + i] = static_cast<char>(value >> (8 * i));
    return bytes;
}

std::size_t section_at(const std::string& bytes, std::string_view tag) {
    std::size_t at = 12;
    while (at + 12 <= bytes.size()) {
        std::uint64_t size = 0;
        std::memcpy(&size, bytes.data() + at + 4, 8);
        if (bytes.compare(at, 4, tag) == 0) return at;
        at += 12 + size;
    }
    ADD_FAILURE() << "no section " << tag;
    return 0;
}

TEST(ReplayFile, HostileFilesGetAnErrorNamingWhatAndWhere) {
    const std::string good = write_replay(small_replay());
    EXPECT_NE(first_error("hello, world, not a replay").message.find("not a Mosaic replay"),
              std::string::npos);
    std::string newer = good;
    newer[8] = 9;
    EXPECT_NE(first_error(newer).message.find("replay format version 9 is newer"),
              std::string::npos);

    // A section claiming more bytes than the file has: refused before reading it.
    const std::size_t input = section_at(good, "INPT");
    const diagnostic huge = first_error(with_u64(good, input + 4, std::uint64_t{1} << 62));
    EXPECT_NE(huge.message.find("section INPT declares"), std::string::npos) << huge.to_string();
    EXPECT_NE(huge.message.find("at byte"), std::string::npos) << huge.to_string();

    // A count of input changes no file of this size could hold: refused before allocating.
    const diagnostic changes = first_error(with_u64(good, input + 12 + 8, std::uint64_t{1} << 40));
    EXPECT_EQ(changes.path, "input");
    EXPECT_NE(changes.message.find("input changes"), std::string::npos) << changes.to_string();

    // More ticks than a replay may hold.
    const diagnostic ticks = first_error(with_u64(good, input + 12, std::uint64_t{1} << 50));
    EXPECT_NE(ticks.message.find("ticks, more than"), std::string::npos) << ticks.to_string();

    // A scene size beyond the section.
    const std::size_t init = section_at(good, "INIT");
    const diagnostic scene_size = first_error(
        with_u64(good, init + 12 + 8 + encoded_resources_bytes, std::uint64_t{1} << 29));
    EXPECT_EQ(scene_size.path, "initial state");
    EXPECT_NE(scene_size.message.find("bytes of scene cannot fit"), std::string::npos)
        << scene_size.to_string();

    // A checkpoint of an unknown kind.
    std::string kind = good;
    kind[section_at(good, "CHKP") + 12] = 7;
    const diagnostic bad_kind = first_error(kind);
    EXPECT_EQ(bad_kind.path, "checkpoints[0]");
    EXPECT_NE(bad_kind.message.find("checkpoint kind 7"), std::string::npos);

    // Checkpoints out of order (hashes only, so the tick is all there is to check).
    const std::string hashes =
        write_replay(record(walkers_v1, 130, {}, {.checkpoint_every = 60, .state_budget = 0}));
    const std::size_t first_checkpoint = section_at(hashes, "CHKP");
    const std::size_t second = first_checkpoint + 12 + 1 + 8 + 8 + 1;
    const diagnostic order = first_error(with_u64(hashes, second + 12 + 1, 5));
    EXPECT_EQ(order.path, "checkpoints[1]");
    EXPECT_NE(order.message.find("checkpoints must be at increasing ticks after 60"),
              std::string::npos)
        << order.to_string();

    // Bytes after the end.
    EXPECT_NE(first_error(good + "xyz").message.find("3 bytes after the END! section"),
              std::string::npos);
}

TEST(ReplayFile, UnknownSectionsAreSkippedWithAWarning) {
    std::string bytes = write_replay(small_replay());
    const std::size_t end = section_at(bytes, "END!");
    std::string extra = "NEW?";
    extra += std::string("\x03\0\0\0\0\0\0\0", 8) + "abc";
    bytes.insert(end, extra);
    const load_result<replay> r = read_replay(bytes, "newer.mosaic-replay");
    ASSERT_TRUE(r.ok()) << to_string(r.diagnostics);
    ASSERT_EQ(r.diagnostics.size(), 1u);
    EXPECT_NE(r.diagnostics[0].to_string().find("section NEW?: unknown section skipped"),
              std::string::npos);
}

TEST(ReplayFile, ACorruptSceneInsideIsAnErrorWhenPlayed) {
    replay r = small_replay();
    r.initial.scene[20] ^= 0x55;
    r.initial.scene.resize(r.initial.scene.size() / 2);
    const load_result<replay> back = read_replay(write_replay(r), "corrupt.mosaic-replay");
    ASSERT_TRUE(back.ok());  // the scene inside is read when played
    game g(&walkers_v1);
    replay_player player(*back.value);
    const std::vector<diagnostic> problems = player.start(g, "corrupt.mosaic-replay");
    ASSERT_FALSE(problems.empty());
    EXPECT_NE(to_string(problems).find("corrupt.mosaic-replay: error: initial state"),
              std::string::npos)
        << to_string(problems);
}

// A small file declaring a billion ticks with no checkpoint to cover them (issue #32: it was
// accepted and played for hours): refused, as a recording has a checkpoint at least every
// checkpoint_every ticks.
TEST(ReplayFile, MoreTicksThanTheCheckpointsCoverAreRefused) {
    replay r = small_replay();
    r.input = input_track::from_changes({}, 1'000'000'000);
    const std::string bytes = write_replay(r);
    EXPECT_LT(bytes.size(), 64u * 1024);
    const diagnostic d = first_error(bytes);
    EXPECT_NE(d.to_string().find("no checkpoint after tick 130"), std::string::npos)
        << d.to_string();
    // A tail within one interval of the last checkpoint is a recording stopped early.
    r.input = input_track::from_changes({}, 130 + 60);
    EXPECT_TRUE(read_replay(write_replay(r)).ok());
}

// A key's state is 0 or 1: 2 is refused, not taken as "down".
TEST(ReplayFile, AKeyStateOtherThan0Or1IsRefused) {
    replay r = small_replay();
    tick_input pressed;
    pressed.down[static_cast<std::size_t>(key::space)] = 2;
    r.input = input_track::from_changes({{5, pressed}}, 130);
    const diagnostic d = first_error(write_replay(r));
    EXPECT_NE(d.to_string().find("state 2: expected 0 (up) or 1 (down)"), std::string::npos)
        << d.to_string();
}

// Flipping any byte gives a replay or an error; playing what loads never crashes.
TEST(ReplayFile, FlippedBytesNeverCrash) {
    const std::string good = write_replay(record(walkers_v1, 3, {}, {.checkpoint_every = 2}));
    for (std::size_t i = 0; i < good.size(); i += 3) {
        std::string bad = good;
        bad[i] = static_cast<char>(bad[i] ^ 0xA5);
        const load_result<replay> r = read_replay(bad, "flipped");
        if (!r.ok()) continue;
        game g(&walkers_v1);
        replay_player player(*r.value, {.verify = true});
        if (has_error(player.start(g))) continue;
        g.set_observer(&player);
        for (int t = 0; t < 5 && !player.finished(g); ++t) g.tick();
        g.set_observer(nullptr);
    }
}

// The fuzz target's seeds read and play (tests/fuzz/corpus/replay, made by mosaic-run
// --record from tests/tools/data/moving.scene.json).
TEST(ReplayFile, TheFuzzSeedsReadAndVerify) {
    const fs::path folder = fs::path(MOSAIC_REPO_DIR) / "tests/fuzz/corpus/replay";
    int seeds = 0;
    for (const auto& entry : fs::directory_iterator(folder)) {
        ++seeds;
        const load_result<replay> r = load_replay_file(entry.path());
        ASSERT_TRUE(r.ok()) << to_string(r.diagnostics);
        game g;
        replay_player player(*r.value, {.verify = true});
        ASSERT_TRUE(player.start(g).empty());
        g.set_observer(&player);
        while (!player.finished(g)) g.tick();
        g.set_observer(nullptr);
        EXPECT_FALSE(player.divergence())
            << entry.path() << ": " << player.divergence()->to_string();
    }
    EXPECT_GE(seeds, 2);
}

// Recordings made before binary format 2 stored version 1 scene bytes and their hashes: the
// hash and the comparison read the version field as 1, and nothing else.
TEST(ReplayFile, StatesFromBinaryFormatOneHashAndCompareAsToday) {
    game g(&walkers_v1);
    g.start(walkers_scene());
    g.tick();
    const world_state now = capture_state(g);
    ASSERT_GE(now.scene.size(), 16u);

    std::string version_one = now.scene;
    const std::uint32_t one = 1;
    std::memcpy(version_one.data() + 9, &one, sizeof one);  // after magic and byte order
    ASSERT_NE(version_one, now.scene);
    world_state recorded = now;
    recorded.scene = version_one;

    EXPECT_EQ(world_state_hash(recorded), world_state_hash(now));
    EXPECT_EQ(hash_scene_bytes(version_one, 7), hash_bytes(version_one, 7))
        << "a version 1 state must keep the hash old files hold";
    EXPECT_TRUE(same_scene_bytes(version_one, now.scene));

    std::string moved = now.scene;
    moved.back() = static_cast<char>(moved.back() ^ 1);
    EXPECT_FALSE(same_scene_bytes(version_one, moved));
    recorded.scene = moved;
    EXPECT_NE(world_state_hash(recorded), world_state_hash(now));
}

// --- recording and playing -----------------------------------------------------------------

TEST(Replay, ReproducesTheRunByteForByte) {
    const driver drive = [](game& g, int tick) {
        g.world().resource<Input>().set(key::space, tick % 50 == 5);
    };
    game plain(&walkers_v1, {.seed = 3});
    plain.start(walkers_scene());
    for (int tick = 0; tick < 200; ++tick) {
        drive(plain, tick);
        plain.tick();
    }
    const replay r = record(walkers_v1, 200, drive);
    replayed again = play(walkers_v1, r);
    EXPECT_FALSE(again.divergence) << again.divergence->to_string();
    EXPECT_EQ(again.verified, r.checkpoints.size());
    EXPECT_EQ(saved(*again.g), saved(plain));
    EXPECT_EQ(walker_named(*again.g, "Walker").presses, 4);  // ticks 5, 55, 105, 155
}

TEST(Replay, AKeyPressedBeforeTickKIsSeenOnTickKExactly) {
    const replay r = record(walkers_v1, 40, [](game& g, int tick) {
        g.world().resource<Input>().set(key::space, tick == 17);
    });
    replayed again = play(walkers_v1, r);
    const Walker& w = walker_named(*again.g, "Walker");
    EXPECT_EQ(w.pressed_at, 17);
    EXPECT_EQ(w.presses, 1);
    // Without the recorded input nothing is pressed: the replay's input is what did it.
    game idle(&walkers_v1, {.seed = 3});
    idle.start(walkers_scene());
    for (int tick = 0; tick < 40; ++tick) idle.tick();
    EXPECT_EQ(walker_named(idle, "Walker").presses, 0);
}

TEST(Replay, AChangedSystemIsFoundAtTheRightTickAndField) {
    const replay r = record(walkers_v1, 300);
    const replayed changed = play(walkers_v2, r);
    ASSERT_TRUE(changed.divergence.has_value());
    const replay_divergence& d = *changed.divergence;
    EXPECT_EQ(d.tick, 119u);  // the checkpoint after tick 119 (every 60) is the first to differ
    EXPECT_EQ(d.matched, 59u);
    ASSERT_TRUE(d.difference.has_value());
    EXPECT_EQ(d.difference->entity, "'Walker' (id 1)");
    EXPECT_EQ(d.difference->component, "Transform");
    EXPECT_EQ(d.difference->field, "position");
    EXPECT_EQ(d.difference->recorded, "[120.0,0.0]");
    EXPECT_EQ(d.difference->now, "[140.0,0.0]");  // 100 + 20 ticks at twice the speed
    EXPECT_NE(d.to_string().find("diverged by tick 119 (the state after tick 119 differs, after "
                                 "tick 59 it matched): entity 'Walker' (id 1), component "
                                 "Transform, field position: recorded [120.0,0.0], replay "
                                 "[140.0,0.0]"),
              std::string::npos)
        << d.to_string();

    // A checkpoint every tick names the very tick.
    const replayed exact = play(walkers_v2, record(walkers_v1, 300, {}, {.checkpoint_every = 1}));
    ASSERT_TRUE(exact.divergence.has_value());
    EXPECT_EQ(exact.divergence->tick, 100u);
}

TEST(Replay, WithoutStatesTheHashStillFindsTheTick) {
    const replay r = record(walkers_v1, 300, {}, {.state_budget = 0});
    for (const replay_checkpoint& c : r.checkpoints) EXPECT_FALSE(c.state.has_value());
    const replayed changed = play(walkers_v2, r);
    ASSERT_TRUE(changed.divergence.has_value());
    EXPECT_EQ(changed.divergence->tick, 119u);
    EXPECT_FALSE(changed.divergence->difference.has_value());
    EXPECT_NE(changed.divergence->to_string().find("larger --state-budget"), std::string::npos);
}

TEST(Replay, TheRandomGeneratorIsPartOfTheState) {
    const replay r = record(walkers_v1, 120);
    replay other = r;
    other.initial.resources.random ^= 1;  // another generator state, the same scene
    const replayed changed = play(walkers_v1, other);
    ASSERT_TRUE(changed.divergence.has_value());
    EXPECT_EQ(changed.divergence->tick, 59u);
    ASSERT_TRUE(changed.divergence->difference.has_value());
    EXPECT_EQ(changed.divergence->difference->component, "Random");
}

TEST(Replay, AReplaceCheckpointContinuesFromTheEditedState) {
    replay r = record(walkers_v1, 120);
    // The state at tick 60 with the walker moved to x = 1000 (an edit made while paused).
    game edited(&walkers_v1, {.seed = 3});
    {
        replay_player player(r);
        ASSERT_TRUE(player.start(edited).empty());
        edited.set_observer(&player);
        for (int tick = 0; tick < 60; ++tick) edited.tick();
        edited.set_observer(nullptr);
    }
    edited.world().each([&](entity e) {
        if (Transform* t = edited.world().try_get<Transform>(e)) t->position.x = 1000;
    });
    replay_checkpoint replace{checkpoint_kind::replace, 60, 0, capture_state(edited)};
    replace.hash = world_state_hash(*replace.state);
    r.checkpoints.insert(r.checkpoints.begin() + 1, replace);  // after the verify at 60
    r.checkpoints.resize(2);                                   // the old future is gone
    const load_result<replay> back = read_replay(write_replay(r));
    ASSERT_TRUE(back.ok()) << to_string(back.diagnostics);
    const replayed after = play(walkers_v1, *back.value);
    EXPECT_FALSE(after.divergence);
    float x = 0;
    after.g->world().each([&](entity e) {
        const Name* n = after.g->world().try_get<Name>(e);
        if (n && std::strcmp(n->value, "Walker") == 0)
            x = after.g->world().get<Transform>(e).position.x;
    });
    EXPECT_EQ(x, 1060.0f);  // 1000 at tick 60, then 60 more steps
}

}  // namespace
