#include "mosaic/projects/registry.hpp"

#include <array>

#include <bullets_vs_players/bullets_vs_players.hpp>
#include <platformer/platformer.hpp>
#include <stress/stress.hpp>
#include <tiny_tanks/tiny_tanks.hpp>

namespace mosaic::projects {

namespace {
// One line per project: {name, summary, register_components, register_systems, scene}.
const std::array list{
    tiny_tanks::tiny_tanks_project(),
    bullets_vs_players::bullets_vs_players_project(),
    platformer::platformer_project(),
    stress::stress_project(),
};
}  // namespace

std::span<const project> all() {
    return list;
}

std::filesystem::path folder() {
    return MOSAIC_PROJECTS_DIR;
}

}  // namespace mosaic::projects
