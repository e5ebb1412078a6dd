// After the engine's collision system: bodies pushed out of platforms (and told whether they
// stand on one), the player meeting enemies, falls, and the camera following.
#include <algorithm>
#include <memory>
#include <utility>
#include <vector>

#include <mosaic/ecs/view.hpp>
#include <mosaic/engine/resources.hpp>

#include "platformer.hpp"

namespace mosaic::platformer {

namespace {

// How far to push one body out, per direction. Several contacts of a body (two platforms
// under its feet) each know the whole overlap, so the largest per direction wins, not the sum.
struct push_out {
    float up = 0.0f, down = 0.0f, left = 0.0f, right = 0.0f;
};

using pending_pushes = std::vector<std::pair<entity, push_out>>;

push_out& pushes_of(pending_pushes& pending, entity body) {
    for (auto& [e, push] : pending) {
        if (e == body) return push;
    }
    return pending.emplace_back(body, push_out{}).second;
}

// `body` overlaps `platform` by `depth` along `away` (unit, from the platform to the body).
void touch(system_context& ctx, pending_pushes& pending, entity body, entity platform,
           glm::vec2 away, float depth) {
    const Platform* solid = ctx.try_get<const Platform>(platform);
    Grounded* contact = ctx.try_get<Grounded>(body);
    if (!solid || !contact) return;
    RigidBody* motion = ctx.try_get<RigidBody>(body);
    const bool from_above = away.y > 0.5f;
    if (solid->one_way && !(from_above && (!motion || motion->velocity.y <= 0.0f))) return;

    push_out& push = pushes_of(pending, body);
    if (from_above) {
        push.up = std::max(push.up, depth);
        if (!contact->on_ground) contact->ground = platform;
        contact->on_ground = true;
        if (motion) motion->velocity.y = std::max(motion->velocity.y, 0.0f);
    } else if (away.y < -0.5f) {  // head against a ceiling
        push.down = std::max(push.down, depth);
        if (motion) motion->velocity.y = std::min(motion->velocity.y, 0.0f);
    } else if (away.x > 0.0f) {  // the platform is on its left
        push.right = std::max(push.right, depth);
        contact->wall = -1;
        if (motion) motion->velocity.x = std::max(motion->velocity.x, 0.0f);
    } else {
        push.left = std::max(push.left, depth);
        contact->wall = 1;
        if (motion) motion->velocity.x = std::min(motion->velocity.x, 0.0f);
    }
}

void settle(system_context& ctx, pending_pushes& pending) {
    ctx.view<Grounded>().each([](Grounded& contact) { contact = Grounded{}; });
    pending.clear();
    for (const contact& c : ctx.resource<const Contacts>().list) {
        touch(ctx, pending, c.a, c.b, -c.normal, c.depth);
        touch(ctx, pending, c.b, c.a, c.normal, c.depth);
    }
    for (const auto& [body, push] : pending) {
        if (Transform* t = ctx.try_get<Transform>(body)) {
            t->position += glm::vec2{push.right - push.left, push.up - push.down};
        }
    }
}

// Back to the start, at rest.
void send_back(Transform& t, RigidBody* body, const Respawn& where) {
    t.position = where.point;
    if (body) body->velocity = {0.0f, 0.0f};
}

// `player` touches `enemy`; `towards` points from the player to the enemy.
void meet(system_context& ctx, entity player, entity enemy, glm::vec2 towards) {
    if (!ctx.has<KeyboardControl>(player) || !ctx.has<Patrol>(enemy)) return;
    RigidBody* body = ctx.try_get<RigidBody>(player);
    if (towards.y < -0.5f && body && body->velocity.y <= 0.0f) {
        // Landed on it: the enemy is squashed and the player bounces off.
        ctx.commands().destroy(enemy);
        const Walker* walker = ctx.try_get<const Walker>(player);
        body->velocity.y = 0.6f * (walker ? walker->jump_speed : Walker{}.jump_speed);
        return;
    }
    const Respawn* start = ctx.try_get<const Respawn>(player);
    Transform* t = ctx.try_get<Transform>(player);
    if (start && t) send_back(*t, body, *start);
}

}  // namespace

system& add_ground_contacts_system(scheduler& s) {
    auto pending = std::make_shared<pending_pushes>();
    return s.add("ground_contacts", [pending](system_context& ctx) { settle(ctx, *pending); })
        .reads<Contacts, Platform>()
        .writes<Grounded, Transform, RigidBody>()
        .in(phase::post_update)
        .order(-40);
}

system& add_stomp_system(scheduler& s) {
    return s
        .add("stomp",
             [](system_context& ctx, const Contacts& contacts) {
                 for (const contact& c : contacts.list) {
                     meet(ctx, c.a, c.b, c.normal);
                     meet(ctx, c.b, c.a, -c.normal);
                 }
             })
        .reads<KeyboardControl, Patrol, Walker, Respawn>()  // looked up per contact
        .writes<Transform, RigidBody>()
        .in(phase::post_update)
        .order(-30);
}

system& add_respawn_system(scheduler& s) {
    return s
        .add("respawn",
             [](system_context& ctx, view_t<const Respawn, Transform> respawning) {
                 respawning.each([&](entity e, const Respawn& start, Transform& t) {
                     if (t.position.y < start.fall_limit) {
                         send_back(t, ctx.try_get<RigidBody>(e), start);
                     }
                 });
             })
        .writes<RigidBody>()  // of the fallen, looked up
        .in(phase::post_update)
        .order(60);
}

system& add_camera_follow_system(scheduler& s) {
    return s
        .add("camera_follow",
             [](system_context& ctx, view_t<const Follow, Transform> followers) {
                 const float step = std::min(1.0f, static_cast<float>(ctx.dt()));
                 followers.each([&](entity self, const Follow& follow, Transform& t) {
                     if (follow.target == self) return;
                     const Transform* target = ctx.try_get<const Transform>(follow.target);
                     if (!target) return;
                     const glm::vec2 goal = target->position + follow.offset;
                     t.position +=
                         (goal - t.position) * std::clamp(follow.stiffness * step, 0.0f, 1.0f);
                 });
             })
        .in(phase::post_update)
        .order(70);
}

}  // namespace mosaic::platformer
