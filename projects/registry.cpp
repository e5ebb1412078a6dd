#include "mosaic/projects/registry.hpp"

#include <array>

namespace mosaic::projects {

namespace {
// One line per project: {name, summary, register_components, register_systems, scene}.
const std::array<project, 0> list{};
}  // namespace

std::span<const project> all() {
    return list;
}

std::filesystem::path folder() {
    return MOSAIC_PROJECTS_DIR;
}

}  // namespace mosaic::projects
