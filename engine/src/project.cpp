#include "mosaic/engine/project.hpp"

#include <string>
#include <vector>

#include <mosaic/ecs/assert.hpp>
#include <mosaic/ecs/system_error.hpp>

#include "mosaic/engine/builtin_components.hpp"
#include "mosaic/engine/systems/builtin_systems.hpp"

namespace mosaic {

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
    table.clear();
    register_builtin_components(table);
}

void builtin_systems_only(scheduler& s) {
    s.clear();
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

std::optional<registration_error> trial_registration(const project& p) {
    component_table table;
    scheduler systems;
    return register_project(&p, table, systems);
}

}  // namespace mosaic
