// collision and damage: contacts found through the grid broad phase, delivered as the
// Contacts resource, and the damage rule that reads them.
#include <algorithm>
#include <memory>
#include <vector>

#include <mosaic/ecs/view.hpp>

#include "mosaic/engine/components.hpp"
#include "mosaic/engine/physics/broad_phase.hpp"
#include "mosaic/engine/physics/shapes.hpp"
#include "mosaic/engine/resources.hpp"
#include "mosaic/engine/systems/builtin_systems.hpp"

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
};

void find_contacts(system_context& ctx, collision_scratch& s, std::vector<contact>& out) {
    s.entities.clear();
    s.shapes.clear();
    s.layers.clear();
    s.masks.clear();
    s.boxes.clear();
    ctx.view<const Collider, const WorldTransform>().each(
        [&](entity e, const Collider& c, const WorldTransform& where) {
            s.entities.push_back(e);
            s.shapes.push_back(make_shape(c, where));
            s.layers.push_back(c.layer);
            s.masks.push_back(c.mask);
            s.boxes.push_back(bounds(s.shapes.back()));
        });
    s.grid.pairs(s.boxes, s.pairs);
    out.clear();
    for (const index_pair& p : s.pairs) {
        const std::uint32_t i = p.first;
        const std::uint32_t j = p.second;
        if (!(s.layers[i] & s.masks[j]) || !(s.layers[j] & s.masks[i])) continue;
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
}

}  // namespace

system& add_collision_system(scheduler& s) {
    auto scratch = std::make_shared<collision_scratch>();
    return s
        .add("collision",
             [scratch](system_context& ctx) {
                 find_contacts(ctx, *scratch, ctx.singleton<Contacts>().list);
             })
        .reads<Collider, WorldTransform>()
        .writes<Contacts>()
        .in(phase::post_update)
        .order(-50);
}

system& add_damage_system(scheduler& s) {
    // spent[index]: this tick's bullets that already hit something.
    auto spent = std::make_shared<std::vector<std::uint8_t>>();
    return s
        .add("damage",
             [spent](system_context& ctx) {
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
                 for (const contact& c : ctx.singleton<const Contacts>().list) {
                     hits(c.a, c.b);
                     hits(c.b, c.a);
                 }
             })
        .reads<Contacts, Damage, Team>()
        .writes<Health>()
        .in(phase::post_update)
        .order(0);
}

}  // namespace mosaic
