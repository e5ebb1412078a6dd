#pragma once
// editor_settings: what the editor remembers between runs that is not part of a scene — the
// panel sizes the splitters set, the view toggles and File > Open Recent. A small "key=value" text
// file
// (~/.config/mosaic/editor.ini by default; MOSAIC_EDITOR_SETTINGS or --settings override it,
// tests point it at a temporary file). A missing or broken file gives the defaults.

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

namespace mosaic::editor {

struct editor_settings {
    float hierarchy_width = 280.0f;  // pixels
    float inspector_width = 360.0f;
    float bottom_height = 230.0f;
    bool grid = true;
    bool collider_outlines = false;
    int autosave_minutes = 5;         // 0: off
    int recording_budget_mib = 1024;  // what Play's recording may hold (the timeline)
    // File > Open Recent, newest first (one "recent_scene=PATH" line each in the file).
    std::vector<std::filesystem::path> recent_scenes;
    std::vector<std::filesystem::path> recent_projects;  // project folders
    // The projects that play in a separate process (the toolbar's "Separate process", one
    // "separate_process_project=FOLDER" line each).
    std::vector<std::filesystem::path> separate_process_projects;

    friend bool operator==(const editor_settings&, const editor_settings&) = default;
};

/// Once a frame: a project just opened gets its remembered "Separate process" toggle
/// (`enabled`), and a toggle the user changed is remembered for the project. True when the
/// settings changed (to be saved).
class separate_process_setting {
public:
    bool follow(bool& enabled, const std::filesystem::path& project, editor_settings& settings);

private:
    std::filesystem::path project_;
    bool enabled_ = false;
    bool known_ = false;
};

[[nodiscard]] inline std::size_t recording_budget_bytes(const editor_settings& s) noexcept {
    return static_cast<std::size_t>(s.recording_budget_mib) * 1024 * 1024;
}

/// $MOSAIC_EDITOR_SETTINGS, else $XDG_CONFIG_HOME/mosaic/editor.ini, else
/// ~/.config/mosaic/editor.ini, else editor.ini in the current folder.
[[nodiscard]] std::filesystem::path default_settings_path();

/// Reads `path`; unknown keys and bad values are ignored (they keep their defaults).
[[nodiscard]] editor_settings load_settings(const std::filesystem::path& path);
/// Writes `path` (creating its folder). Returns "" or why it failed.
std::string save_settings(const editor_settings& settings, const std::filesystem::path& path);

}  // namespace mosaic::editor
