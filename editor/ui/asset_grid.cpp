// Sections: 1. scanning and thumbnails  2. the bar (path, search, filter)  3. the tiles
// 4. rename and move
#include "ui/asset_grid.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <iterator>
#include <span>

#include <mosaic/engine/runtime/game.hpp>

#include "core/animation_events.hpp"
#include "core/asset_actions.hpp"
#include "core/asset_rename.hpp"
#include "core/command_table.hpp"
#include "core/console_log.hpp"
#include "core/history.hpp"
#include "core/prefab_actions.hpp"
#include "ui/asset_drop.hpp"
#include "ui/command_items.hpp"
#include "ui/commands.hpp"
#include "ui/panel.hpp"
#include "ui/theme.hpp"
#include "ui/ui_state.hpp"
#include "ui/viewport_renderer.hpp"

namespace mosaic::editor {

namespace fs = std::filesystem;

namespace {

/// What a tile without a picture shows, and its colour, by kind (asset_kind's order).
struct kind_look {
    const char* text;
    ImU32 tint;
};
constexpr ImU32 plain_tint = IM_COL32(90, 90, 100, 255);
constexpr kind_look kind_looks[] = {
    {"folder", IM_COL32(170, 140, 70, 255)},
    {"image", plain_tint},
    {"sheet", plain_tint},
    {"clip", plain_tint},
    {"tileset", plain_tint},
    {"font", plain_tint},
    {"prefab", IM_COL32(70, 120, 200, 255)},
    {"archetype", plain_tint},
    {"scene", IM_COL32(90, 160, 100, 255)},
    {"file", plain_tint},
};
static_assert(std::size(kind_looks) == asset_kind_count, "a look for every asset_kind");

const kind_look& look_of(asset_kind k) {
    return kind_looks[static_cast<std::size_t>(k)];
}

bool has_picture(asset_kind k) {
    return k == asset_kind::image || k == asset_kind::sheet;
}

/// Runs the window's command `id` on the asset `relative` (its one argument).
void asset_menu_run(panel_context& s, const char* id, const std::string& relative) {
    if (std::string error = s.edit.run(id, {relative}); !error.empty()) s.log().error(error);
}

}  // namespace

// --- 1. scanning and thumbnails --------------------------------------------------------------

asset_grid::~asset_grid() {
    release_all();
}

void asset_grid::release_all() {
    if (renderer_ != nullptr)
        for (auto& [path, p] : pictures_) renderer_->release_image(p.texture);
    pictures_.clear();
    shown_ = 0;
}

void asset_grid::rescan(const fs::path& project) {
    const bool other_project = project != browser_.root() || !thumbnails_;
    browser_.scan(project);
    if (other_project) {
        release_all();
        thumbnails_ =
            std::make_unique<thumbnail_cache>(thumbnail_cache::folder_for(project), thumbnail_side);
        folder_.clear();
        open_sheets_.clear();
    }
    if (!folder_.empty()) {  // a folder that went away: its nearest parent still there
        while (!folder_.empty() && browser_.find(folder_) == nullptr)
            folder_ = asset_browser::parent_folder(folder_);
    }
    tiles_stale_ = true;
}

std::size_t asset_grid::thumbnails_waiting() const {
    if (!thumbnails_) return 0;
    return thumbnails_->outstanding() + (backlog_.size() - backlog_asked_);
}

void asset_grid::take_thumbnails(viewport_renderer* renderer) {
    if (renderer != renderer_) {  // textures belong to the renderer that made them
        release_all();
        renderer_ = renderer;
        if (thumbnails_) thumbnails_->clear();
        backlog_asked_ = 0;  // asked of the cache just cleared: ask again
    }
    if (!thumbnails_) return;
    for (thumbnail& t : thumbnails_->take_ready(uploads_per_frame)) {
        picture& p = pictures_[t.source.string()];
        if (renderer_ != nullptr && p.texture != nullptr) renderer_->release_image(p.texture);
        p.texture =
            renderer_ != nullptr && !t.image.empty() ? renderer_->upload_image(t.image) : nullptr;
        p.size = {t.image.width, t.image.height};
        p.full_size = t.full_size;
        if (!t.frames.empty() || !p.frames.empty()) tiles_stale_ = true;  // a sheet's frames
        p.frames = std::move(t.frames);
        p.error = std::move(t.error);
        ++shown_;
    }
}

const std::vector<asset_grid::tile>& asset_grid::tiles() {
    const asset_query q{.folder = folder_, .search = search_, .kinds = kinds_};
    if (!tiles_stale_ && q.folder == listed_.folder && q.search == listed_.search &&
        q.kinds == listed_.kinds)
        return tiles_;
    listed_ = q;
    tiles_stale_ = false;
    tiles_.clear();
    for (const asset_entry* e : browser_.list(q)) {
        tiles_.push_back({e, -1});
        if (e->kind != asset_kind::sheet || !open_sheets_.contains(e->relative)) continue;
        const auto found = pictures_.find(e->path.string());
        if (found == pictures_.end()) continue;
        for (std::size_t i = 0; i < found->second.frames.size(); ++i)
            tiles_.push_back({e, static_cast<int>(i)});
    }
    // Every picture of the listing is asked for, a batch a frame (feed_thumbnails), top
    // first, behind the tiles on screen (they ask as they are drawn): what the user sees comes
    // first and the rest follows while they look, ready before they scroll. Asking for 1,000
    // at once cost one frame 40 ms (a lock and a wake of the worker each).
    backlog_.clear();
    backlog_asked_ = 0;
    for (const tile& t : tiles_)
        if (t.frame < 0 && has_picture(t.entry->kind))
            backlog_.push_back({t.entry->path, t.entry->modified});
    return tiles_;
}

void asset_grid::feed_thumbnails() {
    if (!thumbnails_ || backlog_asked_ >= backlog_.size()) return;
    const std::size_t n = std::min(requests_per_frame, backlog_.size() - backlog_asked_);
    thumbnails_->request_later(std::span(backlog_).subspan(backlog_asked_, n));
    backlog_asked_ += n;
}

// --- 2. the bar ------------------------------------------------------------------------------

void asset_grid::draw_bar(panel_context& s, ui_state& ui) {
    ImGui::BeginDisabled(folder_.empty());
    if (ImGui::ArrowButton("##up", ImGuiDir_Up)) folder_ = asset_browser::parent_folder(folder_);
    ImGui::EndDisabled();
    ui.test.record("project/up");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Up one folder (drop a file here: moved there)");
    if (!folder_.empty()) drop_into_folder(s, asset_browser::parent_folder(folder_));
    // The path: each folder on it is a button back to it, and takes files dropped on it.
    ImGui::SameLine();
    if (ImGui::SmallButton("project")) folder_.clear();
    ui.test.record("project/folder/");
    drop_into_folder(s, "");
    std::size_t start = 0;
    while (start < folder_.size()) {
        std::size_t end = folder_.find('/', start);
        if (end == std::string::npos) end = folder_.size();
        const std::string part = folder_.substr(start, end - start);
        const std::string upto = folder_.substr(0, end);
        ImGui::SameLine(0, 2);
        ImGui::TextDisabled("/");
        ImGui::SameLine(0, 2);
        ImGui::PushID(upto.c_str());
        if (ImGui::SmallButton(part.c_str())) folder_ = upto;
        ui.test.record("project/folder/" + upto);
        drop_into_folder(s, upto);
        ImGui::PopID();
        start = end + 1;
    }
    // Search and the kind filter, at the right.
    const float filter_width = 110;
    const float search_width = 180;
    ImGui::SameLine(std::max(ImGui::GetCursorPosX() + 8, ImGui::GetWindowContentRegionMax().x -
                                                             search_width - filter_width -
                                                             ImGui::GetStyle().ItemSpacing.x));
    ImGui::SetNextItemWidth(search_width);
    ImGui::InputTextWithHint("##asset_search", "Search files", search_, sizeof search_);
    ui.test.record("project/search");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Every word, any case, in the names of the files below this folder");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(filter_width);
    std::size_t chosen = 0;
    asset_kind only = asset_kind::other;
    for (std::size_t k = 0; k < asset_kind_count; ++k) {
        if (kinds_ & (1u << k)) {
            ++chosen;
            only = static_cast<asset_kind>(k);
        }
    }
    const std::string preview = chosen == asset_kind_count ? std::string("All kinds")
                                : chosen == 1              ? std::string(asset_kind_label(only))
                                                           : std::to_string(chosen) + " kinds";
    if (ImGui::BeginCombo("##asset_filter", preview.c_str())) {
        if (ImGui::Selectable("All kinds", chosen == asset_kind_count,
                              ImGuiSelectableFlags_DontClosePopups))
            kinds_ = all_asset_kinds;
        ui.test.record("project/filter/All kinds");
        for (std::size_t k = 0; k < asset_kind_count; ++k) {
            const auto kind = static_cast<asset_kind>(k);
            const std::string label(asset_kind_label(kind));
            const bool on = (kinds_ & kind_bit(kind)) != 0;
            // A click shows only that kind; Ctrl+click adds or removes it.
            if (ImGui::Selectable(
                    (label + " (" + std::to_string(browser_.count(kind)) + ")").c_str(), on,
                    ImGuiSelectableFlags_DontClosePopups)) {
                if (ImGui::GetIO().KeyCtrl) {
                    kinds_ ^= kind_bit(kind);
                } else {
                    kinds_ = kind_bit(kind);
                }
            }
            ui.test.record("project/filter/" + label);
        }
        ImGui::EndCombo();
    }
    ui.test.record("project/filter");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Show one kind of file (Ctrl+click in the list: several)");
}

// --- 3. the tiles ----------------------------------------------------------------------------

void asset_grid::activate(panel_context& s, const asset_entry& e) {
    switch (e.kind) {
        case asset_kind::folder:
            folder_ = e.relative;
            search_[0] = '\0';
            break;
        case asset_kind::scene:
            s.edit.request_open(e.path);
            break;
        case asset_kind::prefab:
            s.edit.instantiate_prefab(prefab_name_of(e.path));
            break;
        case asset_kind::archetype: {
            std::string name = e.name.substr(0, e.name.size() - std::strlen(".archetype.json"));
            for (const archetype& a : s.game().archetypes())
                if (a.name() == name) s.edit.create_from_archetype(a);
            break;
        }
        case asset_kind::sheet:
            if (!open_sheets_.erase(e.relative)) open_sheets_.insert(e.relative);
            tiles_stale_ = true;
            break;
        case asset_kind::image:
            open_import(s, e);
            break;
        case asset_kind::clip:  // property tracks: the Animation window; frames: the Clip Editor
            asset_menu_run(s,
                           window_for_clip(e.path) == clip_window::animation ? "asset.animate_clip"
                                                                             : "asset.edit_clip",
                           e.relative);
            break;
        case asset_kind::tileset:
        case asset_kind::font:
        case asset_kind::other:
            break;
    }
}

void asset_grid::open_import(panel_context& s, const asset_entry& e) {
    std::string error;
    import_settings_ = load_image_import(e.path, &error);
    if (!error.empty()) s.log().warning(error + "; showing the defaults");
    import_asset_ = e.relative;
    import_history_ = s.history().state_id();
}

void asset_grid::draw_import_window(panel_context& s, ui_state& ui) {
    if (import_asset_.empty()) return;
    bool open = true;
    ImGui::SetNextWindowSize({360, 0}, ImGuiCond_Appearing);
    if (ImGui::Begin("Import Settings###import_settings", &open,
                     ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings)) {
        ImGui::TextColored(colors::accent, "%s", import_asset_.c_str());
        image_import& st = import_settings_;
        // An undo or redo of a pixels-per-unit step wrote the side file back: show it.
        if (s.history().state_id() != import_history_ && !ImGui::IsAnyItemActive()) {
            st = load_image_import(browser_.root() / import_asset_);
            import_history_ = s.history().state_id();
        }
        bool changed = false;
        int filter = st.sampling == image_import::filter::linear ? 1 : 0;
        if (ImGui::Combo("Filter", &filter, "Nearest (pixel art)\0Linear (smooth)\0")) {
            st.sampling =
                filter == 1 ? image_import::filter::linear : image_import::filter::nearest;
            changed = true;
        }
        ui.test.record("import/Filter");
        // Saved when the drag (or the typing) ends: it resizes the open scene's sprites of the
        // image, one undo step per change.
        ImGui::DragFloat("Pixels per unit", &st.pixels_per_unit, 0.5f, 1.0f, 4096.0f, "%.1f",
                         ImGuiSliderFlags_AlwaysClamp);
        changed |= ImGui::IsItemDeactivatedAfterEdit();
        ui.test.record("import/Pixels per unit");
        changed |= ImGui::DragFloat2("Pivot", &st.pivot.x, 0.01f, 0.0f, 1.0f, "%.2f");
        ui.test.record("import/Pivot");
        if (ImGui::SmallButton("Centre")) {
            st.pivot = {0.5f, 0.5f};
            changed = true;
        }
        ImGui::SameLine();
        if (ImGui::SmallButton("Bottom")) {
            st.pivot = {0.5f, 1.0f};
            changed = true;
        }
        ui.test.record("import/Bottom");
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        ImGui::TextWrapped(
            "Saved in %s.import.json at once; the scene shows it within a second. Pixels per "
            "unit sizes the image's sprites: those of the open scene are resized (Ctrl+Z puts "
            "them back), new drops take it; sprites in other scene files keep their size. The "
            "pivot (0..1 from the top-left) sits on the position.",
            fs::path(import_asset_).filename().string().c_str());
        ImGui::PopStyleColor();
        if (changed) {
            (void)s.edit.set_image_import(import_asset_, st);
            import_history_ = s.history().state_id();
        }
    }
    ImGui::End();
    if (!open) import_asset_.clear();
}

void asset_grid::draw_tile(panel_context& s, ui_state& ui, const tile& t, float width,
                           float height) {
    const asset_entry& e = *t.entry;
    const std::string id = t.frame < 0 ? e.relative : e.relative + "#" + std::to_string(t.frame);
    ImGui::PushID(id.c_str());
    const ImVec2 at = ImGui::GetCursorScreenPos();
    if (ImGui::Selectable("##tile", selected_ == id, ImGuiSelectableFlags_AllowDoubleClick,
                          {width, height}))
        selected_ = id;
    ui.test.record("project/asset/" + id);

    picture* pic = nullptr;
    if (has_picture(e.kind)) {
        const std::string key = e.path.string();
        const auto found = pictures_.find(key);
        if (found != pictures_.end()) pic = &found->second;
        if (thumbnails_) thumbnails_->request(e.path, e.modified);  // known: a lookup
    }
    const thumbnail_frame* frame =
        pic != nullptr && t.frame >= 0 && static_cast<std::size_t>(t.frame) < pic->frames.size()
            ? &pic->frames[static_cast<std::size_t>(t.frame)]
            : nullptr;
    const std::string label = frame != nullptr ? frame->name : e.name;

    // The picture, as large as fits the square above the name, keeping its proportions.
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const float side = std::min(width, height - ImGui::GetTextLineHeight()) - 6;
    const ImVec2 box{at.x + (width - side) * 0.5f, at.y + 3};
    glm::vec2 uv0{0, 0}, uv1{1, 1};
    if (frame != nullptr) {
        uv0 = frame->uv_min;
        uv1 = frame->uv_max;
    }
    if (pic != nullptr && pic->texture != nullptr) {
        const glm::vec2 px = glm::vec2(pic->full_size) * (uv1 - uv0);
        const float scale = side / std::max(std::max(px.x, px.y), 1.0f);
        const ImVec2 size{px.x * scale, px.y * scale};
        const ImVec2 min{box.x + (side - size.x) * 0.5f, box.y + (side - size.y) * 0.5f};
        draw->AddRectFilled(box, {box.x + side, box.y + side}, IM_COL32(40, 40, 46, 255));
        draw->AddImage(pic->texture, min, {min.x + size.x, min.y + size.y}, {uv0.x, uv0.y},
                       {uv1.x, uv1.y});
    } else {
        draw->AddRectFilled(box, {box.x + side, box.y + side}, look_of(e.kind).tint, 4.0f);
        const char* text = pic != nullptr && !pic->error.empty()   ? "broken"
                           : has_picture(e.kind) && pic == nullptr ? "..."
                                                                   : look_of(e.kind).text;
        const ImVec2 size = ImGui::CalcTextSize(text);
        draw->AddText({box.x + (side - size.x) * 0.5f, box.y + (side - size.y) * 0.5f},
                      IM_COL32(235, 235, 235, 255), text);
    }
    if (e.kind == asset_kind::sheet && t.frame < 0)  // frames shown or not
        draw->AddText({box.x + 2, box.y + 1}, IM_COL32(255, 255, 255, 220),
                      open_sheets_.contains(e.relative) ? "-" : "+");
    // The name under it, cut at the tile's width.
    const ImVec2 text_at{at.x + 2, at.y + height - ImGui::GetTextLineHeight() - 1};
    draw->PushClipRect(text_at, {at.x + width - 2, at.y + height}, true);
    draw->AddText(text_at, ImGui::GetColorU32(e.recovered ? ImGuiCol_TextDisabled : ImGuiCol_Text),
                  label.c_str());
    draw->PopClipRect();
    if (e.recovered && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", recovered_scene_hint);

    const bool frame_tile = t.frame >= 0;
    if (e.kind != asset_kind::folder && !frame_tile &&
        ImGui::BeginPopupContextItem("##tile_menu")) {
        if (ImGui::MenuItem("Rename...")) {
            rename_asset_ = e.relative;
            rename_requested_ = true;
        }
        ui.test.record("project/asset_menu/Rename...");
        if (e.kind == asset_kind::image) {
            if (ImGui::MenuItem("Import Settings...")) open_import(s, e);
            ui.test.record("project/asset_menu/Import Settings...");
        }
        // The asset editors (sheet_editor.cpp, clip_editor.cpp), run on this file.
        const auto item = [&](const char* id) {
            const command* c = window_commands().find(id);
            if (c != nullptr && ImGui::MenuItem(c->label.c_str()))
                asset_menu_run(s, id, e.relative);
            if (c != nullptr) ui.test.record("project/asset_menu/" + c->label);
        };
        if (e.kind == asset_kind::image) item("asset.slice_into_sheet");
        if (e.kind == asset_kind::sheet) item("asset.edit_sheet");
        if (e.kind == asset_kind::sheet) item("asset.new_clip");
        if (e.kind == asset_kind::clip) item("asset.edit_clip");
        if (e.kind == asset_kind::clip) item("asset.animate_clip");
        if (e.kind == asset_kind::archetype) item("asset.edit_archetype");
        ImGui::EndPopup();
    }
    if (e.kind == asset_kind::folder) drop_into_folder(s, e.relative);
    if (ImGui::BeginDragDropSource()) {
        if (e.kind == asset_kind::prefab) {
            const std::string name = prefab_name_of(e.path);
            ImGui::SetDragDropPayload(prefab_payload, name.data(), name.size());
        } else if (e.kind != asset_kind::folder) {
            set_asset_payload({e.relative, std::max(t.frame, 0), e.kind});
        }
        ImGui::Text("%s", frame_tile ? (e.relative + ": " + label).c_str() : e.relative.c_str());
        ImGui::EndDragDropSource();
    } else if (ImGui::IsItemHovered()) {
        std::string tip = e.relative;
        if (frame_tile) tip += "\nframe " + std::to_string(t.frame) + ": " + label;
        if (pic != nullptr && !pic->error.empty()) {
            tip += "\ncannot load: " + pic->error;
        } else if (pic != nullptr && pic->full_size.x > 0 && !frame_tile) {
            tip += "\n" + std::to_string(pic->full_size.x) + " x " +
                   std::to_string(pic->full_size.y) + " pixels";
            if (!pic->frames.empty())
                tip += ", " + std::to_string(pic->frames.size()) + " frames (double-click)";
        }
        if (is_sprite_asset(e.kind)) tip += "\nDrag into the Scene view or onto an asset field";
        if (e.kind == asset_kind::prefab) tip += "\nDrag into the scene, or double-click";
        if (e.kind == asset_kind::scene) tip += "\nDouble-click to open";
        if (e.kind == asset_kind::image)
            tip += "\nDouble-click: import settings; right-click: Slice into Sheet...";
        if (e.kind == asset_kind::sheet)
            tip += "\nRight-click: Edit Sheet..., New Clip from Sheet...";
        if (e.kind == asset_kind::clip)
            tip +=
                "\nDouble-click: the Animation tab (property tracks) or the Clip Editor (frames)";
        if (e.kind == asset_kind::folder) tip += "\nDrop a file here to move it into this folder";
        if (e.kind != asset_kind::folder && !frame_tile)
            tip += "\nRight-click: Rename...; drag onto a folder: move";
        ImGui::SetTooltip("%s", tip.c_str());
        if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left) && !frame_tile) activate(s, e);
    }
    ImGui::PopID();
}

