// The live link on the game's side (issue #30's figures): a "query" request over 1,000,000
// entities (a quarter of them matching Transform, Health, !Team), answered with its first page
// of 100 ids and the total, parse to reply; and the pushes of 100 watched entities of which 10
// changed, against the tick they follow. Goals: a query within 20 ms; the pushes under 5% of a
// 100k-entity tick (compare with stress_tick). And the mirror (the editor's view of a game in a
// separate process): a whole mirror.pull pass on the game's side when 1 in 100 entities
// changed, and on the editor's side, world_mirror's check for local edits each frame and the
// apply of such a pass.
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/live/live_mirror.hpp>
#include <mosaic/engine/live/live_protocol.hpp>
#include <mosaic/engine/runtime/game.hpp>

#include <string>
#include <vector>

#include "bench_registry.hpp"

namespace {

using namespace mosaic;

void fill(game& g, std::int64_t n) {
    g.start(scene{});
    world& w = g.world();
    for (std::int64_t i = 0; i < n; ++i) {
        const entity e = w.create();
        w.add<Transform>(e);
        if (i % 2 == 0) w.add<Health>(e);
        if (i % 4 == 0) w.add<Team>(e);
    }
}

void live_query(benchmark::State& state) {
    game g;
    fill(g, state.range(0));
    live::protocol link(g);
    live::session s;
    (void)link.handle(s, R"({"jsonrpc":"2.0","id":0,"method":"hello"})");
    const std::string request =
        R"({"jsonrpc":"2.0","id":1,"method":"query","params":{"query":"Transform, Health, !Team"}})";
    for (auto _ : state) {
        std::string reply = link.handle(s, request);
        benchmark::DoNotOptimize(reply);
    }
    state.counters["entities"] = static_cast<double>(state.range(0));
}

// The same with a field condition: every Health is read (half of them pass).
void live_query_condition(benchmark::State& state) {
    game g;
    fill(g, state.range(0));
    std::int64_t i = 0;
    g.world().view<Health>().each([&](Health& h) { h.current = (i++ % 2) ? 10.0f : 90.0f; });
    live::protocol link(g);
    live::session s;
    (void)link.handle(s, R"({"jsonrpc":"2.0","id":0,"method":"hello"})");
    const std::string request =
        R"({"jsonrpc":"2.0","id":1,"method":"query","params":{"query":"Health.current < 50, !Team"}})";
    for (auto _ : state) {
        std::string reply = link.handle(s, request);
        benchmark::DoNotOptimize(reply);
    }
    state.counters["entities"] = static_cast<double>(state.range(0));
}

void live_push_100_watched(benchmark::State& state) {
    game g;
    fill(g, state.range(0));
    live::protocol link(g);
    live::session s;
    (void)link.handle(s, R"({"jsonrpc":"2.0","id":0,"method":"hello"})");
    std::string ids;
    std::vector<entity> watched;
    g.world().each([&](entity e) {
        if (watched.size() < 100 && g.world().has<Transform>(e)) {
            ids += (ids.empty() ? "" : ",") + std::to_string(live::entity_wire_id(e));
            watched.push_back(e);
        }
    });
    (void)link.handle(
        s, R"({"jsonrpc":"2.0","id":1,"method":"subscribe","params":{"ids":[)" + ids + "]}}");
    (void)link.notifications(s);
    float x = 0;
    for (auto _ : state) {
        x += 1;
        for (std::size_t i = 0; i < watched.size(); i += 10) {
            g.world().get<Transform>(watched[i]).position.x = x;
        }
        auto pushes = link.notifications(s);
        benchmark::DoNotOptimize(pushes);
    }
}

/// mirror.pull until its pass is whole; the pages' results (the text after "result":).
std::vector<std::string> mirror_pass(live::protocol& link, live::session& s) {
    std::vector<std::string> pages;
    for (;;) {
        std::string reply = link.handle(s, R"({"jsonrpc":"2.0","id":2,"method":"mirror.pull"})");
        const bool more = reply.find(R"("more":true)") != std::string::npos;
        const std::size_t at = reply.find(R"("result":)");
        pages.push_back(reply.substr(at + 9, reply.size() - at - 10));
        if (!more) return pages;
    }
}

/// Changes one entity in 100 (its Transform), as a game's tick would.
void change_one_in_100(game& g, float x) {
    std::size_t i = 0;
    g.world().view<Transform>().each([&](Transform& t) {
        if (i++ % 100 == 0) t.position.x = x;
    });
}

// The game's side of a pass: compare every entity, page out the 1% that changed.
void live_mirror_pass(benchmark::State& state) {
    game g;
    fill(g, state.range(0));
    live::protocol link(g);
    live::session s;
    (void)link.handle(s, R"({"jsonrpc":"2.0","id":0,"method":"hello"})");
    (void)mirror_pass(link, s);  // the first pass sends everything
    float x = 0;
    for (auto _ : state) {
        state.PauseTiming();
        change_one_in_100(g, x += 1);
        state.ResumeTiming();
        auto pages = mirror_pass(link, s);
        benchmark::DoNotOptimize(pages);
    }
}

// The editor's side: a 100k-entity mirror, in sync. `local_edits` is what each frame costs
// while nothing is edited; `apply` takes in a pass where 1% changed.
void live_mirror_local_edits(benchmark::State& state) {
    game g;
    fill(g, state.range(0));
    live::protocol link(g);
    live::session s;
    (void)link.handle(s, R"({"jsonrpc":"2.0","id":0,"method":"hello"})");
    world local;
    live::world_mirror mirror(local, g.table());
    std::uint64_t pull = 0;
    for (const std::string& page : mirror_pass(link, s)) (void)mirror.take_page(page, ++pull);
    for (auto _ : state) {
        auto edits = mirror.local_edits(pull + 1);
        benchmark::DoNotOptimize(edits);
    }
    state.counters["mirrored"] = static_cast<double>(mirror.statistics().paired);
}

void live_mirror_apply(benchmark::State& state) {
    game g;
    fill(g, state.range(0));
    live::protocol link(g);
    live::session s;
    (void)link.handle(s, R"({"jsonrpc":"2.0","id":0,"method":"hello"})");
    world local;
    live::world_mirror mirror(local, g.table());
    std::uint64_t pull = 0;
    for (const std::string& page : mirror_pass(link, s)) (void)mirror.take_page(page, ++pull);
    float x = 0;
    for (auto _ : state) {
        state.PauseTiming();
        change_one_in_100(g, x += 1);
        const std::vector<std::string> pages = mirror_pass(link, s);
        state.ResumeTiming();
        for (const std::string& page : pages) (void)mirror.take_page(page, ++pull);
    }
    state.counters["changed"] = static_cast<double>(mirror.statistics().last_changed);
}

[[maybe_unused]] const bool registered = bench::add_cases({
    {"live_query", "mosaic", &live_query, {bench::large_n}},
    {"live_query_condition", "mosaic", &live_query_condition, {bench::large_n}},
    {"live_push_100_watched", "mosaic", &live_push_100_watched, {100'000}},
    {"live_mirror_pass", "mosaic", &live_mirror_pass, {10'000, 100'000}},
    {"live_mirror_local_edits", "mosaic", &live_mirror_local_edits, {10'000, 100'000}},
    {"live_mirror_apply", "mosaic", &live_mirror_apply, {10'000, 100'000}},
});

}  // namespace
