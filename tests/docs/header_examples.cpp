// The code examples of the ECS headers' opening comments, verbatim, inside code that compiles
// and runs (check_header_examples.py keeps the two identical). Exits non-zero when an example
// does not do what its header says.

#include <cstdio>

#include <mosaic/ecs/component_table.hpp>
#include <mosaic/ecs/ecs.hpp>
#include <mosaic/ecs/world_snapshot.hpp>

namespace {

struct Position {
    float x = 0.0f, y = 0.0f;
};
struct Velocity {
    float x = 0.0f, y = 0.0f;
};
struct Lifetime {
    float seconds = 1.0f;
};
struct Hull {
    int armor = 100;
};
struct Turret {
    float angle = 0.0f;
};
struct RigidBody {
    float velocity = 0.0f;
};
struct Physics {
    float gravity = -10.0f;
};
struct Transform {
    mosaic::vec2 position;
    float rotation = 0.0f;
};

int failures = 0;
void expect(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "header example: %s\n", what);
        ++failures;
    }
}

void archetype_hpp() {
    using mosaic::entity;
    mosaic::world world;
    const float muzzle_speed = 450.0f;
    mosaic::archetype bullet{"Bullet"};
    bullet.set(Velocity{0, 300}).set(Lifetime{2.0f});
    entity b = mosaic::spawn(world, bullet, [&](mosaic::handle h) {
        h.get<Velocity>().y = muzzle_speed;  // a per-entity override
    });
    expect(world.get<Velocity>(b).y == muzzle_speed, "archetype.hpp: the override");
    expect(world.get<Lifetime>(b).seconds == 2.0f, "archetype.hpp: the prototype value");
}

void component_table_hpp() {
    mosaic::component_table table;
    table.component<Transform>("Transform")
        .field("position", &Transform::position, {.speed = 0.1f})
        .field("rotation", &Transform::rotation, {.min = -180, .max = 180})
        .version(2);
    const mosaic::component_info* info = table.find("Transform");
    expect(info && info->fields.size() == 2 && info->version == 2,
           "component_table.hpp: two fields, version 2");
}

void handle_hpp() {
    mosaic::world world;
    mosaic::handle tank{world, world.create()};
    tank.add<Hull>();
    tank.get<Hull>().armor -= 10;  // GetComponent<Hull>()
    if (tank.has<Turret>()) tank.get<Turret>().angle = 90;
    expect(tank.get<Hull>().armor == 90, "handle.hpp: armor");
}

void system_hpp() {
    mosaic::world world;
    world.resource<Physics>();
    const mosaic::entity e = world.create();
    world.add<Position>(e);
    world.add<Velocity>(e, 0.0f, 2.0f);
    world.add<RigidBody>(e);
    mosaic::scheduler scheduler;

    // per entity: the access comes from the component types
    scheduler.each<Position, const Velocity>(
        "movement", [](mosaic::system_context& ctx, Position& p, const Velocity& v) {
            p.y += v.y * static_cast<float>(ctx.dt());
        });

    // the parameters say it all: a view of RigidBody (written), the Physics resource (read)
    scheduler.add("gravity", [](mosaic::system_context& ctx, mosaic::view_t<RigidBody> bodies,
                                const Physics& physics) {
        const auto dt = static_cast<float>(ctx.dt());
        bodies.each([&](RigidBody& body) { body.velocity += physics.gravity * dt; });
    });

    scheduler.tick(world, 0.5);
    expect(world.get<Position>(e).y == 1.0f, "system.hpp: movement");
    expect(world.get<RigidBody>(e).velocity == -5.0f, "system.hpp: gravity");
    const mosaic::system* gravity = scheduler.find("gravity");
    expect(gravity && gravity->can_write(mosaic::type_id_of<RigidBody>()) &&
               gravity->can_read(mosaic::type_id_of<Physics>()) &&
               !gravity->can_write(mosaic::type_id_of<Physics>()),
           "system.hpp: gravity's access comes from its parameters");
}

}  // namespace

void world_snapshot_hpp() {
    using namespace mosaic;
    world w;
    const entity e = w.create();
    w.add<Position>(e);
    w.add<Hull>(e);
    world_snapshot a = world_snapshot::of(w);
    w.get<Position>(e).x += 1.0f;                  // only the Position pool changes
    world_snapshot b = world_snapshot::of(w, &a);  // shares a's other pools
    world back = b.restore();                      // equal to w now
    expect(back.get<Position>(e).x == 1.0f, "world_snapshot.hpp: the restored value");
    expect(b.shared_pools() == 1, "world_snapshot.hpp: Hull shared");
}

int main() {
    archetype_hpp();
    component_table_hpp();
    handle_hpp();
    system_hpp();
    world_snapshot_hpp();
    if (failures == 0) std::printf("every header example ran as its header says\n");
    return failures == 0 ? 0 : 1;
}
