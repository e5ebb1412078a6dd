// game_camera: the primary Camera entity, where its transform puts it, else the fallback.
#include <mosaic/engine/render/scene_camera.hpp>

#include <gtest/gtest.h>

#include <mosaic/ecs/world.hpp>
#include <mosaic/engine/components.hpp>

namespace mosaic {
namespace {

constexpr camera2d settings_camera{.position = {7.0f, 8.0f}, .zoom = 3.0f};

TEST(GameCamera, WithoutACameraEntityTheFallbackIsUsed) {
    world w;
    EXPECT_EQ(game_camera(w, settings_camera).position, settings_camera.position);
    const entity e = w.create();
    w.add<Camera>(e);
    w.set_active(e, false);  // switched off cameras do not count
    EXPECT_EQ(game_camera(w, settings_camera).zoom, 3.0f);
}

TEST(GameCamera, ThePrimaryCameraWinsAndSitsAtItsTransform) {
    world w;
    const entity side = w.create();
    w.add<Camera>(side, Camera{.zoom = 5.0f, .primary = false});
    w.add<Transform>(side, Transform{.position = {-1.0f, -1.0f}});
    const entity main = w.create();
    w.add<Camera>(main, Camera{.zoom = 2.0f, .primary = true});
    w.add<Transform>(main, Transform{.position = {1.0f, 2.0f}});
    camera2d camera = game_camera(w, settings_camera);
    EXPECT_EQ(camera.zoom, 2.0f);
    EXPECT_EQ(camera.position, glm::vec2(1.0f, 2.0f));

    w.add<WorldTransform>(main, WorldTransform{.position = {10.0f, 20.0f}});
    EXPECT_EQ(game_camera(w, settings_camera).position, glm::vec2(10.0f, 20.0f));

    // No primary left: the first camera in pool order (the side one, added first) will do.
    w.get<Camera>(main).primary = false;
    EXPECT_EQ(game_camera(w, settings_camera).zoom, 5.0f);
}

}  // namespace
}  // namespace mosaic
