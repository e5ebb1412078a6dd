#include "ui/scene_view_panel.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/hierarchy.hpp>
#include <mosaic/engine/render/draw_world.hpp>
#include <mosaic/engine/render/grid.hpp>
#include <mosaic/engine/render/scene_camera.hpp>

#include "ui/scene_picking.hpp"
#include "ui/theme.hpp"

namespace mosaic::editor {

namespace {

constexpr float handle_length = 70.0f;  // pixels
constexpr float handle_pick = 7.0f;
constexpr float handle_square = 9.0f;
constexpr std::size_t max_outlines = 2000;  // selecting 100,000 entities must not stall

glm::vec2 to_glm(ImVec2 v) {
    return {v.x, v.y};
}
ImVec2 to_imgui(glm::vec2 v) {
    return {v.x, v.y};
}

float distance_to_segment(glm::vec2 p, glm::vec2 a, glm::vec2 b) {
    const glm::vec2 ab = b - a;
    const float t = std::clamp(
        ((p.x - a.x) * ab.x + (p.y - a.y) * ab.y) / (ab.x * ab.x + ab.y * ab.y), 0.0f, 1.0f);
    const glm::vec2 d = p - (a + ab * t);
    return std::sqrt(d.x * d.x + d.y * d.y);
}

}  // namespace

void scene_view_panel::draw(editor_state& s, ui_state& ui, viewport_renderer* renderer) {
    if (ui.camera_from_scene) {
        ui.camera.position = s.scene().settings.camera_position;
        ui.camera.zoom =
            std::clamp(s.scene().settings.camera_zoom, camera2d::min_zoom, camera2d::max_zoom);
        ui.camera_from_scene = false;
    }

    // A thin bar: view toggles and where the camera is.
    ImGui::Checkbox("Grid", &ui.settings.grid);
    ImGui::SameLine();
    ImGui::Checkbox("Colliders", &ui.settings.collider_outlines);
    ui.record("scene/Colliders");
    ImGui::SameLine();
    if (ImGui::SmallButton("Frame Selected (F)")) ui.frame_selection = true;
    ImGui::SameLine();
    ImGui::Checkbox("Game Camera", &ui.game_camera);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Look through the scene's primary Camera");
    ImGui::SameLine();
    // The view's camera this frame: the editor's, or the game's (then pan and zoom are off).
    camera_ = ui.game_camera ? game_camera(s.world(), ui.camera) : ui.camera;
    ImGui::TextDisabled("zoom %.2f  (%.1f, %.1f)", camera_.zoom, camera_.position.x,
                        camera_.position.y);

    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const glm::vec2 viewport{std::max(avail.x, 1.0f), std::max(avail.y, 1.0f)};
    if (ui.frame_selection) frame_selection(s, ui);

    build_list(s, ui, viewport, renderer);
    const color& bg = s.scene().settings.background;
    ImTextureID texture = nullptr;
    if (renderer != nullptr)
        texture = renderer->render(
            list_, camera_, {static_cast<int>(viewport.x), static_cast<int>(viewport.y)}, bg);

    ImGui::InvisibleButton("##viewport", to_imgui(viewport),
                           ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight |
                               ImGuiButtonFlags_MouseButtonMiddle);
    ui.record("scene/view");
    const bool hovered = ImGui::IsItemHovered();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 end{origin.x + viewport.x, origin.y + viewport.y};
    if (texture != nullptr) {
        draw->AddImage(texture, origin, end, {0, 1}, {1, 0});
    } else {
        draw->AddRectFilled(origin, end, ImGui::ColorConvertFloat4ToU32({bg.r, bg.g, bg.b, 1.0f}));
    }

    handle_mouse(s, ui, origin, viewport, hovered);

    // The translate handle, drawn over the image.
    if (const auto handle = handle_origin(s, viewport)) {
        const ImVec2 o{origin.x + handle->x, origin.y + handle->y};
        const auto shade = [&](drag_mode m, ImU32 normal) {
            return (drag_ == m || (drag_ == drag_mode::none && hovered_handle_ == m))
                       ? IM_COL32(255, 230, 90, 255)
                       : normal;
        };
        const ImU32 x_color = shade(drag_mode::move_x, IM_COL32(230, 70, 60, 255));
        const ImU32 y_color = shade(drag_mode::move_y, IM_COL32(90, 200, 70, 255));
        const ImU32 free_color = shade(drag_mode::move_free, IM_COL32(80, 150, 235, 220));
        draw->AddLine(o, {o.x + handle_length, o.y}, x_color, 2.5f);
        draw->AddTriangleFilled({o.x + handle_length + 10, o.y}, {o.x + handle_length - 2, o.y - 6},
                                {o.x + handle_length - 2, o.y + 6}, x_color);
        draw->AddLine(o, {o.x, o.y - handle_length}, y_color, 2.5f);
        draw->AddTriangleFilled({o.x, o.y - handle_length - 10}, {o.x - 6, o.y - handle_length + 2},
                                {o.x + 6, o.y - handle_length + 2}, y_color);
        draw->AddRectFilled({o.x - handle_square, o.y - handle_square},
                            {o.x + handle_square, o.y + handle_square}, free_color);
    }

    // Play mode label, bottom-left of the view.
    if (s.playing()) {
        const char* text = s.mode() == play_state::paused ? "PAUSED" : "PLAYING";
        draw->AddText({origin.x + 8, end.y - ImGui::GetFontSize() - 6}, IM_COL32(255, 210, 90, 220),
                      text);
    }
}

void scene_view_panel::build_list(editor_state& s, ui_state& ui, glm::vec2 viewport,
                                  viewport_renderer* renderer) {
    world& w = s.world();
    // Edit mode: nothing ticks, so world transforms follow edits only if computed here.
    if (!s.playing()) update_world_transforms(w);
    list_.clear();
    if (ui.settings.grid) add_grid(list_, camera_, viewport, {.min_pixels = 24.0f});
    draw_world_options options;
    options.textures = renderer != nullptr ? renderer->textures() : nullptr;
    options.collider_outlines = ui.settings.collider_outlines;
    // draw_world submits every sprite; only what the view shows goes to the renderer (a
    // 100,000-sprite scene seen up close draws a few thousand).
    world_list_.clear();
    draw_world(w, world_list_, options);
    const world_rect view = camera_.visible_bounds(viewport);
    list_.reserve_more(world_list_.instances().size() / 4);
    for (const draw_instance& d : world_list_.instances()) {
        const float r = 0.5f * (std::abs(d.size.x) + std::abs(d.size.y));  // covers any rotation
        if (d.center.x + r < view.min.x || d.center.x - r > view.max.x ||
            d.center.y + r < view.min.y || d.center.y - r > view.max.y)
            continue;
        list_.push(d);
    }
    for (const draw_line& line : world_list_.lines()) list_.push(line);

    std::size_t outlines = 0;
    for (entity e : s.selection().items()) {
        if (++outlines > max_outlines) break;
        const std::optional<placement> p = placement_of(w, e);
        if (!p) continue;
        glm::vec2 size{0.4f, 0.4f};
        if (const Sprite* sprite = w.try_get<Sprite>(e)) size = sprite->size * p->scale;
        list_.add_rect_outline({.center = p->position,
                                .size = size,
                                .rotation = p->rotation,
                                .tint = {1.0f, 0.6f, 0.1f, 1.0f},
                                .layer = std::numeric_limits<std::int32_t>::max()},
                               2.0f);
    }
}

std::optional<glm::vec2> scene_view_panel::handle_origin(editor_state& s,
                                                         glm::vec2 viewport) const {
    const entity active = s.selection().active();
    if (!s.world().alive(active) || !s.world().has<Transform>(active)) return std::nullopt;
    const std::optional<placement> p = placement_of(s.world(), active);
    if (!p) return std::nullopt;
    return camera_.world_to_screen(p->position, viewport);
}

scene_view_panel::drag_mode scene_view_panel::handle_under(glm::vec2 h, glm::vec2 m) const {
    if (std::abs(m.x - h.x) <= handle_square && std::abs(m.y - h.y) <= handle_square)
        return drag_mode::move_free;
    if (distance_to_segment(m, h, {h.x + handle_length + 10, h.y}) <= handle_pick)
        return drag_mode::move_x;
    if (distance_to_segment(m, h, {h.x, h.y - handle_length - 10}) <= handle_pick)
        return drag_mode::move_y;
    return drag_mode::none;
}

void scene_view_panel::begin_move(editor_state& s, drag_mode mode, glm::vec2 mouse_world) {
    world& w = s.world();
    moving_.clear();
    start_positions_.clear();
    for (entity e : s.selection().items()) {
        if (!w.alive(e) || !w.has<Transform>(e)) continue;
        // A child whose ancestor moves too would move twice.
        bool ancestor_selected = false;
        for (entity p = parent_of(w, e), guard = e; !p.is_null() && p != guard;
             p = parent_of(w, p)) {
            if (s.selection().contains(p)) {
                ancestor_selected = true;
                break;
            }
        }
        if (ancestor_selected) continue;
        moving_.push_back(e);
        start_positions_.push_back(w.get<Transform>(e).position);
    }
    if (moving_.empty()) return;
    drag_ = mode;
    drag_origin_world_ = mouse_world;
    move_.begin(s, moving_, type_id_of<Transform>(), "Move");
}

void scene_view_panel::handle_mouse(editor_state& s, ui_state& ui, ImVec2 origin,
                                    glm::vec2 viewport, bool hovered) {
    const ImGuiIO& io = ImGui::GetIO();
    const glm::vec2 mouse = to_glm(io.MousePos) - to_glm(origin);
    const glm::vec2 mouse_world = camera_.screen_to_world(mouse, viewport);
    const std::optional<glm::vec2> handle = handle_origin(s, viewport);
    hovered_handle_ = (hovered && handle) ? handle_under(*handle, mouse) : drag_mode::none;

    // Continue a drag.
    if (drag_ == drag_mode::pan) {
        if (!ui.game_camera) ui.camera.pan(to_glm(io.MouseDelta), viewport);
        if (!ImGui::IsMouseDown(ImGuiMouseButton_Middle) &&
            !ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
            drag_ = drag_mode::none;
            // Alt+click without a drag: the exact entity under the cursor.
            const float threshold = io.MouseDragThreshold;
            if (alt_click_ &&
                io.MouseDragMaxDistanceSqr[ImGuiMouseButton_Left] < threshold * threshold) {
                select_under(s, ui, mouse_world, /*exact=*/true);
            }
            alt_click_ = false;
        }
        return;
    }
    if (moving()) {
        world& w = s.world();
        glm::vec2 delta = mouse_world - drag_origin_world_;
        if (drag_ == drag_mode::move_x) delta.y = 0;
        if (drag_ == drag_mode::move_y) delta.x = 0;
        for (std::size_t i = 0; i < moving_.size(); ++i) {
            if (Transform* t = w.try_get<Transform>(moving_[i]))
                t->position = start_positions_[i] + delta;
        }
        if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
            const float threshold = io.MouseDragThreshold;
            const bool clicked =
                drag_ == drag_mode::move_free &&
                io.MouseDragMaxDistanceSqr[ImGuiMouseButton_Left] < threshold * threshold;
            drag_ = drag_mode::none;
            if (clicked) {
                // A click on the square, not a drag: it covers small children (a turret),
                // so it selects like a click anywhere else (clicking again drills down).
                for (std::size_t i = 0; i < moving_.size(); ++i) {
                    if (Transform* t = w.try_get<Transform>(moving_[i]))
                        t->position = start_positions_[i];
                }
                move_.cancel();
                select_under(s, ui, mouse_world, /*exact=*/false);
            } else {
                move_.finish(s);
            }
        }
        return;
    }
    if (!hovered) return;

