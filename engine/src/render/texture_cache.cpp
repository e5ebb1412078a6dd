// Images, sprite sheets and fonts as OpenGL textures, small images packed into atlas pages
// (texture_cache.hpp). Sections:
//   1. GL helpers
//   2. looking up frames and fonts
//   3. loading an image or a sheet
//   4. atlas pages and textures
//   5. hot reload
#include <glad/glad.h>

#include <mosaic/engine/assets/font.hpp>
#include <mosaic/engine/assets/image.hpp>
#include <mosaic/engine/assets/image_import.hpp>
#include <mosaic/engine/assets/sheet_json.hpp>
#include <mosaic/engine/render/texture_cache.hpp>
#include <mosaic/engine/render/tile_lod.hpp>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <utility>

#include "gl_state.hpp"

namespace mosaic {

// --- 1. GL helpers -----------------------------------------------------------------------------

namespace {

enum class filtering { atlas, mipmapped, linear, placeholder };

GLuint make_texture(int width, int height, const std::uint8_t* pixels, filtering how) {
    GLuint texture = 0;
    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_2D, texture);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);  // RGBA rows are always 4-byte aligned
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
    switch (how) {
        case filtering::atlas:
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
            break;
        case filtering::mipmapped:
            glGenerateMipmap(GL_TEXTURE_2D);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
            break;
        case filtering::linear:  // an image imported with "filter": "linear"
            glGenerateMipmap(GL_TEXTURE_2D);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
            break;
        case filtering::placeholder:
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
            break;
    }
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glBindTexture(GL_TEXTURE_2D, 0);
    return texture;
}

bool ends_with(std::string_view text, std::string_view suffix) {
    return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

const texture_region untextured{};
const std::uint32_t untextured_color = 0xFFFF'FFFFu;

// The average of w x h pixels of `image` at (x, y) (tile_lod.hpp's rule: weighted by alpha).
std::uint32_t average_color(const rgba_image& image, int x, int y, int w, int h) {
    std::vector<std::uint32_t> texels;
    texels.reserve(static_cast<std::size_t>(std::max(0, w)) *
                   static_cast<std::size_t>(std::max(0, h)));
    for (int row = std::max(0, y); row < std::min(image.height, y + h); ++row) {
        for (int column = std::max(0, x); column < std::min(image.width, x + w); ++column) {
            std::uint32_t texel = 0;
            std::memcpy(&texel, image.at(column, row), 4);  // RGBA bytes: red lowest
            texels.push_back(texel);
        }
    }
    return average_rgba(texels);
}

}  // namespace

struct texture_cache::font_entry {
    std::unique_ptr<font_atlas> font;
    texture_handle texture = no_texture;
    std::string error;
    std::filesystem::path file;
};

// Generations never repeat across caches: a cache made where a destroyed one was (the
// editor's viewport on a project switch) is never taken for it by the caches of regions.
std::uint64_t texture_cache::next_generation() noexcept {
    static std::atomic<std::uint64_t> last{0};
    return ++last;
}

texture_cache::texture_cache(std::filesystem::path base_folder)
    : base_(std::move(base_folder)), generation_(next_generation()) {}

texture_cache::~texture_cache() {
    reload();
}

// --- 2. looking up frames and fonts --------------------------------------------------------------

std::filesystem::path texture_cache::full_path(std::string_view path) const {
    const std::filesystem::path relative(path);
    return relative.is_absolute() ? relative : base_ / relative;
}

std::span<const texture_region> texture_cache::find_frames(std::string_view path) {
    if (path.empty()) return {&untextured, 1};
    if (const auto found = entries_.find(path); found != entries_.end()) {
        return found->second.frames;
    }
    detail::require_gl("mosaic::texture_cache");
    entry& e = entries_.emplace(std::string(path), entry{}).first->second;
    std::string why;
    if (!load(path, e, why)) fail(path, e, why);
    for (const std::filesystem::path& file : e.files) watcher_.watch(file);
    return e.frames;
}

std::span<const std::uint32_t> texture_cache::find_frame_colors(std::string_view path) {
    if (path.empty()) return {&untextured_color, 1};
    (void)find_frames(path);  // loads it
    const auto found = entries_.find(path);
    return found != entries_.end() ? std::span<const std::uint32_t>(found->second.colors)
                                   : std::span<const std::uint32_t>{};
}

