#pragma once
// clip: an animation as data. A clip is a set of tracks, each driving one number of one
// field of one registered component ("Transform.position.y", "Sprite.tint.a",
// "Sprite.frame", a game's "Glow.radius") through keys, plus optional named events. The same
// clip drives any number of entities: it holds no entity and no pointer into a world; the
// animation system (animator.hpp) resolves component and field names through the
// registration table when it first meets a clip, so tracks work on the game's own
// components and survive a code reload that keeps the field.
//
// Sprite animation is the same thing: a clip of sheet frames becomes one track on
// Sprite.frame with constant keys at the frames' start times (clip_json.hpp builds it from
// an Aseprite frameTag or a list of frame names), so one component and one system play both.
//
// Time: a clip lasts `length` seconds; `wrap` says what happens past the end (loop, stop on
// the last value, or play back and forth). evaluate() is a pure function of (track, time).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mosaic {

/// How the value moves from a key to the next one.
enum class key_interpolation : std::uint8_t {
    constant,     // holds the key's value until the next key
    linear,       // straight line
    ease_in_out,  // smoothstep: slow at both keys
    ease_in,      // slow at this key
    ease_out,     // slow at the next key
};

enum class clip_wrap : std::uint8_t { loop, once, ping_pong };

struct clip_key {
    float time = 0.0f;  // seconds from the clip's start
    double value = 0.0;
    key_interpolation to_next = key_interpolation::linear;
};

/// One number of one field: component "Transform", field "position", element "y".
struct clip_track {
    std::string component;
    std::string field;
    /// Which float of a vector, colour or rect: "x".."w", "r".."a", "x" "y" "w" "h" for a
    /// rect, or its number ("1"); empty for a field that is a single number.
    std::string element;
    int index = 0;               // which element of a fixed array field (0 for plain fields)
    std::vector<clip_key> keys;  // sorted by time, at least one
    /// Built from the clip's `sprite` part (its frames as constant keys on Sprite.frame):
    /// written back as that part, not as keys.
    bool from_sprite = false;

    /// "Transform.position.y"-like, for messages.
    [[nodiscard]] std::string label() const;
};

struct clip_event {
    float time = 0.0f;
    std::string name;
};

/// One frame of a sprite clip, by the sheet's frame name.
struct clip_sprite_frame {
    std::string name;
    int duration_ms = 100;
};

/// The frames of a sheet a sprite clip plays, as its file names them (so the Clip Editor and
/// a diff see frame names, not indices): a sheet frameTag, or a list of frames.
struct clip_sprite {
    std::string sheet;  // relative to the project folder
    std::string tag;    // set: the frames are the tag's (and `frames` lists them as read)
    std::vector<clip_sprite_frame> frames;
};

struct animation_clip {
    float length = 0.0f;  // seconds; > 0
    clip_wrap wrap = clip_wrap::loop;
    std::vector<clip_track> tracks;
    std::vector<clip_event> events;  // sorted by time
    /// The sheet frames it plays (its track on Sprite.frame has from_sprite set); none for a
    /// clip of keyframe tracks only.
    std::optional<clip_sprite> sprite;
};

/// The track's value at `time` (seconds, already wrapped into the clip): before the first
/// key its value, after the last key its value, between keys by the earlier key's
/// interpolation.
[[nodiscard]] double evaluate(const clip_track& track, float time) noexcept;

/// Where in the clip an animator's running time `time` (seconds since it started, >= 0) falls:
/// in [0, length]. once: clamped; loop: modulo; ping_pong: forth then back.
[[nodiscard]] float clip_local_time(const animation_clip& clip, double time) noexcept;

/// True when a `once` clip is over at `time`.
[[nodiscard]] bool clip_finished(const animation_clip& clip, double time) noexcept;

}  // namespace mosaic
