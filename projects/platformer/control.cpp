// The brains and the body: keyboard_control and patrol fill MoveIntent, walker turns it into
// acceleration and jumps. One walker system serves the player and the enemies alike.
#include <algorithm>
#include <cmath>

#include <mosaic/ecs/view.hpp>
#include <mosaic/engine/input.hpp>
#include <mosaic/engine/physics/shapes.hpp>

#include "platformer.hpp"

namespace mosaic::platformer {

namespace {

// The world box of a platform (a root entity: its Transform is its world transform).
aabb platform_box(system_context& ctx, entity platform) {
    const Transform* t = ctx.try_get<const Transform>(platform);
    const Collider* c = ctx.try_get<const Collider>(platform);
    if (!t || !c) return {};
    return bounds(make_shape(*c, WorldTransform{t->position, t->rotation, t->scale}));
}

// True when walking on in `direction` would leave the platform `ground`.
bool at_edge(system_context& ctx, const Patrol& patrol, glm::vec2 position, entity ground) {
    if (!ctx.alive(ground)) return false;
    const aabb box = platform_box(ctx, ground);
    const float ahead = position.x + static_cast<float>(patrol.direction) * patrol.look_ahead;
    return ahead > box.max.x || ahead < box.min.x;
}

}  // namespace

system& add_keyboard_control_system(scheduler& s) {
    return s
        .add("keyboard_control",
             [](view_t<const KeyboardControl, MoveIntent> controlled, const Input& in) {
                 controlled.each([&](const KeyboardControl& keys, MoveIntent& intent) {
                     float move = in.axis(key::left, key::right);
                     bool jump = in.just_pressed(key::space) || in.just_pressed(key::up);
                     if (keys.wasd) {
                         move += in.axis(key::a, key::d);
                         jump = jump || in.just_pressed(key::w);
                     }
                     intent.move = std::clamp(move, -1.0f, 1.0f);
                     intent.jump = jump;
                 });
             })
        .in(phase::pre_update);
}

system& add_patrol_system(scheduler& s) {
    return s
        .add("patrol",
             [](system_context& ctx,
                view_t<Patrol, MoveIntent, const Grounded, const Transform> patrols) {
                 patrols.each([&](Patrol& patrol, MoveIntent& intent, const Grounded& contact,
                                  const Transform& t) {
                     if (patrol.direction == 0) patrol.direction = 1;
                     const bool blocked = contact.wall == patrol.direction;
                     const bool edge = patrol.turn_at_edges && contact.on_ground &&
                                       at_edge(ctx, patrol, t.position, contact.ground);
                     if (blocked || edge) patrol.direction = -patrol.direction;
                     intent.move = static_cast<float>(patrol.direction) * patrol.speed;
                     intent.jump = false;
                 });
             })
        .reads<Collider>()  // of the ground, looked up by at_edge
        .in(phase::pre_update);
}

system& add_walker_system(scheduler& s) {
    return s
        .add("walker",
             [](system_context& ctx,
                view_t<const Walker, const MoveIntent, const Grounded, RigidBody> walkers) {
                 const auto dt = static_cast<float>(ctx.dt());
                 if (dt <= 0.0f) return;
                 walkers.each([dt](const Walker& walker, const MoveIntent& intent,
                                   const Grounded& contact, RigidBody& body) {
                     // Accelerate towards the wanted speed without overshooting it; the
                     // engine's movement applies it (velocity += acceleration * dt).
                     const float wanted = std::clamp(intent.move, -1.0f, 1.0f) * walker.max_speed;
                     const float limit =
                         walker.acceleration * (contact.on_ground ? 1.0f : walker.air_control);
                     body.acceleration.x =
                         std::clamp((wanted - body.velocity.x) / dt, -limit, limit);
                     if (intent.jump && contact.on_ground) body.velocity.y = walker.jump_speed;
                 });
             })
        .order(-20);
}

}  // namespace mosaic::platformer
