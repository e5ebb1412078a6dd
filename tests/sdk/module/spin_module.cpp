// A game module for the SDK tests: one component, one system and the entry point. Built in
// this build with mosaic_add_game (tests/sdk/CMakeLists.txt) and, by sdk.find_package_engine,
// from the installed package; mosaic-module-probe loads both.
#include <cmath>

#include <mosaic/ecs/component_table.hpp>
#include <mosaic/ecs/scheduler.hpp>
#include <mosaic/ecs/world.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/module.hpp>

namespace sdk_test {

struct Spin {
    float degrees_per_second = 90;
};

void register_components(mosaic::component_table& table) {
    table.component<Spin>("Spin").field("degrees_per_second", &Spin::degrees_per_second,
                                        {.min = -720, .max = 720, .speed = 1});
}

void register_systems(mosaic::scheduler& s) {
    // Transform is written and Spin read: the types say so, the scheduler runs it accordingly.
    s.each<mosaic::Transform, const Spin>(
        "spin", [](mosaic::system_context& ctx, mosaic::Transform& t, const Spin& spin) {
            const auto dt = static_cast<float>(ctx.dt());
            t.rotation = std::fmod(t.rotation + spin.degrees_per_second * dt, 360.0f);
        });
}

}  // namespace sdk_test

MOSAIC_GAME_MODULE("sdk_test", "The SDK tests' module", sdk_test::register_components,
                   sdk_test::register_systems)
