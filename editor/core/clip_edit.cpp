// clip_edit: key and track edits on a property clip (clip_edit.hpp says which rules they
// keep), and the animatable numbers of a component, found through the kind dispatcher.
#include "clip_edit.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <type_traits>
#include <utility>

#include <mosaic/ecs/field_kinds.hpp>
#include <mosaic/engine/animation/field_number.hpp>

namespace mosaic::editor {

namespace {

constexpr std::pair<const char*, key_interpolation> interpolations[] = {
    {"constant", key_interpolation::constant},       {"linear", key_interpolation::linear},
    {"ease_in_out", key_interpolation::ease_in_out}, {"ease_in", key_interpolation::ease_in},
    {"ease_out", key_interpolation::ease_out},
};
constexpr std::pair<const char*, clip_wrap> wraps[] = {
    {"loop", clip_wrap::loop}, {"once", clip_wrap::once}, {"ping_pong", clip_wrap::ping_pong}};

constexpr float max_length = 24.0f * 3600.0f;

float clamp_time(const animation_clip& clip, float t) {
    if (!std::isfinite(t)) return 0.0f;
    return std::clamp(t, 0.0f, std::max(clip.length, 0.0f));
}

// Sorts the track's keys by time; `moved` (indices before) become indices after.
void sort_keys(clip_track& track, std::vector<std::size_t*>& moved) {
    std::vector<std::size_t> order(track.keys.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return track.keys[a].time < track.keys[b].time;
    });
    std::vector<clip_key> sorted;
    std::vector<std::size_t> where(order.size());
    sorted.reserve(order.size());
    for (std::size_t i = 0; i < order.size(); ++i) {
        where[order[i]] = i;
        sorted.push_back(track.keys[order[i]]);
    }
    track.keys = std::move(sorted);
    for (std::size_t* m : moved) *m = where[*m];
}

template <class T>
double read_number(const void* at) {
    T v{};
    std::memcpy(&v, at, sizeof v);
    if constexpr (std::is_same_v<T, float>) {
        // The float's shortest decimal, so a key reads "14.46244" in the file, not the
        // double nearest the float ("14.46243953704834"); it is the same float again.
        char text[32];
        const auto end = std::to_chars(text, text + sizeof text, v).ptr;
        double shortest = 0.0;
        if (std::from_chars(text, end, shortest).ec == std::errc{}) return shortest;
    }
    return static_cast<double>(v);
}

}  // namespace

track_target target_of(const clip_track& track) {
    return {track.component, track.field, track.element, track.index};
}

std::optional<std::size_t> find_track(const animation_clip& clip, const track_target& target) {
    for (std::size_t i = 0; i < clip.tracks.size(); ++i) {
        if (target_of(clip.tracks[i]) == target) return i;
    }
    return std::nullopt;
}

key_ref set_key(animation_clip& clip, const track_target& target, float time, double value) {
    time = clamp_time(clip, time);
    std::size_t t = 0;
    if (const auto found = find_track(clip, target)) {
        t = *found;
    } else {
        clip_track track;
        track.component = target.component;
        track.field = target.field;
        track.element = target.element;
        track.index = target.index;
        clip.tracks.push_back(std::move(track));
        t = clip.tracks.size() - 1;
    }
    std::vector<clip_key>& keys = clip.tracks[t].keys;
    for (std::size_t k = 0; k < keys.size(); ++k) {
        if (std::abs(keys[k].time - time) < same_key_time) {
            keys[k].value = value;
            return {t, k};
        }
    }
    const auto next = std::upper_bound(keys.begin(), keys.end(), time,
                                       [](float at, const clip_key& k) { return at < k.time; });
    clip_key key{time, value, key_interpolation::linear};
    if (next != keys.begin()) key.to_next = (next - 1)->to_next;
    const auto placed = keys.insert(next, key);
    return {t, static_cast<std::size_t>(placed - keys.begin())};
}

std::vector<key_ref> move_keys(animation_clip& clip, std::span<const key_ref> keys, float seconds) {
    std::vector<key_ref> out(keys.begin(), keys.end());
    for (std::size_t t = 0; t < clip.tracks.size(); ++t) {
        clip_track& track = clip.tracks[t];
        std::vector<std::size_t*> moved;
        for (key_ref& r : out) {
            if (r.track != t || r.key >= track.keys.size()) continue;
            moved.push_back(&r.key);
        }
        if (moved.empty()) continue;
        // Each key once, even when given twice.
        std::vector<std::size_t> distinct;
        for (const std::size_t* m : moved) distinct.push_back(*m);
        std::sort(distinct.begin(), distinct.end());
        distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
        for (const std::size_t k : distinct)
            track.keys[k].time = clamp_time(clip, track.keys[k].time + seconds);
        sort_keys(track, moved);
    }
    return out;
}

