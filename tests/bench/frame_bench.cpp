// frame/*: a game-like frame of eight systems over four entity kinds (#31 §3), the work of
// frame_work.hpp run the two ways a Mosaic user writes it:
//
//   mosaic_scheduler  systems registered with a scheduler (one thread), their access
//                     declared by their signatures, ticked once per pass as a game does;
//   mosaic_views      the same systems hand-written as world.view<...>().each() calls one
//                     after the other, state changes through a command buffer applied at
//                     the end of the frame (automatic groups on, the world's default);
//   mosaic_views_no_groups  the same with automatic groups off: every view a plain view.
//
// Sizes 16k, 262k and 1M entities. The world is built once per size (bench::reuse_fixture)
// and ticked a few frames before timing, so groups exist and the deaths and respawns run at
// their steady rate; a frame leaves the world in the same kind of state it found it (the
// same entities, about the same share dead), which is all reuse needs here. The counter
// ns_per_entity is the frame's CPU time divided by N; ms_per_frame is the frame itself.

#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "bench_registry.hpp"
#include "bench_support.hpp"
#include "frame_work.hpp"
#include "mosaic/ecs/command_buffer.hpp"
#include "mosaic/ecs/scheduler.hpp"
#include "mosaic/ecs/world.hpp"

namespace {

namespace fr = bench::frame;
using fr::Damage;
using fr::Data;
using fr::FrameBuffer;
using fr::Health;
using fr::Player;
using fr::Position;
using fr::SpawnPoint;
using fr::Sprite;
using fr::Velocity;
using mosaic::entity;
using mosaic::world;

constexpr int warm_up_frames = 4;

/// n entities of the four kinds, each with its kind's components (frame_work.hpp).
void populate(world& w, std::size_t n) {
    std::vector<entity> created(n);
    w.create(created);
    for (std::size_t i = 0; i < n; ++i) {
        const entity e = created[i];
        const fr::initial_state s = fr::initial(i);
        const fr::kind k = s.player.type;
        w.add<Position>(e, s.position);
        w.add<Sprite>(e, s.sprite);
        if (!fr::has_velocity(k)) continue;
        w.add<Velocity>(e, s.velocity);
        w.add<Player>(e, s.player);
        if (fr::has_data(k)) w.add<Data>(e, s.data);
        if (fr::fights(k)) {
            w.add<Health>(e, s.health);
            w.add<Damage>(e, s.damage);
            w.add<SpawnPoint>(e, s.spawn);
        }
    }
}

// --- the scheduler form --------------------------------------------------------------------

struct scheduled_frame {
    world w;
    std::unique_ptr<mosaic::scheduler> systems = std::make_unique<mosaic::scheduler>(1);
};

void add_systems(mosaic::scheduler& s) {
    s.each<Position, const Velocity>("movement",
                                     [](Position& p, const Velocity& v) { fr::move(p, v); });
    s.each<Data>("data", [](Data& d) { fr::update_data(d); });
    s.each<const Position, Velocity, Data>(
        "more_complex", [](const Position& p, Velocity& v, Data& d) { fr::more_complex(p, v, d); });
    s.each<Health, Damage>("damage", [](Health& h, Damage& d) { fr::damage(h, d); });
    s.each<Health>("health", [](mosaic::system_context& ctx, entity e, Health& h) {
        if (fr::health(h)) ctx.commands().set_enabled<Velocity>(e, false);
    });
    s.each<Health, Position, const SpawnPoint>(
        "spawn",
        [](mosaic::system_context& ctx, entity e, Health& h, Position& p, const SpawnPoint& at) {
            if (fr::spawn(h, p, at)) ctx.commands().set_enabled<Velocity>(e, true);
        });
    s.each<Sprite, const Player, const Health>(
        "sprite", [](Sprite& sp, const Player& pl, const Health& h) { fr::sprite(sp, pl, h); });
    s.add("render", [](mosaic::view_t<const Position, const Sprite> drawn, FrameBuffer& fb) {
        drawn.each([&](const Position& p, const Sprite& sp) { fr::render(p, sp, fb); });
    });
}

scheduled_frame make_scheduled(std::size_t n) {
    scheduled_frame f;
    populate(f.w, n);
    f.w.resource<FrameBuffer>();
    add_systems(*f.systems);
    for (int i = 0; i < warm_up_frames; ++i) f.systems->tick(f.w, fr::dt);
    return f;
}

// --- the hand-written form -----------------------------------------------------------------

struct hand_frame {
    world w;
    mosaic::command_buffer changes;
    FrameBuffer fb;
};

void run_hand_frame(hand_frame& f) {
    world& w = f.w;
    w.view<Position, const Velocity>().each([](Position& p, const Velocity& v) { fr::move(p, v); });
    w.view<Data>().each([](Data& d) { fr::update_data(d); });
    w.view<const Position, Velocity, Data>().each(
        [](const Position& p, Velocity& v, Data& d) { fr::more_complex(p, v, d); });
    w.view<Health, Damage>().each([](Health& h, Damage& d) { fr::damage(h, d); });
    w.view<Health>().each([&](entity e, Health& h) {
        if (fr::health(h)) f.changes.set_enabled<Velocity>(e, false);
    });
    w.view<Health, Position, const SpawnPoint>().each(
        [&](entity e, Health& h, Position& p, const SpawnPoint& at) {
            if (fr::spawn(h, p, at)) f.changes.set_enabled<Velocity>(e, true);
        });
    w.view<Sprite, const Player, const Health>().each(
        [](Sprite& sp, const Player& pl, const Health& h) { fr::sprite(sp, pl, h); });
    FrameBuffer& fb = f.fb;
    w.view<const Position, const Sprite>().each(
        [&](const Position& p, const Sprite& sp) { fr::render(p, sp, fb); });
    f.changes.apply(w);
}

hand_frame make_hand(std::size_t n, bool automatic_groups) {
    hand_frame f;
    if (!automatic_groups) f.w.set_automatic_groups(0);
    populate(f.w, n);
    for (int i = 0; i < warm_up_frames; ++i) run_hand_frame(f);
    return f;
}

// --- timing --------------------------------------------------------------------------------

void report(benchmark::State& state, const bench::entity_clock& clock, std::size_t n) {
    clock.report(state, n);
    const auto found = state.counters.find("ns_per_entity");
    if (found != state.counters.end()) {
        state.counters["ms_per_frame"] = found->second.value * static_cast<double>(n) * 1e-6;
    }
}

void frame_scheduler(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    scheduled_frame& f = *bench::reuse_fixture(n, [](std::size_t count) {
        return std::make_unique<scheduled_frame>(make_scheduled(count));
    });
    bench::entity_clock clock;
    clock.start();
    for (auto _ : state) {
        f.systems->tick(f.w, fr::dt);
        benchmark::ClobberMemory();
    }
    clock.stop();
    report(state, clock, n);
}

template <bool AutomaticGroups>
void frame_views(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    hand_frame& f = *bench::reuse_fixture(n, [](std::size_t count) {
        return std::make_unique<hand_frame>(make_hand(count, AutomaticGroups));
    });
    bench::entity_clock clock;
    clock.start();
    for (auto _ : state) {
        run_hand_frame(f);
        benchmark::ClobberMemory();
    }
    clock.stop();
    report(state, clock, n);
}

const std::vector<std::int64_t> frame_sizes = {16'384, 262'144, 1'048'576};

[[maybe_unused]] const bool registered = bench::add_cases({
    {"frame", "mosaic_scheduler", &frame_scheduler, frame_sizes},
    {"frame", "mosaic_views", &frame_views<true>, frame_sizes},
    {"frame", "mosaic_views_no_groups", &frame_views<false>, frame_sizes},
});

}  // namespace
