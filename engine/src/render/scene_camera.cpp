#include <mosaic/ecs/world.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/render/scene_camera.hpp>

namespace mosaic {

camera2d game_camera(const world& world, const camera2d& fallback) {
    const storage<Camera>* cameras = world.find_pool<Camera>();
    if (cameras == nullptr) return fallback;
    constexpr std::size_t none = static_cast<std::size_t>(-1);
    std::size_t chosen = none;
    for (std::size_t i = 0; i < cameras->enabled_size(); ++i) {
        if (!world.is_active(world.entities().at(cameras->packed_data()[i]))) continue;
        if (cameras->value(static_cast<std::uint32_t>(i)).primary) {
            chosen = i;
            break;
        }
        if (chosen == none) chosen = i;
    }
    if (chosen == none) return fallback;

    const auto position = static_cast<std::uint32_t>(chosen);
    const entity e = world.entities().at(cameras->packed_data()[position]);
    camera2d camera{.position = {0.0f, 0.0f}, .zoom = cameras->value(position).zoom};
    if (world.is_enabled<WorldTransform>(e)) {
        camera.position = world.get<WorldTransform>(e).position;
    } else if (world.is_enabled<Transform>(e)) {
        camera.position = world.get<Transform>(e).position;
    }
    return camera;
}

}  // namespace mosaic