void asset_grid::draw(panel_context& s, ui_state& ui, viewport_renderer* renderer) {
    take_thumbnails(renderer);
    draw_bar(s, ui);
    if (browser_.truncated())
        ImGui::TextColored(colors::warning, "Only the first %zu files are listed",
                           browser_.entries().size());

    ImGui::BeginChild("##asset_tiles", {0, 0}, false);
    const std::vector<tile>& list = tiles();
    const float width = thumbnail_side + 14.0f;
    const float height = thumbnail_side + ImGui::GetTextLineHeight() + 8.0f;
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    const int columns = std::max(
        1, static_cast<int>((ImGui::GetContentRegionAvail().x + spacing) / (width + spacing)));
    const int rows = (static_cast<int>(list.size()) + columns - 1) / columns;
    ImGuiListClipper clipper;
    clipper.Begin(rows, height + ImGui::GetStyle().ItemSpacing.y);
    while (clipper.Step()) {
        for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
            for (int c = 0; c < columns; ++c) {
                const std::size_t i = static_cast<std::size_t>(row) * columns + c;
                if (i >= list.size()) break;
                if (c > 0) ImGui::SameLine();
                draw_tile(s, ui, list[i], width, height);
            }
        }
    }
    if (list.empty())
        ImGui::TextDisabled(search_[0] != '\0' ? "(no file matches)" : "(empty folder)");
    ImGui::EndChild();
    feed_thumbnails();  // after the tiles on screen asked for theirs
    draw_import_window(s, ui);
    draw_rename_modal(s, ui);
    draw_outside_window(s, ui);
}