texture_handle texture_cache::create_canvas(int width, int height) {
    detail::require_gl("mosaic::texture_cache");
    const std::vector<std::uint8_t> clear(
        static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4, 0);
    const texture_handle canvas = make_texture(width, height, clear.data(), filtering::placeholder);
    canvases_.push_back(canvas);
    return canvas;
}

void texture_cache::update_canvas(texture_handle canvas, int x, int y, int width, int height,
                                  const std::uint32_t* rgba) {
    if (std::find(canvases_.begin(), canvases_.end(), canvas) == canvases_.end()) return;
    glBindTexture(GL_TEXTURE_2D, canvas);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    glTexSubImage2D(GL_TEXTURE_2D, 0, x, y, width, height, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    glBindTexture(GL_TEXTURE_2D, 0);
    ++canvas_writes_;
}

void texture_cache::destroy_canvas(texture_handle canvas) {
    const auto found = std::find(canvases_.begin(), canvases_.end(), canvas);
    if (found == canvases_.end()) return;
    glDeleteTextures(1, &canvas);
    canvases_.erase(found);
}

texture_region texture_cache::missing_frame() {
    return {.texture = placeholder()};
}

void texture_cache::fail(std::string_view path, entry& e, const std::string& why) {
    e.error = "mosaic: cannot load texture '" + std::string(path) + "' (" +
              full_path(path).string() + "): " + why;
    new_errors_.push_back(e.error);
    new_failed_paths_.emplace_back(path);
    if (e.frames.empty()) e.frames.push_back(missing_frame());
    if (e.colors.size() != e.frames.size()) e.colors.assign(e.frames.size(), missing_color());
    if (e.files.empty()) e.files.push_back(full_path(path));
}

font_view texture_cache::find_font(std::string_view path) {
    auto found = fonts_.find(path);
    if (found == fonts_.end()) {
        detail::require_gl("mosaic::texture_cache");
        auto loaded = std::make_unique<font_entry>();
        loaded->file = path.empty() ? std::filesystem::path(default_font_file) : full_path(path);
        const std::string name = path.empty() ? std::string(default_font_file) : std::string(path);
        asset_result<font_atlas> font = load_font_file(loaded->file, name);
        if (font) {
            loaded->font = std::make_unique<font_atlas>(std::move(*font.value));
            loaded->texture = make_texture(loaded->font->image.width, loaded->font->image.height,
                                           loaded->font->image.pixels.data(), filtering::mipmapped);
        } else {
            loaded->error = "mosaic: cannot load font '" + name + "' (" + loaded->file.string() +
                            "): " + font.why;
            new_errors_.push_back(loaded->error);
            if (!path.empty()) new_failed_paths_.emplace_back(path);
        }
        watcher_.watch(loaded->file);
        found = fonts_.emplace(std::string(path), std::move(loaded)).first;
    }
    const font_entry& f = *found->second;
    if (f.font == nullptr) return {nullptr, placeholder()};
    return {f.font.get(), f.texture};
}

std::string texture_cache::error(std::string_view path) const {
    if (const auto found = entries_.find(path); found != entries_.end()) return found->second.error;
    if (const auto found = fonts_.find(path); found != fonts_.end()) return found->second->error;
    return {};
}

std::vector<std::string> texture_cache::take_errors() {
    return std::exchange(new_errors_, {});
}

std::vector<std::string> texture_cache::take_failed_paths() {
    return std::exchange(new_failed_paths_, {});
}

glm::ivec2 texture_cache::image_size(std::string_view path) const {
    const auto found = entries_.find(path);
    return found == entries_.end() ? glm::ivec2(0, 0) : found->second.image.size;
}

texture_handle texture_cache::placeholder() {
    if (placeholder_ == no_texture) {
        detail::require_gl("mosaic::texture_cache");
        const rgba_image& checker = placeholder_image();
        placeholder_ = make_texture(checker.width, checker.height, checker.pixels.data(),
                                    filtering::placeholder);
    }
    return placeholder_;
}

// --- 3. loading an image or a sheet -------------------------------------------------------------

bool texture_cache::load(std::string_view path, entry& into, std::string& why) {
    const std::filesystem::path full = full_path(path);
    GLint max_size = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size);
    const auto too_large = [&](const rgba_image& image) {
        if (image.width <= max_size && image.height <= max_size) return false;
        why = std::to_string(image.width) + "x" + std::to_string(image.height) +
              " is larger than this GPU's limit of " + std::to_string(max_size) + " pixels a side";
        return true;
    };

    if (!ends_with(path, ".json")) {
        asset_result<rgba_image> image = load_image_file(full, path);
        if (!image) {
            why = image.why;
            return false;
        }
        if (too_large(*image.value)) return false;
        // Its import settings (image_import.hpp): sampling and pivot. A side file that does
        // not read is reported and the defaults are used; it is watched like the image.
        std::string import_error;
        const image_import settings = load_image_import(full, &import_error);
        if (!import_error.empty())
            new_errors_.push_back("mosaic: import settings of '" + std::string(path) +
                                  "': " + import_error + "; using the defaults");
        const placed_image placed =
            upload(*image.value, into.image.texture != no_texture ? &into.image : nullptr,
                   settings.sampling == image_import::filter::linear);
        into.image = placed;
        into.frames = {region_of(placed, 0, 0, placed.size.x, placed.size.y, settings.pivot)};
        into.colors = {average_color(*image.value, 0, 0, image.value->width, image.value->height)};
        into.files = {full, image_import_file(full)};
        into.error.clear();
        return true;
    }

    std::vector<std::uint8_t> bytes;
    if (!read_file_bytes(full, sheet_limits::max_file_bytes, bytes, why)) return false;
    const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    asset_result<sprite_sheet> sheet = read_any_sheet_json(text, path);
    if (!sheet) {
        why = sheet.why;
        return false;
    }
    const std::filesystem::path image_file = full.parent_path() / sheet.value->image;
    const std::string image_name =
        (std::filesystem::path(path).parent_path() / sheet.value->image).generic_string();
    asset_result<rgba_image> image = load_image_file(image_file, image_name);
    if (!image) {
        why = "its image " + image.error;
        return false;
    }
    if (too_large(*image.value)) return false;
    const glm::ivec2 size{image.value->width, image.value->height};
    if (const std::vector<std::string> problems = validate_sheet(*sheet.value, size, path);
        !problems.empty()) {
        // "'sheet.json', frame 3 'run': ..." without the file, which the message names.
        why = problems.front().substr(std::min(problems.front().size(), path.size() + 2));
        if (why.starts_with(", ") || why.starts_with(": ")) why.erase(0, 2);
        if (problems.size() > 1) why += " (and " + std::to_string(problems.size() - 1) + " more)";
        return false;
    }
    const placed_image placed =
        upload(*image.value, into.image.texture != no_texture ? &into.image : nullptr);
    into.image = placed;
    into.frames.clear();
    into.frames.reserve(sheet.value->frames.size());
    into.colors.clear();
    into.colors.reserve(sheet.value->frames.size());
    for (const sheet_frame& f : sheet.value->frames) {
        into.frames.push_back(region_of(placed, f.x, f.y, f.w, f.h, f.pivot));
        into.colors.push_back(average_color(*image.value, f.x, f.y, f.w, f.h));
    }
    if (into.frames.empty()) {
        into.frames.push_back(missing_frame());
        into.colors.push_back(missing_color());
    }
    into.files = {full, image_file};
    into.error.clear();
    return true;
}

