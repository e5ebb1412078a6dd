// Animator support: binding a clip's tracks to a component table (through the kind
// dispatcher, once per clip and table), the AnimationClips cache, and moving an animator's
// time on with the events it passes.
#include "mosaic/engine/animation/animator.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <type_traits>

#include <mosaic/ecs/field_kinds.hpp>

#include "mosaic/engine/animation/clip_json.hpp"
#include "mosaic/engine/animation/field_number.hpp"
#include "mosaic/engine/assets/sheet_json.hpp"
#include "mosaic/engine/resources.hpp"

namespace mosaic {

namespace {

// Which float of a vector, colour or rect `element` names; -1 when none.
template <class T>
int element_index(const std::string& element) {
    if (element.size() != 1) return -1;
    const char c = element[0];
    if (c >= '0' && c <= '3') return c - '0';
    const char* letters = std::is_same_v<T, color>  ? "rgba"
                          : std::is_same_v<T, rect> ? "xywh"
                                                    : "xyzw";
    for (int i = 0; i < 4; ++i) {
        if (letters[i] == c) return i;
    }
    return -1;
}

std::string read_text_file(const std::filesystem::path& file, std::size_t cap, std::string& why) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(file, ec);
    if (ec) {
        why = "the file cannot be read (" + ec.message() + ")";
        return {};
    }
    if (size > cap) {
        why = "the file is " + std::to_string(size) + " bytes, more than the cap of " +
              std::to_string(cap);
        return {};
    }
    std::ifstream in(file, std::ios::binary);
    std::string text(static_cast<std::size_t>(size), '\0');
    if (!in.read(text.data(), static_cast<std::streamsize>(size))) why = "the file cannot be read";
    return text;
}

}  // namespace

std::string bind_track(const clip_track& track, const component_table& table, bound_track& out) {
    const component_info* info = table.find(track.component);
    if (info == nullptr || info->flags.opaque)
        return "no component \"" + track.component + "\" is registered";
    const field_info* f = info->find_field(track.field);
    if (f == nullptr)
        return "the component " + track.component + " has no field \"" + track.field + "\"";
    if (track.index < 0 || static_cast<std::uint32_t>(track.index) >= f->count)
        return "index " + std::to_string(track.index) + " is past the field's " +
               std::to_string(f->count) + " elements";
    out.component = info->type;
    out.track = &track;
    const std::size_t base = f->offset + static_cast<std::size_t>(track.index) * f->size;
    return visit_kind(f->kind, [&](auto tag) -> std::string {
        using K = decltype(tag);
        using T = typename K::type;
        const std::string kind_name(K::info.name);
        if constexpr (K::info.float_count > 0) {
            const int e = element_index<T>(track.element);
            if (e < 0 || static_cast<std::size_t>(e) >= K::info.float_count)
                return "a field of kind " + kind_name + " needs an \"element\" (" +
                       (std::is_same_v<T, color>  ? "r, g, b, a"
                        : std::is_same_v<T, rect> ? "x, y, w, h"
                                                  : "x, y, z, w") +
                       " or 0-" + std::to_string(K::info.float_count - 1) + "), not \"" +
                       track.element + "\"";
            out.offset = base + static_cast<std::size_t>(e) * sizeof(float);
            out.write = &write_field_number<float>;
            return {};
        } else if constexpr (std::is_arithmetic_v<T>) {
            if (!track.element.empty())
                return "a field of kind " + kind_name + " is one number: it has no element \"" +
                       track.element + "\"";
            out.offset = base;
            out.write = &write_field_number<T>;
            return {};
        } else {
            return "a field of kind " + kind_name +
                   " cannot be animated (numbers, vectors, colours and rects can)";
        }
    });
}

