// Fighting: turrets sweep and fire, contacts stop tanks and bullets at walls, destroyed
// tanks leave no parts behind, spawn points send reinforcements.
#include <algorithm>
#include <map>

#include <mosaic/ecs/view.hpp>
#include <mosaic/engine/resources.hpp>

#include "tiny_tanks.hpp"

namespace mosaic::tiny_tanks {

namespace {

// Turns the turret (relative to its hull) back and forth between -range and +range.
void sweep(Turret& turret, Transform& local, float dt) {
    const float range = std::abs(turret.sweep_range);
    const float step = turret.sweep_speed * dt * (turret.sweep_direction < 0 ? -1.0f : 1.0f);
    local.rotation += step;
    if (local.rotation > range) {
        local.rotation = range;
        turret.sweep_direction = -1;
    } else if (local.rotation < -range) {
        local.rotation = -range;
        turret.sweep_direction = 1;
    }
}

// Records a bullet from `bullet`, leaving the muzzle of a turret at `where`.
void fire(command_buffer& commands, const archetype& bullet, const Turret& turret,
          const WorldTransform& where, const Team* team) {
    const glm::vec2 heading = direction_of(where.rotation);
    const entity b = spawn(commands, bullet);
    Transform placed = bullet.has<Transform>() ? *bullet.find<Transform>() : Transform{};
    placed.position = where.position + heading * turret.muzzle;
    placed.rotation = where.rotation;
    commands.add_or_replace<Transform>(b, placed);
    RigidBody body = bullet.has<RigidBody>() ? *bullet.find<RigidBody>() : RigidBody{};
    body.velocity = heading * turret.gun_power;
    commands.add_or_replace<RigidBody>(b, body);
    if (team) commands.add_or_replace<Team>(b, *team);
}

bool is_bullet(system_context& ctx, entity e) {
    const Damage* damage = ctx.try_get<const Damage>(e);
    return damage && damage->destroy_on_hit;
}

// One side of a contact: `self` touches `other`, `normal` pointing from self to other.
void respond(system_context& ctx, entity self, entity other, glm::vec2 normal, float depth) {
    if (ctx.has<Hull>(self)) {
        float share = 0.0f;  // how much of the overlap this hull backs out of
        if (ctx.has<Wall>(other)) share = 1.0f;
        if (ctx.has<Hull>(other)) share = 0.5f;
        Transform* t = ctx.try_get<Transform>(self);
        if (t && share > 0.0f) t->position -= normal * (depth * share);
    } else if (is_bullet(ctx, self)) {
        const Wall* wall = ctx.try_get<const Wall>(other);
        if (wall && wall->stops_bullets) ctx.commands().destroy(self);
    }
}

// True when a Parent link above `e` points at a destroyed entity.
bool lost_its_tank(system_context& ctx, const Parent& link) {
    entity up = link.entity;
    for (int depth = 0; depth < 64 && !up.is_null(); ++depth) {
        if (!ctx.alive(up)) return true;
        const Parent* next = ctx.try_get<const Parent>(up);
        if (!next) return false;
        up = next->entity;
    }
    return false;
}

void paint_parts_at_apply(world& w, entity hull, void*) {
    paint_parts(w, hull);
}

}  // namespace

system& add_turret_system(scheduler& s) {
    return s
        .add("turret",
             [](system_context& ctx) {
                 const auto dt = static_cast<float>(ctx.dt());
                 const archetype* bullet = ctx.resource<const Archetypes>().find("bullet");
                 ctx.view<Turret, Transform, const WorldTransform>().each(
                     [&](entity e, Turret& turret, Transform& local, const WorldTransform& where) {
                         sweep(turret, local, dt);
                         turret.reload -= dt;
                         if (turret.reload > 0.0f) return;
                         turret.reload = std::max(0.0f, turret.reload + turret.reload_time);
                         if (bullet) {
                             fire(ctx.commands(), *bullet, turret, where,
                                  ctx.try_get<const Team>(e));
                         }
                     });
             })
        .reads<WorldTransform, Team, Archetypes>()
        .writes<Turret, Transform>()
        .order(5);
}

system& add_tank_contacts_system(scheduler& s) {
    return s
        .add("tank_contacts",
             [](system_context& ctx) {
                 for (const contact& c : ctx.resource<const Contacts>().list) {
                     respond(ctx, c.a, c.b, c.normal, c.depth);
                     respond(ctx, c.b, c.a, -c.normal, c.depth);
                 }
             })
        .reads<Contacts, Hull, Wall, Damage>()
        .writes<Transform>()
        .in(phase::post_update)
        .order(-40);
}

system& add_wreckage_system(scheduler& s) {
    // In pre_update: a tank destroyed last tick loses its parts before the hierarchy would
    // turn them into loose roots.
    return s
        .add("wreckage",
             [](system_context& ctx) {
                 ctx.view<const Parent>().each([&](entity e, const Parent& link) {
                     if (lost_its_tank(ctx, link)) ctx.commands().destroy(e);
                 });
             })
        .reads<Parent>()
        .in(phase::pre_update);
}

system& add_reinforcements_system(scheduler& s) {
    return s
        .add("reinforcements",
             [](system_context& ctx) {
                 const auto dt = static_cast<float>(ctx.dt());
                 std::map<std::int32_t, std::int32_t> tanks_of_team;
                 ctx.view<const Hull, const Team>().each(
                     [&](const Hull&, const Team& team) { ++tanks_of_team[team.id]; });
                 const prefab* tank = ctx.resource<const Prefabs>().find("tank");
                 const Transform* prototype =
                     tank ? tank->contents().world.try_get<Transform>(tank->root()) : nullptr;
                 const Sprite* look =
                     tank ? tank->contents().world.try_get<Sprite>(tank->root()) : nullptr;
                 ctx.view<SpawnPoint, const Transform>().each(
                     [&](SpawnPoint& point, const Transform& where) {
                         point.timer = std::max(0.0f, point.timer - dt);
                         std::int32_t& alive = tanks_of_team[point.team];
                         if (!tank || alive >= point.keep_alive || point.timer > 0.0f) return;
                         point.timer = point.interval;
                         ++alive;
                         command_buffer& commands = ctx.commands();
                         const entity hull = spawn(commands, *tank);  // the whole tree
                         Transform placed = prototype ? *prototype : Transform{};
                         placed.position = where.position;
                         placed.rotation = where.rotation;
                         commands.add_or_replace<Transform>(hull, placed);
                         commands.add_or_replace<Team>(hull, Team{point.team});
                         Sprite tinted = look ? *look : Sprite{};
                         tinted.tint = point.tint;
                         commands.add_or_replace<Sprite>(hull, tinted);
                         // The parts take the hull's colour and team once the tree exists.
                         commands.call(hull, &paint_parts_at_apply, nullptr);
                     });
             })
        .reads<Hull, Team, Transform, Prefabs>()
        .writes<SpawnPoint>()
        .in(phase::post_update)
        .order(60);
}

}  // namespace mosaic::tiny_tanks