texture_region texture_cache::region_of(const placed_image& image, int x, int y, int w, int h,
                                        glm::vec2 pivot) const {
    return {.texture = image.texture,
            .uv = uv_rect_of_pixels(image.x + x, image.y + y, w, h, image.texture_size.x,
                                    image.texture_size.y),
            .pivot = pivot};
}

// --- 4. atlas pages and textures ----------------------------------------------------------------

texture_cache::placed_image texture_cache::upload(const rgba_image& image,
                                                  const placed_image* previous, bool linear) {
    const glm::ivec2 size{image.width, image.height};
    if (previous != nullptr && (previous->own_texture || previous->size != size || linear)) {
        release(*previous);  // a new size needs a new place (the atlas space stays used)
        previous = nullptr;
    }
    const auto own_texture = [&] {
        placed_image own;
        own.texture = make_texture(image.width, image.height, image.pixels.data(),
                                   linear ? filtering::linear : filtering::mipmapped);
        own.size = size;
        own.texture_size = size;
        own.own_texture = true;
        return own;
    };
    // Atlas pages are sampled nearest when magnified: a linear image gets its own texture.
    if (linear || image.width > atlas_max_side || image.height > atlas_max_side)
        return own_texture();

    placed_image placed;
    if (previous != nullptr) {
        placed = *previous;
    } else {
        const std::optional<atlas_packer::placement> spot =
            packer_.place(image.width, image.height);
        if (!spot) return own_texture();
        while (pages_.size() <= static_cast<std::size_t>(spot->page)) {
            pages_.push_back(
                make_texture(atlas_page_side, atlas_page_side, nullptr, filtering::atlas));
        }
        placed.texture = pages_[static_cast<std::size_t>(spot->page)];
        placed.x = spot->x;
        placed.y = spot->y;
        placed.size = size;
        placed.texture_size = {atlas_page_side, atlas_page_side};
    }
    // The image with its edge repeated into the padding around it.
    const int pad = packer_.padding();
    const int w = image.width + 2 * pad;
    const int h = image.height + 2 * pad;
    std::vector<std::uint8_t> padded(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4);
    for (int y = 0; y < h; ++y) {
        const int source_y = std::clamp(y - pad, 0, image.height - 1);
        for (int x = 0; x < w; ++x) {
            const int source_x = std::clamp(x - pad, 0, image.width - 1);
            std::memcpy(padded.data() + (static_cast<std::size_t>(y) * w + x) * 4,
                        image.at(source_x, source_y), 4);
        }
    }
    glBindTexture(GL_TEXTURE_2D, placed.texture);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    glTexSubImage2D(GL_TEXTURE_2D, 0, placed.x - pad, placed.y - pad, w, h, GL_RGBA,
                    GL_UNSIGNED_BYTE, padded.data());
    glBindTexture(GL_TEXTURE_2D, 0);
    return placed;
}

