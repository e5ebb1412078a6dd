#pragma once
// clip_edit: the edits the Animation window makes to a property clip (engine clip.hpp), as
// plain functions on an animation_clip, so they are tested without an editor: set a key
// (making the track when the clip has none for that number), move, delete, re-interpolate
// keys, remove a track. Each keeps the clip valid for the writer and the reader: keys sorted
// by time within [0, length], every track with at least one key (deleting a track's last key
// removes the track).
//
// animatable_elements() lists the numbers of a component a track can drive (the same rules
// as the engine's bind_track: every float of a vector, colour or rect, every plain number),
// with where they are in the component's bytes (read-only fields, which a system computes,
// are left out), so the record hook can see which numbers an
// Inspector edit changed and read their new values.

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <mosaic/ecs/component_table.hpp>
#include <mosaic/engine/animation/clip.hpp>

namespace mosaic::editor {

/// Which number a track drives (a track without its keys).
struct track_target {
    std::string component;
    std::string field;
    std::string element;  // "x", "r", ... or empty for a plain number
    int index = 0;        // element of a fixed array field
    friend bool operator==(const track_target&, const track_target&) = default;
};
[[nodiscard]] track_target target_of(const clip_track& track);

/// One key of a clip: clip.tracks[track].keys[key].
struct key_ref {
    std::size_t track = 0;
    std::size_t key = 0;
    friend bool operator==(const key_ref&, const key_ref&) = default;
    friend auto operator<=>(const key_ref&, const key_ref&) = default;
};

/// Two keys closer than this (seconds) are at the same time: setting one replaces the other.
inline constexpr float same_key_time = 1e-4f;

/// The track of `clip` driving `target`, if any.
[[nodiscard]] std::optional<std::size_t> find_track(const animation_clip& clip,
                                                    const track_target& target);

/// Sets the value at `time` (clamped to [0, length]): replaces the key there, or adds one
/// (interpolated like its neighbour before it; linear when first), making the track when
/// missing. Returns where the key is now.
key_ref set_key(animation_clip& clip, const track_target& target, float time, double value);

/// Moves the keys by `seconds` (each clamped to [0, length]) and sorts them again. Returns
/// where they are now (in the order given).
std::vector<key_ref> move_keys(animation_clip& clip, std::span<const key_ref> keys, float seconds);

/// Deletes the keys; a track left without keys goes. Invalid references are ignored.
void delete_keys(animation_clip& clip, std::span<const key_ref> keys);

/// Sets how the value goes from each of the keys to the next.
void set_interpolation(animation_clip& clip, std::span<const key_ref> keys, key_interpolation how);

/// Removes track `track` (ignored when out of range).
void remove_track(animation_clip& clip, std::size_t track);

/// Sets the length (> 0, at most a day); keys past it move to it.
void set_length(animation_clip& clip, float seconds);

/// Same tracks, keys, length, wrap and events.
[[nodiscard]] bool same_clip(const animation_clip& a, const animation_clip& b) noexcept;

/// "constant", "linear", "ease_in_out", "ease_in", "ease_out" (as clip files write them).
[[nodiscard]] const char* interpolation_name(key_interpolation how) noexcept;
[[nodiscard]] std::optional<key_interpolation> interpolation_named(std::string_view name) noexcept;
/// "loop", "once", "ping_pong".
[[nodiscard]] const char* wrap_name(clip_wrap wrap) noexcept;
[[nodiscard]] std::optional<clip_wrap> wrap_named(std::string_view name) noexcept;

/// A number of a component that a track can drive.
struct animatable_element {
    track_target target;
    std::size_t offset = 0;                       // bytes into the component
    double (*read)(const void* at) = nullptr;     // the number there, as a double
    void (*write)(void* at, double v) = nullptr;  // stores it as the field's type
};
/// The component's animatable numbers, field by field (see the file comment).
[[nodiscard]] std::vector<animatable_element> animatable_elements(const component_info& info);

/// The element of `info` that `target` names, or null.
[[nodiscard]] const animatable_element* find_element(std::span<const animatable_element> elements,
                                                     const track_target& target);

}  // namespace mosaic::editor
