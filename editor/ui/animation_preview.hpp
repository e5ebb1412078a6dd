#pragma once
// animation_preview: the Inspector's picture of what an Animator plays. For the selected
// entity with an Animator whose clip shows sheet frames, it draws the frame: while playing,
// the one the animation system set (Sprite.frame); while editing, the clip playing on its own
// in a loop, so choosing a clip shows at once what it looks like. The clip is read through
// core/clip_builder (re-read when its file changes), the picture through asset_picture.

#include <filesystem>
#include <string>

#include <mosaic/ecs/entity.hpp>

#include "core/clip_builder.hpp"
#include "ui/asset_picture.hpp"

namespace mosaic::editor {

class panel_context;
struct ui_state;
class viewport_renderer;

class animation_preview {
public:
    /// Draws the preview of `e` (nothing when it has no Animator).
    void draw(panel_context& s, ui_state& ui, entity e, viewport_renderer* renderer);

private:
    std::string path_;  // the clip shown
    std::filesystem::file_time_type modified_{};
    std::string error_;
    clip_builder clip_;
    asset_picture picture_;
};

}  // namespace mosaic::editor
