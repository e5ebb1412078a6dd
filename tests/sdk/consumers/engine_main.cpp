// A consumer of mosaic::engine from the installed package: a game without a project runs the
// built-in systems headless for 60 ticks of 1/60 s on a moving, spinning-free body.
#include <cstdio>
#include <utility>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/runtime/game.hpp>

int main() {
    mosaic::game game;
    mosaic::scene scene;
    const mosaic::entity body = scene.world.create();
    scene.world.add<mosaic::Transform>(body);
    scene.world.add<mosaic::RigidBody>(body, mosaic::RigidBody{.velocity = {1.0f, 0.0f}});
    game.start(std::move(scene));
    for (int tick = 0; tick < 60; ++tick) game.tick();

    const mosaic::Transform& t = game.world().get<mosaic::Transform>(body);
    std::printf("after 60 ticks: x %.3f, y %.3f; %zu systems\n", t.position.x, t.position.y,
                game.systems().size());
    return t.position.x > 0.99f && t.position.x < 1.01f && t.position.y == 0.0f ? 0 : 1;
}
