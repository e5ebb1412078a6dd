// The Tiles tab (tile_palette_panel.hpp) and the tile commands: one registration each.
#include "ui/tile_palette_panel.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <mosaic/engine/render/texture_source.hpp>
#include <mosaic/engine/tilemap/tilemap.hpp>

#include "core/command_table.hpp"
#include "core/console_log.hpp"
#include "core/selection.hpp"
#include "core/tile_paint.hpp"
#include "ui/theme.hpp"
#include "ui/ui_state.hpp"
#include "ui/viewport_renderer.hpp"

namespace mosaic::editor {

namespace {

// --- the commands ------------------------------------------------------------------------------

std::function<std::string(command_context&)> choose(tile_tool tool) {
    return [tool](command_context& c) {
        c.ui->scene.tiles.tool = tool;
        c.ui->scene.tiles.painting = true;
        c.ui->events.post(show_panel{"tiles"});
        return std::string();
    };
}

std::function<std::string(command_context&)> step_tile(int direction) {
    return [direction](command_context& c) {
        c.ui->scene.tiles.cycle(direction);
        return std::string();
    };
}

MOSAIC_EDITOR_COMMAND({.id = "tiles.paint",
                       .label = "Paint Tiles",
                       .keys = {plain(key::t)},
                       .help = "Paint tiles in the Scene view on / off (select a Tilemap)",
                       .menu = "Tiles",
                       .order = 100,
                       .title =
                           [](const command_context& c) {
                               return std::string(c.ui != nullptr && c.ui->scene.tiles.painting
                                                      ? "Stop Painting Tiles"
                                                      : "Paint Tiles");
                           },
                       .run_in_window =
                           [](command_context& c) {
                               tile_brush& brush = c.ui->scene.tiles;
                               brush.painting = !brush.painting;
                               if (brush.painting) c.ui->events.post(show_panel{"tiles"});
                               return std::string();
                           }});
MOSAIC_EDITOR_COMMAND({.id = "tiles.brush",
                       .label = "Tile Brush",
                       .keys = {plain(key::b)},
                       .help = "Tile brush: paints the selected tile where you drag",
                       .menu = "Tiles",
                       .order = 200,
                       .run_in_window = choose(tile_tool::brush)});
MOSAIC_EDITOR_COMMAND({.id = "tiles.rectangle",
                       .label = "Tile Rectangle",
                       .keys = {plain(key::u)},
                       .help = "Tile rectangle: fills the rectangle you drag",
                       .menu = "Tiles",
                       .order = 210,
                       .run_in_window = choose(tile_tool::rectangle)});
MOSAIC_EDITOR_COMMAND({.id = "tiles.fill",
                       .label = "Tile Flood Fill",
                       .keys = {plain(key::g)},
                       .help = "Tile flood fill: replaces the clicked region of one tile",
                       .menu = "Tiles",
                       .order = 220,
                       .run_in_window = choose(tile_tool::fill)});
MOSAIC_EDITOR_COMMAND({.id = "tiles.erase",
                       .label = "Tile Eraser",
                       .keys = {plain(key::x)},
                       .help = "Tile eraser: empties the cells you drag over",
                       .menu = "Tiles",
                       .order = 230,
                       .run_in_window = choose(tile_tool::erase)});
MOSAIC_EDITOR_COMMAND({.id = "tiles.picker",
                       .label = "Tile Picker",
                       .keys = {plain(key::i)},
                       .help = "Tile picker: the clicked cell's tile becomes the selected one",
                       .menu = "Tiles",
                       .order = 240,
                       .run_in_window = choose(tile_tool::picker)});
MOSAIC_EDITOR_COMMAND({.id = "tiles.next_tile",
                       .label = "Next Tile",
                       .keys = {plain(key_right_bracket)},
                       .repeat = true,
                       .menu = "Tiles",
                       .order = 300,
                       .run_in_window = step_tile(+1)});
MOSAIC_EDITOR_COMMAND({.id = "tiles.previous_tile",
                       .label = "Previous Tile",
                       .keys = {plain(key_left_bracket)},
                       .repeat = true,
                       .menu = "Tiles",
                       .order = 310,
                       .run_in_window = step_tile(-1)});

// --- the panel ---------------------------------------------------------------------------------

ImTextureID texture_id(texture_handle handle) {
    // The renderer's textures are GL names, which ImGui's OpenGL backend takes as ids.
    // NOLINTNEXTLINE(performance-no-int-to-ptr): ImTextureID is void*; the backend casts back
    return reinterpret_cast<ImTextureID>(static_cast<std::uintptr_t>(handle));
}

ImVec2 uv(std::uint16_t u, std::uint16_t v) {
    return {static_cast<float>(u) / 65535.0f, static_cast<float>(v) / 65535.0f};
}

}  // namespace

tile_palette_panel::tile_palette_panel()
    : panel({.id = "tiles", .title = "Tiles", .where = dock::bottom}) {}

void tile_palette_panel::draw(panel_context& ctx) {
    panel_context& s = ctx;
    ui_state& ui = ctx.ui;
    tile_brush& brush = ui.scene.tiles;
    const world& w = s.world();
    const entity map = tilemap_of(w, s.selection().active());
    if (tilesets_.root != s.project_folder()) {
        tilesets_ = Tilesets{};
        tilesets_.root = s.project_folder();
    }

    ImGui::Checkbox("Paint (T)", &brush.painting);
    ui.test.record("tiles/Paint");
    for (const tile_tool tool : {tile_tool::brush, tile_tool::rectangle, tile_tool::fill,
                                 tile_tool::erase, tile_tool::picker}) {
        ImGui::SameLine();
        if (ImGui::RadioButton(tool_label(tool), brush.tool == tool)) {
            brush.tool = tool;
            brush.painting = true;
        }
        ui.test.record(std::string("tiles/") + tool_label(tool));
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 5);
    if (ImGui::InputInt("Layer", &brush.layer))
        brush.layer = std::clamp(brush.layer, 0, max_tile_layers - 1);

    if (map.is_null()) {
        ImGui::TextDisabled(
            "Select a Tilemap entity to paint its tiles (B brush, U rectangle, "
            "G fill, X erase, I picker, [ ] change the tile).");
        return;
    }
    const Tilemap& info = w.get<Tilemap>(map);
    const std::string_view path(info.tileset.path,
                                strnlen(info.tileset.path, sizeof info.tileset.path));
    std::vector<std::string> warnings;
    const tileset* set = path.empty() ? nullptr : tilesets_.get(path, warnings);
    for (std::string& line : warnings) s.log().warning(std::move(line));
    if (set == nullptr) {
        if (path.empty()) {
            ImGui::TextColored(colors::warning, "This Tilemap names no tileset");
        } else {
            ImGui::TextColored(colors::warning,
                               "The tileset '%.*s' does not load (see the Console)",
                               static_cast<int>(path.size()), path.data());
        }
        brush.tile_count = 0;
        return;
    }
    brush.tile_count = static_cast<std::int32_t>(set->names.size());
    if (brush.tile_count > 0) brush.tile = std::clamp(brush.tile, 1, brush.tile_count);
    ImGui::TextDisabled("%.*s: tile %d of %d%s%s", static_cast<int>(path.size()), path.data(),
                        brush.tile, brush.tile_count, brush.tile > 0 ? "  " : "",
                        brush.tile > 0 && static_cast<std::size_t>(brush.tile) <= set->names.size()
                            ? set->names[static_cast<std::size_t>(brush.tile) - 1].c_str()
                            : "");

    texture_source* textures = ctx.renderer != nullptr ? ctx.renderer->textures() : nullptr;
    const std::span<const texture_region> frames =
        textures != nullptr ? textures->find_frames(set->sheet) : std::span<const texture_region>{};
    const float side = ImGui::GetFontSize() * 2.4f;
    const float room = ImGui::GetContentRegionAvail().x;
    const ImGuiStyle& style = ImGui::GetStyle();
    float x = 0.0f;
    for (std::size_t i = 0; i < set->names.size(); ++i) {
        const std::int32_t number = static_cast<std::int32_t>(i) + 1;
        if (i > 0) {
            x += side + style.ItemSpacing.x + 2 * style.FramePadding.x;
            if (x + side > room) {
                x = 0.0f;
            } else {
                ImGui::SameLine();
            }
        }
        ImGui::PushID(static_cast<int>(i));
        const bool selected = brush.tile == number;
        if (selected) ImGui::PushStyleColor(ImGuiCol_Button, colors::accent);
        bool clicked = false;
        if (i < frames.size() && frames[i].texture != no_texture) {
            const texture_region& r = frames[i];
            clicked = ImGui::ImageButton(texture_id(r.texture), {side, side}, uv(r.uv.u0, r.uv.v0),
                                         uv(r.uv.u1, r.uv.v1));
        } else {
            clicked =
                ImGui::Button(std::to_string(number).c_str(),
                              {side + 2 * style.FramePadding.x, side + 2 * style.FramePadding.y});
        }
        if (selected) ImGui::PopStyleColor();
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%d: %s", number, set->names[i].c_str());
        ui.test.record("tiles/tile " + std::to_string(number));
        if (clicked) {
            brush.tile = number;
            if (brush.tool == tile_tool::erase || brush.tool == tile_tool::picker)
                brush.tool = tile_tool::brush;
            brush.painting = true;
        }
        ImGui::PopID();
    }
}

}  // namespace mosaic::editor
