// bullet_hits: the two collections (bullets, players) matched through the grid broad phase.
#include <algorithm>
#include <memory>

#include <mosaic/ecs/view.hpp>

#include "bullets_vs_players.hpp"

namespace mosaic::bullets_vs_players {

namespace {

aabb box_of(const circle& c) {
    return {c.center - glm::vec2{c.radius, c.radius}, c.center + glm::vec2{c.radius, c.radius}};
}

// The two collections as this tick sees them, kept between ticks.
struct hit_scratch {
    hit_finder finder;
    std::vector<entity> bullet_ids, player_ids;
    std::vector<circle> bullets, players;
    std::vector<float> damage;
    std::vector<std::uint32_t> hits;
};

void hit_players(system_context& ctx, hit_scratch& s) {
    s.bullet_ids.clear();
    s.bullets.clear();
    s.damage.clear();
    ctx.view<const Bullet, const Transform>().each(
        [&](entity e, const Bullet& bullet, const Transform& t) {
            s.bullet_ids.push_back(e);
            s.bullets.push_back({t.position, bullet.radius});
            s.damage.push_back(bullet.damage);
        });
    s.player_ids.clear();
    s.players.clear();
    ctx.view<const Player, const Transform>().each(
        [&](entity e, const Player& player, const Transform& t) {
            s.player_ids.push_back(e);
            s.players.push_back({t.position, player.radius});
        });

    s.finder.find(s.bullets, s.players, s.hits);

    for (std::size_t i = 0; i < s.hits.size(); ++i) {
        if (s.hits[i] == hit_finder::miss) continue;
        const entity target = s.player_ids[s.hits[i]];
        ctx.commands().destroy(s.bullet_ids[i]);
        ++ctx.get<Player>(target).hits;
        if (Health* health = ctx.try_get<Health>(target)) {
            const bool was_alive = health->current > 0.0f;
            health->current -= s.damage[i];
            if (was_alive && health->current <= 0.0f) ctx.commands().destroy(target);
        }
    }
}

}  // namespace

void hit_finder::find(std::span<const circle> bullets, std::span<const circle> players,
                      std::vector<std::uint32_t>& out) {
    bullet_boxes_.resize(bullets.size());
    std::transform(bullets.begin(), bullets.end(), bullet_boxes_.begin(), box_of);
    player_boxes_.resize(players.size());
    std::transform(players.begin(), players.end(), player_boxes_.begin(), box_of);
    grid_.pairs_between(bullet_boxes_, player_boxes_, pairs_);

    out.assign(bullets.size(), miss);
    nearest_.assign(bullets.size(), 0.0f);
    // Pairs come sorted by bullet, then player: on equal distance the lower index stays.
    for (const index_pair& p : pairs_) {
        const circle& b = bullets[p.first];
        const circle& target = players[p.second];
        const glm::vec2 d = target.center - b.center;
        const float distance = d.x * d.x + d.y * d.y;
        const float reach = b.radius + target.radius;
        if (distance > reach * reach) continue;  // the boxes touch, the circles do not
        if (out[p.first] == miss || distance < nearest_[p.first]) {
            out[p.first] = p.second;
            nearest_[p.first] = distance;
        }
    }
}

system& add_bullet_hits_system(scheduler& s) {
    auto scratch = std::make_shared<hit_scratch>();
    return s.add("bullet_hits", [scratch](system_context& ctx) { hit_players(ctx, *scratch); })
        .reads<Bullet, Transform>()
        .writes<Player, Health>()
        .in(phase::post_update)
        .order(0);
}

}  // namespace mosaic::bullets_vs_players
