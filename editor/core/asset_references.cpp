// Sections: 1. JSON text  2. components and scenes in memory  3. the project's files
#include "asset_references.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>

#include <mosaic/ecs/field_kinds.hpp>
#include <mosaic/engine/scene/atomic_file.hpp>
#include <mosaic/engine/scene/scene_file.hpp>

#include "asset_browser.hpp"

namespace mosaic::editor {

namespace fs = std::filesystem;

namespace {

// --- 1. JSON text ----------------------------------------------------------------------------

/// A string token's text without its quotes, escapes decoded (\uXXXX as UTF-8).
std::string decode_json_string(std::string_view raw) {
    std::string out;
    out.reserve(raw.size());
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] != '\\' || i + 1 >= raw.size()) {
            out += raw[i];
            continue;
        }
        const char c = raw[++i];
        switch (c) {
            case 'b':
                out += '\b';
                break;
            case 'f':
                out += '\f';
                break;
            case 'n':
                out += '\n';
                break;
            case 'r':
                out += '\r';
                break;
            case 't':
                out += '\t';
                break;
            case 'u': {
                if (i + 4 >= raw.size()) {
                    out += "\\u";
                    break;
                }
                unsigned code = 0;
                bool ok = true;
                for (std::size_t k = 1; k <= 4; ++k) {
                    const char h = raw[i + k];
                    code <<= 4;
                    if (h >= '0' && h <= '9')
                        code |= static_cast<unsigned>(h - '0');
                    else if (h >= 'a' && h <= 'f')
                        code |= static_cast<unsigned>(h - 'a' + 10);
                    else if (h >= 'A' && h <= 'F')
                        code |= static_cast<unsigned>(h - 'A' + 10);
                    else
                        ok = false;
                }
                if (!ok) {
                    out += "\\u";
                    break;
                }
                i += 4;
                // Surrogates are kept as they are: no path of ours has one.
                if (code < 0x80) {
                    out += static_cast<char>(code);
                } else if (code < 0x800) {
                    out += static_cast<char>(0xC0 | (code >> 6));
                    out += static_cast<char>(0x80 | (code & 0x3F));
                } else {
                    out += static_cast<char>(0xE0 | (code >> 12));
                    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
                    out += static_cast<char>(0x80 | (code & 0x3F));
                }
                break;
            }
            default:
                out += c;
                break;  // \" \\ \/
        }
    }
    return out;
}

/// `text` as a JSON string token's contents (without the quotes).
std::string encode_json_string(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            static constexpr char hex[] = "0123456789abcdef";
            out += "\\u00";
            out += hex[(c >> 4) & 0xF];
            out += hex[c & 0xF];
        } else {
            out += c;
        }
    }
    return out;
}

/// The folder of a relative '/'-separated path ("art/a.png" -> "art", "a.png" -> "").
std::string folder_of(std::string_view relative) {
    const std::size_t slash = relative.rfind('/');
    return slash == std::string_view::npos ? std::string() : std::string(relative.substr(0, slash));
}

/// `value` (relative to the folder `folder`) as a path relative to the project.
std::string resolve_in(std::string_view folder, std::string_view value) {
    const fs::path joined = (fs::path(std::string(folder)) / std::string(value)).lexically_normal();
    return joined.generic_string();
}

/// `target` (relative to the project) as seen from the folder `folder`.
std::string relative_from(std::string_view folder, std::string_view target) {
    return fs::path(std::string(target))
        .lexically_relative(folder.empty() ? fs::path(".") : fs::path(std::string(folder)))
        .generic_string();
}

}  // namespace

namespace {

/// Calls `f(key, depth, value)` for every string value of `text` (not keys: `key` is the key
/// it is the value of, "" in an array) and puts what `f` returns in its place.
template <class F>
json_rewrite rewrite_json_strings(std::string_view text, F&& f) {
    json_rewrite out;
    // Only the string tokens matter: outside them, the one character that starts something
    // to look at is '"'. Keys are strings followed by ':'.
    std::string key;
    std::size_t copied = 0;  // text[0, copied) is in out.text
    int depth = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '{' || c == '[') {
            ++depth;
            key.clear();
            continue;
        }
        if (c == '}' || c == ']') {
            if (--depth < 0) {
                out.error = "unbalanced brackets at byte " + std::to_string(i);
                break;
            }
            continue;
        }
        if (c != '"') continue;
        std::size_t end = i + 1;
        while (end < text.size() && text[end] != '"') end += text[end] == '\\' ? 2 : 1;
        if (end >= text.size()) {
            out.error = "a string that does not end, from byte " + std::to_string(i);
            break;
        }
        const std::string_view raw = text.substr(i + 1, end - i - 1);
        std::size_t after = end + 1;
        while (after < text.size() && (text[after] == ' ' || text[after] == '\t' ||
                                       text[after] == '\n' || text[after] == '\r'))
            ++after;
        const bool is_key = after < text.size() && text[after] == ':';
        const std::string value = decode_json_string(raw);
        if (is_key) {
            key = value;
        } else {
            if (const std::optional<std::string> replacement = f(key, depth, value)) {
                out.text.append(text.substr(copied, i + 1 - copied));
                out.text += encode_json_string(*replacement);
                copied = end;
                ++out.references;
            }
            key.clear();
        }
        i = end;
    }
    if (out.error.empty() && depth != 0) out.error = "unbalanced brackets at the end";
    if (!out.error.empty()) {
        out.references = 0;
        out.text = std::string(text);
        return out;
    }
    out.text.append(text.substr(copied));
    return out;
}

}  // namespace

