#pragma once
// Sprite sheet files (sprite_sheet.hpp is the model):
//
// *.sheet.json, Mosaic's own format, one frame a line so diffs stay small:
//   {
//     "version": 1,
//     "image": "tank.png",
//     "image_size": [64, 32],
//     "grid": {"cell": [16, 16], "offset": [0, 0], "spacing": [0, 0]},   (optional)
//     "frames": [
//       {"name": "hull", "rect": [0, 0, 16, 16], "pivot": [0.5, 0.5], "duration_ms": 100},
//       ...
//     ],
//     "tags": [{"name": "run", "from": 0, "to": 3, "direction": "forward"}]   (optional)
//   }
//
// Aseprite's "Export Sprite Sheet" JSON and TexturePacker's JSON ("JSON (Hash)" and
// "JSON (Array)"): `frames` is an object keyed by frame name or an array whose entries carry
// `filename`; each has `frame` {x, y, w, h}, optionally `duration` (ms), `pivot` {x, y}
// (TexturePacker), `rotated`. `meta` has `image`, `size` {w, h} and Aseprite's `frameTags`.
// Rotated frames are refused with a message (export without rotation). Trimmed frames keep
// their packed rectangle.
//
// Every reader returns the sheet or a message naming the file and, where it helps, the
// line:column and the frame; none throws, and files past sheet_limits are refused.

#include <string>
#include <string_view>

#include "asset_result.hpp"
#include "sprite_sheet.hpp"

namespace mosaic {

/// Reads a *.sheet.json text. `file` names it in messages.
[[nodiscard]] asset_result<sprite_sheet> read_sheet_json(std::string_view text,
                                                         std::string_view file);
/// The *.sheet.json text of `sheet` (read_sheet_json reads it back equal).
[[nodiscard]] std::string write_sheet_json(const sprite_sheet& sheet);

/// Reads Aseprite's or TexturePacker's JSON export (hash or array form).
[[nodiscard]] asset_result<sprite_sheet> import_packed_sheet_json(std::string_view text,
                                                                  std::string_view file);

/// Reads any of the above: a document with "version" and "frames" as an array of objects
/// with "rect" is a *.sheet.json; anything else goes to import_packed_sheet_json.
[[nodiscard]] asset_result<sprite_sheet> read_any_sheet_json(std::string_view text,
                                                             std::string_view file);

}  // namespace mosaic