// --- 4. rename and move ----------------------------------------------------------------------

bool asset_grid::rename(panel_context& s, const std::string& from, const std::string& to) {
    const rename_result r = s.edit.rename_asset(from, to);
    if (!r.done) {
        rename_error_ = r.message;
        return false;
    }
    rescan(browser_.root());
    if (selected_ == from) selected_ = to;
    if (import_asset_ == from) import_asset_ = to;  // its Import Settings window follows
    if (open_sheets_.erase(from)) open_sheets_.insert(to);
    return true;
}

void asset_grid::drop_into_folder(panel_context& s, const std::string& folder) {
    if (!ImGui::BeginDragDropTarget()) return;
    std::string path;
    if (const auto dropped =
            accept_asset_payload(all_asset_kinds & ~kind_bit(asset_kind::folder))) {
        path = dropped->path;
    } else if (const ImGuiPayload* p = ImGui::AcceptDragDropPayload(prefab_payload)) {
        // Prefabs carry their name (for the Hierarchy and the Scene view): their file is in
        // the prefab folder.
        const std::string name(static_cast<const char*>(p->Data),
                               static_cast<std::size_t>(p->DataSize));
        std::error_code ec;
        path = fs::relative(s.edit.prefab_folder() / (name + ".prefab.json"), browser_.root(), ec)
                   .generic_string();
    }
    ImGui::EndDragDropTarget();
    if (path.empty()) return;
    const std::string name = fs::path(path).filename().string();
    const std::string to = folder.empty() ? name : folder + "/" + name;
    if (to != path) (void)rename(s, path, to);
}

