#pragma once
// sheet_slicer: the Sheet Editor's model (no ImGui, tested headless). It cuts an image of the
// project into a sprite sheet by a grid (cell size, offset, spacing between cells), names the
// frames (numbered by default, renamed one by one) and gives them pivots (each, or all at
// once), and saves NAME.sheet.json with the engine's writer (sheet_json.hpp), which the
// renderer's hot reload then shows in the Scene view.
//
// Values the user types are input: a cell of 0, an offset past the image, a grid of more
// frames than the cap, a name used twice. Each becomes a message (problems()) and Save refuses
// until they are fixed; nothing throws and nothing is sliced past the caps. Names and pivots
// belong to a frame's number: changing the grid keeps those of the frames that are still
// there, and brings them back if a frame comes back (a cell made too big, then smaller again).
//
// The script verb `slice_sheet IMAGE CELL_W CELL_H [OFFSET_X OFFSET_Y [SPACING_X SPACING_Y]]`
// runs the same code.

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include <mosaic/engine/assets/sprite_sheet.hpp>

namespace mosaic::editor {

class sheet_slicer {
public:
    /// Starts a sheet for the image `image` (relative to `project`). Its sheet is
    /// NAME.sheet.json next to it; when that file exists and shows this image, it is opened
    /// instead (slicing the same image again edits its sheet). "" or why it cannot start.
    std::string open_image(const std::filesystem::path& project, std::string image);
    /// Opens the sheet `sheet` (relative to `project`): a *.sheet.json, or an Aseprite or
    /// TexturePacker export (then saved as NAME.sheet.json beside it, the export untouched).
    std::string open_sheet(const std::filesystem::path& project, std::string sheet);

    [[nodiscard]] bool is_open() const noexcept { return !image_.empty(); }
    [[nodiscard]] const std::string& image() const noexcept { return image_; }
    [[nodiscard]] const std::filesystem::path& project() const noexcept { return project_; }
    /// The file Save writes, relative to the project.
    [[nodiscard]] const std::string& sheet_path() const noexcept { return sheet_path_; }
    /// "" or why not (it must be a NAME.sheet.json inside the project).
    std::string set_sheet_path(std::string path);
    [[nodiscard]] glm::ivec2 image_size() const noexcept { return image_size_; }

    [[nodiscard]] const sheet_grid& grid() const noexcept { return grid_; }
    /// Slices again (when the grid is usable; else frames() is empty and problems() says why).
    void set_grid(const sheet_grid& grid);
    /// False for a sheet opened with frames that no grid made (a packed export), until the
    /// grid is changed.
    [[nodiscard]] bool sliced() const noexcept { return sliced_; }

    [[nodiscard]] const std::vector<sheet_frame>& frames() const noexcept { return sheet_.frames; }
    /// "" or why not (empty, too long, already used by another frame).
    std::string rename(std::size_t frame, const std::string& name);
    void set_pivot(std::size_t frame, glm::vec2 pivot);
    void set_all_pivots(glm::vec2 pivot);

    /// Everything that stops Save, one message each: the grid's, then the sheet's
    /// (validate_sheet). Empty when it can be saved.
    [[nodiscard]] std::vector<std::string> problems() const;
    /// What is worth knowing but saves anyway ("16 pixels at the right are in no cell").
    [[nodiscard]] std::vector<std::string> notes() const;
    /// The sheet as it would be saved.
    [[nodiscard]] const sprite_sheet& sheet() const noexcept { return sheet_; }
    /// Unsaved changes.
    [[nodiscard]] bool dirty() const noexcept { return dirty_; }

    /// Writes sheet_path(); "" or why not (problems() first).
    std::string save();

private:
    struct remembered {
        std::string name;
        glm::vec2 pivot{0.5f, 0.5f};
        int duration_ms = 100;
    };
    void reset(const std::filesystem::path& project, std::string image, std::string sheet_path);
    std::string read_image_size();
    void slice();
    void remember();

    std::filesystem::path project_;
    std::string image_;       // relative to the project
    std::string sheet_path_;  // relative to the project
    glm::ivec2 image_size_{0, 0};
    std::string image_problem_;  // the image does not read
    sheet_grid grid_;
    bool sliced_ = true;
    sprite_sheet sheet_;
    std::vector<remembered> remembered_;  // by frame number
    glm::vec2 default_pivot_{0.5f, 0.5f};
    bool dirty_ = false;
};

/// Why `grid` cannot slice an image of `image_size` pixels (a cell under 1 pixel, a negative
/// offset or spacing, an offset outside the image, no whole cell, more frames than the cap);
/// empty when it can.
[[nodiscard]] std::vector<std::string> grid_problems(glm::ivec2 image_size, const sheet_grid& grid);

/// How many cells `grid` makes across and down an image of `image_size` (0 when none fit).
[[nodiscard]] glm::ivec2 grid_cells(glm::ivec2 image_size, const sheet_grid& grid) noexcept;

}  // namespace mosaic::editor
