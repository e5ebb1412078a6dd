#include "mosaic/engine/project.hpp"

#include "mosaic/engine/builtin_components.hpp"
#include "mosaic/engine/systems/builtin_systems.hpp"

namespace mosaic {

namespace fs = std::filesystem;

void register_components(const project* p, component_table& table) {
    register_builtin_components(table);
    if (p && p->register_components) p->register_components(table);
}

void register_systems(const project* p, scheduler& s) {
    register_builtin_systems(s);
    if (p && p->register_systems) p->register_systems(s);
}

const project* find_project(std::span<const project> projects, std::string_view name) {
    for (const project& p : projects) {
        if (p.name == name) return &p;
    }
    return nullptr;
}

const project* project_of_path(std::span<const project> projects, const fs::path& file) {
    const fs::path absolute = fs::absolute(file).lexically_normal();
    // Walk from the file's folder up, so the nearest matching folder wins.
    for (fs::path folder = absolute.parent_path(); !folder.empty(); folder = folder.parent_path()) {
        if (const project* p = find_project(projects, folder.filename().string())) return p;
        if (folder == folder.root_path()) break;
    }
    return nullptr;
}

fs::path project_folder_of(const project* p, const fs::path& file) {
    const fs::path absolute = fs::absolute(file).lexically_normal();
    if (p) {
        for (fs::path folder = absolute.parent_path(); !folder.empty();
             folder = folder.parent_path()) {
            if (folder.filename() == p->name) return folder;
            if (folder == folder.root_path()) break;
        }
    }
    return absolute.parent_path();
}

}  // namespace mosaic
