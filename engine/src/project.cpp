#include "mosaic/engine/project.hpp"

#include <string>
#include <vector>

#include <mosaic/ecs/assert.hpp>
#include <mosaic/ecs/system_error.hpp>

#include "mosaic/engine/builtin_components.hpp"
#include "mosaic/engine/systems/builtin_systems.hpp"

namespace mosaic {

namespace fs = std::filesystem;

namespace {

// Runs a project's registration function; a throw or a failed check comes back as an error.
template <class F>
std::optional<registration_error> guarded(const project& p, const char* step, F&& call) {
    try {
        const check_scope checks;  // a failed MOSAIC_CHECK throws here instead of aborting
        call();
        return std::nullopt;
    } catch (...) {
        return registration_error{std::string(p.name), step, describe_current_exception()};
    }
}

void builtin_components_only(component_table& table) {
    table = component_table{};
    register_builtin_components(table);
}

void builtin_systems_only(scheduler& s) {
    std::vector<std::string> names;
    for (const system* sys : s.ordered()) names.push_back(sys->name());
    for (const std::string& name : names) s.remove(name);
    register_builtin_systems(s);
}

}  // namespace

std::string registration_error::to_string() const {
    return "project '" + project + "': " + step + " failed: " + message +
           " (built-in components and systems only)";
}

std::optional<registration_error> register_components(const project* p, component_table& table) {
    register_builtin_components(table);
    if (!p || !p->register_components) return std::nullopt;
    auto error = guarded(*p, "register_components", [&] { p->register_components(table); });
    if (error) builtin_components_only(table);
    return error;
}

std::optional<registration_error> register_systems(const project* p, scheduler& s) {
    register_builtin_systems(s);
    if (!p || !p->register_systems) return std::nullopt;
    auto error = guarded(*p, "register_systems", [&] { p->register_systems(s); });
    if (error) builtin_systems_only(s);
    return error;
}

std::optional<registration_error> register_project(const project* p, component_table& table,
                                                   scheduler& s) {
    std::optional<registration_error> error = register_components(p, table);
    if (error) {
        register_builtin_systems(s);
        return error;
    }
    error = register_systems(p, s);
    if (error) builtin_components_only(table);  // the project's types go with its systems
    return error;
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
