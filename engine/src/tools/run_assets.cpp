// mosaic-run --validate for images, sprite sheets, animation clips, tilesets and fonts
// (run_assets.hpp).
#include "run_assets.hpp"

#include <algorithm>
#include <cctype>
#include <ostream>
#include <string>
#include <vector>

#include <mosaic/engine/animation/clip_json.hpp>
#include <mosaic/engine/assets/font.hpp>
#include <mosaic/engine/assets/image.hpp>
#include <mosaic/engine/assets/sheet_json.hpp>
#include <mosaic/engine/display_path.hpp>
#include <mosaic/engine/scene/file_formats.hpp>
#include <mosaic/engine/scene/scene_file.hpp>
#include <mosaic/engine/tilemap/tileset.hpp>

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

// Clips and tilesets name their sheet by a path relative to the project folder: the nearest
// folder above the file that holds a project manifest (the working directory when none does).
std::filesystem::path project_folder_above(const std::filesystem::path& file) {
    std::error_code ec;
    const std::filesystem::path absolute = std::filesystem::absolute(file, ec);
    for (std::filesystem::path folder = absolute.parent_path(); !folder.empty();
         folder = folder.parent_path()) {
        if (std::filesystem::is_regular_file(folder / "mosaic.project.json", ec)) return folder;
        if (folder == folder.parent_path()) break;
    }
    return {};
}

clip_sheet_source sheets_under(const std::filesystem::path& root) {
    return [root](const std::string& path) {
        std::vector<std::uint8_t> bytes;
        std::string why;
        if (!read_file_bytes(root / path, sheet_limits::max_file_bytes, bytes, why)) {
            return asset_result<sprite_sheet>::failure(path, why);
        }
        return read_any_sheet_json(
            std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()), path);
    };
}

bool read_text(const std::filesystem::path& file, const std::string& name, std::string& text,
               std::ostream& err) {
    std::vector<std::uint8_t> bytes;
    std::string why;
    if (!read_file_bytes(file, clip_limits::max_file_bytes, bytes, why)) {
        err << "mosaic-run: '" << name << "': " << why << '\n';
        return false;
    }
    text.assign(bytes.begin(), bytes.end());
    return true;
}

const char* wrap_name(clip_wrap wrap) {
    switch (wrap) {
        case clip_wrap::loop:
            return "loop";
        case clip_wrap::once:
            return "once";
        case clip_wrap::ping_pong:
            return "ping-pong";
    }
    return "?";
}

int validate_clip_file(const std::filesystem::path& file, const std::string& name,
                       std::ostream& out, std::ostream& err) {
    std::string text;
    if (!read_text(file, name, text, err)) return exit_file_error;
    const auto clip = read_clip_json(text, name, sheets_under(project_folder_above(file)));
    if (!clip) {
        err << "mosaic-run: " << clip.error << '\n';
        return exit_file_error;
    }
    std::size_t keys = 0;
    for (const clip_track& track : clip.value->tracks) keys += track.keys.size();
    out << name << ": animation clip, " << clip.value->length << " s, "
        << wrap_name(clip.value->wrap) << ", " << clip.value->tracks.size() << " tracks (" << keys
        << " keys), " << clip.value->events.size() << " events\n";
    for (const clip_track& track : clip.value->tracks) {
        out << "  " << track.label() << ": " << track.keys.size() << " keys\n";
    }
    // Whether each track's component and field exist depends on the game's registration
    // table: a scene run (or the editor) checks them and names the clip and the track.
    return exit_ok;
}

int validate_tileset_file(const std::filesystem::path& file, const std::string& name,
                          std::ostream& out, std::ostream& err) {
    std::string text;
    if (!read_text(file, name, text, err)) return exit_file_error;
    const auto tiles = read_tileset_json(text, name, sheets_under(project_folder_above(file)));
    if (!tiles) {
        err << "mosaic-run: " << tiles.error << '\n';
        return exit_file_error;
    }
    const auto solid =
        std::count(tiles.value->solid.begin(), tiles.value->solid.end(), std::uint8_t{1});
    out << name << ": tileset of " << tiles.value->sheet << ", " << tiles.value->names.size()
        << " tiles, " << solid << " solid\n";
    return exit_ok;
}

}  // namespace

bool is_asset_path(const std::filesystem::path& file) {
    // Images and fonts by name; any other JSON that is not a document (a packer's sheet has
    // no ending of its own) is checked as an asset too (the table: file_formats.hpp).
    std::string name = file.filename().string();
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const file_format* format = file_format_of_name(name);
    if (format && (format->kind == file_kind::image || format->kind == file_kind::font))
        return true;
    const bool document =
        format && (format->kind == file_kind::scene || format->kind == file_kind::prefab ||
                   format->kind == file_kind::archetype);
    return lower_extension(file) == ".json" && !document && name != "mosaic.project.json";
}

int validate_asset(const std::filesystem::path& file, std::ostream& out, std::ostream& err) {
    const std::string name = display_path(file);
    const std::string ext = lower_extension(file);
    if (is_clip_path(file.filename().string())) return validate_clip_file(file, name, out, err);
    if (is_tileset_path(file.filename().string())) {
        return validate_tileset_file(file, name, out, err);
    }
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