void asset_grid::draw_rename_modal(panel_context& s, ui_state& ui) {
    if (rename_requested_) {
        rename_requested_ = false;
        const std::string name = fs::path(rename_asset_).filename().string();
        std::snprintf(rename_name_, sizeof rename_name_, "%s", name.c_str());
        rename_error_.clear();
        ImGui::OpenPopup("Rename###rename_asset");
    }
    ImGui::SetNextWindowSize({420, 0}, ImGuiCond_Appearing);
    if (!ImGui::BeginPopupModal("Rename###rename_asset", nullptr, ImGuiWindowFlags_NoSavedSettings))
        return;
    ImGui::TextDisabled("%s", rename_asset_.c_str());
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
    ImGui::SetNextItemWidth(-1);
    const bool enter =
        ImGui::InputText("##rename_name", rename_name_, sizeof rename_name_,
                         ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll);
    ui.test.record("rename/name");
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped(
        "Every scene, prefab, archetype, clip, sheet and tileset naming it is updated, and the "
        "open scene too. A name with '/' is a path from the project folder (a move).");
    ImGui::PopStyleColor();
    if (!rename_error_.empty()) ImGui::TextColored(colors::error, "%s", rename_error_.c_str());
    bool close = false;
    const bool clicked = ImGui::Button("Rename");
    ui.test.record("rename/Rename");
    if (clicked || enter) {
        const std::string typed = rename_name_;
        const std::string folder = asset_browser::parent_folder(rename_asset_);
        const std::string to =
            typed.find('/') != std::string::npos || folder.empty() ? typed : folder + "/" + typed;
        close = to == rename_asset_ || rename(s, rename_asset_, to);
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
        close = true;
    if (close) {
        rename_asset_.clear();
        ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
}

void asset_grid::check_outside(panel_context& s) {
    outside_ = s.edit.check_outside_renames(/*log=*/false);  // the app said it in the Console
}

void asset_grid::draw_outside_window(panel_context& s, ui_state& ui) {
    if (outside_.empty()) return;
    bool open = true;
    ImGui::SetNextWindowSize({520, 0}, ImGuiCond_Appearing);
    if (ImGui::Begin("Moved outside the editor###outside_renames", &open,
                     ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings)) {
        ImGui::TextWrapped(
            "These files were moved or renamed outside the editor (git mv, a file manager); "
            "the project still names them by their old path:");
        for (const outside_rename& m : outside_) {
            ImGui::BulletText("%s -> %s", m.move.from.c_str(), m.move.to.c_str());
            std::string files;
            for (const std::string& f : m.files) files += (files.empty() ? "" : ", ") + f;
            ImGui::Indent();
            ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
            ImGui::TextWrapped("%zu reference%s in %s", m.references, m.references == 1 ? "" : "s",
                               files.c_str());
            ImGui::PopStyleColor();
            ImGui::Unindent();
        }
        if (ImGui::Button("Fix references")) {
            s.edit.run("asset.fix_references");
            outside_.clear();
            rescan(browser_.root());
        }
        ui.test.record("project/outside/Fix references");
        ImGui::SameLine();
        if (ImGui::Button("Dismiss")) {
            s.edit.run("asset.forget_renames");
            outside_.clear();
        }
        ui.test.record("project/outside/Dismiss");
    }
    ImGui::End();
    if (!open) outside_.clear();  // offered again on the next check
}

}  // namespace mosaic::editor
