#include "ui/editor_settings.hpp"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string_view>
#include <system_error>

namespace mosaic::editor {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

template <class T>
void read_number(std::string_view text, T& out, T low, T high) {
    T value{};
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec == std::errc{} && end == text.data() + text.size() && value >= low && value <= high)
        out = value;
}

void read_bool(std::string_view text, bool& out) {
    if (text == "true" || text == "1") out = true;
    if (text == "false" || text == "0") out = false;
}

}  // namespace

std::filesystem::path default_settings_path() {
    if (const char* env = std::getenv("MOSAIC_EDITOR_SETTINGS"); env && *env) return env;
    if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg)
        return std::filesystem::path(xdg) / "mosaic" / "editor.ini";
    if (const char* home = std::getenv("HOME"); home && *home)
        return std::filesystem::path(home) / ".config" / "mosaic" / "editor.ini";
    return "editor.ini";
}

editor_settings load_settings(const std::filesystem::path& path) {
    editor_settings s;
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        const std::string_view text = trim(line);
        const auto eq = text.find('=');
        if (text.empty() || text.front() == '#' || eq == std::string_view::npos) continue;
        const std::string_view key = trim(text.substr(0, eq));
        const std::string_view value = trim(text.substr(eq + 1));
        if (key == "hierarchy_width") read_number(value, s.hierarchy_width, 80.0f, 4000.0f);
        if (key == "inspector_width") read_number(value, s.inspector_width, 80.0f, 4000.0f);
        if (key == "bottom_height") read_number(value, s.bottom_height, 60.0f, 4000.0f);
        if (key == "grid") read_bool(value, s.grid);
        if (key == "collider_outlines") read_bool(value, s.collider_outlines);
        if (key == "autosave_minutes") read_number(value, s.autosave_minutes, 0, 24 * 60);
        if (key == "recording_budget_mib") read_number(value, s.recording_budget_mib, 16, 65536);
        if (key == "recent_scene" && !value.empty()) s.recent_scenes.emplace_back(value);
        if (key == "recent_project" && !value.empty()) s.recent_projects.emplace_back(value);
        if (key == "separate_process_project" && !value.empty())
            s.separate_process_projects.emplace_back(value);
    }
    return s;
}

std::string save_settings(const editor_settings& s, const std::filesystem::path& path) {
    std::error_code ec;
    if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ec);
    std::ostringstream text;
    text << "# mosaic-editor settings (written by the editor)\n"
         << "hierarchy_width=" << s.hierarchy_width << "\n"
         << "inspector_width=" << s.inspector_width << "\n"
         << "bottom_height=" << s.bottom_height << "\n"
         << "grid=" << (s.grid ? "true" : "false") << "\n"
         << "collider_outlines=" << (s.collider_outlines ? "true" : "false") << "\n"
         << "autosave_minutes=" << s.autosave_minutes << "\n"
         << "recording_budget_mib=" << s.recording_budget_mib << "\n";
    for (const auto& path : s.recent_scenes) text << "recent_scene=" << path.string() << "\n";
    for (const auto& path : s.recent_projects) text << "recent_project=" << path.string() << "\n";
    for (const auto& path : s.separate_process_projects)
        text << "separate_process_project=" << path.string() << "\n";
    std::ofstream out(path, std::ios::trunc);
    if (!out || !(out << text.str()) || !out.flush())
        return "cannot write the editor settings " + path.string();
    return {};
}

bool separate_process_setting::follow(bool& enabled, const std::filesystem::path& project,
                                      editor_settings& settings) {
    auto& projects = settings.separate_process_projects;
    if (!known_ || project != project_) {  // another project: its own choice
        known_ = true;
        project_ = project;
        enabled = std::find(projects.begin(), projects.end(), project) != projects.end();
        enabled_ = enabled;
        return false;
    }
    if (enabled == enabled_) return false;
    enabled_ = enabled;
    std::erase(projects, project);
    if (enabled) projects.push_back(project);
    return true;
}

}  // namespace mosaic::editor
