#pragma once
// The sample projects this build knows (projects/*/): what mosaic-run and the editor offer.

#include <filesystem>
#include <span>

#include <mosaic/engine/project.hpp>

namespace mosaic::projects {

/// Every sample project, in a fixed order.
[[nodiscard]] std::span<const project> all();
/// The folder the sample projects live in (this source tree's projects/).
[[nodiscard]] std::filesystem::path folder();

}  // namespace mosaic::projects
