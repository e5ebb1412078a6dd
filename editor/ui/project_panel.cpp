#include "ui/project_panel.hpp"

#include <imgui.h>

#include <algorithm>
#include <system_error>

#include <mosaic/engine/scene/scene_file.hpp>

#include "ui/commands.hpp"
#include "ui/file_dialog.hpp"
#include "ui/theme.hpp"

namespace mosaic::editor {

namespace fs = std::filesystem;

void project_panel::scan(const fs::path& folder) {
    folder_ = folder;
    files_.clear();
    scanned_ = true;
    std::error_code ec;
    constexpr std::size_t limit = 2000;
    fs::recursive_directory_iterator it(folder, fs::directory_options::skip_permission_denied, ec);
    for (; !ec && it != fs::recursive_directory_iterator() && files_.size() < limit;
         it.increment(ec)) {
        const fs::path& p = it->path();
        const std::string name = p.filename().string();
        if (!name.empty() && name.front() == '.') {
            if (it->is_directory(ec)) it.disable_recursion_pending();
            continue;
        }
        if (it.depth() > 3) it.disable_recursion_pending();
        if (!it->is_regular_file(ec)) continue;
        files_.push_back({p, fs::relative(p, folder, ec).string(), is_scene_file(p)});
    }
    std::sort(files_.begin(), files_.end(), [](const file& a, const file& b) {
        if (a.scene != b.scene) return a.scene;
        return a.label < b.label;
    });
}

void project_panel::draw(editor_state& s, ui_state& ui) {
    const fs::path folder = s.project_folder();
    if (!scanned_ || folder != folder_) scan(folder);
    if (ImGui::Button("Refresh")) scan(folder);
    ImGui::SameLine();
    const project* p = s.project_info();
    ImGui::TextDisabled("%s%s%s", p ? std::string(p->name).c_str() : "no project", "  ",
                        folder_.string().c_str());

    ImGui::BeginChild("##files", {0, 0}, false);
    if (ImGui::TreeNodeEx("Archetypes", ImGuiTreeNodeFlags_DefaultOpen)) {
        for (const archetype& a : s.game().archetypes()) {
            ImGui::Selectable(a.name().c_str(), false, ImGuiSelectableFlags_AllowDoubleClick);
            if (ImGui::IsItemHovered()) {
                ImGui::SetTooltip("Double-click to create a %s", a.name().c_str());
                if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left))
                    command_create_from_archetype(s, ui, a);
            }
        }
        if (s.game().archetypes().empty()) ImGui::TextDisabled("(none)");
        ImGui::TreePop();
    }
    if (ImGui::TreeNodeEx("Files", ImGuiTreeNodeFlags_DefaultOpen)) {
        for (const file& f : files_) {
            const bool current = f.path == s.scene_path();
            if (!f.scene) ImGui::PushStyleColor(ImGuiCol_Text, colors::dim);
            ImGui::Selectable(f.label.c_str(), current, ImGuiSelectableFlags_AllowDoubleClick);
            if (!f.scene) ImGui::PopStyleColor();
            if (f.scene && ImGui::IsItemHovered()) {
                ImGui::SetTooltip("Double-click to open");
                if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) request_open(s, ui, f.path);
            }
        }
        if (files_.empty()) ImGui::TextDisabled("(empty)");
        ImGui::TreePop();
    }
    ImGui::EndChild();
}

}  // namespace mosaic::editor
