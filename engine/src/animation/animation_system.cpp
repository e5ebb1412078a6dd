// The "animation" system: every playing Animator moves on by this tick's time and its clip's
// tracks are written into its entity's components (animator.hpp says why through the table).
// It writes whatever components clips name, so it is exclusive: it runs alone.
#include <cstring>
#include <vector>

#include <mosaic/ecs/world.hpp>

#include "mosaic/engine/animation/animator.hpp"
#include "mosaic/engine/resources.hpp"

namespace mosaic {

namespace {

void animate(world& w, double dt) {
    // The clip cache and the events exist only in worlds that animate: every resource is one
    // more pool each recording keyframe copies. game::start makes AnimationClips (with the
    // project folder and the table) for scenes that have an Animator, and game::tick for a
    // world game code gave its first Animator. One made here has no table yet: nothing is
    // bound against it (no track reported missing) and animators wait for the next tick.
    if (w.count<Animator>() == 0) return;
    AnimationClips* clips = &w.resource<AnimationClips>();
    if (clips->table == nullptr) return;
    GameLog& log = w.resource<GameLog>();
    AnimationEvents* events = &w.resource<AnimationEvents>();
    events->list.clear();
    std::vector<std::size_t> passed;
    w.view<Animator>().each([&](entity e, Animator& a) {
        if (!a.playing || a.clip.path[0] == '\0') return;
        const std::string_view path(a.clip.path, strnlen(a.clip.path, sizeof a.clip.path));
        const bound_clip& clip = clips->get(path, log);
        if (!clip.loaded) return;
        passed.clear();
        advance_animator(a, clip.clip, dt, passed);
        if (events) {
            for (const std::size_t i : passed)
                events->list.push_back({e, clip.clip.events[i].name});
        }
        const float local = clip_local_time(clip.clip, a.time);
        for (const bound_track& t : clip.tracks) {
            void* component = w.try_get(e, t.component);
            if (component == nullptr) continue;  // this entity lacks it: left alone
            t.write(static_cast<std::byte*>(component) + t.offset, evaluate(*t.track, local));
        }
    });
}

}  // namespace

system& add_animation_system(scheduler& s) {
    return s.add("animation", [](system_context& ctx) { animate(ctx.world(), ctx.dt()); })
        .exclusive()
        .in(phase::update)
        .order(50);
}

}  // namespace mosaic
