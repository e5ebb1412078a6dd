#pragma once
// asset_grid: the Project panel's asset browser — a folder of the project as a grid of tiles
// with thumbnails, a path bar to walk the folders, a search box and a filter by kind. The
// model (what is listed) is core/asset_browser; the pictures come from core/thumbnail_cache,
// made on its thread; this file only draws, uploads a few finished thumbnails a frame
// (uploads_per_frame) and turns clicks and drags into the editor's verbs:
//
//   drag an image, a sheet or one of its frames   onto the Scene view: a sprite entity;
//                                                 onto an asset field of the Inspector: set
//   drag a prefab                                 as the Prefabs list's rows (instantiate)
//   double-click a folder / scene / prefab /      enter it / open it / instantiate it /
//   archetype / sheet                             create one / show or hide its frames
//   double-click an image (or its right-click     its Import Settings: filter, pixels per
//   menu)                                         unit, pivot, saved next to it
//   right-click a file, Rename...                 a small modal with its name: renamed, with
//                                                 every reference (core/asset_rename)
//   drag a file onto a folder tile, or onto a     moved there, with every reference
//   folder of the path bar (the up arrow: parent)
//
// Files moved outside the editor (core/asset_index) are checked when the project is read
// (check_outside): the moves found are listed in a small window with Fix references and
// Dismiss (the fix_references and forget_renames commands).
//
// Only the rows on screen are submitted (ImGuiListClipper) and ask for thumbnails at once;
// the rest of the listing is handed to the worker requests_per_frame files a frame (one lock
// for each batch), so a folder of 1,000 images costs a frame what its visible tiles cost and
// its thumbnails are still ready before the user scrolls to them.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include <imgui.h>

#include <mosaic/engine/assets/image_import.hpp>

#include "core/asset_browser.hpp"
#include "core/asset_index.hpp"
#include "core/thumbnail_cache.hpp"

namespace mosaic::editor {

class panel_context;
struct ui_state;
class viewport_renderer;

class asset_grid {
public:
    /// Thumbnails uploaded to the GPU per frame, at most: the UI thread's share of the work.
    static constexpr std::size_t uploads_per_frame = 8;
    /// Files of the listing not on screen handed to the thumbnail worker per frame, at most.
    static constexpr std::size_t requests_per_frame = 64;
    /// Pixels a side of a thumbnail.
    static constexpr int thumbnail_side = 64;

    asset_grid() = default;
    ~asset_grid();
    asset_grid(const asset_grid&) = delete;
    asset_grid& operator=(const asset_grid&) = delete;

    /// Walks `project` again (a new project, Refresh); thumbnails go to its .mosaic folder.
    void rescan(const std::filesystem::path& project);
    /// Looks for files moved outside the editor (core/asset_rename.hpp, check_outside_renames)
    /// and lists them in the "Moved outside the editor" window.
    void check_outside(panel_context& s);
    /// Draws into the current window: the path bar, search, filter, and the tiles.
    void draw(panel_context& s, ui_state& ui, viewport_renderer* renderer);

    [[nodiscard]] const asset_browser& browser() const noexcept { return browser_; }
    [[nodiscard]] const std::string& folder() const noexcept { return folder_; }
    /// The thumbnails asked for, or still to ask for, and not yet on screen (for tests and
    /// the benchmark).
    [[nodiscard]] std::size_t thumbnails_waiting() const;
    /// Pictures of the listing not handed to the thumbnail worker yet (requests_per_frame go
    /// each frame).
    [[nodiscard]] std::size_t thumbnails_to_ask() const noexcept {
        return backlog_.size() - backlog_asked_;
    }
    /// Thumbnails on the GPU (or, headless, received).
    [[nodiscard]] std::size_t thumbnails_shown() const noexcept { return shown_; }

private:
    struct picture {
        ImTextureID texture = nullptr;
        glm::ivec2 size{0, 0};       // the thumbnail's pixels
        glm::ivec2 full_size{0, 0};  // the image's
        std::vector<thumbnail_frame> frames;
        std::string error;
    };
    /// A tile: a file or folder, or frame `frame` of a sheet whose frames are shown.
    struct tile {
        const asset_entry* entry = nullptr;
        int frame = -1;
    };

    void take_thumbnails(viewport_renderer* renderer);
    /// Hands the worker the next requests_per_frame files of the listing (backlog_).
    void feed_thumbnails();
    void draw_bar(panel_context& s, ui_state& ui);
    void draw_tile(panel_context& s, ui_state& ui, const tile& t, float width, float height);
    void activate(panel_context& s, const asset_entry& e);
    void release_all();
    /// The Import Settings window of the image import_asset_ (double-click an image, or its
    /// right-click menu): each change is written to its side file at once.
    void draw_import_window(panel_context& s, ui_state& ui);
    void open_import(panel_context& s, const asset_entry& e);
    /// Rename... : the modal with the file's name.
    void draw_rename_modal(panel_context& s, ui_state& ui);
    /// The moves found by check_outside, with Fix references and Dismiss.
    void draw_outside_window(panel_context& s, ui_state& ui);
    /// A file dragged onto a folder (a tile, the path bar): moved into it.
    void drop_into_folder(panel_context& s, const std::string& folder);
    /// Renames `from` to `to` (core rename_asset) and shows the result. True when done.
    bool rename(panel_context& s, const std::string& from, const std::string& to);
    const std::vector<tile>& tiles();

    asset_browser browser_;
    std::unique_ptr<thumbnail_cache> thumbnails_;
    std::unordered_map<std::string, picture> pictures_;  // by absolute path
    viewport_renderer* renderer_ = nullptr;              // the one the textures belong to
    std::size_t shown_ = 0;

    std::string folder_;  // relative, '/'-separated
    char search_[128] = {};
    asset_kinds kinds_ = all_asset_kinds;
    std::string selected_;               // relative path (+ "#frame")
    std::set<std::string> open_sheets_;  // relative paths of sheets showing their frames

    std::string import_asset_;  // relative path of the image whose settings are open
    image_import import_settings_;
    std::uint64_t import_history_ = 0;  // the undo history's state when they were read

    std::string rename_asset_;  // relative path of the file being renamed (the modal)
    bool rename_requested_ = false;
    char rename_name_[256] = {};
    std::string rename_error_;
    std::vector<outside_rename> outside_;  // moved outside the editor, offered as fixes

    // The listing, kept until the query, the scan or the open sheets change.
    std::vector<tile> tiles_;
    bool tiles_stale_ = true;
    asset_query listed_;
    // The listing's pictures still to ask for, top first, and how many were asked already.
    std::vector<thumbnail_request> backlog_;
    std::size_t backlog_asked_ = 0;
};

}  // namespace mosaic::editor
