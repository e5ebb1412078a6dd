// clip: evaluating a track and mapping an animator's running time into its clip. Pure
// functions, no allocation: the animation system calls them for every track of every
// animated entity each tick.
#include "mosaic/engine/animation/clip.hpp"

#include <algorithm>
#include <cmath>

namespace mosaic {

namespace {

double shape(key_interpolation how, double t) noexcept {
    switch (how) {
        case key_interpolation::constant:
            return 0.0;
        case key_interpolation::linear:
            return t;
        case key_interpolation::ease_in_out:
            return t * t * (3.0 - 2.0 * t);
        case key_interpolation::ease_in:
            return t * t;
        case key_interpolation::ease_out:
            return 1.0 - (1.0 - t) * (1.0 - t);
    }
    return t;
}

}  // namespace

std::string clip_track::label() const {
    std::string text = component + "." + field;
    if (index != 0) text += "[" + std::to_string(index) + "]";
    if (!element.empty()) text += "." + element;
    return text;
}

double evaluate(const clip_track& track, float time) noexcept {
    const std::vector<clip_key>& keys = track.keys;
    if (keys.empty()) return 0.0;
    if (time <= keys.front().time) return keys.front().value;
    if (time >= keys.back().time) return keys.back().value;
    // The last key at or before `time` (keys are sorted; a handful per track).
    const auto next = std::upper_bound(keys.begin(), keys.end(), time,
                                       [](float t, const clip_key& k) { return t < k.time; });
    const clip_key& a = *(next - 1);
    const clip_key& b = *next;
    const double span = static_cast<double>(b.time) - a.time;
    if (span <= 0.0) return b.value;
    const double t = (static_cast<double>(time) - a.time) / span;
    return a.value + (b.value - a.value) * shape(a.to_next, t);
}

float clip_local_time(const animation_clip& clip, double time) noexcept {
    const double length = clip.length;
    if (!(length > 0.0) || !std::isfinite(time) || time <= 0.0) return 0.0f;
    switch (clip.wrap) {
        case clip_wrap::once:
            return static_cast<float>(std::min(time, length));
        case clip_wrap::loop:
            return static_cast<float>(std::fmod(time, length));
        case clip_wrap::ping_pong: {
            const double t = std::fmod(time, 2.0 * length);
            return static_cast<float>(t <= length ? t : 2.0 * length - t);
        }
    }
    return 0.0f;
}

bool clip_finished(const animation_clip& clip, double time) noexcept {
    return clip.wrap == clip_wrap::once && time >= clip.length;
}

}  // namespace mosaic
