// The object_model variant of each workload: the same work done the Unity way (see
// object_model.hpp), timed as ecs_bench.cpp explains: create and destroy use a fresh scene
// per pass and time only the creating or deleting; the others reuse one scene.

#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "bench_registry.hpp"
#include "bench_support.hpp"
#include "components.hpp"
#include "object_model.hpp"

namespace {

using object_model::GameObject;
using object_model::HealthComponent;
using object_model::Mover;
using object_model::Scene;
using object_model::Transform;

void create(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    bench::entity_clock clock;
    for (auto _ : state) {
        Scene scene;
        clock.start();
        for (std::size_t i = 0; i < n; ++i) {
            auto* go = new GameObject();
            go->AddComponent(new Transform({static_cast<float>(i), 0.0f, 0.0f}));
            go->AddComponent(new Mover({1.0f, 2.0f, 3.0f}));
            scene.objects.push_back(go);
        }
        clock.stop();
        benchmark::DoNotOptimize(scene.objects.data());
    }
    clock.report(state, n);
}

void destroy(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    bench::entity_clock clock;
    for (auto _ : state) {
        Scene scene = object_model::make_movers(n);
        clock.start();
        for (GameObject*& go : scene.objects) {
            delete go;
            go = nullptr;
        }
        clock.stop();
        benchmark::DoNotOptimize(scene.objects.data());
    }
    clock.report(state, n);
}

void iterate_pos_vel(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    const Scene& scene =
        bench::reuse_fixture(n, [](std::size_t count) { return object_model::make_movers(count); });
    bench::entity_clock clock;
    clock.start();
    for (auto _ : state) {
        for (GameObject* go : scene.objects) go->Update(bench::dt);
        benchmark::ClobberMemory();
    }
    clock.stop();
    clock.report(state, n);
}

void iterate_sparse3(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    const Scene& scene = bench::reuse_fixture(n, [](std::size_t count) {
        std::vector<std::uint8_t> masks = bench::sparse3_composition(count);
        for (std::uint8_t& mask : masks) {
            mask =
                static_cast<std::uint8_t>(object_model::kTransform |
                                          (mask & bench::with_velocity ? object_model::kMover : 0) |
                                          (mask & bench::with_health ? object_model::kHealth : 0));
        }
        return object_model::make_scene(masks);
    });
    bench::entity_clock clock;
    clock.start();
    for (auto _ : state) {
        for (GameObject* go : scene.objects) {
            auto* t = go->GetComponent<Transform>();
            auto* m = go->GetComponent<Mover>();
            auto* h = go->GetComponent<HealthComponent>();
            if (!t || !m || !h) continue;
            bench::integrate_if_alive(t->position, m->velocity, h->health);
        }
        benchmark::ClobberMemory();
    }
    clock.stop();
    clock.report(state, n);
}

struct scene_and_order {
    Scene scene;
    std::vector<GameObject*> order;
};

void get_random(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    const auto& [scene, order] = bench::reuse_fixture(n, [](std::size_t count) {
        Scene made = object_model::make_movers(count);
        std::vector<GameObject*> shuffled = bench::shuffled(made.objects);
        return scene_and_order{std::move(made), std::move(shuffled)};
    });
    bench::entity_clock clock;
    clock.start();
    for (auto _ : state) {
        float sum = 0.0f;
        for (const GameObject* go : order) sum += go->GetComponent<Transform>()->position.x;
        benchmark::DoNotOptimize(sum);
    }
    clock.stop();
    clock.report(state, n);
}

void add_remove(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    const Scene& scene = bench::reuse_fixture(n, [](std::size_t count) {
        return object_model::make_scene(std::vector<std::uint8_t>(count, object_model::kTransform));
    });
    bench::entity_clock clock;
    clock.start();
    for (auto _ : state) {
        for (GameObject* go : scene.objects) go->AddComponent(new HealthComponent({100, 100}));
        for (GameObject* go : scene.objects) go->DestroyComponent<HealthComponent>();
        benchmark::ClobberMemory();
    }
    clock.stop();
    clock.report(state, n);
}

[[maybe_unused]] const bool registered = bench::add_cases({
    {"create", "object_model", &create},
    {"destroy", "object_model", &destroy},
    {"iterate_pos_vel", "object_model", &iterate_pos_vel},
    {"iterate_sparse3", "object_model", &iterate_sparse3},
    {"get_random", "object_model", &get_random},
    {"add_remove", "object_model", &add_remove},
});

}  // namespace
