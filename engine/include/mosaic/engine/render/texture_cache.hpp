#pragma once
// texture_cache: PNG and JPEG files (stb_image) as OpenGL textures, loaded on first use and
// kept by asset path. Paths are relative to the project folder given at construction
// (absolute paths are used as they are).
//
// A missing or broken file is not an error of the program: find() returns no_texture (the
// sprite is drawn in its tint), the reason is kept for that path, and the path is not tried
// again until reload(). Messages read like
//   "mosaic: cannot load texture 'sprites/tank.png' (/game/sprites/tank.png): file not found"
//
// Textures sample with nearest filtering when magnified (pixel art stays sharp) and
// mipmaps when minified. Needs a current OpenGL context; the destructor frees the textures.

#include <cstddef>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "../math.hpp"
#include "texture_source.hpp"

namespace mosaic {

class texture_cache final : public texture_source {
public:
    explicit texture_cache(std::filesystem::path base_folder);
    ~texture_cache() override;
    texture_cache(const texture_cache&) = delete;
    texture_cache& operator=(const texture_cache&) = delete;

    [[nodiscard]] texture_handle find(std::string_view path) override;

    /// Why `path` failed to load; empty when it loaded or was never asked for.
    [[nodiscard]] std::string error(std::string_view path) const;
    /// Messages of the failures since the last call, oldest first (for a log or console).
    [[nodiscard]] std::vector<std::string> take_errors();
    /// Pixel size of a texture this cache made; (0, 0) for anything else.
    [[nodiscard]] glm::ivec2 texture_size(texture_handle texture) const;

    /// Forgets every texture (deleting them) and failure: files are read again when next
    /// asked for (after they changed on disk). Handles given out before are invalid.
    void reload();
    /// Textures loaded and failures remembered.
    [[nodiscard]] std::size_t size() const noexcept { return entries_.size(); }
    [[nodiscard]] const std::filesystem::path& base_folder() const noexcept { return base_; }

private:
    struct entry {
        texture_handle texture = no_texture;
        glm::ivec2 size{0, 0};
        std::string error;
    };
    // Lookups by string_view without building a std::string.
    struct path_hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view path) const noexcept {
            return std::hash<std::string_view>{}(path);
        }
    };

    entry load(std::string_view path) const;

    std::filesystem::path base_;
    std::unordered_map<std::string, entry, path_hash, std::equal_to<>> entries_;
    std::vector<std::string> new_errors_;
};

}  // namespace mosaic
