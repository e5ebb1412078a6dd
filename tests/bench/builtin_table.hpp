#pragma once
// The engine's built-in components, registered once for every engine benchmark.
#include <mosaic/ecs/component_table.hpp>
#include <mosaic/engine/builtin_components.hpp>

namespace bench {

inline const mosaic::component_table& builtin_table() {
    // Never destroyed: benchmarks may still run when static destructors do.
    static const mosaic::component_table* table = [] {
        auto* made = new mosaic::component_table;
        mosaic::register_builtin_components(*made);
        return made;
    }();
    return *table;
}

}  // namespace bench