json_rewrite rewrite_json_references(std::string_view text, const asset_move& move,
                                     std::string_view file_from, std::string_view file_to,
                                     bool sheet) {
    const std::string folder_before = folder_of(file_from);
    const std::string folder_after = folder_of(file_to);
    return rewrite_json_strings(text, [&](const std::string& key, int, const std::string& value) {
        std::optional<std::string> replacement;
        if (sheet && key == "image" && !value.empty()) {
            // Relative to the sheet: the picture it names, seen from where the sheet is now.
            const std::string names = resolve_in(folder_before, value);
            if (names != move.from && folder_before == folder_after) return replacement;
            const std::string target = names == move.from ? move.to : names;
            const std::string written = relative_from(folder_after, target);
            if (written != value) replacement = written;
        } else if (value == move.from) {
            replacement = move.to;
        }
        return replacement;
    });
}

json_rewrite rewrite_json_name(std::string_view text, std::string_view from, std::string_view to) {
    return rewrite_json_strings(
        text, [&](const std::string& key, int depth, const std::string& value) {
            return depth == 1 && key == "name" && value == from ? std::optional<std::string>(to)
                                                                : std::nullopt;
        });
}

// --- 2. components and scenes in memory ------------------------------------------------------

std::size_t rewrite_component_bytes(const component_info& info, void* value,
                                    const asset_move& move) {
    std::size_t changed = 0;
    for (const field_info& f : info.fields) {
        if (f.kind != field_kind::asset_path) continue;
        for (std::uint32_t k = 0; k < f.count; ++k) {
            auto* path = static_cast<char*>(f.address(value, k));
            const std::string_view now(path, ::strnlen(path, f.size));
            if (now != move.from || move.to.size() >= f.size) continue;
            std::memset(path, 0, f.size);
            std::memcpy(path, move.to.data(), move.to.size());
            ++changed;
        }
    }
    return changed;
}

namespace {

/// Calls f(info, value) for every component with asset fields of every entity of `w`.
template <class World, class F>
void each_asset_component(World& w, const component_table& table, F&& f) {
    for (const component_info* info : table.all()) {
        const bool has_assets =
            std::any_of(info->fields.begin(), info->fields.end(),
                        [](const field_info& fi) { return fi.kind == field_kind::asset_path; });
        if (!has_assets || info->size == 0) continue;
        auto* pool = w.pool(info->type);
        if (pool == nullptr) continue;
        for (std::uint32_t i = 0; i < pool->size(); ++i) f(*info, pool->value_at(i));
    }
}

std::size_t count_in_component(const component_info& info, const void* value,
                               std::string_view path) {
    std::size_t n = 0;
    for (const field_info& f : info.fields) {
        if (f.kind != field_kind::asset_path) continue;
        for (std::uint32_t k = 0; k < f.count; ++k) {
            const auto* p = static_cast<const char*>(f.address(value, k));
            if (std::string_view(p, ::strnlen(p, f.size)) == path) ++n;
        }
    }
    return n;
}

}  // namespace

std::size_t rewrite_scene_references(scene& s, const component_table& table,
                                     const asset_move& move) {
    std::size_t changed = 0;
    each_asset_component(s.world, table, [&](const component_info& info, void* value) {
        changed += rewrite_component_bytes(info, value, move);
    });
    for (auto& [id, kept] : s.unknown) {
        for (unknown_component& u : kept) {
            json_rewrite r = rewrite_json_references(u.json, move, "", "");
            changed += r.references;
            if (r.references > 0) u.json = std::move(r.text);
        }
    }
    for (auto& [id, json] : s.prefab_overrides) {
        json_rewrite r = rewrite_json_references(json, move, "", "");
        changed += r.references;
        if (r.references > 0) json = std::move(r.text);
    }
    return changed;
}

std::size_t count_scene_references(const scene& s, const component_table& table,
                                   std::string_view path) {
    std::size_t n = 0;
    each_asset_component(s.world, table, [&](const component_info& info, const void* value) {
        n += count_in_component(info, value, path);
    });
    const asset_move probe{std::string(path), std::string(path) + "?"};
    for (const auto& [id, kept] : s.unknown)
        for (const unknown_component& u : kept)
            n += rewrite_json_references(u.json, probe, "", "").references;
    for (const auto& [id, json] : s.prefab_overrides)
        n += rewrite_json_references(json, probe, "", "").references;
    return n;
}

