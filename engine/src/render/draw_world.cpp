#include <mosaic/ecs/world.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/render/draw_world.hpp>
#include <mosaic/engine/render/tile_draw_cache.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <glm/common.hpp>
#include <glm/trigonometric.hpp>
#include <mosaic/engine/assets/font.hpp>
#include <span>
#include <string_view>
#include <vector>

namespace mosaic {

namespace {

// Enabled values of one pool, looked up by entity index. Components added together sit at
// the same position in their pools, so the driver's position is tried before the sparse
// lookup (the same trick as basic_view).
template <class T>
class pool_reader {
public:
    explicit pool_reader(const world& w) noexcept : pool_(w.find_pool<T>()) {
        if (pool_ != nullptr) {
            limit_ = pool_->enabled_size();
            packed_ = pool_->packed_data();
        }
    }

    [[nodiscard]] const T* find(entity_index index, std::size_t hint) const noexcept {
        if (limit_ == 0) return nullptr;
        if (hint < limit_ && packed_[hint] == index)
            return &pool_->value(static_cast<std::uint32_t>(hint));
        const std::uint32_t pos = pool_->position(index);
        return pos < limit_ ? &pool_->value(pos) : nullptr;
    }

private:
    const storage<T>* pool_ = nullptr;
    std::size_t limit_ = 0;
    const entity_index* packed_ = nullptr;
};

struct placement {
    glm::vec2 position;
    float rotation;
    glm::vec2 scale;
};

// WorldTransform when the hierarchy system computed one, else the local Transform.
class placement_reader {
public:
    explicit placement_reader(const world& w) noexcept : world_(w), local_(w) {}

    [[nodiscard]] bool find(entity_index index, std::size_t hint, placement& out) const noexcept {
        if (const WorldTransform* t = world_.find(index, hint)) {
            out = {t->position, t->rotation, t->scale};
            return true;
        }
        if (const Transform* t = local_.find(index, hint)) {
            out = {t->position, t->rotation, t->scale};
            return true;
        }
        return false;
    }

private:
    pool_reader<WorldTransform> world_;
    pool_reader<Transform> local_;
};

// Entities switched off with world::set_active(e, false).
class inactive_filter {
public:
    explicit inactive_filter(const world& w) noexcept : tags_(w.find_pool<inactive>()) {
        if (tags_ != nullptr && tags_->empty()) tags_ = nullptr;
    }
    [[nodiscard]] bool skips(entity_index index) const noexcept {
        return tags_ != nullptr && tags_->contains(index);
    }

private:
    const sparse_set* tags_;
};

// Sprites sharing a texture usually come one after another: remember the last path and its
// frames, so most sprites cost a string compare and an index instead of a lookup.
class texture_memo {
public:
    explicit texture_memo(texture_source* source) noexcept : source_(source) {}

