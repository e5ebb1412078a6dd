#pragma once
// asset_actions: what dropping an asset from the Project panel does to the scene. An image or
// a sheet frame dropped on the Scene view becomes an entity with a Transform where it was
// dropped and a Sprite showing it, sized from its pixels, as one undo step; the script verb
// `place_sprite PATH X Y [FRAME]` runs the same code.
//
// Sizes: a sprite is its image's (or frame's) size in pixels divided by the pixels per unit
// (the image's import settings, else default_pixels_per_unit), so pictures of one art set keep
// their proportions to each other. The import settings are written here too (set_import).

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include <mosaic/ecs/entity.hpp>
#include <mosaic/engine/assets/image_import.hpp>
#include <mosaic/engine/math.hpp>

namespace mosaic::editor {

class editor_state;

/// Pixels of art per world unit when an image says nothing else (its import settings,
/// image_import.hpp, may; sheets use this).
inline constexpr float default_pixels_per_unit = image_import::default_pixels_per_unit;

/// The pixel size of `asset` (relative to `project`): an image's, or frame `frame` of a
/// sheet's (and that frame's name). Nullopt (with `why`) when it cannot be read.
[[nodiscard]] std::optional<glm::ivec2> sprite_pixel_size(const std::filesystem::path& project,
                                                          std::string_view asset, int frame,
                                                          std::string* why = nullptr,
                                                          std::string* frame_name = nullptr);

/// "tank" for art/tank.png and art/tank.sheet.json; "tank hull" for frame "hull" of the sheet.
[[nodiscard]] std::string sprite_entity_name(std::string_view asset, std::string_view frame_name);

/// Creates an entity named after the asset with a Transform at `at` and a Sprite showing
/// `asset` (a path relative to the project folder: an image or a sheet) at frame `frame`:
/// one undo step ("Create NAME"); the entity is selected and returned. Null, with the reason
/// in the console, when the path does not fit Sprite.texture or the world is full.
entity create_sprite_entity(editor_state& s, std::string_view asset, glm::vec2 at, int frame = 0);

/// Writes the import settings of the image `asset` (its NAME.png.import.json; the renderer
/// reloads it within a second: filter and pivot show at once). A new pixels per unit also
/// resizes the sprites of the open scene that show the image (size x old / new, so one that
/// was resized keeps its proportion to the picture), as Unity does: one undo step, "Pixels
/// per unit of NAME", that writes the side file back too. Other changes are not undo steps
/// (a file, like Save). False with the reason in the console.
bool set_image_import(editor_state& s, std::string_view asset, const image_import& settings);

}  // namespace mosaic::editor
