#include "ui/scene_view_panel.hpp"

#include "core/child_play.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/hierarchy.hpp>
#include <mosaic/engine/render/draw_world.hpp>
#include <mosaic/engine/render/grid.hpp>
#include <mosaic/engine/render/scene_camera.hpp>

#include "core/console_log.hpp"
#include "core/play_control.hpp"
#include "core/selection.hpp"
#include "ui/asset_drop.hpp"
#include "ui/commands.hpp"
#include "ui/prefab_mode.hpp"
#include "ui/scene_picking.hpp"
#include "ui/theme.hpp"
#include "ui/ui_state.hpp"
#include "ui/viewport_renderer.hpp"

namespace mosaic::editor {

namespace {

constexpr std::size_t max_outlines = 2000;  // selecting 100,000 entities must not stall

glm::vec2 to_glm(ImVec2 v) {
    return {v.x, v.y};
}
ImVec2 to_imgui(glm::vec2 v) {
    return {v.x, v.y};
}

/// True when an ancestor of `e` (not `e` itself) is selected.
bool has_selected_ancestor(const world& w, const selection& sel, entity e) {
    std::size_t hops = 0;
    for (entity p = parent_of(w, e); !p.is_null() && hops <= w.size(); p = parent_of(w, p), ++hops)
        if (sel.contains(p)) return true;
    return false;
}

const char* edit_label(transform_tool tool) {
    switch (tool) {
        case transform_tool::move:
            return "Move";
        case transform_tool::rotate:
            return "Rotate";
        case transform_tool::scale:
            return "Scale";
    }
    return "Move";
}

}  // namespace

scene_view_panel::scene_view_panel()
    : panel({.id = "scene",
             .title = "Scene",
             .where = dock::center,
             .window_flags = ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse,
             .padding = 2}) {}

std::string scene_view_panel::label(const panel_context& s) const {
    return s.playing() ? "Scene (playing)" : "Scene";
}

void scene_view_panel::on_event(const panel_event& e, panel_context& s) {
    (void)s;
    if (std::holds_alternative<scene_opened>(e)) camera_from_scene_ = true;
    if (std::holds_alternative<frame_on_selection>(e)) frame_selection_ = true;
}

void scene_view_panel::draw(panel_context& s, ui_state& ui, viewport_renderer* renderer) {
    if (camera_from_scene_) {
        ui.scene.camera.position = s.scene().settings.camera_position;
        ui.scene.camera.zoom =
            std::clamp(s.scene().settings.camera_zoom, camera2d::min_zoom, camera2d::max_zoom);
        camera_from_scene_ = false;
    }

    draw_asset_banner(s);  // while a prefab (archetype) is open: which one, Save, Close
    // A thin bar: view toggles and where the camera is.
    ImGui::Checkbox("Grid", &ui.settings.grid);
    ImGui::SameLine();
    ImGui::Checkbox("Colliders", &ui.settings.collider_outlines);
    ui.test.record("scene/Colliders");
    ImGui::SameLine();
    if (ImGui::SmallButton("Frame Selected (F)")) frame_selection_ = true;
    ImGui::SameLine();
    ImGui::Checkbox("Game Camera", &ui.scene.game_camera);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Look through the scene's primary Camera");
    ImGui::SameLine();
    // The view's camera this frame: the editor's, or the game's (then pan and zoom are off).
    camera_ = ui.scene.game_camera ? game_camera(s.world(), ui.scene.camera) : ui.scene.camera;
    ImGui::TextDisabled("zoom %.2f  (%.1f, %.1f)", camera_.zoom, camera_.position.x,
                        camera_.position.y);

    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const glm::vec2 viewport{std::max(avail.x, 1.0f), std::max(avail.y, 1.0f)};
    if (frame_selection_) frame_selection(s, ui, viewport);

    build_list(s, ui, viewport, renderer);
    const color& bg = s.scene().settings.background;
    ImTextureID texture = nullptr;
    if (renderer != nullptr)
        texture = renderer->render(
            list_, camera_, {static_cast<int>(viewport.x), static_cast<int>(viewport.y)}, bg);

    ImGui::InvisibleButton("##viewport", to_imgui(viewport),
                           ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight |
                               ImGuiButtonFlags_MouseButtonMiddle);
    ui.test.record("scene/view");
    const bool hovered = ImGui::IsItemHovered();
    // A prefab dragged from the Project panel: an instance where it is dropped.
    if (ImGui::BeginDragDropTarget()) {
        if (const ImGuiPayload* p = ImGui::AcceptDragDropPayload(prefab_payload)) {
            const glm::vec2 mouse = to_glm(ImGui::GetIO().MousePos) - to_glm(origin);
            const std::string name(static_cast<const char*>(p->Data),
                                   static_cast<std::size_t>(p->DataSize));
            s.edit.instantiate_prefab(name, camera_.screen_to_world(mouse, viewport));
        }
        // An image or a sheet frame: a sprite entity where it is dropped (asset_drop.hpp).
        if (const auto asset =
                accept_asset_payload(kind_bit(asset_kind::image) | kind_bit(asset_kind::sheet))) {
            const glm::vec2 mouse = to_glm(ImGui::GetIO().MousePos) - to_glm(origin);
            command_place_sprite(s, ui, *asset, camera_.screen_to_world(mouse, viewport));
        }
        ImGui::EndDragDropTarget();
    }
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 end{origin.x + viewport.x, origin.y + viewport.y};
    if (texture != nullptr) {
        draw->AddImage(texture, origin, end, {0, 1}, {1, 0});
    } else {
        draw->AddRectFilled(origin, end, ImGui::ColorConvertFloat4ToU32({bg.r, bg.g, bg.b, 1.0f}));
    }

    handle_mouse(s, ui, origin, viewport, hovered);

    tile_tool_.draw_overlay(draw, s, ui, camera_, viewport, origin);
    // The handle and the marquee, drawn over the image.
    if (const auto at = handle_at(s, viewport)) draw_handle(draw, origin, ui.scene.tool, *at);
    if (drag_ == drag_mode::marquee) {
        const glm::vec2 a = camera_.world_to_screen(press_world_, viewport);
        const ImVec2 from{origin.x + a.x, origin.y + a.y};
        const ImVec2 to = ImGui::GetIO().MousePos;
        draw->AddRectFilled(from, to, IM_COL32(80, 150, 235, 40));
        draw->AddRect(from, to, IM_COL32(80, 150, 235, 220));
    }

    // Play mode label, bottom-left of the view.
    if (ui.test.record_items) ui.test.scene_label.clear();
    if (s.playing()) {
        // A game in a separate process says itself whether it is paused.
        const bool paused = s.child_player().active() ? s.child_player().paused()
                                                      : s.player().mode() == play_state::paused;
        const char* text = paused ? "PAUSED" : "PLAYING";
        if (ui.test.record_items) ui.test.scene_label = text;
        const ImVec2 at{origin.x + 8, end.y - ImGui::GetFontSize() - 6};
        const ImVec2 size = ImGui::CalcTextSize(text);
        // On a dark plate: readable over any sprite.
        draw->AddRectFilled({at.x - 4, at.y - 2}, {at.x + size.x + 4, at.y + size.y + 2},
                            play_label_backdrop, 3.0f);
        draw->AddText(at, IM_COL32(255, 210, 90, 255), text);
    }
}

void scene_view_panel::build_list(panel_context& s, ui_state& ui, glm::vec2 viewport,
                                  viewport_renderer* renderer) {
    world& w = s.world();
    // Edit mode: nothing ticks, so world transforms follow edits only if computed here.
    if (!s.playing()) update_world_transforms(w);
    list_.clear();
    if (ui.settings.grid) add_grid(list_, camera_, viewport, {.min_pixels = 24.0f});
    draw_world_options options;
    options.textures = renderer != nullptr ? renderer->textures() : nullptr;
    options.collider_outlines = ui.settings.collider_outlines;
    tiles_.set_project_folder(s.project_folder());
    const world_rect visible = camera_.visible_bounds(viewport);
    options.tiles = &tiles_;
    options.visible = &visible;
    options.pixels_per_unit = camera_.pixels_per_unit(viewport);  // zoomed out: chunk images
    // draw_world submits every sprite; only what the view shows goes to the renderer (a
    // 100,000-sprite scene seen up close draws a few thousand).
    world_list_.clear();
    draw_world(w, world_list_, options);
    for (std::string& line : tiles_.take_warnings()) s.log().warning(std::move(line));
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

std::optional<handle_frame> scene_view_panel::handle_at(panel_context& s,
                                                        glm::vec2 viewport) const {
    const entity active = s.selection().active();
    if (!s.world().alive(active) || !s.world().has<Transform>(active)) return std::nullopt;
    const std::optional<placement> p = placement_of(s.world(), active);
    if (!p) return std::nullopt;
    return handle_frame{camera_.world_to_screen(p->position, viewport), p->rotation};
}

void scene_view_panel::draw_handle(ImDrawList* draw, ImVec2 origin, transform_tool tool,
                                   const handle_frame& at) const {
    const glm::vec2 o{origin.x + at.origin.x, origin.y + at.origin.y};
    const bool dragging = drag_ == drag_mode::transform;
    const auto shade = [&](handle_part part, ImU32 normal) {
        const bool lit = dragging ? handle_.part() == part : hovered_part_ == part;
        return lit ? IM_COL32(255, 230, 90, 255) : normal;
    };
    const ImU32 x_color = shade(handle_part::x, IM_COL32(230, 70, 60, 255));
    const ImU32 y_color = shade(handle_part::y, IM_COL32(90, 200, 70, 255));
    const ImU32 centre_color = shade(handle_part::both, IM_COL32(80, 150, 235, 220));
    if (tool == transform_tool::rotate) {
        draw->AddCircle(to_imgui(o), handle_size::ring,
                        shade(handle_part::ring, IM_COL32(80, 150, 235, 255)), 64, 2.5f);
        if (dragging)
            draw->AddLine(to_imgui(o), ImGui::GetIO().MousePos, IM_COL32(255, 230, 90, 160));
        return;
    }
    const handle_axes axes = axes_of(tool, at);
    const float len = handle_size::length;
    for (const auto& [axis, color] : {std::pair{axes.x, x_color}, std::pair{axes.y, y_color}}) {
        const glm::vec2 end = o + axis * len;
        const glm::vec2 side{-axis.y, axis.x};
        draw->AddLine(to_imgui(o), to_imgui(end), color, 2.5f);
        if (tool == transform_tool::move) {
            draw->AddTriangleFilled(to_imgui(end + axis * handle_size::tip),
                                    to_imgui(end - axis * 2.0f + side * 6.0f),
                                    to_imgui(end - axis * 2.0f - side * 6.0f), color);
        } else {
            const float b = handle_size::box;
            draw->AddQuadFilled(
                to_imgui(end + (axis + side) * b), to_imgui(end + (axis - side) * b),
                to_imgui(end - (axis + side) * b), to_imgui(end - (axis - side) * b), color);
        }
    }
    draw->AddRectFilled({o.x - handle_size::square, o.y - handle_size::square},
                        {o.x + handle_size::square, o.y + handle_size::square}, centre_color);
}

void scene_view_panel::begin_transform(panel_context& s, transform_tool tool, handle_part part,
                                       glm::vec2 viewport) {
    world& w = s.world();
    moving_.clear();
    start_.clear();
    for (entity e : s.selection().items()) {
        if (!w.alive(e) || !w.has<Transform>(e)) continue;
        // A child whose ancestor changes too would change twice.
        if (has_selected_ancestor(w, s.selection(), e)) continue;
        moving_.push_back(e);
        start_.push_back(w.get<Transform>(e));
    }
    const std::optional<handle_frame> at = handle_at(s, viewport);
    if (moving_.empty() || !at) return;
    // Snapping puts the active entity on the steps (when it moves; else the first that does).
    const auto active = std::find(moving_.begin(), moving_.end(), s.selection().active());
    const Transform& reference =
        start_[active != moving_.end() ? static_cast<std::size_t>(active - moving_.begin()) : 0];
    scratch_.clear();
    const float grid = add_grid(scratch_, camera_, viewport, {.min_pixels = 24.0f});
    handle_ = handle_drag(tool, part, *at, press_screen_, press_world_, reference,
                          {.grid = grid, .degrees = 15.0f, .scale = 0.1f});
    drag_ = drag_mode::transform;
    s.edit.begin(edit_, moving_, type_id_of<Transform>(), edit_label(tool));
}

void scene_view_panel::end_transform(panel_context& s, ui_state& ui, glm::vec2 mouse_world) {
    const ImGuiIO& io = ImGui::GetIO();
    const float threshold = io.MouseDragThreshold;
    const bool clicked = handle_.part() == handle_part::both &&
                         io.MouseDragMaxDistanceSqr[ImGuiMouseButton_Left] < threshold * threshold;
    drag_ = drag_mode::none;
    if (!clicked) {
        s.edit.finish(edit_);
        return;
    }
    // A click on the centre square, not a drag: it covers small children (a turret), so it
    // selects like a click anywhere else (clicking again drills down).
    world& w = s.world();
    for (std::size_t i = 0; i < moving_.size(); ++i)
        if (Transform* t = w.try_get<Transform>(moving_[i])) *t = start_[i];
    edit_.cancel();
    select_under(s, ui, mouse_world, /*exact=*/false);
}

void scene_view_panel::press(panel_context& s, ui_state& ui, glm::vec2 mouse,
                             glm::vec2 mouse_world) {
    const ImGuiIO& io = ImGui::GetIO();
    press_screen_ = mouse;
    press_world_ = mouse_world;
    drag_ = drag_mode::press;
    const world& w = s.world();
    const selection& sel = s.selection();
    const entity picked = pick_entity(w, mouse_world);
    const bool on_selection =
        !picked.is_null() && (sel.contains(picked) || has_selected_ancestor(w, sel, picked));
    const bool modifiers = io.KeyCtrl || io.KeyShift;
    // On the selection (or any body with Ctrl/Shift): what the click selects is decided on
    // release, since a drag moves the selection instead. On another body: selected at once, so
    // the drag moves it. On empty space: a drag draws a marquee, a click clears.
    press_moves_ = on_selection || (!picked.is_null() && !modifiers);
    press_selects_ = on_selection || picked.is_null() || modifiers;
    if (!press_selects_) select_under(s, ui, mouse_world, /*exact=*/false);
}

void scene_view_panel::select_marquee(panel_context& s, glm::vec2 mouse_world) {
    const ImGuiIO& io = ImGui::GetIO();
    selection& sel = s.selection();
    const std::vector<entity> inside = entities_in_rect(s.world(), press_world_, mouse_world);
    if (io.KeyCtrl) {
        for (entity e : inside) sel.toggle(e);
    } else if (io.KeyShift) {
        for (entity e : inside) sel.add(e);
    } else {
        sel.set(inside);
    }
}

void scene_view_panel::handle_mouse(panel_context& s, ui_state& ui, ImVec2 origin,
                                    glm::vec2 viewport, bool hovered) {
    const ImGuiIO& io = ImGui::GetIO();
    const glm::vec2 mouse = to_glm(io.MousePos) - to_glm(origin);
    const glm::vec2 mouse_world = camera_.screen_to_world(mouse, viewport);
    if (drag_ == drag_mode::none && tile_tool_.handle(s, ui, mouse_world, hovered)) return;
    const std::optional<handle_frame> at = handle_at(s, viewport);
    hovered_part_ = (hovered && at) ? part_under(ui.scene.tool, *at, mouse) : handle_part::none;
    const bool left_down = ImGui::IsMouseDown(ImGuiMouseButton_Left);

    // Continue a drag.
    switch (drag_) {
        case drag_mode::pan:
            if (!ui.scene.game_camera) ui.scene.camera.pan(to_glm(io.MouseDelta), viewport);
            if (!ImGui::IsMouseDown(ImGuiMouseButton_Middle) && !left_down) {
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
        case drag_mode::press:
            if (!left_down) {
                drag_ = drag_mode::none;
                if (press_selects_) select_under(s, ui, press_world_, /*exact=*/false);
            } else if (ImGui::IsMouseDragging(ImGuiMouseButton_Left)) {
                if (press_moves_) {
                    begin_transform(s, transform_tool::move, handle_part::both, viewport);
                } else {
                    drag_ = drag_mode::marquee;
                }
            }
            if (drag_ != drag_mode::transform) return;
            break;
        case drag_mode::marquee:
            if (!left_down) {
                drag_ = drag_mode::none;
                select_marquee(s, mouse_world);
            }
            return;
        case drag_mode::transform:
        case drag_mode::none:
            break;
    }
    if (drag_ == drag_mode::transform) {
        world& w = s.world();
        const transform_change change = handle_.update(mouse, mouse_world, io.KeyCtrl);
        for (std::size_t i = 0; i < moving_.size(); ++i)
            if (Transform* t = w.try_get<Transform>(moving_[i]))
                *t = apply_change(start_[i], change);
        if (!left_down) end_transform(s, ui, mouse_world);
        return;
    }
    if (!hovered) return;

    if (io.MouseWheel != 0.0f && !ui.scene.game_camera) {
        ui.scene.camera.zoom_at(mouse, viewport,
                                ui.scene.camera.zoom * std::pow(1.15f, io.MouseWheel));
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
    if (hovered_part_ != handle_part::none) {
        press_screen_ = mouse;
        press_world_ = mouse_world;
        begin_transform(s, ui.scene.tool, hovered_part_, viewport);
        return;
    }
    press(s, ui, mouse, mouse_world);
}

void scene_view_panel::select_under(panel_context& s, ui_state& ui, glm::vec2 mouse_world,
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
    if (!picked.is_null()) ui.events.post(reveal_in_hierarchy{picked});
}

void scene_view_panel::frame_selection(panel_context& s, ui_state& ui, glm::vec2 viewport) {
    frame_selection_ = false;
    ui.scene.camera = framing(s.world(), s.selection().items(), ui.scene.camera, viewport);
}

}  // namespace mosaic::editor
