#pragma once
// Animation clip files (*.clip.json; clip.hpp is the model). One key a line, so a diff shows
// the key that moved:
//
//   {
//     "version": 1,
//     "length": 2.0,                 (optional: the last key's time, or the frames' total)
//     "wrap": "loop",                ("loop", "once" or "ping_pong"; default "loop")
//     "tracks": [
//       {"component": "Transform", "field": "position", "element": "y",
//        "keys": [
//          [0.0, 0.0, "ease_in_out"],      [time, value, interpolation to the next key]
//          [1.0, 2.0],                     (interpolation omitted: "linear")
//          [2.0, 0.0]
//        ]}
//     ],
//     "sprite": {"sheet": "assets/player.json", "tag": "run"},
//     "events": [{"time": 0.5, "name": "footstep"}]
//   }
//
// "element": "x" "y" "z" "w", "r" "g" "b" "a", or a number (rect: x y w h are 0..3); leave
// it out for a single number. "index": which element of a fixed array field (default 0).
// Interpolations: "constant", "linear", "ease_in_out", "ease_in", "ease_out".
//
// "sprite" plays frames of a sprite sheet (Sprite.texture should show that sheet): either
// "tag" (an Aseprite frameTag: its frames, their durations and its direction) or "frames": a
// list of frame names or {"name": ..., "duration_ms": ...} (default: the sheet's duration).
// It becomes a constant track on Sprite.frame; the clip's wrap follows the tag's direction
// ("pingpong" -> ping_pong, "reverse" plays the frames backwards) unless "wrap" is given.
//
// Nothing throws: a reader returns the clip or a message naming the file and where in it
// ("tracks[2].keys[1]: ..."); caps keep memory bounded whatever the file says.

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include "../assets/asset_result.hpp"
#include "../assets/sprite_sheet.hpp"
#include "clip.hpp"

namespace mosaic {

struct clip_limits {
    static constexpr std::size_t max_file_bytes = std::size_t{8} << 20;
    static constexpr std::size_t max_tracks = 4096;
    static constexpr std::size_t max_keys = 65536;  // per track, and frames per sprite clip
    static constexpr std::size_t max_events = 4096;
    static constexpr double max_length = 24.0 * 3600.0;  // seconds
    static constexpr double max_value = 1e15;            // a key's value, either sign
};

/// Loads the sheet a sprite clip names (the path as written in the clip); a failure's
/// message is passed on. Readers given none refuse sprite clips.
using clip_sheet_source = std::function<asset_result<sprite_sheet>(const std::string& path)>;

/// Reads a *.clip.json text. `file` names it in messages.
[[nodiscard]] asset_result<animation_clip> read_clip_json(std::string_view text,
                                                          std::string_view file,
                                                          const clip_sheet_source& sheets = {});

/// The *.clip.json text of `clip` (its tracks as keys, its `sprite` part as frame names, its
/// track built from that part left out; read_clip_json reads it back equal).
[[nodiscard]] std::string write_clip_json(const animation_clip& clip);

/// True for "*.clip.json" file names.
[[nodiscard]] bool is_clip_path(std::string_view path) noexcept;

}  // namespace mosaic