void delete_keys(animation_clip& clip, std::span<const key_ref> keys) {
    std::vector<key_ref> sorted(keys.begin(), keys.end());
    std::sort(sorted.begin(), sorted.end());
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    // From the last: indices before it stay valid.
    for (auto r = sorted.rbegin(); r != sorted.rend(); ++r) {
        if (r->track >= clip.tracks.size()) continue;
        std::vector<clip_key>& list = clip.tracks[r->track].keys;
        if (r->key < list.size()) list.erase(list.begin() + static_cast<std::ptrdiff_t>(r->key));
    }
    std::erase_if(clip.tracks, [](const clip_track& t) { return t.keys.empty(); });
}

void set_interpolation(animation_clip& clip, std::span<const key_ref> keys, key_interpolation how) {
    for (const key_ref& r : keys) {
        if (r.track < clip.tracks.size() && r.key < clip.tracks[r.track].keys.size())
            clip.tracks[r.track].keys[r.key].to_next = how;
    }
}

void remove_track(animation_clip& clip, std::size_t track) {
    if (track < clip.tracks.size())
        clip.tracks.erase(clip.tracks.begin() + static_cast<std::ptrdiff_t>(track));
}

void set_length(animation_clip& clip, float seconds) {
    if (!std::isfinite(seconds)) return;
    clip.length = std::clamp(seconds, 1.0f / 60.0f, max_length);
    for (clip_track& track : clip.tracks) {
        for (clip_key& key : track.keys) key.time = std::min(key.time, clip.length);
    }
    for (clip_event& e : clip.events) e.time = std::min(e.time, clip.length);
}

bool same_clip(const animation_clip& a, const animation_clip& b) noexcept {
    if (a.length != b.length || a.wrap != b.wrap || a.tracks.size() != b.tracks.size() ||
        a.events.size() != b.events.size())
        return false;
    for (std::size_t t = 0; t < a.tracks.size(); ++t) {
        const clip_track& x = a.tracks[t];
        const clip_track& y = b.tracks[t];
        if (!(target_of(x) == target_of(y)) || x.keys.size() != y.keys.size()) return false;
        for (std::size_t k = 0; k < x.keys.size(); ++k) {
            if (x.keys[k].time != y.keys[k].time || x.keys[k].value != y.keys[k].value ||
                x.keys[k].to_next != y.keys[k].to_next)
                return false;
        }
    }
    for (std::size_t e = 0; e < a.events.size(); ++e) {
        if (a.events[e].time != b.events[e].time || a.events[e].name != b.events[e].name)
            return false;
    }
    return true;
}

const char* interpolation_name(key_interpolation how) noexcept {
    for (const auto& [name, value] : interpolations) {
        if (value == how) return name;
    }
    return "linear";
}

std::optional<key_interpolation> interpolation_named(std::string_view name) noexcept {
    for (const auto& [text, value] : interpolations) {
        if (name == text) return value;
    }
    if (name == "eased" || name == "ease") return key_interpolation::ease_in_out;
    return std::nullopt;
}

const char* wrap_name(clip_wrap wrap) noexcept {
    for (const auto& [name, value] : wraps) {
        if (value == wrap) return name;
    }
    return "loop";
}

std::optional<clip_wrap> wrap_named(std::string_view name) noexcept {
    for (const auto& [text, value] : wraps) {
        if (name == text) return value;
    }
    return std::nullopt;
}

std::vector<animatable_element> animatable_elements(const component_info& info) {
    std::vector<animatable_element> out;
    if (info.flags.opaque) return out;
    for (const field_info& f : info.fields) {
        if (f.hints.read_only) continue;  // computed (WorldTransform): a track would be undone
        for (std::uint32_t i = 0; i < f.count; ++i) {
            const std::size_t base = f.offset + static_cast<std::size_t>(i) * f.size;
            visit_kind(f.kind, [&](auto tag) {
                using K = decltype(tag);
                using T = typename K::type;
                if constexpr (K::info.float_count > 0) {
                    const char* letters = std::is_same_v<T, color>  ? "rgba"
                                          : std::is_same_v<T, rect> ? "xywh"
                                                                    : "xyzw";
                    for (std::size_t e = 0; e < K::info.float_count; ++e) {
                        out.push_back(
                            {{info.name, f.name, std::string(1, letters[e]), static_cast<int>(i)},
                             base + e * sizeof(float),
                             &read_number<float>,
                             &write_field_number<float>});
                    }
                } else if constexpr (std::is_arithmetic_v<T>) {
                    out.push_back({{info.name, f.name, {}, static_cast<int>(i)},
                                   base,
                                   &read_number<T>,
                                   &write_field_number<T>});
                }
            });
        }
    }
    return out;
}

const animatable_element* find_element(std::span<const animatable_element> elements,
                                       const track_target& target) {
    for (const animatable_element& e : elements) {
        if (e.target == target) return &e;
    }
    return nullptr;
}

}  // namespace mosaic::editor
