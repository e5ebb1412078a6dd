#pragma once
// sprite_sheet: one image cut into named frames (rectangle in pixels, pivot), the model
// behind every sheet format. Formats are thin (STYLE.md §14): sheet files (*.sheet.json,
// Mosaic's own, diffable), Aseprite's "Export Sprite Sheet" JSON and TexturePacker's JSON
// all read into this struct (sheet_json.hpp); the rules of a valid sheet are checked here,
// once (validate_sheet).
//
// A Sprite shows one frame: its `texture` names the sheet file and its `frame` is an index
// into `frames` (file order), so setting the frame every tick is one integer store and
// drawing resolves it with one array lookup. Tools that name frames (animation clips) turn
// names into indices with find_frame when they load.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "../math.hpp"

namespace mosaic {

struct sheet_frame {
    std::string name;
    int x = 0;  // pixels, from the image's top-left corner
    int y = 0;
    int w = 0;
    int h = 0;
    glm::vec2 pivot{0.5f, 0.5f};  // 0..1 inside the frame, from its top-left; drawn at the position
    int duration_ms = 100;        // for animation (Aseprite exports one per frame)
};

/// The grid a sheet was sliced from: cells of `cell` pixels starting at `offset`, with
/// `spacing` pixels between neighbouring cells.
struct sheet_grid {
    glm::ivec2 cell{16, 16};
    glm::ivec2 offset{0, 0};
    glm::ivec2 spacing{0, 0};
    friend bool operator==(const sheet_grid&, const sheet_grid&) = default;
};

/// A named run of frames (Aseprite's frameTags): from and to are frame indices, inclusive.
struct sheet_tag {
    enum class direction : std::uint8_t { forward, reverse, pingpong };
    std::string name;
    int from = 0;
    int to = 0;
    direction dir = direction::forward;
};

struct sprite_sheet {
    std::string image;            // relative to the sheet file's folder
    glm::ivec2 image_size{0, 0};  // as the file says; (0, 0): not stated
    std::vector<sheet_frame> frames;
    std::optional<sheet_grid> grid;
    std::vector<sheet_tag> tags;

    /// Index of the frame called `name`; -1 when there is none.
    [[nodiscard]] int find_frame(std::string_view name) const noexcept;
};

/// Caps a sheet must stay within, whatever its file says.
struct sheet_limits {
    static constexpr std::size_t max_frames = 65536;
    static constexpr std::size_t max_name_bytes = 255;
    static constexpr std::size_t max_file_bytes = std::size_t{16} << 20;
};

/// Cuts an image of `image_size` pixels into the cells of `grid`, row by row, named
/// "<prefix><index>". Cells that do not fit whole are left out. Empty when the grid is
/// unusable (a cell of zero or negative size, negative offset or spacing).
[[nodiscard]] std::vector<sheet_frame> slice_grid(glm::ivec2 image_size, const sheet_grid& grid,
                                                  std::string_view prefix = "frame_");

/// Everything wrong with `sheet` when its image is `image_size` pixels ((0, 0): only the
/// checks that need no image), one message per problem, each naming `file` and the frame:
/// frames outside the image, empty frames, duplicate or empty names, a pivot that is not a
/// number, tags naming frames that do not exist. Empty when the sheet is valid.
[[nodiscard]] std::vector<std::string> validate_sheet(const sprite_sheet& sheet,
                                                      glm::ivec2 image_size, std::string_view file);

}  // namespace mosaic
