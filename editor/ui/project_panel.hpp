#pragma once
// project_panel: the open project — its name (from mosaic.project.json), where it lives and
// whether its code is loaded; its scenes (a click opens one, asking about unsaved changes
// first); its archetypes (double-click creates one, right-click to edit it or create one);
// its prefabs (drag one out, double-click
// to instantiate, right-click to open it; an instance's Select highlights its prefab); and
// its folders as an asset browser (asset_grid: thumbnails, search, a filter by kind, drag
// onto the Scene view or the Inspector).

#include <filesystem>
#include <string>
#include <vector>

#include "ui/asset_grid.hpp"
#include "ui/panel.hpp"

namespace mosaic::editor {

class project_panel : public panel {
public:
    project_panel() : panel({.id = "project", .title = "Project", .where = dock::bottom}) {}

    void draw(panel_context& ctx) override { draw(ctx, ctx.ui, ctx.renderer); }
    void draw(panel_context& s, ui_state& ui, viewport_renderer* renderer = nullptr);
    [[nodiscard]] const asset_grid& assets() const noexcept { return assets_; }
    void on_event(const panel_event& e, panel_context& s) override;

private:
    /// Lists the folder's files and the manifest's scenes (kept until something changes:
    /// walking a folder every frame is too slow for a big project).
    void scan(panel_context& s);
    void draw_header(panel_context& s);
    void draw_scenes(panel_context& s, ui_state& ui);
    /// The project's archetypes: double-click creates one; the row menu edits it (Edit
    /// Archetype) or creates one.
    void draw_archetypes(panel_context& s, ui_state& ui);
    /// The project's prefabs, each a drag source (drop into the Hierarchy or the Scene view);
    /// entities dropped on the panel become a prefab.
    void draw_prefabs(panel_context& s, ui_state& ui);

    struct file {
        std::filesystem::path path;
        std::string label;  // relative to the folder
        bool scene = false;
    };
    std::filesystem::path folder_;
    std::filesystem::path scanned_for_scene_;  // the scene open at the last scan (Save As adds)
    std::vector<file> scenes_;
    bool scanned_ = false;
    std::string highlighted_prefab_;  // the entity header's Select
    bool scroll_to_prefab_ = false;
    asset_grid assets_;
};

}  // namespace mosaic::editor
