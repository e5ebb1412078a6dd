// The sprite sheet model's rules: grid slicing and validation (sprite_sheet.hpp).
#include <mosaic/engine/assets/sprite_sheet.hpp>

#include <cmath>
#include <cstdint>
#include <unordered_map>

namespace mosaic {

int sprite_sheet::find_frame(std::string_view name) const noexcept {
    for (std::size_t i = 0; i < frames.size(); ++i) {
        if (frames[i].name == name) return static_cast<int>(i);
    }
    return -1;
}

std::vector<sheet_frame> slice_grid(glm::ivec2 image_size, const sheet_grid& grid,
                                    std::string_view prefix) {
    std::vector<sheet_frame> frames;
    if (grid.cell.x <= 0 || grid.cell.y <= 0 || grid.offset.x < 0 || grid.offset.y < 0 ||
        grid.spacing.x < 0 || grid.spacing.y < 0 || image_size.x <= 0 || image_size.y <= 0) {
        return frames;
    }
    // 64-bit steps: a hostile grid cannot overflow, and the frame cap bounds the loop.
    const std::int64_t step_x = std::int64_t{grid.cell.x} + grid.spacing.x;
    const std::int64_t step_y = std::int64_t{grid.cell.y} + grid.spacing.y;
    for (std::int64_t y = grid.offset.y; y + grid.cell.y <= image_size.y; y += step_y) {
        for (std::int64_t x = grid.offset.x; x + grid.cell.x <= image_size.x; x += step_x) {
            if (frames.size() >= sheet_limits::max_frames) return frames;
            sheet_frame f;
            f.name = std::string(prefix) + std::to_string(frames.size());
            f.x = static_cast<int>(x);
            f.y = static_cast<int>(y);
            f.w = grid.cell.x;
            f.h = grid.cell.y;
            frames.push_back(std::move(f));
        }
    }
    return frames;
}

std::vector<std::string> validate_sheet(const sprite_sheet& sheet, glm::ivec2 image_size,
                                        std::string_view file) {
    std::vector<std::string> problems;
    const std::string where = "'" + std::string(file) + "'";
    const auto frame_label = [&](std::size_t i) {
        return where + ", frame " + std::to_string(i) + " '" + sheet.frames[i].name + "'";
    };
    if (sheet.frames.size() > sheet_limits::max_frames) {
        problems.push_back(where + ": " + std::to_string(sheet.frames.size()) +
                           " frames, more than the cap of " +
                           std::to_string(sheet_limits::max_frames));
        return problems;
    }
    std::unordered_map<std::string_view, std::size_t> first_with_name;
    for (std::size_t i = 0; i < sheet.frames.size(); ++i) {
        const sheet_frame& f = sheet.frames[i];
        if (f.name.empty()) problems.push_back(frame_label(i) + ": the frame has no name");
        if (f.name.size() > sheet_limits::max_name_bytes) {
            problems.push_back(frame_label(i) + ": the name is longer than " +
                               std::to_string(sheet_limits::max_name_bytes) + " bytes");
        }
        if (const auto [it, added] = first_with_name.emplace(f.name, i);
            !added && !f.name.empty()) {
            problems.push_back(frame_label(i) + ": the name is already used by frame " +
                               std::to_string(it->second));
        }
        if (f.w <= 0 || f.h <= 0) {
            problems.push_back(frame_label(i) + ": the frame is empty (" + std::to_string(f.w) +
                               "x" + std::to_string(f.h) + ")");
        }
        if (f.x < 0 || f.y < 0) {
            problems.push_back(frame_label(i) + ": the frame starts left of or above the image (" +
                               std::to_string(f.x) + ", " + std::to_string(f.y) + ")");
        }
        if (image_size.x > 0 && image_size.y > 0 &&
            (std::int64_t{f.x} + f.w > image_size.x || std::int64_t{f.y} + f.h > image_size.y)) {
            problems.push_back(frame_label(i) + ": the frame [" + std::to_string(f.x) + ", " +
                               std::to_string(f.y) + ", " + std::to_string(f.w) + ", " +
                               std::to_string(f.h) + "] reaches outside the " +
                               std::to_string(image_size.x) + "x" + std::to_string(image_size.y) +
                               " image");
        }
        if (!std::isfinite(f.pivot.x) || !std::isfinite(f.pivot.y)) {
            problems.push_back(frame_label(i) + ": the pivot is not a number");
        }
        if (f.duration_ms < 0) problems.push_back(frame_label(i) + ": the duration is negative");
    }
    const int count = static_cast<int>(sheet.frames.size());
    for (const sheet_tag& tag : sheet.tags) {
        if (tag.from < 0 || tag.to < tag.from || tag.to >= count) {
            problems.push_back(where + ", tag '" + tag.name + "': frames " +
                               std::to_string(tag.from) + " to " + std::to_string(tag.to) +
                               " are not frames of the sheet (it has " + std::to_string(count) +
                               ")");
        }
    }
    return problems;
}

}  // namespace mosaic
