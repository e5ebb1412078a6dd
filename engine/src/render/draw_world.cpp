#include <mosaic/ecs/world.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/render/draw_world.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <glm/common.hpp>
#include <string_view>

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

// Sprites sharing a texture usually come one after another: remember the last path so
// most sprites cost a string compare instead of a lookup in the source.
class texture_memo {
public:
    explicit texture_memo(texture_source* source) noexcept : source_(source) {}

    texture_handle find(const asset_path& asset) {
        if (source_ == nullptr || asset.path[0] == '\0') return no_texture;
        constexpr std::size_t capacity = sizeof(asset.path);
        if (last_ != nullptr && std::strncmp(last_, asset.path, capacity) == 0) return handle_;
        last_ = asset.path;
        handle_ = source_->find(std::string_view(asset.path, strnlen(asset.path, capacity)));
        return handle_;
    }

private:
    texture_source* source_;
    const char* last_ = nullptr;  // a Sprite's path inside the pool; the world is not changed
    texture_handle handle_ = no_texture;
};

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
        list.push(draw_instance{.center = p.position,
                                .size = sprite.size * p.scale,
                                .rotation = p.rotation,
                                .rgba = pack_color(sprite.tint),
                                .pick_id = pick_id_of(index),
                                .shape = instance_shape::quad,
                                .outline_pixels = 0.0f,
                                .layer = sprite.layer,
                                .texture = textures.find(sprite.texture)});
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

}  // namespace

draw_world_stats draw_world(const world& world, draw_list& list,
                            const draw_world_options& options) {
    draw_world_stats stats;
    if (options.sprites) stats.sprites = draw_sprites(world, list, options);
    if (options.collider_outlines) stats.colliders = draw_colliders(world, list, options);
    return stats;
}

}  // namespace mosaic
