#pragma once
// asset_drop: an asset dragged from the Project panel. The panel's tiles are drag sources
// (set_asset_payload); the Scene view takes an image or a sheet frame (a new sprite entity
// where it is dropped, core/asset_actions.hpp) and the Inspector's asset fields take any
// file (the field is set). Each drop is one undo step.

#include <optional>
#include <string>

#include <mosaic/engine/math.hpp>

#include "core/asset_browser.hpp"

namespace mosaic::editor {

class panel_context;
struct ui_state;

/// The drag-and-drop payload type: frame (int32), kind (one byte), then the path's bytes.
inline constexpr const char* asset_payload = "MOSAIC_ASSET";

struct dragged_asset {
    std::string path;  // relative to the project folder, '/'-separated
    int frame = 0;     // a sheet's frame
    asset_kind kind = asset_kind::other;
};

/// In a drag source: carries `asset`.
void set_asset_payload(const dragged_asset& asset);
/// In a drag target: the asset dropped this frame, if any (only kinds in `kinds` are taken;
/// others are not even highlighted).
[[nodiscard]] std::optional<dragged_asset> accept_asset_payload(asset_kinds kinds);

/// An image or sheet frame dropped on the Scene view at world position `at`: a sprite
/// entity, one undo step, selected and shown in the Hierarchy.
void command_place_sprite(panel_context& s, ui_state& ui, const dragged_asset& asset, glm::vec2 at);

}  // namespace mosaic::editor
