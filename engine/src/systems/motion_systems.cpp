// input, gravity, movement, hierarchy and lifetime: the small per-entity systems.
#include <algorithm>

#include <mosaic/ecs/scheduler.hpp>
#include <mosaic/ecs/view.hpp>

#include "mosaic/engine/components.hpp"
#include "mosaic/engine/hierarchy.hpp"
#include "mosaic/engine/input.hpp"
#include "mosaic/engine/resources.hpp"
#include "mosaic/engine/systems/builtin_systems.hpp"

namespace mosaic {

system& add_input_system(scheduler& s) {
    return s.add("input", [](Input& input) { input.begin_tick(); })
        .in(phase::pre_update)
        .order(-100);
}

system& add_gravity_system(scheduler& s) {
    return s
        .add("gravity",
             [](system_context& ctx, view_t<RigidBody> bodies, const Physics& physics) {
                 const glm::vec2 g = physics.gravity;
                 const auto dt = static_cast<float>(ctx.dt());
                 bodies.each(
                     [&](RigidBody& body) { body.velocity += g * (body.gravity_scale * dt); });
             })
        .order(-10);
}

system& add_movement_system(scheduler& s) {
    return s.each<Transform, RigidBody>(
        "movement", [](system_context& ctx, Transform& t, RigidBody& body) {
            const auto dt = static_cast<float>(ctx.dt());
            body.velocity += body.acceleration * dt;
            body.velocity *= std::max(0.0f, 1.0f - body.damping * dt);
            t.position += body.velocity * dt;
        });
}

system& add_hierarchy_system(scheduler& s) {
    // Exclusive: it adds WorldTransform to new entities, a structural change.
    return s.add("hierarchy", [](system_context& ctx) { update_world_transforms(ctx.world()); })
        .reads<Transform, Parent>()
        .writes<WorldTransform>()
        .in(phase::post_update)
        .order(-100)
        .exclusive();
}

system& add_lifetime_system(scheduler& s) {
    return s
        .each<Lifetime>("lifetime",
                        [](system_context& ctx, entity e, Lifetime& life) {
                            life.seconds -= static_cast<float>(ctx.dt());
                            if (life.seconds <= 0.0f) ctx.commands().destroy(e);
                        })
        .in(phase::post_update)
        .order(50);
}

}  // namespace mosaic
