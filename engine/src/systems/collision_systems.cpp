// collision and damage: contacts found through the grid broad phase, delivered as the
// Contacts resource, and the damage rule that reads them. Colliders with a non-finite or
// negative position or size are left out, with one GameLog warning per entity.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <mosaic/ecs/view.hpp>

#include "mosaic/engine/components.hpp"
#include "mosaic/engine/physics/broad_phase.hpp"
#include "mosaic/engine/physics/shapes.hpp"
#include "mosaic/engine/resources.hpp"
#include "mosaic/engine/systems/builtin_systems.hpp"
#include "mosaic/engine/tilemap/tile_colliders.hpp"

namespace mosaic {

namespace {

// Scratch memory kept between ticks so a steady scene allocates nothing.
struct collision_scratch {
    grid_broad_phase grid;
    std::vector<entity> entities;
    std::vector<world_shape> shapes;
    std::vector<std::uint32_t> layers, masks;
    std::vector<aabb> boxes;
    std::vector<index_pair> pairs;
    std::size_t first_tile = 0;  // entries from here on are tile boxes (tile_colliders.hpp)
    // Per entity index: 1 + the generation of the entity last warned about, so each broken
    // collider is reported once, not every tick.
    std::vector<std::uint32_t> warned;
    bool was_truncated = false;
};

std::string describe(const float value) {
    std::ostringstream text;
    text << value;
    return text.str();
}
std::string describe(const glm::vec2 value) {
    return "(" + describe(value.x) + ", " + describe(value.y) + ")";
}

bool finite(const glm::vec2 v) noexcept {
    return std::isfinite(v.x) && std::isfinite(v.y);
}

// A collider the broad phase can file: finite bounds, no negative size.
bool usable(const aabb& box) noexcept {
    return finite(box.min) && finite(box.max) && box.min.x <= box.max.x && box.min.y <= box.max.y;
}

// Why `e`'s collider is left out, said once per entity.
void warn_ignored(system_context& ctx, collision_scratch& s, entity e, const Collider& c,
                  const WorldTransform& where, Contacts& result, GameLog& log) {
    if (e.index >= s.warned.size()) s.warned.resize(std::size_t{e.index} + 1, 0);
    if (s.warned[e.index] == e.generation + 1) return;
    s.warned[e.index] = e.generation + 1;
    ++result.ignored_colliders;
    std::string why;
    if (!finite(where.position)) {
        why = "its position " + describe(where.position) + " is not finite";
    } else if (!finite(c.size) || c.size.x < 0.0f || c.size.y < 0.0f) {
        why = "its Collider size " + describe(c.size) + " is negative or not finite";
    } else {
        why = "its bounds are not finite (scale " + describe(where.scale) + ")";
    }
    std::string who = to_string(e);
    if (const Name* name = ctx.try_get<const Name>(e); name && name->value[0] != '\0') {
        who = "'" + std::string(name->value, strnlen(name->value, sizeof name->value)) + "' (" +
              who + ")";
    }
    log.warning("collision: entity " + who + " never collides: " + why);
}

using collider_view = view_t<const Collider, const WorldTransform>;

void find_contacts(system_context& ctx, collision_scratch& s, collider_view colliders,
                   const tile_collider_cache* tiles, Contacts& result, GameLog& log) {
    s.entities.clear();
    s.shapes.clear();
    s.layers.clear();
    s.masks.clear();
    s.boxes.clear();
    colliders.each([&](entity e, const Collider& c, const WorldTransform& where) {
        const world_shape shape = make_shape(c, where);
        const aabb box = bounds(shape);
        if (!usable(box)) {
            warn_ignored(ctx, s, e, c, where, result, log);
            return;
        }
        s.entities.push_back(e);
        s.shapes.push_back(shape);
        s.layers.push_back(c.layer);
        s.masks.push_back(c.mask);
        s.boxes.push_back(box);
    });
    s.first_tile = s.entities.size();
    if (tiles) {
        for (const tile_box& t : tiles->boxes()) {
            s.entities.push_back(t.map);
            s.shapes.push_back({ColliderShape::box, (t.box.min + t.box.max) * 0.5f,
                                (t.box.max - t.box.min) * 0.5f});
            s.layers.push_back(t.layer);
            s.masks.push_back(t.mask);
            s.boxes.push_back(t.box);
        }
    }
    broad_phase_limits limits = s.grid.limits();
    limits.max_pairs = result.max_contacts;
    s.grid.set_limits(limits);
    s.grid.pairs(s.boxes, s.pairs);

    std::vector<contact>& out = result.list;
    out.clear();
    for (const index_pair& p : s.pairs) {
        const std::uint32_t i = p.first;
        const std::uint32_t j = p.second;
        if (!(s.layers[i] & s.masks[j]) || !(s.layers[j] & s.masks[i])) continue;
        if (i >= s.first_tile && j >= s.first_tile) continue;  // tiles do not collide with tiles
        if (const auto o = intersect(s.shapes[i], s.shapes[j])) {
            out.push_back({s.entities[i], s.entities[j], o->normal, o->depth});
            // Canonical order, whatever order the view visited them in: a before b by index.
            if (out.back().a.index > out.back().b.index) {
                std::swap(out.back().a, out.back().b);
                out.back().normal = -out.back().normal;
            }
        }
    }
    std::sort(out.begin(), out.end(), [](const contact& x, const contact& y) {
        return x.a.index != y.a.index ? x.a.index < y.a.index : x.b.index < y.b.index;
    });

    result.truncated = s.grid.last_stats().truncated;
    if (result.truncated) {
        ++result.truncated_ticks;
        if (!s.was_truncated) {
            log.warning(
                "collision: too many overlapping colliders (" + std::to_string(s.boxes.size()) +
                " colliders): this tick's contacts are cut to " + std::to_string(out.size()) +
                " (Contacts.max_contacts is " + std::to_string(result.max_contacts) +
                "); the contacts of some overlapping colliders are missing until they spread "
                "out (counted in Contacts.truncated_ticks)");
        }
    }
    s.was_truncated = result.truncated;
}

}  // namespace

system& add_collision_system(scheduler& s, std::shared_ptr<const tile_collider_cache> tiles) {
    auto scratch = std::make_shared<collision_scratch>();
    return s
        .add("collision",
             [scratch, tiles](system_context& ctx, collider_view colliders, Contacts& contacts,
                              GameLog& log) {
                 find_contacts(ctx, *scratch, colliders, tiles.get(), contacts, log);
             })
        .reads<Name>()  // looked up for warnings
        .in(phase::post_update)
        .order(-50);
}

system& add_damage_system(scheduler& s) {
    // spent[index]: this tick's bullets that already hit something.
    auto spent = std::make_shared<std::vector<std::uint8_t>>();
    return s
        .add("damage",
             [spent](system_context& ctx, const Contacts& contacts) {
                 std::fill(spent->begin(), spent->end(), std::uint8_t{0});
                 const auto hits = [&](entity source, entity target) {
                     const Damage* damage = ctx.try_get<const Damage>(source);
                     Health* health = ctx.try_get<Health>(target);
                     if (!damage || !health || health->current <= 0.0f) return;
                     const Team* a = ctx.try_get<const Team>(source);
                     const Team* b = ctx.try_get<const Team>(target);
                     if (a && b && a->id == b->id) return;  // no friendly fire
                     if (damage->destroy_on_hit) {
                         // A bullet hits one thing, even if it touches two this tick.
                         if (source.index >= spent->size()) spent->resize(source.index + 1, 0);
                         if ((*spent)[source.index]) return;
                         (*spent)[source.index] = 1;
                         ctx.commands().destroy(source);
                     }
                     health->current -= damage->amount;
                     if (health->current <= 0.0f) ctx.commands().destroy(target);
                 };
                 for (const contact& c : contacts.list) {
                     hits(c.a, c.b);
                     hits(c.b, c.a);
                 }
             })
        .reads<Damage, Team>()  // looked up per contact
        .writes<Health>()
        .in(phase::post_update)
        .order(0);
}

}  // namespace mosaic
