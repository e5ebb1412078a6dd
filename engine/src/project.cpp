#include "mosaic/engine/project.hpp"

#include "mosaic/engine/builtin_components.hpp"
#include "mosaic/engine/systems/builtin_systems.hpp"

namespace mosaic {

void register_components(const project* p, component_table& table) {
    register_builtin_components(table);
    if (p && p->register_components) p->register_components(table);
}

void register_systems(const project* p, scheduler& s) {
    register_builtin_systems(s);
    if (p && p->register_systems) p->register_systems(s);
}

}  // namespace mosaic
