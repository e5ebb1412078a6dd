// stress_spawn, bounce and stress_collisions.
#include <algorithm>
#include <array>
#include <cmath>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <glm/geometric.hpp>
#include <mosaic/ecs/view.hpp>
#include <mosaic/engine/resources.hpp>

#include "stress.hpp"

namespace mosaic::stress {

namespace {

constexpr std::array<mosaic::color, 6> palette{{
    {0.95f, 0.36f, 0.32f, 1.0f},
    {0.98f, 0.72f, 0.25f, 1.0f},
    {0.45f, 0.85f, 0.4f, 1.0f},
    {0.3f, 0.75f, 0.95f, 1.0f},
    {0.6f, 0.48f, 0.95f, 1.0f},
    {0.95f, 0.5f, 0.8f, 1.0f},
}};

std::string describe(float value) {
    std::ostringstream text;
    text << value;
    return text.str();
}
std::string describe(std::int32_t value) {
    return std::to_string(value);
}

// Brings one field of a spawner read from a file into its registered range (NaN: the low
// end), with a warning: a file bypasses the inspector's limits.
template <class T>
void clamp_field(T& value, T low, T high, std::string_view field, entity e, GameLog* log) {
    T clamped = value;
    if (!(value >= low)) {
        clamped = low;
    } else if (value > high) {
        clamped = high;
    }
    if (clamped == value) return;
    if (log) {
        log->warning("stress_spawn: entity " + to_string(e) + ": StressSpawner." +
                     std::string(field) + " " + describe(value) + " is outside [" + describe(low) +
                     ", " + describe(high) + "]: clamped to " + describe(clamped));
    }
    value = clamped;
}

void clamp_to_limits(StressSpawner& s, entity e, GameLog* log) {
    using limits = spawner_limits;
    clamp_field(s.count, 0, limits::max_count, "count", e, log);
    clamp_field(s.half_size.x, 0.0f, limits::max_half_size, "half_size.x", e, log);
    clamp_field(s.half_size.y, 0.0f, limits::max_half_size, "half_size.y", e, log);
    clamp_field(s.min_speed, 0.0f, limits::max_speed, "min_speed", e, log);
    clamp_field(s.max_speed, 0.0f, limits::max_speed, "max_speed", e, log);
    clamp_field(s.size, limits::min_size, limits::max_size, "size", e, log);
}

void spawn_sprites(world& w, const archetype& sprite, StressSpawner& spawner, glm::vec2 centre) {
    const auto count = static_cast<std::size_t>(std::max(spawner.count, 0));
    std::vector<entity> sprites(count);
    spawn(w, sprite, sprites);  // pools reserved once

    const glm::vec2 min = centre - spawner.half_size;
    const glm::vec2 max = centre + spawner.half_size;
    const float radius = spawner.size * 0.5f;
    Random& random = w.resource<Random>();
    for (const entity e : sprites) {
        const glm::vec2 at{random.range(min.x, max.x), random.range(min.y, max.y)};
        const float angle = random.range(0.0f, 6.2831853f);
        const float speed = random.range(spawner.min_speed, spawner.max_speed);
        const auto colour = static_cast<std::size_t>(random.next() % palette.size());
        w.get_or_add<Transform>(e).position = at;
        w.get_or_add<RigidBody>(e).velocity = glm::vec2{std::cos(angle), std::sin(angle)} * speed;
        Sprite& look = w.get_or_add<Sprite>(e);
        look.tint = palette[colour];
        look.size = {spawner.size, spawner.size};
        Collider& shape = w.get_or_add<Collider>(e);
        shape.shape = ColliderShape::circle;
        shape.size = {radius, radius};
        w.get_or_add<Bouncer>(e) = Bouncer{min, max};
    }
    spawner.spawned = static_cast<std::int32_t>(count);
}

// Reflects a velocity component pointing out of [low, high] and puts the position back in.
void bounce_axis(float& position, float& velocity, float low, float high) {
    if (position < low) {
        position = low;
        velocity = std::abs(velocity);
    } else if (position > high) {
        position = high;
        velocity = -std::abs(velocity);
    }
}

}  // namespace

system& add_stress_spawn_system(scheduler& s) {
    // Exclusive: it creates entities directly, in bulk (100,000 through a command buffer
    // would be five commands each).
    return s
        .add("stress_spawn",
             [](system_context& ctx) {
                 world& w = ctx.world();
                 std::vector<entity> due;
                 w.view<const StressSpawner>().each([&](entity e, const StressSpawner& spawner) {
                     // A negative count is due too: clamped to 0 with a warning, not
                     // skipped in silence.
                     if (spawner.spawned == 0 && spawner.count != 0) due.push_back(e);
                 });
                 if (due.empty()) return;
                 const Archetypes* library = w.try_resource<Archetypes>();
                 const archetype* from_file = library ? library->find("sprite") : nullptr;
                 const archetype fallback = from_file ? archetype{} : sprite_archetype();
                 for (const entity e : due) {
                     const glm::vec2 centre =
                         w.has<Transform>(e) ? w.get<Transform>(e).position : glm::vec2{0, 0};
                     // A copy: spawning may move the spawner's pool.
                     StressSpawner spawner = w.get<StressSpawner>(e);
                     clamp_to_limits(spawner, e, w.try_resource<GameLog>());
                     spawn_sprites(w, from_file ? *from_file : fallback, spawner, centre);
                     w.get<StressSpawner>(e) = spawner;
                 }
             })
        .reads<Transform, Archetypes>()
        .writes<StressSpawner, Transform, RigidBody, Sprite, Collider, Bouncer, Random, GameLog>()
        .in(phase::pre_update)
        .exclusive();
}

system& add_bounce_system(scheduler& s) {
    return s
        .each<Transform, RigidBody, const Bouncer>(
            "bounce",
            [](Transform& t, RigidBody& body, const Bouncer& box) {
                bounce_axis(t.position.x, body.velocity.x, box.min.x, box.max.x);
                bounce_axis(t.position.y, body.velocity.y, box.min.y, box.max.y);
            })
        .order(10);
}

system& add_stress_collisions_system(scheduler& s) {
    return s
        .add("stress_collisions",
             [](system_context& ctx, const Contacts& contacts) {
                 for (const contact& c : contacts.list) {
                     if (!ctx.has<Bouncer>(c.a) || !ctx.has<Bouncer>(c.b)) continue;
                     RigidBody* a = ctx.try_get<RigidBody>(c.a);
                     RigidBody* b = ctx.try_get<RigidBody>(c.b);
                     Transform* ta = ctx.try_get<Transform>(c.a);
                     Transform* tb = ctx.try_get<Transform>(c.b);
                     if (!a || !b || !ta || !tb) continue;
                     // Equal masses, elastic: approaching bodies swap their speeds along the
                     // normal; both back off half the overlap.
                     const float closing = glm::dot(b->velocity - a->velocity, c.normal);
                     if (closing < 0.0f) {
                         a->velocity += c.normal * closing;
                         b->velocity -= c.normal * closing;
                     }
                     ta->position -= c.normal * (c.depth * 0.5f);
                     tb->position += c.normal * (c.depth * 0.5f);
                 }
             })
        .reads<Bouncer>()  // the contacts' components, looked up
        .writes<RigidBody, Transform>()
        .in(phase::post_update)
        .order(-40);
}

archetype sprite_archetype() {
    archetype a{"sprite"};
    a.set(Transform{})
        .set(RigidBody{})
        .set(Sprite{.size = {0.4f, 0.4f}})
        .set(Collider{.shape = ColliderShape::circle, .size = {0.2f, 0.2f}})
        .set(Bouncer{});
    return a;
}

}  // namespace mosaic::stress
