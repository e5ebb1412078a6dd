// mosaic-run --validate for images, sprite sheets and fonts (run_assets.hpp).
#include "run_assets.hpp"

#include <algorithm>
#include <cctype>
#include <ostream>
#include <string>
#include <vector>

#include <mosaic/engine/assets/font.hpp>
#include <mosaic/engine/assets/image.hpp>
#include <mosaic/engine/assets/sheet_json.hpp>
#include <mosaic/engine/display_path.hpp>
#include <mosaic/engine/scene/scene_file.hpp>

#include "run_commands.hpp"

namespace mosaic::tools {

namespace {

std::string lower_extension(const std::filesystem::path& file) {
    std::string ext = file.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return ext;
}

int validate_sheet_file(const std::filesystem::path& file, const std::string& name,
                        std::ostream& out, std::ostream& err) {
    std::vector<std::uint8_t> bytes;
    std::string why;
    if (!read_file_bytes(file, sheet_limits::max_file_bytes, bytes, why)) {
        err << "mosaic-run: '" << name << "': " << why << '\n';
        return exit_file_error;
    }
    const auto sheet = read_any_sheet_json(
        std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()), name);
    if (!sheet) {
        err << "mosaic-run: " << sheet.error << '\n';
        return exit_file_error;
    }
    const std::string& image_name = sheet.value->image;  // as the sheet names it
    const auto image = load_image_file(file.parent_path() / sheet.value->image, image_name);
    if (!image) {
        err << "mosaic-run: '" << name << "': its image " << image.error << '\n';
        return exit_file_error;
    }
    const glm::ivec2 size{image.value->width, image.value->height};
    const std::vector<std::string> problems = validate_sheet(*sheet.value, size, name);
    for (const std::string& problem : problems) err << "mosaic-run: " << problem << '\n';
    if (!problems.empty()) return exit_file_error;
    out << name << ": sprite sheet of " << image_name << " (" << size.x << "x" << size.y << "), "
        << sheet.value->frames.size() << " frames, " << sheet.value->tags.size() << " tags\n";
    for (std::size_t i = 0; i < sheet.value->frames.size() && i < 64; ++i) {
        const sheet_frame& f = sheet.value->frames[i];
        out << "  " << i << "  " << f.name << "  [" << f.x << ", " << f.y << ", " << f.w << ", "
            << f.h << "]  " << f.duration_ms << " ms\n";
    }
    if (sheet.value->frames.size() > 64) {
        out << "  ... and " << sheet.value->frames.size() - 64 << " more\n";
    }
    for (const sheet_tag& tag : sheet.value->tags) {
        out << "  tag " << tag.name << ": frames " << tag.from << " to " << tag.to << '\n';
    }
    return exit_ok;
}

}  // namespace

bool is_asset_path(const std::filesystem::path& file) {
    const std::string ext = lower_extension(file);
    if (ext == ".png" || ext == ".jpg" || ext == ".jpeg" || ext == ".ttf" || ext == ".otf") {
        return true;
    }
    return ext == ".json" && !scene_format_of(file) && !is_prefab_path(file) &&
           !is_archetype_path(file) && file.filename() != "mosaic.project.json";
}

int validate_asset(const std::filesystem::path& file, std::ostream& out, std::ostream& err) {
    const std::string name = display_path(file);
    const std::string ext = lower_extension(file);
    if (ext == ".json") return validate_sheet_file(file, name, out, err);
    if (ext == ".ttf" || ext == ".otf") {
        const auto font = load_font_file(file, name);
        if (!font) {
            err << "mosaic-run: " << font.error << '\n';
            return exit_file_error;
        }
        out << name << ": font, " << font_atlas::count << " glyphs baked at "
            << font_atlas::bake_pixels << " px (line height " << font.value->line_height()
            << " px)\n";
        return exit_ok;
    }
    const auto image = load_image_file(file, name);
    if (!image) {
        err << "mosaic-run: " << image.error << '\n';
        return exit_file_error;
    }
    out << name << ": image " << image.value->width << "x" << image.value->height << '\n';
    return exit_ok;
}

}  // namespace mosaic::tools
