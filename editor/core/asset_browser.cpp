#include "asset_browser.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <fstream>
#include <system_error>

#include <mosaic/engine/scene/file_formats.hpp>

namespace mosaic::editor {

namespace fs = std::filesystem;

namespace {

std::string lower(std::string_view text) {
    std::string out(text);
    for (char& c : out) c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    return out;
}

/// The words of a search, lower case.
std::vector<std::string> words_of(std::string_view search) {
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < search.size()) {
        while (i < search.size() && search[i] == ' ') ++i;
        std::size_t end = i;
        while (end < search.size() && search[end] != ' ') ++end;
        if (end > i) out.push_back(lower(search.substr(i, end - i)));
        i = end;
    }
    return out;
}

/// A plain .json holding "frames" in its first 4 KiB: an Aseprite or TexturePacker export.
bool looks_like_packed_sheet(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::array<char, 4096> head{};
    in.read(head.data(), head.size());
    const std::string_view text(head.data(), static_cast<std::size_t>(in.gcount()));
    return text.find("\"frames\"") != std::string_view::npos;
}

std::int64_t stamp_of(const fs::directory_entry& entry) {
    std::error_code ec;
    const auto t = entry.last_write_time(ec);
    return ec ? 0
              : std::chrono::duration_cast<std::chrono::nanoseconds>(t.time_since_epoch()).count();
}

}  // namespace

std::string_view asset_kind_label(asset_kind k) noexcept {
    switch (k) {
        case asset_kind::folder:
            return "Folders";
        case asset_kind::image:
            return "Images";
        case asset_kind::sheet:
            return "Sprite sheets";
        case asset_kind::clip:
            return "Animation clips";
        case asset_kind::tileset:
            return "Tilesets";
        case asset_kind::font:
            return "Fonts";
        case asset_kind::prefab:
            return "Prefabs";
        case asset_kind::archetype:
            return "Archetypes";
        case asset_kind::scene:
            return "Scenes";
        case asset_kind::other:
            return "Other files";
    }
    return "Other files";
}

bool is_backup_file(std::string_view name) noexcept {
    return name.ends_with(".bak") || name.ends_with('~');
}

bool is_recovered_scene(std::string_view name) noexcept {
    constexpr std::string_view suffix = ".scene.bin";
    if (!name.ends_with(suffix)) return false;
    name.remove_suffix(suffix.size());
    // NAME.recovered, or NAME.recovered-N with N digits
    if (const std::size_t dash = name.rfind('-');
        dash != std::string_view::npos && dash + 1 < name.size() &&
        std::all_of(name.begin() + static_cast<std::ptrdiff_t>(dash) + 1, name.end(),
                    [](char c) { return c >= '0' && c <= '9'; }))
        name = name.substr(0, dash);
    constexpr std::string_view marker = ".recovered";
    return name.size() > marker.size() && name.ends_with(marker);
}

asset_kind classify_asset(const fs::path& file) {
    const std::string name = lower(file.filename().string());
    if (const file_format* format = file_format_of_name(name)) {
        switch (format->kind) {
            case file_kind::image:
                return asset_kind::image;
            case file_kind::font:
                return asset_kind::font;
            case file_kind::sprite_sheet:
                return asset_kind::sheet;
            case file_kind::clip:
                return asset_kind::clip;
            case file_kind::tileset:
                return asset_kind::tileset;
            case file_kind::prefab:
                return asset_kind::prefab;
            case file_kind::archetype:
                return asset_kind::archetype;
            case file_kind::scene:
                return asset_kind::scene;
            case file_kind::replay:
                return asset_kind::other;
        }
    }
    // A packer's sheet (TexturePacker, Aseprite) is plain NAME.json: told by its content.
    const bool plain_json = name.size() > 5 && name.ends_with(".json");
    if (plain_json && name != "mosaic.project.json" && looks_like_packed_sheet(file))
        return asset_kind::sheet;
    return asset_kind::other;
}

void asset_browser::scan(const fs::path& root, std::size_t limit) {
    root_ = root;
    entries_.clear();
    std::fill(std::begin(counts_), std::end(counts_), 0);
    truncated_ = false;
    std::error_code ec;
    fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec);
    std::size_t files = 0;
    for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        const fs::directory_entry& e = *it;
        const std::string name = e.path().filename().string();
        const bool dir = e.is_directory(ec);
        if (name.empty() || name.front() == '.') {  // .git, .mosaic (caches), editor swap files
            if (dir) it.disable_recursion_pending();
            continue;
        }
        if (dir && it.depth() >= 7) it.disable_recursion_pending();
        if (!dir && !e.is_regular_file(ec)) continue;
        if (!dir && is_backup_file(name)) continue;  // a save's backup: not an asset
        if (!dir && files >= limit) {
            truncated_ = true;
            break;
        }
        asset_entry a;
        a.path = e.path();
        a.relative = fs::relative(e.path(), root, ec).generic_string();
        a.name = name;
        const std::size_t slash = a.relative.rfind('/');
        a.folder = slash == std::string::npos ? std::string() : a.relative.substr(0, slash);
        a.kind = dir ? asset_kind::folder : classify_asset(e.path());
        a.recovered = !dir && is_recovered_scene(name);
        a.bytes = dir ? 0 : e.file_size(ec);
        a.modified = stamp_of(e);
        if (!dir) ++files;
        ++counts_[static_cast<std::size_t>(a.kind)];
        entries_.push_back(std::move(a));
    }
    std::sort(entries_.begin(), entries_.end(), [](const asset_entry& a, const asset_entry& b) {
        const bool fa = a.kind == asset_kind::folder;
        const bool fb = b.kind == asset_kind::folder;
        if (fa != fb) return fa;
        return a.relative < b.relative;
    });
}

std::vector<const asset_entry*> asset_browser::list(const asset_query& q) const {
    std::vector<const asset_entry*> out;
    const std::vector<std::string> words = words_of(q.search);
    const std::string prefix = q.folder.empty() ? std::string() : q.folder + "/";
    for (const asset_entry& e : entries_) {
        if (!(q.kinds & kind_bit(e.kind))) continue;
        if (words.empty()) {
            if (e.folder == q.folder) out.push_back(&e);
            continue;
        }
        if (e.kind == asset_kind::folder) continue;  // a search lists files
        if (!prefix.empty() && !e.relative.starts_with(prefix)) continue;
        const std::string name = lower(e.name);
        const bool all = std::all_of(words.begin(), words.end(), [&](const std::string& w) {
            return name.find(w) != std::string::npos;
        });
        if (all) out.push_back(&e);
    }
    if (words.empty()) {
        std::stable_sort(out.begin(), out.end(), [](const asset_entry* a, const asset_entry* b) {
            const bool fa = a->kind == asset_kind::folder;
            const bool fb = b->kind == asset_kind::folder;
            if (fa != fb) return fa;
            return lower(a->name) < lower(b->name);
        });
    }
    return out;
}

const asset_entry* asset_browser::find(std::string_view relative) const {
    for (const asset_entry& e : entries_)
        if (e.relative == relative) return &e;
    return nullptr;
}

std::string asset_browser::parent_folder(std::string_view folder) {
    const std::size_t slash = folder.rfind('/');
    return slash == std::string_view::npos ? std::string() : std::string(folder.substr(0, slash));
}

}  // namespace mosaic::editor
