// Reading *.tileset.json (tileset.hpp describes the format) and the Tilesets cache.
#include "serialization/json_support.hpp"  // first: cereal sets how rapidjson asserts

#include <mosaic/engine/tilemap/tileset.hpp>

#include <fstream>

#include <mosaic/engine/assets/sheet_json.hpp>
#include <mosaic/engine/scene/file_formats.hpp>

namespace mosaic {

std::int32_t tileset::find(std::string_view name) const noexcept {
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (names[i] == name) return static_cast<std::int32_t>(i + 1);
    }
    return 0;
}

asset_result<tileset> read_tileset_json(std::string_view text, std::string_view file,
                                        const clip_sheet_source& sheets) {
    using result = asset_result<tileset>;
    if (text.size() > clip_limits::max_file_bytes)
        return result::failure(file, "the file is " + std::to_string(text.size()) +
                                         " bytes, more than the cap of " +
                                         std::to_string(clip_limits::max_file_bytes));
    rapidjson::Document doc;
    if (const auto failure = detail::parse_json(text, doc)) {
        const auto [line, column] = detail::line_column(text, failure->offset);
        return result::failure(file, "line " + std::to_string(line) + ":" + std::to_string(column) +
                                         ": " + failure->message);
    }
    const rapidjson::Value& root = doc;  // const iterators compare unambiguously under clang
    if (!root.IsObject()) return result::failure(file, "the file should hold an object {...}");
    const auto version = root.FindMember("version");
    if (version == root.MemberEnd() || !version->value.IsInt() || version->value.GetInt() != 1)
        return result::failure(file, "\"version\": 1 is missing (the only version this reads)");
    const auto sheet = root.FindMember("sheet");
    if (sheet == root.MemberEnd() || !sheet->value.IsString() || detail::has_nul(sheet->value))
        return result::failure(file, "\"sheet\" should name the sprite sheet of the tiles");
    tileset out;
    out.sheet.assign(sheet->value.GetString(), sheet->value.GetStringLength());
    if (!sheets) return result::failure(file, "sheet: no sheets can be read here");
    const asset_result<sprite_sheet> frames = sheets(out.sheet);
    if (!frames) return result::failure(file, "sheet '" + out.sheet + "': " + frames.why);
    for (const sheet_frame& f : frames.value->frames) out.names.push_back(f.name);
    out.tiles.resize(out.names.size());
    const auto tiles = root.FindMember("tiles");
    if (tiles != root.MemberEnd()) {
        if (!tiles->value.IsObject())
            return result::failure(file, "\"tiles\" should be an object {\"frame name\": {...}}");
        for (const auto& m : tiles->value.GetObject()) {
            const std::string name(m.name.GetString(), m.name.GetStringLength());
            const std::int32_t n = out.find(name);
            if (n == 0)
                return result::failure(file, "tiles.\"" + name + "\": the sheet '" + out.sheet +
                                                 "' has no frame of that name");
            tile_properties& p = out.tiles[static_cast<std::size_t>(n) - 1];
            if (!m.value.IsObject())
                return result::failure(file, "tiles.\"" + name + "\" should be an object {...}");
            if (const auto solid = m.value.FindMember("solid"); solid != m.value.MemberEnd()) {
                if (!solid->value.IsBool())
                    return result::failure(file,
                                           "tiles.\"" + name + "\".solid should be true or false");
                p.solid = solid->value.GetBool();
            }
            if (const auto tags = m.value.FindMember("tags"); tags != m.value.MemberEnd()) {
                if (!tags->value.IsArray() || tags->value.Size() > 64)
                    return result::failure(
                        file, "tiles.\"" + name + "\".tags should be a list of up to 64 texts");
                for (const auto& tag : tags->value.GetArray()) {
                    if (!tag.IsString() || detail::has_nul(tag) || tag.GetStringLength() > 256)
                        return result::failure(file,
                                               "tiles.\"" + name + "\".tags should hold texts");
                    p.tags.emplace_back(tag.GetString(), tag.GetStringLength());
                }
            }
        }
    }
    for (const tile_properties& p : out.tiles) out.solid.push_back(p.solid ? 1 : 0);
    return result::success(std::move(out));
}

namespace {

std::string read_file(const std::filesystem::path& file, std::size_t cap, std::string& why) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(file, ec);
    if (ec) {
        why = "the file cannot be read (" + ec.message() + ")";
        return {};
    }
    if (size > cap) {
        why = "the file is " + std::to_string(size) + " bytes, more than the cap of " +
              std::to_string(cap);
        return {};
    }
    std::ifstream in(file, std::ios::binary);
    std::string text(static_cast<std::size_t>(size), '\0');
    if (!in.read(text.data(), static_cast<std::streamsize>(size))) why = "the file cannot be read";
    return text;
}

}  // namespace

const tileset* Tilesets::get(std::string_view path, std::vector<std::string>& warnings) {
    const std::string key(path);
    auto found = loaded_.find(key);
    if (found == loaded_.end()) {
        std::string why;
        const std::string text = read_file(root / key, clip_limits::max_file_bytes, why);
        asset_result<tileset> read;
        if (why.empty()) {
            const clip_sheet_source sheets = [this](const std::string& sheet) {
                std::string problem;
                const std::string sheet_text =
                    read_file(root / sheet, sheet_limits::max_file_bytes, problem);
                if (!problem.empty()) return asset_result<sprite_sheet>::failure(sheet, problem);
                return read_any_sheet_json(sheet_text, sheet);
            };
            read = read_tileset_json(text, key, sheets);
        } else {
            read = asset_result<tileset>::failure(key, why);
        }
        std::shared_ptr<const tileset> entry;
        if (read) {
            entry = std::make_shared<const tileset>(std::move(*read.value));
        } else {
            warnings.push_back("tilemap: " + read.error +
                               "; its tiles draw as placeholders and do not collide");
        }
        found = loaded_.emplace(key, std::move(entry)).first;
    }
    return found->second.get();
}

void Tilesets::put(std::string path, tileset t) {
    loaded_[std::move(path)] = std::make_shared<const tileset>(std::move(t));
    ++generation_;
}

void Tilesets::forget(std::string_view path) {
    loaded_.erase(std::string(path));
    ++generation_;
}

bool is_tileset_path(std::string_view path) noexcept {
    const file_format* format = file_format_of_name(path);
    return format && format->kind == file_kind::tileset;
}

}  // namespace mosaic
