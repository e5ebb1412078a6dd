// ECS in five minutes: the example of ecs/README.md, compiled and run as a test.
#include <mosaic/ecs/ecs.hpp>

#include <cstdio>

// Components are plain data.
struct Position {
    float x = 0, y = 0;
};
struct Velocity {
    float x = 0, y = 0;
};
struct Lifetime {
    float seconds = 1;
};

int main() {
    mosaic::world world;

    // Entities are ids; components live in packed pools, one per type.
    mosaic::entity ball = world.create();
    world.add<Position>(ball, 0.f, 10.f);
    world.add<Velocity>(ball, 2.f, 0.f);

    // Unity-style ease of use over the same storage.
    mosaic::handle rock{world, world.create()};
    rock.add<Position>(5.f, 5.f);
    rock.get<Position>().x += 1;  // GetComponent<Position>()

    // Archetypes (prefabs): a named set of components with prototype values.
    mosaic::archetype spark{"Spark"};
    spark.set(Position{}).set(Velocity{0, 1}).set(Lifetime{0.5f});

    // A system's types say what it reads (const) and writes; the scheduler runs them by phase,
    // in parallel where they don't conflict, and times them. Structural changes go through
    // the system's command buffer.
    mosaic::scheduler scheduler;
    scheduler.each<Position, const Velocity>(
        "movement", [](mosaic::system_context& ctx, Position& p, const Velocity& v) {
            p.x += v.x * static_cast<float>(ctx.dt());
            p.y += v.y * static_cast<float>(ctx.dt());
        });

    scheduler
        .each<Lifetime>("lifetime",
                        [](mosaic::system_context& ctx, mosaic::entity e, Lifetime& life) {
                            life.seconds -= static_cast<float>(ctx.dt());
                            if (life.seconds <= 0) ctx.commands().destroy(e);
                        })
        .in(mosaic::phase::post_update);

    for (int i = 0; i < 3; ++i) mosaic::spawn(world, spark);
    for (int tick = 0; tick < 60; ++tick) scheduler.tick(world, 1.0 / 60);

    const Position& p = world.get<Position>(ball);
    std::printf("ball at (%.1f, %.1f); %zu entities left\n", p.x, p.y, world.size());
    std::printf("%s", scheduler.profile_table().c_str());
    return world.size() == 2 ? 0 : 1;  // the three sparks expired after half a second
}
