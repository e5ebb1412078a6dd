// framebuffer: entity ids read back per pixel (-1 on background and outside), resizing,
// and the colour attachment being a texture another pass can sample (as ImGui::Image does).
#include "gl_test_support.hpp"
// (gl_test_support.hpp includes glad first.)

namespace mosaic::testing {
namespace {

class Framebuffer : public GlTest {};

TEST_F(Framebuffer, ReadsTheIdOfTheQuadAtAPixelAndMinusOneElsewhere) {
    draw_list list;
    list.add_quad({.center = {-2.0f, 2.0f}, .size = {2.0f, 2.0f}, .tint = red, .pick_id = 42});
    list.add_quad({.center = {2.0f, -2.0f}, .size = {2.0f, 2.0f}, .tint = red, .pick_id = 0});
    draw(list);
    // (-2, 2) is pixel (16, 16) from the top-left: the id uses screen coordinates.
    EXPECT_EQ(target_->read_entity_id(16, 16), 42);
    EXPECT_EQ(target_->read_entity_id(48, 48), 0);
    EXPECT_EQ(target_->read_entity_id(16, 48), -1);
    EXPECT_EQ(target_->read_entity_id(32, 32), -1);
    EXPECT_EQ(target_->read_entity_id(-1, 0), -1);  // outside
    EXPECT_EQ(target_->read_entity_id(0, 64), -1);
}

TEST_F(Framebuffer, ClearingResetsTheIds) {
    draw_list list;
    list.add_quad({.size = {8.0f, 8.0f}, .pick_id = 3});
    draw(list);
    ASSERT_EQ(target_->read_entity_id(10, 10), 3);
    draw(draw_list{});
    EXPECT_EQ(target_->read_entity_id(10, 10), -1);
}

TEST_F(Framebuffer, TransparentPixelsAreNotPicked) {
    draw_list list;
    list.add_quad({.size = {2.0f, 2.0f}, .tint = {1.0f, 1.0f, 1.0f, 0.0f}, .pick_id = 9});
    const image shot = draw(list);
    EXPECT_EQ(shot.pixel(32, 32), blue8);
    EXPECT_EQ(target_->read_entity_id(32, 32), -1);
}

TEST_F(Framebuffer, ResizeChangesWhatIsDrawnAndRead) {
    target_->resize({32, 16});
    EXPECT_EQ(target_->size(), glm::ivec2(32, 16));
    draw_list list;
    // 16 pixels high at zoom 1.25: 2 pixels per unit; x in [-8, 8], y in [-4, 4].
    list.add_quad({.center = {6.0f, -3.0f}, .size = {2.0f, 2.0f}, .tint = green, .pick_id = 11});
    const image shot = draw(list);
    ASSERT_EQ(shot.width, 32);
    ASSERT_EQ(shot.height, 16);
    EXPECT_EQ(shot.pixel(28, 14), green8);
    EXPECT_EQ(shot.pixel(2, 2), blue8);
    EXPECT_EQ(target_->read_entity_id(28, 14), 11);
    EXPECT_EQ(target_->read_entity_id(40, 4), -1);  // inside the old size, outside the new

    target_->resize({0, -5});  // a collapsed panel: kept at one pixel
    EXPECT_EQ(target_->size(), glm::ivec2(1, 1));
}

TEST_F(Framebuffer, ItsColourTextureCanBeDrawnElsewhere) {
    draw_list scene;
    scene.add_quad({.size = {8.0f, 8.0f}, .tint = green});
    draw(scene);
    // Draw that texture on a quad into a second framebuffer, as the editor's panel would.
    framebuffer panel({64, 64});
    draw_list shown;
    shown.add_quad({.size = {4.0f, 4.0f}, .texture = target_->color_texture()});
    renderer_->render(shown, test_camera, panel, red);
    const image shot = read_pixels(panel);
    EXPECT_EQ(shot.pixel(32, 32), green8);
    EXPECT_EQ(shot.pixel(4, 4), red8);
}

}  // namespace
}  // namespace mosaic::testing