void texture_cache::release(const placed_image& image) {
    if (image.own_texture && image.texture != no_texture) glDeleteTextures(1, &image.texture);
}

void texture_cache::reload() {
    for (auto& [path, e] : entries_) release(e.image);
    entries_.clear();
    for (auto& [path, f] : fonts_) {
        if (f->texture != no_texture) glDeleteTextures(1, &f->texture);
    }
    fonts_.clear();
    if (!pages_.empty()) glDeleteTextures(static_cast<GLsizei>(pages_.size()), pages_.data());
    pages_.clear();
    packer_ = atlas_packer(atlas_page_side, 1);
    if (placeholder_ != no_texture) glDeleteTextures(1, &placeholder_);
    placeholder_ = no_texture;
    if (!canvases_.empty())
        glDeleteTextures(static_cast<GLsizei>(canvases_.size()), canvases_.data());
    canvases_.clear();
    watcher_.clear();
    generation_ = next_generation();
}

// --- 5. hot reload ------------------------------------------------------------------------------

std::vector<std::string> texture_cache::reload_changed() {
    std::vector<std::string> reloaded;
    const std::vector<std::filesystem::path> changed = watcher_.poll();
    if (changed.empty()) return reloaded;
    const auto touched = [&](const std::vector<std::filesystem::path>& files) {
        return std::any_of(files.begin(), files.end(), [&](const std::filesystem::path& f) {
            return std::find(changed.begin(), changed.end(), f) != changed.end();
        });
    };
    for (auto& [path, e] : entries_) {
        if (!touched(e.files)) continue;
        const bool had_good = e.error.empty();
        std::string why;
        if (load(path, e, why)) {
            reloaded.push_back(path);
        } else if (had_good) {
            // The last good version stays on screen; the error says why it is not the new one.
            e.error = "mosaic: cannot reload texture '" + path + "' (" + full_path(path).string() +
                      "), keeping the last good version: " + why;
            new_errors_.push_back(e.error);
        } else {
            fail(path, e, why);
        }
    }
    for (auto& [path, f] : fonts_) {
        if (std::find(changed.begin(), changed.end(), f->file) == changed.end()) continue;
        const std::string name = path.empty() ? std::string(default_font_file) : path;
        asset_result<font_atlas> font = load_font_file(f->file, name);
        if (!font) {
            f->error = "mosaic: cannot reload font '" + name + "' (" + f->file.string() + ")" +
                       (f->font ? ", keeping the last good version: " : ": ") + font.why;
            new_errors_.push_back(f->error);
            continue;
        }
        if (f->texture != no_texture) glDeleteTextures(1, &f->texture);
        f->font = std::make_unique<font_atlas>(std::move(*font.value));
        f->texture = make_texture(f->font->image.width, f->font->image.height,
                                  f->font->image.pixels.data(), filtering::mipmapped);
        f->error.clear();
        reloaded.push_back(name);
    }
    if (!reloaded.empty()) generation_ = next_generation();
    return reloaded;
}

}  // namespace mosaic