const bound_clip& AnimationClips::get(std::string_view path, GameLog& log) {
    if (last_ && path == last_path_) return *last_;
    const std::string key(path);
    auto found = loaded_.find(key);
    if (found == loaded_.end()) {
        std::shared_ptr<const bound_clip> entry;
        if (const auto memory = in_memory_.find(key); memory != in_memory_.end()) {
            entry = bind(key, *memory->second, log);
        } else {
            std::string why;
            const std::string text = read_text_file(root / key, clip_limits::max_file_bytes, why);
            asset_result<animation_clip> read;
            if (why.empty()) {
                const clip_sheet_source sheets = [this](const std::string& sheet) {
                    std::string problem;
                    const std::string sheet_text =
                        read_text_file(root / sheet, sheet_limits::max_file_bytes, problem);
                    if (!problem.empty())
                        return asset_result<sprite_sheet>::failure(sheet, problem);
                    return read_any_sheet_json(sheet_text, sheet);
                };
                read = read_clip_json(text, key, sheets);
            } else {
                read = asset_result<animation_clip>::failure(key, why);
            }
            if (read) {
                entry = bind(key, std::move(*read.value), log);
            } else {
                log.warning("animation: " + read.error + "; entities playing it stand still");
                entry = std::make_shared<const bound_clip>();
            }
        }
        found = loaded_.emplace(key, std::move(entry)).first;
    }
    last_path_ = key;
    last_ = found->second;
    return *last_;
}

std::shared_ptr<const bound_clip> AnimationClips::bind(const std::string& path, animation_clip clip,
                                                       GameLog& log) const {
    auto out = std::make_shared<bound_clip>();
    out->clip = std::move(clip);
    out->loaded = true;
    for (const clip_track& track : out->clip.tracks) {
        bound_track b;
        const std::string why = table ? bind_track(track, *table, b) : "no component table";
        if (why.empty()) {
            out->tracks.push_back(b);
        } else {
            log.warning("animation: '" + path + "' track " + track.label() + ": " + why +
                        "; the track is skipped");
        }
    }
    return out;
}

void AnimationClips::put(std::string path, animation_clip clip) {
    forget(path);
    in_memory_[std::move(path)] = std::make_shared<const animation_clip>(std::move(clip));
}

void AnimationClips::forget(std::string_view path) {
    loaded_.erase(std::string(path));
    last_.reset();
    last_path_.clear();
}

void AnimationClips::rebind() {
    loaded_.clear();
    last_.reset();
    last_path_.clear();
}

void advance_animator(Animator& a, const animation_clip& clip, double seconds,
                      std::vector<std::size_t>& passed) {
    const double length = clip.length;
    if (!(length > 0.0) || !std::isfinite(seconds)) return;
    const double t0 = std::isfinite(a.time) ? a.time : 0.0;
    double t1 = t0 + seconds * static_cast<double>(a.speed);
    if (clip.wrap == clip_wrap::once) {
        if (t1 >= length) {
            t1 = length;
            a.playing = false;
        } else if (t1 <= 0.0 && a.speed < 0.0f) {
            t1 = 0.0;
            a.playing = false;
        }
    }
    // Events: every occurrence of an event's time between t0 and t1 (at most a few periods
    // of a clip played very fast: not one per period for ever).
    if (!clip.events.empty() && t1 != t0) {
        const bool pingpong = clip.wrap == clip_wrap::ping_pong;
        const double period = pingpong ? 2.0 * length : length;
        const double low = std::min(t0, t1);
        const double high = std::max(t0, t1);
        const auto inside = [&](double t) {
            return t1 > t0 ? (t > low && t <= high) : (t >= low && t < high);
        };
        const double first = clip.wrap == clip_wrap::once ? 0.0 : std::floor(low / period);
        const double last =
            clip.wrap == clip_wrap::once ? 0.0 : std::min(std::floor(high / period), first + 3.0);
        for (double k = first; k <= last; k += 1.0) {
            for (std::size_t i = 0; i < clip.events.size(); ++i) {
                const double e = clip.events[i].time;
                if (inside(e + k * period)) passed.push_back(i);
                if (pingpong && e > 0.0 && e < length && inside(2.0 * length - e + k * period))
                    passed.push_back(i);
            }
        }
    }
    if (clip.wrap != clip_wrap::once) {
        const double period = clip.wrap == clip_wrap::ping_pong ? 2.0 * length : length;
        t1 = std::fmod(t1, period);
        if (t1 < 0.0) t1 += period;
    }
    a.time = static_cast<float>(t1);
}

}  // namespace mosaic
