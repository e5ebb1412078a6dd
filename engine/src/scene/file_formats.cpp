// The table of file formats (file_formats.hpp says why there is one). The endings are the
// names users see in the README's tables; the scene rows point at the codecs.
#include "mosaic/engine/scene/file_formats.hpp"

#include <array>

#include "mosaic/engine/scene/scene_binary.hpp"

namespace mosaic {

namespace {

load_result<scene> read_json(std::string_view bytes, const component_table& table,
                             const std::string& label, const load_progress& progress) {
    return load_scene_json(bytes, table, label, progress);
}

std::vector<diagnostic> write_json(scene& s, const component_table& table, std::ostream& out) {
    return save_scene_json(s, table, out);
}

load_result<scene> read_binary(std::string_view bytes, const component_table& table,
                               const std::string& label, const load_progress& progress) {
    return load_scene_binary(bytes, table, label, progress);
}

std::vector<diagnostic> write_binary(scene& s, const component_table& table, std::ostream& out) {
    return save_scene_binary(s, table, out);
}

const std::array<file_format, 13> formats{{
    {file_kind::scene, ".scene.json", "scene (JSON)", "", scene_file_format::json, read_json,
     write_json},
    {file_kind::scene, ".scene.bin", "scene (binary)", binary_scene_magic,
     scene_file_format::binary, read_binary, write_binary},
    {file_kind::prefab, ".prefab.json", "prefab", ""},
    {file_kind::archetype, ".archetype.json", "archetype", ""},
    {file_kind::replay, ".mosaic-replay", "replay", ""},
    {file_kind::sprite_sheet, ".sheet.json", "sprite sheet", ""},
    {file_kind::clip, ".clip.json", "animation clip", ""},
    {file_kind::tileset, ".tileset.json", "tileset", ""},
    {file_kind::image, ".png", "image (PNG)", "\x89PNG"},
    {file_kind::image, ".jpg", "image (JPEG)", "\xFF\xD8\xFF"},
    {file_kind::image, ".jpeg", "image (JPEG)", "\xFF\xD8\xFF"},
    {file_kind::font, ".ttf", "font (TrueType)", ""},
    {file_kind::font, ".otf", "font (OpenType)", ""},
}};

}  // namespace

std::span<const file_format> file_formats() {
    return formats;
}

const file_format* file_format_of(const std::filesystem::path& path) {
    return file_format_of_name(path.filename().string());
}

const file_format* file_format_of_name(std::string_view name) noexcept {
    const file_format* best = nullptr;
    for (const file_format& f : formats) {
        const bool matches = name.size() > f.ending.size() && name.ends_with(f.ending);
        if (matches && (!best || f.ending.size() > best->ending.size())) best = &f;
    }
    return best;
}

const file_format& scene_format_of_bytes(std::string_view bytes) {
    const file_format* text = nullptr;
    for (const file_format& f : formats) {
        if (!f.is_scene()) continue;
        if (f.magic.empty()) {
            if (!text) text = &f;
        } else if (bytes.starts_with(f.magic)) {
            return f;
        }
    }
    return *text;
}

const file_format& scene_format_row(scene_file_format format) {
    for (const file_format& f : formats) {
        if (f.is_scene() && f.scene_format == format) return f;
    }
    return formats.front();  // every scene_file_format has a row (FileFormats test)
}

std::string name_without_ending(const std::filesystem::path& path) {
    const std::string name = path.filename().string();
    if (const file_format* f = file_format_of(path))
        return name.substr(0, name.size() - f->ending.size());
    return path.stem().string();
}

}  // namespace mosaic
