// kept_picture (editor/ui/app/kept_picture.hpp): the Scene view keeps its last picture only
// while nothing it shows changed: the draw list, the camera, the size, the background, and
// the texels of chunk images (a zoomed-out tilemap repainted keeps the very same quads).
#include <gtest/gtest.h>

#include "ui/app/kept_picture.hpp"

namespace mosaic::testing {
namespace {

using editor::kept_picture;
using editor::picture_inputs;

draw_list one_quad(float x) {
    draw_list list;
    list.push(draw_instance{.center = {x, 0.0f}, .size = {1.0f, 1.0f}});
    return list;
}

TEST(KeptPicture, NothingIsKeptBeforeTheFirstPicture) {
    const kept_picture picture;
    const draw_list list = one_quad(0.0f);
    EXPECT_FALSE(picture.shows({list, {}, {640, 480}, {}, 0}));
}

TEST(KeptPicture, TheSameInputsKeepThePictureAndAnyChangeDoesNot) {
    kept_picture picture;
    const draw_list list = one_quad(0.0f);
    const camera2d camera{.position = {1.0f, 2.0f}, .zoom = 0.5f};
    const color background{0.1f, 0.2f, 0.3f, 1.0f};
    picture.remember({list, camera, {640, 480}, background, 7});
    EXPECT_TRUE(picture.shows({list, camera, {640, 480}, background, 7}));

    const draw_list moved = one_quad(1.0f);
    EXPECT_FALSE(picture.shows({moved, camera, {640, 480}, background, 7}));
    EXPECT_FALSE(
        picture.shows({list, {.position = {1.0f, 2.0f}, .zoom = 1.0f}, {640, 480}, background, 7}));
    EXPECT_FALSE(picture.shows({list, camera, {800, 480}, background, 7}));
    EXPECT_FALSE(picture.shows({list, camera, {640, 480}, {}, 7}));

    picture.forget();
    EXPECT_FALSE(picture.shows({list, camera, {640, 480}, background, 7}));
}

TEST(KeptPicture, ARepaintedChunkImageMakesThePictureStale) {
    // Painting a tile while zoomed out: the list (one quad per chunk, its canvas slot) is the
    // same byte for byte, only the canvas was written.
    kept_picture picture;
    const draw_list list = one_quad(0.0f);
    picture.remember({list, {}, {640, 480}, {}, 3});
    EXPECT_FALSE(picture.shows({list, {}, {640, 480}, {}, 4}));
    picture.remember({list, {}, {640, 480}, {}, 4});
    EXPECT_TRUE(picture.shows({list, {}, {640, 480}, {}, 4}));
}

}  // namespace
}  // namespace mosaic::testing