    texture_region find(const asset_path& asset, std::int32_t frame) {
        if (source_ == nullptr || asset.path[0] == '\0') return {};
        constexpr std::size_t capacity = sizeof(asset.path);
        if (last_ == nullptr || std::strncmp(last_, asset.path, capacity) != 0) {
            last_ = asset.path;
            frames_ =
                source_->find_frames(std::string_view(asset.path, strnlen(asset.path, capacity)));
        }
        if (frame >= 0 && static_cast<std::size_t>(frame) < frames_.size()) {
            return frames_[static_cast<std::size_t>(frame)];
        }
        return source_->missing_frame();
    }

private:
    texture_source* source_;
    const char* last_ = nullptr;  // a Sprite's path inside the pool; the world is not changed
    std::span<const texture_region> frames_;
};

// `local` (world units, unrotated, y up) turned by `degrees`.
glm::vec2 rotated(glm::vec2 local, float degrees) noexcept {
    const float radians = glm::radians(degrees);
    const float c = std::cos(radians);
    const float s = std::sin(radians);
    return {c * local.x - s * local.y, s * local.x + c * local.y};
}

std::int32_t pick_id_of(entity_index index) noexcept {
    return static_cast<std::int32_t>(index);
}

std::size_t draw_sprites(const world& w, draw_list& list, const draw_world_options& options) {
    const storage<Sprite>* sprites = w.find_pool<Sprite>();
    if (sprites == nullptr || sprites->enabled_size() == 0) return 0;
    const placement_reader placements(w);
    const inactive_filter inactive_entities(w);
    texture_memo textures(options.textures);

    const std::size_t count = sprites->enabled_size();
    const entity_index* indices = sprites->packed_data();
    list.reserve_more(count);
    std::size_t drawn = 0;
    for (std::size_t i = 0; i < count; ++i) {
        const entity_index index = indices[i];
        if (inactive_entities.skips(index)) continue;
        placement p;
        if (!placements.find(index, i, p)) continue;
        // Values sit in pages (storage.hpp): by position, not by pointer arithmetic.
        const Sprite& sprite = sprites->value(static_cast<std::uint32_t>(i));
        const texture_region region = textures.find(sprite.texture, sprite.frame);
        const glm::vec2 size = sprite.size * p.scale;
        glm::vec2 center = p.position;
        // The frame's pivot sits on the position (y of the pivot runs down the image).
        if (region.pivot != glm::vec2(0.5f, 0.5f)) {
            center += rotated({(0.5f - region.pivot.x) * size.x, (region.pivot.y - 0.5f) * size.y},
                              p.rotation);
        }
        list.push(draw_instance{.center = center,
                                .size = size,
                                .rotation = p.rotation,
                                .rgba = pack_color(sprite.tint),
                                .pick_id = pick_id_of(index),
                                .shape = instance_shape::quad,
                                .outline_pixels = 0.0f,
                                .layer = sprite.layer,
                                .texture = region.texture,
                                .uv = region.uv});
        ++drawn;
    }
    return drawn;
}

std::size_t draw_colliders(const world& w, draw_list& list, const draw_world_options& options) {
    const storage<Collider>* colliders = w.find_pool<Collider>();
    if (colliders == nullptr || colliders->enabled_size() == 0) return 0;
    const placement_reader placements(w);
    const inactive_filter inactive_entities(w);
    const std::uint32_t rgba = pack_color(options.collider_color);

    const std::size_t count = colliders->enabled_size();
    list.reserve_more(count);
    std::size_t drawn = 0;
    for (std::size_t i = 0; i < count; ++i) {
        const entity_index index = colliders->packed_data()[i];
        if (inactive_entities.skips(index)) continue;
        placement p;
        if (!placements.find(index, i, p)) continue;
        const Collider& collider = colliders->value(static_cast<std::uint32_t>(i));
        const glm::vec2 scale = glm::abs(p.scale);
        draw_instance outline{.center = p.position,
                              .rotation = p.rotation,
                              .rgba = rgba,
                              .pick_id = pick_id_of(index),
                              .outline_pixels = options.collider_outline_pixels,
                              .layer = options.collider_layer};
        if (collider.shape == ColliderShape::circle) {
            const float diameter = 2.0f * collider.size.x * std::max(scale.x, scale.y);
            outline.size = {diameter, diameter};
            outline.shape = instance_shape::circle_outline;
        } else {
            outline.size = 2.0f * collider.size * scale;
            outline.shape = instance_shape::rect_outline;
        }
        list.push(outline);
        ++drawn;
    }
    return drawn;
}

std::size_t draw_texts(const world& w, draw_list& list, const draw_world_options& options) {
    const storage<Text>* texts = w.find_pool<Text>();
    if (texts == nullptr || texts->enabled_size() == 0 || options.textures == nullptr) return 0;
    const placement_reader placements(w);
    const inactive_filter inactive_entities(w);
    std::vector<placed_glyph> glyphs;

    const std::size_t count = texts->enabled_size();
    std::size_t drawn = 0;
    for (std::size_t i = 0; i < count; ++i) {
        const entity_index index = texts->packed_data()[i];
        if (inactive_entities.skips(index)) continue;
        placement p;
        if (!placements.find(index, i, p)) continue;
        const Text& text = texts->value(static_cast<std::uint32_t>(i));
        const std::string_view string(text.text, strnlen(text.text, sizeof(text.text)));
        if (string.empty()) continue;
        const std::string_view font_path(text.font.path,
                                         strnlen(text.font.path, sizeof(text.font.path)));
        const font_view font = options.textures->find_font(font_path);
        const glm::vec2 scale = p.scale * text.size;
        const std::uint32_t rgba = pack_color(text.fill);
        glyphs.clear();
        if (font.font != nullptr) {
            layout_text(*font.font, string, static_cast<text_align>(text.align), glyphs);
        } else {
            // No font: one placeholder box the size the text would roughly take.
            const float half_width = 0.3f * static_cast<float>(string.size());
            const float left = text.align == TextAlign::left    ? 0.0f
                               : text.align == TextAlign::right ? -2.0f * half_width
                                                                : -half_width;
            glyphs.push_back({{left, -0.5f}, {left + 2.0f * half_width, 0.5f}, {0, 0}, {1, 1}});
        }
        list.reserve_more(glyphs.size());
        for (const placed_glyph& g : glyphs) {
            const glm::vec2 middle = 0.5f * (g.min + g.max) * scale;
            constexpr float full = 65535.0f;
            const auto unit = [](float v) {
                return static_cast<std::uint16_t>(std::clamp(v, 0.0f, 1.0f) * full + 0.5f);
            };
            list.push(draw_instance{.center = p.position + rotated(middle, p.rotation),
                                    .size = (g.max - g.min) * scale,
                                    .rotation = p.rotation,
                                    .rgba = rgba,
                                    .pick_id = pick_id_of(index),
                                    .shape = instance_shape::quad,
                                    .outline_pixels = 0.0f,
                                    .layer = text.layer,
                                    .texture = font.texture,
                                    .uv = {unit(g.uv_top_left.x), unit(g.uv_top_left.y),
                                           unit(g.uv_bottom_right.x), unit(g.uv_bottom_right.y)}});
        }
        ++drawn;
    }
    return drawn;
}

}  // namespace

draw_world_stats draw_world(const world& world, draw_list& list,
                            const draw_world_options& options) {
    draw_world_stats stats;
    if (options.tiles != nullptr) {
        options.tiles->draw(world, options.textures, list, options.visible,
                            options.pixels_per_unit);
        stats.tiles = options.tiles->stats().tiles;
    }
    if (options.sprites) stats.sprites = draw_sprites(world, list, options);
    if (options.texts) stats.texts = draw_texts(world, list, options);
    if (options.collider_outlines) stats.colliders = draw_colliders(world, list, options);
    return stats;
}

}  // namespace mosaic
