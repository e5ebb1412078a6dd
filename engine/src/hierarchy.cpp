#include "mosaic/engine/hierarchy.hpp"

#include <cmath>
#include <cstdint>
#include <iterator>
#include <vector>

#include <glm/trigonometric.hpp>
#include <mosaic/ecs/view.hpp>

#include "mosaic/engine/components.hpp"

namespace mosaic {

namespace {

WorldTransform compose(const WorldTransform& parent, const Transform& local) {
    const float radians = glm::radians(parent.rotation);
    const float c = std::cos(radians);
    const float s = std::sin(radians);
    const glm::vec2 scaled = local.position * parent.scale;
    WorldTransform out;
    out.position =
        parent.position + glm::vec2{c * scaled.x - s * scaled.y, s * scaled.x + c * scaled.y};
    out.rotation = parent.rotation + local.rotation;
    out.scale = parent.scale * local.scale;
    return out;
}

WorldTransform as_world(const Transform& t) {
    return {t.position, t.rotation, t.scale};
}

}  // namespace

entity parent_of(const world& w, entity e) {
    const Parent* p = w.try_get<Parent>(e);
    return p && w.alive(p->entity) ? p->entity : null_entity;
}

bool would_create_cycle(const world& w, entity child, entity parent) {
    // Walk up from the new parent; reaching the child means a loop. The step limit guards
    // against a loop that already exists above the parent.
    std::size_t steps = 0;
    for (entity e = parent; !e.is_null(); e = parent_of(w, e)) {
        if (e == child) return true;
        if (++steps > w.size()) return true;
    }
    return false;
}

bool set_parent(world& w, entity child, entity parent, std::string* error) {
    const auto fail = [&](std::string why) {
        if (error) *error = std::move(why);
        return false;
    };
    if (!w.alive(child)) return fail("set_parent: the child " + to_string(child) + " is not alive");
    if (parent.is_null()) {
        w.remove<Parent>(child);
        return true;
    }
    if (!w.alive(parent)) {
        return fail("set_parent: the parent " + to_string(parent) + " is not alive");
    }
    if (would_create_cycle(w, child, parent)) {
        return fail("set_parent: " + to_string(parent) + " is " + to_string(child) +
                    " or one of its children; parenting would create a cycle");
    }
    w.add_or_replace<Parent>(child, parent);
    return true;
}

void update_world_transforms(world& w) {
    // Every entity with a Transform gets a WorldTransform (new entities, loaded scenes).
    std::vector<entity> missing;
    w.view<const Transform>(exclude<WorldTransform>, include_disabled)
        .each([&](entity e, const Transform&) { missing.push_back(e); });
    for (const entity e : missing) w.add<WorldTransform>(e);

    // Roots: world = local.
    w.view<const Transform, WorldTransform>(exclude<Parent>, include_disabled)
        .each([](const Transform& local, WorldTransform& out) { out = as_world(local); });

    // Children: walk up to a finished ancestor, then compose downwards.
    enum : std::uint8_t { pending, visiting, done };
    std::vector<std::uint8_t> state;  // by entity index, for entities with a Parent
    std::vector<entity> chain;
    const auto mark = [&](entity e) -> std::uint8_t& {
        if (e.index >= state.size()) state.resize(e.index + 1, pending);
        return state[e.index];
    };
    const auto is_root = [&](entity e) {
        const entity p = parent_of(w, e);
        return p.is_null() || !w.has<WorldTransform>(p);
    };
    w.view<const Transform, const Parent, WorldTransform>(exclude<>, include_disabled)
        .each([&](entity e, const Transform&, const Parent&, WorldTransform&) {
            chain.clear();
            for (entity cur = e;;) {
                std::uint8_t& s = mark(cur);
                if (s == done) break;
                if (s == visiting || is_root(cur) || !w.has<Transform>(cur)) {
                    // A root, a parent without a Transform, or the point where a cycle
                    // closes: world = local.
                    if (const Transform* t = w.try_get<Transform>(cur)) {
                        w.get<WorldTransform>(cur) = as_world(*t);
                    }
                    s = done;
                    break;
                }
                s = visiting;
                chain.push_back(cur);
                cur = parent_of(w, cur);
            }
            for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
                std::uint8_t& s = mark(*it);
                if (s == done) continue;
                w.get<WorldTransform>(*it) =
                    compose(w.get<WorldTransform>(parent_of(w, *it)), w.get<Transform>(*it));
                s = done;
            }
        });
}

WorldTransform world_transform_of(const world& w, entity e) {
    // Collect the chain up to a root (or a parent without a Transform, as the update does);
    // the step limit treats a hand-made cycle as ending where it closes.
    std::vector<const Transform*> chain;
    for (entity cur = e; !cur.is_null() && chain.size() <= w.size(); cur = parent_of(w, cur)) {
        const Transform* t = w.try_get<Transform>(cur);
        if (!t) break;
        chain.push_back(t);
    }
    if (chain.empty()) return WorldTransform{};
    WorldTransform out = as_world(*chain.back());
    for (auto it = std::next(chain.rbegin()); it != chain.rend(); ++it) out = compose(out, **it);
    return out;
}

Transform local_transform_for(const WorldTransform& parent, const WorldTransform& target) {
    const auto divide = [](float value, float by) { return by != 0.0f ? value / by : value; };
    const float radians = glm::radians(parent.rotation);
    const float c = std::cos(radians);
    const float s = std::sin(radians);
    const glm::vec2 d = target.position - parent.position;
    const glm::vec2 unrotated{c * d.x + s * d.y, -s * d.x + c * d.y};
    Transform out;
    out.position = {divide(unrotated.x, parent.scale.x), divide(unrotated.y, parent.scale.y)};
    out.rotation = target.rotation - parent.rotation;
    out.scale = {divide(target.scale.x, parent.scale.x), divide(target.scale.y, parent.scale.y)};
    return out;
}

}  // namespace mosaic
