#pragma once
// asset_browser: the Project panel's model of a project's files, without ImGui, so what the
// panel lists is tested headless. It walks the project folder once (hidden folders, such as
// .mosaic with the thumbnail cache, are skipped), says what kind of asset each file is, and
// answers the panel's queries: the contents of one folder (its subfolders first), or, with a
// search, every file below it whose name holds every word typed; each filtered by kind.
//
// Files the editor writes beside the user's own are not assets: the backups a save keeps
// (NAME.bak) are not listed at all (as Unity lists no backups), and scenes recovered after a
// crash (NAME.recovered.scene.bin, NAME.recovered-2.scene.bin) are listed but marked, so the
// panel draws them dimmed and says what to do with them.
//
// Kinds are told apart by name (tank.png, tank.sheet.json, run.clip.json, ...). A .json named
// nothing more specific is looked into: a document with "frames" is a sprite sheet exported
// by Aseprite or TexturePacker (read_any_sheet_json reads both), anything else is "other".

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace mosaic::editor {

enum class asset_kind : std::uint8_t {
    folder,
    image,      // .png .jpg .jpeg
    sheet,      // *.sheet.json, Aseprite and TexturePacker JSON
    clip,       // *.clip.json
    tileset,    // *.tileset.json
    font,       // .ttf .otf
    prefab,     // *.prefab.json
    archetype,  // *.archetype.json
    scene,      // *.scene.json, *.scene.bin
    other,
};
inline constexpr std::size_t asset_kind_count = 10;

/// A set of kinds, one bit each (bit n: asset_kind n).
using asset_kinds = std::uint32_t;
inline constexpr asset_kinds all_asset_kinds = (1u << asset_kind_count) - 1;
[[nodiscard]] constexpr asset_kinds kind_bit(asset_kind k) noexcept {
    return 1u << static_cast<unsigned>(k);
}

/// "Images", "Sheets", ...: the filter's names (plural, for a menu).
[[nodiscard]] std::string_view asset_kind_label(asset_kind k) noexcept;

/// What `file` is, from its name; a plain .json is looked into (its first 4 KiB).
[[nodiscard]] asset_kind classify_asset(const std::filesystem::path& file);

/// A save's backup of the previous version (NAME.bak, or NAME~ as other editors keep): the
/// Project panel does not list it.
[[nodiscard]] bool is_backup_file(std::string_view name) noexcept;

/// A scene the recovery offer wrote after a crash (NAME.recovered.scene.bin,
/// NAME.recovered-N.scene.bin): listed, dimmed.
[[nodiscard]] bool is_recovered_scene(std::string_view name) noexcept;
/// What the panel says of one (its tooltip).
inline constexpr const char* recovered_scene_hint =
    "Recovered after a crash. Open it, check it, and Save As over the original scene; then "
    "delete this file (the project's .gitignore keeps recovered scenes out of git).";

/// Sprites can show it: an image or a sheet.
[[nodiscard]] constexpr bool is_sprite_asset(asset_kind k) noexcept {
    return k == asset_kind::image || k == asset_kind::sheet;
}

struct asset_entry {
    std::filesystem::path path;  // absolute
    std::string relative;        // to the project folder, '/'-separated: what Sprite.texture holds
    std::string name;            // the file (or folder) name
    std::string folder;          // its folder, relative ("" for the root), '/'-separated
    asset_kind kind = asset_kind::other;
    std::uintmax_t bytes = 0;
    std::int64_t modified = 0;  // the file's time stamp (a changed file gets a new thumbnail)
    bool recovered = false;     // is_recovered_scene: drawn dimmed
};

struct asset_query {
    std::string folder{};  // relative, '/'-separated; "" is the project folder
    std::string search{};  // words, any case; empty: browse `folder`
    asset_kinds kinds = all_asset_kinds;
};

class asset_browser {
public:
    /// Walks `root` (at most `limit` files, 8 folders deep). Replaces what was there.
    void scan(const std::filesystem::path& root, std::size_t limit = 20000);

    [[nodiscard]] const std::filesystem::path& root() const noexcept { return root_; }
    /// Every file and folder found, folders first, then by relative path.
    [[nodiscard]] const std::vector<asset_entry>& entries() const noexcept { return entries_; }
    /// True when the walk stopped at its limit (the panel says so).
    [[nodiscard]] bool truncated() const noexcept { return truncated_; }

    /// Without a search: the folder's subfolders (when folders are among the kinds), then its
    /// files of the chosen kinds, by name. With one: the files anywhere below the folder whose
    /// name contains every word of the search (any case), by relative path.
    [[nodiscard]] std::vector<const asset_entry*> list(const asset_query& q) const;

    /// The entry for a relative path, or nullptr.
    [[nodiscard]] const asset_entry* find(std::string_view relative) const;

    /// How many files of kind `k` the project has.
    [[nodiscard]] std::size_t count(asset_kind k) const noexcept {
        return counts_[static_cast<std::size_t>(k)];
    }

    /// "art/tanks" -> "art"; "art" -> ""; "" -> "".
    [[nodiscard]] static std::string parent_folder(std::string_view folder);

private:
    std::filesystem::path root_;
    std::vector<asset_entry> entries_;
    std::size_t counts_[asset_kind_count] = {};
    bool truncated_ = false;
};

}  // namespace mosaic::editor
