// The render system fills a draw list from the world in the render phase (no GL needed).
#include <gtest/gtest.h>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/render/render_system.hpp>

namespace {

using namespace mosaic;

TEST(RenderSystem, CollectsSpritesEveryTickAndIsProfiled) {
    world w;
    scheduler s;
    draw_list list;
    add_render_system(s, list);
    for (int i = 0; i < 3; ++i) {
        const entity e = w.create();
        w.add<Transform>(e, Transform{{static_cast<float>(i), 0}});
        w.add<Sprite>(e);
    }
    w.add<Transform>(w.create());  // no sprite: not drawn
    s.tick(w, 1.0 / 60);
    EXPECT_EQ(list.instances().size(), 3u);
    s.tick(w, 1.0 / 60);
    EXPECT_EQ(list.instances().size(), 3u);  // refilled, not appended
    const mosaic::system* render = s.find("render");
    ASSERT_NE(render, nullptr);
    EXPECT_EQ(render->in(), phase::render);
    EXPECT_EQ(render->timing().calls, 2u);
}

}  // namespace
