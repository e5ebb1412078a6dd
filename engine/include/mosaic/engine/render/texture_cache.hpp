#pragma once
// texture_cache: a project's images, sprite sheets and fonts as OpenGL textures, loaded on
// first use and kept by asset path. Paths are relative to the project folder given at
// construction (absolute paths are used as they are).
//
// Atlases: images (and sheet images) up to atlas_max_side pixels a side are packed into
// shared atlas pages of atlas_page_side pixels (atlas_packer.hpp), so sprites showing
// different small images are one texture to the renderer and draw in one call; a region of
// the page (uv_rect) says which part is theirs. Larger images get a texture of their own.
// Atlas pages are filtered linearly when minified (no mipmaps: neighbours would bleed in);
// magnified, every texture is nearest (pixel art stays sharp).
//
// Sprite sheets: a path ending in ".json" is a sheet (*.sheet.json, or an Aseprite or
// TexturePacker export; sheet_json.hpp); its frames are regions of its image, in file order.
//
// Fonts: find_font() bakes a TrueType file (font.hpp) into a texture of its own; an empty
// path is DejaVu Sans.
//
// A missing or broken file is not an error of the program: it shows the placeholder (a
// magenta and black checker, image.hpp), the reason is kept for that path and reported once
// (take_errors), and the path is not tried again until it changes or reload(). Messages read
//   "mosaic: cannot load texture 'sprites/tank.png' (/game/sprites/tank.png): file not found"
//
// Hot reload: reload_changed() (call it a few times a second, and sooner while
// reload_pending()) reloads the files that changed on disk and have settled
// (asset_watcher.hpp). A changed file that no longer loads keeps
// the last good version on screen, and the reason goes to take_errors().
//
// Canvases (texture_source::create_canvas) are textures its user fills, nearest-sampled; the
// tile cache draws zoomed-out chunks from them. reload() frees them with everything else (a
// new generation: their user makes new ones). Each frame's average colour is computed when
// the asset loads (find_frame_colors), for the same purpose.
//
// Needs a current OpenGL context; the destructor frees the textures.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "../assets/asset_watcher.hpp"
#include "../assets/atlas_packer.hpp"
#include "../math.hpp"
#include "texture_source.hpp"

namespace mosaic {

struct rgba_image;
struct sprite_sheet;

class texture_cache final : public texture_source {
public:
    static constexpr int atlas_page_side = 2048;
    static constexpr int atlas_max_side = 512;

    explicit texture_cache(std::filesystem::path base_folder);
    ~texture_cache() override;
    texture_cache(const texture_cache&) = delete;
    texture_cache& operator=(const texture_cache&) = delete;

    [[nodiscard]] std::span<const texture_region> find_frames(std::string_view path) override;
    [[nodiscard]] texture_region missing_frame() override;
    [[nodiscard]] font_view find_font(std::string_view path) override;
    /// Each frame's average colour, computed from the pixels when the asset loads.
    [[nodiscard]] std::span<const std::uint32_t> find_frame_colors(std::string_view path) override;
    [[nodiscard]] texture_handle create_canvas(int width, int height) override;
    void update_canvas(texture_handle canvas, int x, int y, int width, int height,
                       const std::uint32_t* rgba) override;
    void destroy_canvas(texture_handle canvas) override;
    /// Bumped by reload() and by reload_changed() when it reloaded something.
    [[nodiscard]] std::uint64_t generation() const noexcept override { return generation_; }
    /// Bumped by every update_canvas: a picture kept from before (the editor's Scene view
    /// keeps its last frame while the draw list is the same) is stale when it moved, since a
    /// repainted chunk image changes texels, not the quads that show them.
    [[nodiscard]] std::uint64_t canvas_writes() const noexcept { return canvas_writes_; }

    /// Why `path` failed to load (last attempt); empty when it loaded or was never asked for.
    [[nodiscard]] std::string error(std::string_view path) const;
    /// Messages of the failures since the last call, oldest first (for a log or console).
    [[nodiscard]] std::vector<std::string> take_errors();
    /// The asset paths that failed to load since the last call (each once, as take_errors
    /// reports them), for a tool to name what uses them (the editor: entity and field).
    [[nodiscard]] std::vector<std::string> take_failed_paths();
    /// Pixel size of the image (or sheet image) at `path`; (0, 0) when not loaded.
    [[nodiscard]] glm::ivec2 image_size(std::string_view path) const;
    /// The placeholder's texture (made on first use).
    [[nodiscard]] texture_handle placeholder();

    /// Reloads what changed on disk and settled since the last call; returns the asset paths
    /// reloaded (a failed reload keeps the last good version and reports why).
    std::vector<std::string> reload_changed();
    /// A watched file changed at the last reload_changed() and waits to settle: call it again
    /// soon (asset_watcher::settling).
    [[nodiscard]] bool reload_pending() const noexcept { return watcher_.settling(); }
    /// Forgets every texture (deleting them) and failure: files are read again when next
    /// asked for. Regions given out before are invalid.
    void reload();
    /// Images, sheets and fonts loaded, and failures remembered.
    [[nodiscard]] std::size_t size() const noexcept { return entries_.size() + fonts_.size(); }
    /// Atlas pages made so far.
    [[nodiscard]] std::size_t atlas_pages() const noexcept { return pages_.size(); }
    [[nodiscard]] const std::filesystem::path& base_folder() const noexcept { return base_; }

private:
    struct placed_image {
        texture_handle texture = no_texture;
        int x = 0;  // where the image is in `texture`
        int y = 0;
        glm::ivec2 size{0, 0};
        glm::ivec2 texture_size{0, 0};
        bool own_texture = false;  // not an atlas page
    };
    struct entry {
        std::vector<texture_region> frames;  // never empty once loaded
        std::vector<std::uint32_t> colors;   // each frame's average (find_frame_colors)
        placed_image image;
        std::string error;
        std::vector<std::filesystem::path> files;  // watched: the image, or sheet and image
    };
    struct font_entry;
    struct path_hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view path) const noexcept {
            return std::hash<std::string_view>{}(path);
        }
    };

    [[nodiscard]] std::filesystem::path full_path(std::string_view path) const;
    // Loads `path` into `into`; false (and `why`) leaves `into` as it was.
    bool load(std::string_view path, entry& into, std::string& why);
    // Puts `image` into an atlas page or a texture of its own, reusing `previous`'s place when
    // the size is the same.
    /// `linear`: its own texture sampled linearly (an image imported so), never the atlas.
    placed_image upload(const rgba_image& image, const placed_image* previous, bool linear = false);
    void release(const placed_image& image);
    [[nodiscard]] texture_region region_of(const placed_image& image, int x, int y, int w, int h,
                                           glm::vec2 pivot) const;
    void fail(std::string_view path, entry& e, const std::string& why);
    static std::uint64_t next_generation() noexcept;

    std::filesystem::path base_;
    std::unordered_map<std::string, entry, path_hash, std::equal_to<>> entries_;
    std::unordered_map<std::string, std::unique_ptr<font_entry>, path_hash, std::equal_to<>> fonts_;
    std::vector<std::string> new_errors_;
    std::vector<std::string> new_failed_paths_;
    atlas_packer packer_{atlas_page_side, 1};
    std::vector<texture_handle> pages_;
    texture_handle placeholder_ = no_texture;
    std::vector<texture_handle> canvases_;  // freed by reload() and the destructor
    asset_watcher watcher_;
    std::uint64_t generation_ = 0;
    std::uint64_t canvas_writes_ = 0;
};

}  // namespace mosaic
