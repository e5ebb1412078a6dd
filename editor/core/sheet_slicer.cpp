// The Sheet Editor's model (sheet_slicer.hpp). Sections: 1. the grid's rules  2. opening
// 3. editing  4. checking and saving  5. the script verb
#include "sheet_slicer.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <optional>

#include <mosaic/engine/assets/image.hpp>
#include <mosaic/engine/assets/image_import.hpp>
#include <mosaic/engine/assets/sheet_json.hpp>
#include <mosaic/engine/scene/atomic_file.hpp>

#include "command_table.hpp"
#include "editor_state.hpp"
#include "project_path.hpp"

namespace mosaic::editor {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view sheet_suffix = ".sheet.json";
constexpr const char* default_prefix = "frame_";

std::string size_text(glm::ivec2 v) {
    return std::to_string(v.x) + " x " + std::to_string(v.y);
}

std::int64_t cells_along(std::int64_t image, std::int64_t offset, std::int64_t cell,
                         std::int64_t spacing) {
    if (cell <= 0 || offset < 0 || spacing < 0 || image - offset < cell) return 0;
    return (image - offset - cell) / (cell + spacing) + 1;
}

/// "art/hero.png" -> "art/hero.sheet.json".
std::string sheet_beside(const std::string& file) {
    fs::path p(file);
    std::string name = p.filename().string();
    for (const std::string_view ext : {".sheet.json", ".json", ".png", ".jpg", ".jpeg"}) {
        if (name.size() > ext.size() && name.ends_with(ext)) {
            name.resize(name.size() - ext.size());
            break;
        }
    }
    return (p.parent_path() / (name + std::string(sheet_suffix))).generic_string();
}

}  // namespace

// --- 1. the grid's rules ---------------------------------------------------------------------

glm::ivec2 grid_cells(glm::ivec2 image_size, const sheet_grid& g) noexcept {
    return {static_cast<int>(std::min<std::int64_t>(
                cells_along(image_size.x, g.offset.x, g.cell.x, g.spacing.x), 1 << 30)),
            static_cast<int>(std::min<std::int64_t>(
                cells_along(image_size.y, g.offset.y, g.cell.y, g.spacing.y), 1 << 30))};
}

std::vector<std::string> grid_problems(glm::ivec2 image_size, const sheet_grid& g) {
    std::vector<std::string> out;
    if (g.cell.x < 1 || g.cell.y < 1)
        out.push_back("the cell size must be at least 1 x 1 pixel (it is " + size_text(g.cell) +
                      ")");
    if (g.offset.x < 0 || g.offset.y < 0)
        out.push_back("the offset cannot be negative (it is " + size_text(g.offset) + ")");
    if (g.spacing.x < 0 || g.spacing.y < 0)
        out.push_back("the spacing cannot be negative (it is " + size_text(g.spacing) + ")");
    if (!out.empty() || image_size.x <= 0 || image_size.y <= 0) return out;
    if (g.offset.x >= image_size.x || g.offset.y >= image_size.y) {
        out.push_back("the offset (" + std::to_string(g.offset.x) + ", " +
                      std::to_string(g.offset.y) + ") is outside the " + size_text(image_size) +
                      " image");
        return out;
    }
    const glm::ivec2 cells = grid_cells(image_size, g);
    if (cells.x == 0 || cells.y == 0) {
        out.push_back("no whole cell of " + size_text(g.cell) + " fits in the " +
                      size_text(image_size) + " image from the offset (" +
                      std::to_string(g.offset.x) + ", " + std::to_string(g.offset.y) + ")");
        return out;
    }
    const std::int64_t count = std::int64_t{cells.x} * cells.y;
    if (count > static_cast<std::int64_t>(sheet_limits::max_frames))
        out.push_back("the grid makes " + std::to_string(count) + " frames, more than the cap of " +
                      std::to_string(sheet_limits::max_frames) + ": use a larger cell");
    return out;
}

// --- 2. opening ------------------------------------------------------------------------------

void sheet_slicer::reset(const fs::path& project, std::string image, std::string sheet_path) {
    *this = sheet_slicer{};
    project_ = project;
    image_ = std::move(image);
    sheet_path_ = std::move(sheet_path);
}

std::string sheet_slicer::read_image_size() {
    std::vector<std::uint8_t> bytes;
    std::string why;
    image_size_ = {0, 0};
    image_problem_.clear();
    if (!read_file_bytes(project_ / image_, image_limits::max_file_bytes, bytes, why)) {
        image_problem_ = "the image '" + image_ + "' does not read: " + why;
        return image_problem_;
    }
    const asset_result<image_header> header = read_image_header(bytes, image_);
    if (!header) {
        image_problem_ = "the image " + header.error;
        return image_problem_;
    }
    image_size_ = {header.value->width, header.value->height};
    return {};
}

