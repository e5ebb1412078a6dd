// The Inspector's animation preview (animation_preview.hpp).
#include "ui/animation_preview.hpp"

#include <imgui.h>

#include <algorithm>

#include <mosaic/engine/animation/animator.hpp>
#include <mosaic/engine/components.hpp>

#include "ui/panel.hpp"
#include "ui/theme.hpp"
#include "ui/ui_state.hpp"

namespace mosaic::editor {

namespace fs = std::filesystem;

void animation_preview::draw(panel_context& s, ui_state& ui, entity e,
                             viewport_renderer* renderer) {
    world& w = s.world();
    const Animator* animator = w.try_get<Animator>(e);
    if (animator == nullptr) return;
    const std::string path = animator->clip.path;
    if (path.empty()) return;
    std::error_code ec;
    const auto modified = fs::last_write_time(s.project_folder() / path, ec);
    if (path != path_ || modified != modified_) {
        path_ = path;
        modified_ = modified;
        error_ = clip_.open(s.project_folder(), path);
    }
    ImGui::Spacing();
    if (!ImGui::CollapsingHeader("Animation preview", ImGuiTreeNodeFlags_DefaultOpen)) return;
    ui.test.record("inspector/Animation preview");
    if (!error_.empty()) {
        ImGui::TextColored(colors::error, "%s", error_.c_str());
        return;
    }
    if (clip_.frames().empty()) {
        ImGui::TextDisabled("'%s' plays no sheet frames", path.c_str());
        return;
    }
    const sprite_sheet& sheet = clip_.sheet();
    picture_.follow(s.project_folder() / fs::path(clip_.sheet_path()).parent_path() / sheet.image,
                    renderer);
    // Playing: the frame the animation system set. Editing: the clip on its own, looping.
    int frame = -1;
    double at = 0.0;
    if (s.playing()) {
        const Sprite* sprite = w.try_get<Sprite>(e);
        frame = sprite != nullptr ? sprite->frame : -1;
        at = animator->time;
    } else {
        at = ImGui::GetTime() * static_cast<double>(std::max(animator->speed, 0.0f));
        const int row = clip_.frame_at(at);
        if (row >= 0) frame = sheet.find_frame(clip_.frames()[static_cast<std::size_t>(row)].name);
    }
    const float side = std::min(ImGui::GetContentRegionAvail().x, 128.0f);
    const ImVec2 pos = ImGui::GetCursorScreenPos();
    ImGui::Dummy({side, side});
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(pos, {pos.x + side, pos.y + side}, IM_COL32(50, 50, 56, 255));
    if (frame >= 0 && static_cast<std::size_t>(frame) < sheet.frames.size()) {
        const sheet_frame& f = sheet.frames[static_cast<std::size_t>(frame)];
        const float zoom = side / static_cast<float>(std::max({f.w, f.h, 1}));
        picture_.draw(draw,
                      {pos.x + (side - static_cast<float>(f.w) * zoom) * 0.5f,
                       pos.y + (side - static_cast<float>(f.h) * zoom) * 0.5f},
                      {f.x, f.y, f.w, f.h}, zoom);
        ImGui::Text("frame %d: %s", frame, f.name.c_str());
    } else {
        ImGui::TextDisabled("frame %d is not in '%s'", frame, clip_.sheet_path().c_str());
    }
    const animation_clip clip = clip_.clip();
    ImGui::TextDisabled("%s %.2f s of %.2f s", s.playing() ? "playing at" : "preview,",
                        static_cast<double>(clip_local_time(clip, std::max(at, 0.0))),
                        static_cast<double>(clip.length));
}

}  // namespace mosaic::editor