// --- 3. the project's files ------------------------------------------------------------------

std::size_t project_rewrite::files_updated() const noexcept {
    return static_cast<std::size_t>(std::count_if(
        files.begin(), files.end(),
        [](const file_references& f) { return f.error.empty() && f.references > 0; }));
}

std::size_t project_rewrite::references() const noexcept {
    std::size_t n = 0;
    for (const file_references& f : files)
        if (f.error.empty()) n += f.references;
    return n;
}

std::vector<std::string> project_rewrite::errors() const {
    std::vector<std::string> out;
    for (const file_references& f : files)
        if (!f.error.empty()) out.push_back(f.file + ": " + f.error);
    return out;
}

std::vector<std::string> reference_holders(const fs::path& project) {
    asset_browser browser;
    browser.scan(project);
    std::vector<std::string> out;
    for (const asset_entry& e : browser.entries()) {
        switch (e.kind) {
            case asset_kind::scene:
            case asset_kind::prefab:
            case asset_kind::archetype:
            case asset_kind::clip:
            case asset_kind::sheet:
            case asset_kind::tileset:
                out.push_back(e.relative);
                break;
            case asset_kind::other:
                if (e.relative == "mosaic.project.json") out.push_back(e.relative);
                break;
            case asset_kind::folder:
            case asset_kind::image:
            case asset_kind::font:
                break;
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

namespace {

file_references rewrite_binary_scene(const fs::path& file, const std::string& relative,
                                     const asset_move& move, const component_table* table,
                                     bool dry_run) {
    file_references r{relative, 0, {}};
    if (table == nullptr) {
        r.error = "a binary scene, not read without the project's components";
        return r;
    }
    load_result<scene> loaded = load_scene_file(file, *table);
    if (!loaded.ok()) {
        const diagnostic* e = loaded.error();
        r.error = "does not load (" + (e ? e->message : std::string("unknown error")) +
                  "): references not rewritten";
        return r;
    }
    if (dry_run) {
        r.references = count_scene_references(*loaded.value, *table, move.from);
        return r;
    }
    r.references = rewrite_scene_references(*loaded.value, *table, move);
    if (r.references == 0) return r;
    for (const diagnostic& d : save_scene_file(*loaded.value, *table, file)) {
        if (d.severity == diagnostic::level::error) {
            r.error = "cannot be written: " + d.message;
            break;
        }
    }
    return r;
}

}  // namespace

project_rewrite rewrite_project_references(const fs::path& project, const asset_move& move,
                                           const component_table* table, bool dry_run) {
    project_rewrite out;
    for (const std::string& relative : reference_holders(project)) {
        const fs::path file = project / relative;
        // The asset moved is listed under its new path; the old one is where its folder was.
        const bool is_moved = relative == move.to;
        const std::string file_from = is_moved ? move.from : relative;
        const auto format = scene_format_of(file);
        if (format && *format == scene_file_format::binary) {
            file_references r = rewrite_binary_scene(file, relative, move, table, dry_run);
            if (r.references > 0 || !r.error.empty()) out.files.push_back(std::move(r));
            continue;
        }
        const file_contents contents = read_file(file);
        if (!contents.ok()) {
            out.files.push_back({relative, 0, contents.message});
            continue;
        }
        const bool sheet = classify_asset(file) == asset_kind::sheet;
        json_rewrite r = rewrite_json_references(contents.bytes, move, file_from, relative, sheet);
        if (!r.error.empty()) {
            // A broken file names nothing we can find; say so only when it might.
            if (contents.bytes.find(fs::path(move.from).filename().string()) != std::string::npos)
                out.files.push_back({relative, 0, "not rewritten: " + r.error});
            continue;
        }
        if (r.references == 0) continue;
        file_references done{relative, r.references, {}};
        if (!dry_run) {
            if (auto error = write_file_atomically(file, r.text, keep_backup::no))
                done.error = *error;
        }
        out.files.push_back(std::move(done));
    }
    return out;
}

std::optional<std::string> bad_asset_path(std::string_view relative) {
    if (relative.empty()) return "an empty path";
    if (relative.find('\\') != std::string_view::npos) return "use '/' between folders";
    if (relative.front() == '/' || fs::path(std::string(relative)).is_absolute())
        return "a path relative to the project folder is expected";
    if (relative.back() == '/') return "a file name is expected after the last '/'";
    std::size_t start = 0;
    while (start <= relative.size()) {
        std::size_t end = relative.find('/', start);
        if (end == std::string_view::npos) end = relative.size();
        const std::string_view part = relative.substr(start, end - start);
        if (part.empty() || part == "." || part == "..")
            return "'" + std::string(part) + "' is not a folder or file name";
        if (part.front() == '.') return "names starting with '.' are hidden from the project";
        start = end + 1;
    }
    return std::nullopt;
}

std::vector<std::string> side_files_of(std::string_view relative) {
    return {std::string(relative) + ".import.json"};
}

}  // namespace mosaic::editor
