// walk_animation: which clip a body's Animator plays follows what the body does — standing
// (idle), running (run) or in the air (jump) — and its Sprite faces the way it moves. The
// engine's animation system then plays the clip's frames; this system only picks the clip,
// after the contact systems have said whether the body stands on something this tick.
#include <cmath>
#include <cstring>

#include <mosaic/ecs/view.hpp>
#include <mosaic/engine/animation/animator.hpp>

#include "platformer.hpp"

namespace mosaic::platformer {

namespace {

const mosaic::asset_path& clip_for(const WalkAnimations& clips, const Grounded& contact,
                                   const RigidBody& body) {
    if (!contact.on_ground) return clips.jump;
    return std::abs(body.velocity.x) > clips.run_above ? clips.run : clips.idle;
}

}  // namespace

system& add_walk_animation_system(scheduler& s) {
    return s
        .add("walk_animation",
             [](view_t<const WalkAnimations, const Grounded, const RigidBody, Animator, Sprite>
                    bodies) {
                 bodies.each([](const WalkAnimations& clips, const Grounded& contact,
                                const RigidBody& body, Animator& animator, Sprite& look) {
                     const mosaic::asset_path& wanted = clip_for(clips, contact, body);
                     if (wanted.path[0] != '\0' &&
                         std::strncmp(animator.clip.path, wanted.path, sizeof wanted.path) != 0) {
                         animator.clip = wanted;  // from its first frame
                         animator.time = 0.0f;
                         animator.playing = true;
                     }
                     // The sheets face right: a negative width mirrors the sprite.
                     if (body.velocity.x > 0.05f) look.size.x = std::abs(look.size.x);
                     if (body.velocity.x < -0.05f) look.size.x = -std::abs(look.size.x);
                 });
             })
        .in(phase::post_update)
        .order(80);
}

}  // namespace mosaic::platformer
