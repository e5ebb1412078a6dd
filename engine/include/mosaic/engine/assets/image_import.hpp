#pragma once
// Import settings of an image: how it is sampled (nearest for pixel art, linear for painted
// art), how many of its pixels make one world unit (the size a new sprite of it gets) and
// its pivot (the point of the picture placed on the entity's position). They live in a small
// side file next to the image, NAME.png.import.json, one setting a line so it diffs:
//
//   {
//     "version": 1,
//     "filter": "nearest",
//     "pixels_per_unit": 32,
//     "pivot": [0.5, 0.5]
//   }
//
// Every key is optional (a missing one keeps its default); an image without a side file uses
// the defaults. The renderer's texture_cache reads the file with the image and watches it,
// so a saved change shows at once (hot reload); the editor's Project panel writes it.
// A file that does not read gives the defaults and a message naming it and what is wrong.

#include <filesystem>
#include <string>
#include <string_view>

#include "../math.hpp"
#include "asset_result.hpp"

namespace mosaic {

struct image_import {
    enum class filter : std::uint8_t { nearest, linear };
    static constexpr float default_pixels_per_unit = 32.0f;

    filter sampling = filter::nearest;
    float pixels_per_unit = default_pixels_per_unit;  // > 0
    glm::vec2 pivot{0.5f, 0.5f};                      // 0..1 from the image's top-left

    friend bool operator==(const image_import&, const image_import&) = default;
};

/// NAME.png -> NAME.png.import.json.
[[nodiscard]] std::filesystem::path image_import_file(const std::filesystem::path& image);

/// Reads the text of a side file; `file` names it in messages.
[[nodiscard]] asset_result<image_import> read_image_import(std::string_view text,
                                                           std::string_view file);
/// The side file's text (read_image_import reads it back equal).
[[nodiscard]] std::string write_image_import(const image_import& settings);

/// The settings of `image`: its side file's, or the defaults when it has none. A side file
/// that does not read gives the defaults with `error` set.
[[nodiscard]] image_import load_image_import(const std::filesystem::path& image,
                                             std::string* error = nullptr);
/// Writes the side file of `image` (a temporary file, then a rename). False with `error`.
bool save_image_import(const std::filesystem::path& image, const image_import& settings,
                       std::string* error = nullptr);

}  // namespace mosaic