std::string sheet_slicer::open_image(const fs::path& project, std::string image) {
    if (!inside_project(image)) return "'" + image + "' is not a path inside the project";
    const std::string beside = sheet_beside(image);
    // A sheet of this image already there: edit it rather than start over.
    std::error_code ec;
    if (fs::is_regular_file(project / beside, ec)) {
        sheet_slicer existing;
        if (existing.open_sheet(project, beside).empty() && existing.image_ == image) {
            *this = std::move(existing);
            return {};
        }
    }
    reset(project, std::move(image), beside);
    if (std::string why = read_image_size(); !why.empty()) return why;
    default_pivot_ = load_image_import(project_ / image_).pivot;
    sheet_.image = fs::path(image_).filename().generic_string();
    sheet_.image_size = image_size_;
    // A first guess: square cells of the image's height (a strip), else 16 pixels.
    const int side = image_size_.y <= image_size_.x ? image_size_.y : 16;
    grid_ = sheet_grid{{side, side}, {0, 0}, {0, 0}};
    slice();
    dirty_ = true;  // nothing on disk yet
    return {};
}

std::string sheet_slicer::open_sheet(const fs::path& project, std::string sheet) {
    if (!inside_project(sheet)) return "'" + sheet + "' is not a path inside the project";
    std::vector<std::uint8_t> bytes;
    std::string why;
    if (!read_file_bytes(project / sheet, sheet_limits::max_file_bytes, bytes, why))
        return "'" + sheet + "': " + why;
    const asset_result<sprite_sheet> read = read_any_sheet_json(
        std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()), sheet);
    if (!read) return read.error;
    const std::string image =
        (fs::path(sheet).parent_path() / read.value->image).lexically_normal().generic_string();
    if (!inside_project(image))
        return "'" + sheet + "': its image '" + read.value->image + "' is outside the project";
    reset(project, image, sheet.ends_with(sheet_suffix) ? sheet : sheet_beside(sheet));
    sheet_ = *read.value;
    (void)read_image_size();  // a missing image is a problem shown, not a refusal to open
    if (image_size_.x > 0) sheet_.image_size = image_size_;
    sheet_.image =
        fs::path(image_).lexically_relative(fs::path(sheet_path_).parent_path()).generic_string();
    sliced_ = sheet_.grid.has_value();
    if (sheet_.grid) {
        grid_ = *sheet_.grid;
    } else if (!sheet_.frames.empty()) {
        grid_.cell = {std::max(sheet_.frames[0].w, 1), std::max(sheet_.frames[0].h, 1)};
    }
    remember();
    if (!sheet_.frames.empty()) default_pivot_ = sheet_.frames[0].pivot;
    dirty_ = sheet_path_ != sheet;
    return {};
}

std::string sheet_slicer::set_sheet_path(std::string path) {
    if (!inside_project(path) || !path.ends_with(sheet_suffix) ||
        path.size() == sheet_suffix.size())
        return "'" + path + "' should be a NAME.sheet.json inside the project";
    sheet_path_ = fs::path(path).lexically_normal().generic_string();
    sheet_.image =
        fs::path(image_).lexically_relative(fs::path(sheet_path_).parent_path()).generic_string();
    dirty_ = true;
    return {};
}

// --- 3. editing ------------------------------------------------------------------------------

void sheet_slicer::remember() {
    if (remembered_.size() < sheet_.frames.size()) remembered_.resize(sheet_.frames.size());
    for (std::size_t i = 0; i < sheet_.frames.size(); ++i) {
        const sheet_frame& f = sheet_.frames[i];
        remembered_[i] = {f.name, f.pivot, f.duration_ms};
    }
}

void sheet_slicer::slice() {
    sheet_.frames.clear();
    sheet_.grid.reset();
    if (image_size_.x <= 0 || !grid_problems(image_size_, grid_).empty()) return;
    sheet_.frames = slice_grid(image_size_, grid_, default_prefix);
    sheet_.grid = grid_;
    for (std::size_t i = 0; i < sheet_.frames.size(); ++i) {
        sheet_frame& f = sheet_.frames[i];
        if (i < remembered_.size() && !remembered_[i].name.empty()) {
            f.name = remembered_[i].name;
            f.pivot = remembered_[i].pivot;
            f.duration_ms = remembered_[i].duration_ms;
        } else {
            f.pivot = default_pivot_;
        }
    }
    remember();
}

void sheet_slicer::set_grid(const sheet_grid& grid) {
    if (sliced_ && grid == grid_ && sheet_.grid) return;
    grid_ = grid;
    sliced_ = true;
    slice();
    dirty_ = true;
}