    if (io.MouseWheel != 0.0f && !ui.game_camera) {
        ui.camera.zoom_at(mouse, viewport, ui.camera.zoom * std::pow(1.15f, io.MouseWheel));
    }
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Middle)) {
        drag_ = drag_mode::pan;
        return;
    }
    if (io.KeyAlt && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
        drag_ = drag_mode::pan;  // Alt+drag pans; released where it was pressed, it picks
        alt_click_ = true;
        return;
    }
    if (!ImGui::IsMouseClicked(ImGuiMouseButton_Left)) return;
    if (hovered_handle_ != drag_mode::none) {
        begin_move(s, hovered_handle_, mouse_world);
        return;
    }
    select_under(s, ui, mouse_world, /*exact=*/false);
}

void scene_view_panel::select_under(editor_state& s, ui_state& ui, glm::vec2 mouse_world,
                                    bool exact) {
    const ImGuiIO& io = ImGui::GetIO();
    selection& sel = s.selection();
    // A plain click on the selected group drills down; Ctrl and Shift act on whole groups.
    const entity current = io.KeyCtrl || io.KeyShift ? null_entity : sel.active();
    const entity picked =
        click_target(s.world(), pick_entity(s.world(), mouse_world), current, exact);
    if (io.KeyCtrl) {
        if (!picked.is_null()) sel.toggle(picked);
    } else if (io.KeyShift) {
        if (!picked.is_null()) sel.add(picked);
    } else if (picked.is_null()) {
        sel.clear();
    } else {
        sel.select(picked);
    }
    if (!picked.is_null()) ui.scroll_hierarchy_to = picked;
}

void scene_view_panel::frame_selection(editor_state& s, ui_state& ui) {
    ui.frame_selection = false;
    glm::vec2 sum{0.0f, 0.0f};
    int count = 0;
    for (entity e : s.selection().items()) {
        if (const std::optional<placement> p = placement_of(s.world(), e)) {
            sum += p->position;
            ++count;
        }
    }
    if (count > 0) ui.camera.position = sum / static_cast<float>(count);
}

}  // namespace mosaic::editor
