#pragma once
// missing_assets: which entity and field use an asset that does not load. The renderer draws
// the placeholder (a magenta checker) and its texture cache reports the path once
// (texture_cache::take_failed_paths); this names, once per reference, the entities of the
// open scene whose fields hold that path, as Console warnings:
//
//   entity 'tank 3' (#12) Sprite.texture: 'art/tank.png' does not exist
//   entity 'Title' (#4) Text.font: 'fonts/title.ttf' does not load (see above)
//
// The number is the entity's id in the scene file (EntityId; "#-" before its first save).
// Every asset field of every component the table describes is looked at, the game's own
// components included.

#include <cstddef>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <mosaic/ecs/component_table.hpp>
#include <mosaic/engine/scene/scene.hpp>

namespace mosaic::editor {

class editor_state;

/// The lines for every reference to `path` in `s` (`project`: where the path is relative
/// to, to tell a missing file from one that does not load). Sorted by entity id.
[[nodiscard]] std::vector<std::string> describe_asset_users(const scene& s,
                                                            const component_table& table,
                                                            const std::filesystem::path& project,
                                                            std::string_view path);

/// Logs describe_asset_users of each path in `failed` (paths the texture cache could not
/// load) as warnings. Returns how many lines were logged.
std::size_t report_missing_assets(editor_state& s, std::span<const std::string> failed);

}  // namespace mosaic::editor
