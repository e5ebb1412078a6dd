// The score on screen: Score + Text entities (one HUD label per team) count the hits of their
// team's bullets on enemy hulls and the hulls those hits destroyed. It reads this tick's
// Contacts with the same rule as the engine's damage system (a bullet of another team
// touching a hull with health left; a bullet counts once, on the first thing it hits) and
// runs just before it, while the hulls' health is still what the hit takes away from.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>
#include <unordered_set>

#include <mosaic/ecs/view.hpp>
#include <mosaic/engine/resources.hpp>

#include "tiny_tanks.hpp"

namespace mosaic::tiny_tanks {

namespace {

struct tally {
    std::int32_t hits = 0;
    std::int32_t kills = 0;
};

}  // namespace

void write_score_text(const Score& score, Text& label) {
    const std::size_t title_length = strnlen(score.title, sizeof score.title);
    std::snprintf(label.text, sizeof label.text, "%.*s  hits %d  kills %d",
                  static_cast<int>(title_length), score.title, score.hits, score.kills);
}

system& add_scoreboard_system(scheduler& s) {
    return s
        .add("scoreboard",
             [](system_context& ctx) {
                 std::map<std::int32_t, tally> scored;  // by the shooting team
                 std::unordered_set<entity> spent;      // bullets that already hit
                 const auto hits = [&](entity bullet, entity hull) {
                     const Damage* damage = ctx.try_get<const Damage>(bullet);
                     const Health* health = ctx.try_get<const Health>(hull);
                     const Team* shooter = ctx.try_get<const Team>(bullet);
                     const Team* target = ctx.try_get<const Team>(hull);
                     if (!damage || !health || !shooter || health->current <= 0.0f) return;
                     if (!ctx.has<Hull>(hull) || (target && target->id == shooter->id)) return;
                     if (damage->destroy_on_hit && !spent.insert(bullet).second) return;
                     tally& t = scored[shooter->id];
                     ++t.hits;
                     if (health->current - damage->amount <= 0.0f) ++t.kills;
                 };
                 for (const contact& c : ctx.resource<const Contacts>().list) {
                     hits(c.a, c.b);
                     hits(c.b, c.a);
                 }
                 ctx.view<Score, Text>().each([&](Score& score, Text& label) {
                     const auto found = scored.find(score.team);
                     if (found != scored.end()) {
                         score.hits += found->second.hits;
                         score.kills += found->second.kills;
                     }
                     write_score_text(score, label);
                 });
             })
        .reads<Contacts, Damage, Health, Team, Hull>()
        .writes<Score, Text>()
        .in(phase::post_update)
        .order(-10);
}

}  // namespace mosaic::tiny_tanks
