// The live link on the game's side (issue #30's figures): a "query" request over 1,000,000
// entities (a quarter of them matching Transform, Health, !Team), answered with its first page
// of 100 ids and the total, parse to reply; and the pushes of 100 watched entities of which 10
// changed, against the tick they follow. Goals: a query within 20 ms; the pushes under 5% of a
// 100k-entity tick (compare with stress_tick).
#include <mosaic/engine/components.hpp>
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

[[maybe_unused]] const bool registered = bench::add_cases({
    {"live_query", "mosaic", &live_query, {bench::large_n}},
    {"live_query_condition", "mosaic", &live_query_condition, {bench::large_n}},
    {"live_push_100_watched", "mosaic", &live_push_100_watched, {100'000}},
});

}  // namespace
