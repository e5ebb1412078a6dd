// A consumer of mosaic::ecs alone: entities, components and views. Built by sdk.find_package_ecs
// (installed package), sdk.add_subdirectory_ecs and sdk.add_subdirectory_repo; prints what the
// views saw and exits 0 when it is right.
#include <cstdio>

#include <mosaic/ecs/ecs.hpp>
#include <mosaic/version.hpp>

struct Position {
    float x = 0, y = 0;
};
struct Velocity {
    float x = 0, y = 0;
};

int main() {
    mosaic::world world;
    for (int i = 0; i < 100; ++i) {
        const mosaic::entity e = world.create();
        world.add<Position>(e, static_cast<float>(i), 0.0f);
        if (i % 2 == 0) world.add<Velocity>(e, 1.0f, 2.0f);
    }
    int moved = 0;
    world.view<Position, const Velocity>().each([&](Position& p, const Velocity& v) {
        p.x += v.x;
        p.y += v.y;
        ++moved;
    });
    double sum = 0;  // 0 + 1 + ... + 99, and 3 for each of the 50 that moved
    world.view<const Position>().each([&](const Position& p) { sum += p.x + p.y; });
    std::printf("mosaic %s: %zu entities, %d moved, sum %.1f\n", MOSAIC_VERSION_STRING,
                world.size(), moved, sum);
    return world.size() == 100 && moved == 50 && sum == 5100.0 ? 0 : 1;
}
