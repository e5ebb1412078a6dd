#pragma once
// Tilesets (*.tileset.json): a sprite sheet's frames as tiles, with per-tile properties.
// Tile number n of a TileChunk is the sheet's frame n - 1 (0 is empty). Diffable, one tile a
// line, only the tiles that have properties:
//
//   {
//     "version": 1,
//     "sheet": "tiles.json",              (relative to the project folder)
//     "tiles": {
//       "ground_top": {"solid": true, "tags": ["ground"]},
//       "spike": {"tags": ["hurts"]}
//     }
//   }
//
// Solid tiles become colliders (tile_colliders.hpp). Readers never throw: the tileset or a
// message naming the file and the tile.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "../animation/clip_json.hpp"  // clip_sheet_source: the same sheet loader
#include "../assets/asset_result.hpp"
#include "../assets/sprite_sheet.hpp"

namespace mosaic {

struct tile_properties {
    bool solid = false;
    std::vector<std::string> tags;
};

struct tileset {
    std::string sheet;
    std::vector<std::string> names;      // the sheet's frame names: tile n is names[n - 1]
    std::vector<tile_properties> tiles;  // same order
    std::vector<std::uint8_t> solid;     // tiles[i].solid, packed for the collider pass

    /// Whether tile number `tile` (0: empty) is solid; numbers past the tileset are not.
    [[nodiscard]] bool is_solid(std::int32_t tile) const noexcept {
        return tile > 0 && static_cast<std::size_t>(tile) <= solid.size() &&
               solid[static_cast<std::size_t>(tile) - 1];
    }
    /// The tile number of frame `name`; 0 when there is none.
    [[nodiscard]] std::int32_t find(std::string_view name) const noexcept;
};

[[nodiscard]] asset_result<tileset> read_tileset_json(std::string_view text, std::string_view file,
                                                      const clip_sheet_source& sheets);

/// True for "*.tileset.json" file names.
[[nodiscard]] bool is_tileset_path(std::string_view path) noexcept;

/// The tilesets a world uses (a resource, like AnimationClips: a cache of files, not saved).
class Tilesets {
public:
    std::filesystem::path root;  // the project folder

    /// The tileset of `path`, loaded on first use; null when it does not load (the message
    /// goes to `warnings` once).
    const tileset* get(std::string_view path, std::vector<std::string>& warnings);
    void put(std::string path, tileset t);
    void forget(std::string_view path);
    /// Bumped whenever a tileset is put or forgotten: caches built on one rebuild.
    [[nodiscard]] std::uint64_t generation() const noexcept { return generation_; }

private:
    std::unordered_map<std::string, std::shared_ptr<const tileset>> loaded_;  // null: failed
    std::uint64_t generation_ = 1;
};

}  // namespace mosaic