std::string sheet_slicer::rename(std::size_t frame, const std::string& name) {
    if (frame >= sheet_.frames.size()) return "there is no frame " + std::to_string(frame);
    if (name.empty()) return "a frame needs a name";
    if (name.size() > sheet_limits::max_name_bytes)
        return "a frame's name is at most " + std::to_string(sheet_limits::max_name_bytes) +
               " bytes";
    if (name.find_first_of("\"\\\n\r\t") != std::string::npos)
        return "a frame's name cannot hold quotes, backslashes or line breaks";
    const int other = sheet_.find_frame(name);
    if (other >= 0 && static_cast<std::size_t>(other) != frame)
        return "frame " + std::to_string(other) + " is already called '" + name + "'";
    sheet_.frames[frame].name = name;
    remember();
    dirty_ = true;
    return {};
}

void sheet_slicer::set_pivot(std::size_t frame, glm::vec2 pivot) {
    if (frame >= sheet_.frames.size()) return;
    sheet_.frames[frame].pivot = pivot;
    remember();
    dirty_ = true;
}

void sheet_slicer::set_all_pivots(glm::vec2 pivot) {
    for (sheet_frame& f : sheet_.frames) f.pivot = pivot;
    default_pivot_ = pivot;
    remember();
    dirty_ = true;
}

// --- 4. checking and saving ------------------------------------------------------------------

std::vector<std::string> sheet_slicer::problems() const {
    if (!image_problem_.empty()) return {image_problem_};
    std::vector<std::string> out;
    if (sliced_) out = grid_problems(image_size_, grid_);
    if (!out.empty()) return out;
    if (sheet_.frames.empty()) out.push_back("the sheet has no frames");
    for (std::string& p : validate_sheet(sheet_, image_size_, sheet_path_)) out.push_back(p);
    return out;
}

std::vector<std::string> sheet_slicer::notes() const {
    std::vector<std::string> out;
    if (!sliced_) {
        out.push_back(
            "the frames are the file's (no grid made them); changing the grid slices "
            "the image again");
        return out;
    }
    if (image_size_.x <= 0 || !grid_problems(image_size_, grid_).empty()) return out;
    const glm::ivec2 cells = grid_cells(image_size_, grid_);
    const glm::ivec2 used = grid_.offset + cells * grid_.cell + (cells - 1) * grid_.spacing;
    const glm::ivec2 left = image_size_ - used;
    if (left.x > 0)
        out.push_back(std::to_string(left.x) + " pixels at the right are in no whole cell");
    if (left.y > 0)
        out.push_back(std::to_string(left.y) + " pixels at the bottom are in no whole cell");
    return out;
}

std::string sheet_slicer::save() {
    if (!is_open()) return "no sheet is open";
    const std::vector<std::string> wrong = problems();
    if (!wrong.empty()) return "'" + sheet_path_ + "' was not saved: " + wrong.front();
    if (const auto error = write_file_atomically(project_ / sheet_path_, write_sheet_json(sheet_),
                                                 keep_backup::no))
        return *error;
    dirty_ = false;
    return {};
}

// --- 5. the script verb ----------------------------------------------------------------------

namespace {

std::optional<int> whole(const std::string& word) {
    int v = 0;
    const auto [ptr, ec] = std::from_chars(word.data(), word.data() + word.size(), v);
    if (ec != std::errc{} || ptr != word.data() + word.size()) return std::nullopt;
    return v;
}

MOSAIC_EDITOR_COMMAND(
    {.id = "asset.slice_sheet",
     .verb = "slice_sheet",
     .usage = "IMAGE CELL_W CELL_H [OFFSET_X OFFSET_Y [SPACING_X SPACING_Y]]",
     .help = "Cut an image into a grid of frames and save IMAGE's NAME.sheet.json",
     .run = [](command_context& c) -> std::string {
         if (std::string e = c.need(3); !e.empty()) return e;
         if (c.args.size() != 3 && c.args.size() != 5 && c.args.size() != 7)
             return "slice_sheet: expected IMAGE CELL_W CELL_H [OFFSET_X OFFSET_Y [SPACING_X "
                    "SPACING_Y]]";
         int n[6] = {0, 0, 0, 0, 0, 0};
         for (std::size_t i = 1; i < c.args.size(); ++i) {
             const auto v = whole(c.args[i]);
             if (!v) return "slice_sheet: '" + c.args[i] + "' is not a whole number";
             n[i - 1] = *v;
         }
         sheet_slicer slicer;
         if (std::string e = slicer.open_image(c.state.project_folder(), c.args[0]); !e.empty())
             return "slice_sheet: " + e;
         slicer.set_grid({{n[0], n[1]}, {n[2], n[3]}, {n[4], n[5]}});
         if (std::string e = slicer.save(); !e.empty()) return "slice_sheet: " + e;
         c.state.log().info("Saved '" + slicer.sheet_path() +
                            "': " + std::to_string(slicer.frames().size()) + " frames");
         return {};
     }});

}  // namespace

}  // namespace mosaic::editor
