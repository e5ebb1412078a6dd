// The transform handles' geometry and drag maths, and the marquee's hit test, without ImGui.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include <mosaic/engine/components.hpp>

#include "ui/scene_handles.hpp"
#include "ui/scene_picking.hpp"

namespace mosaic::testing {
namespace {

using namespace mosaic::editor;

constexpr handle_frame at_origin{{100.0f, 100.0f}, 0.0f};

glm::vec2 off(glm::vec2 d) {
    return at_origin.origin + d;
}

TEST(SceneHandles, EachToolHasItsParts) {
    using enum handle_part;
    EXPECT_EQ(part_under(transform_tool::move, at_origin, off({40, 0})), x);
    EXPECT_EQ(part_under(transform_tool::move, at_origin, off({0, -40})), y) << "y points up";
    EXPECT_EQ(part_under(transform_tool::move, at_origin, off({3, 3})), both);
    EXPECT_EQ(part_under(transform_tool::move, at_origin, off({40, 40})), none);

    EXPECT_EQ(part_under(transform_tool::rotate, at_origin, off({70, 0})), ring);
    EXPECT_EQ(part_under(transform_tool::rotate, at_origin, off({0, 66})), ring);
    EXPECT_EQ(part_under(transform_tool::rotate, at_origin, off({0, 0})), none);
    EXPECT_EQ(part_under(transform_tool::rotate, at_origin, off({30, 0})), none);

    EXPECT_EQ(part_under(transform_tool::scale, at_origin, off({70, 4})), x) << "the box";
    EXPECT_EQ(part_under(transform_tool::scale, at_origin, off({0, 0})), both);
    // The scale handle turns with the entity: turned a quarter, its x axis points up.
    const handle_frame turned{at_origin.origin, 90.0f};
    EXPECT_EQ(part_under(transform_tool::scale, turned, off({0, -70})), x);
    EXPECT_EQ(part_under(transform_tool::scale, turned, off({-70, 0})), y);
    EXPECT_EQ(part_under(transform_tool::move, turned, off({40, 0})), x)
        << "the move handle keeps the world's axes";
}

TEST(SceneHandles, TurnsAreCounterClockwiseAndAccumulate) {
    EXPECT_NEAR(turn_between({0, 0}, {10, 0}, {0, -10}), 90.0f, 1e-4f) << "screen up is CCW";
    EXPECT_NEAR(turn_between({0, 0}, {10, 0}, {0, 10}), -90.0f, 1e-4f);

    handle_drag drag(transform_tool::rotate, handle_part::ring, at_origin, off({70, 0}), {0, 0},
                     Transform{});
    EXPECT_NEAR(drag.update(off({0, -70}), {}, false).degrees, 90.0f, 1e-3f);
    EXPECT_NEAR(drag.update(off({-70, 0}), {}, false).degrees, 180.0f, 1e-3f);
    EXPECT_NEAR(drag.update(off({0, 70}), {}, false).degrees, 270.0f, 1e-3f)
        << "past half a turn the angle keeps growing";
}

TEST(SceneHandles, CtrlSnapsRotationToFifteenDegreesOfTheActiveEntity) {
    Transform active;
    active.rotation = 10.0f;
    handle_drag drag(transform_tool::rotate, handle_part::ring, at_origin, off({70, 0}), {0, 0},
                     active);
    const glm::vec2 to = off({70.0f * std::cos(0.42f), -70.0f * std::sin(0.42f)});  // ~24 deg
    const transform_change raw = drag.update(to, {}, false);
    EXPECT_NEAR(raw.degrees, 24.06f, 0.05f);
    EXPECT_NEAR(drag.update(to, {}, true).degrees, 20.0f, 1e-4f) << "10 + 20 = 30, on the step";
}

TEST(SceneHandles, MoveFollowsTheAxisAndSnapsToTheGrid) {
    Transform active;
    active.position = {0.3f, 0.25f};
    handle_drag along_x(transform_tool::move, handle_part::x, at_origin, {}, {0, 0}, active,
                        {.grid = 1.0f});
    transform_change c = along_x.update({}, {1.4f, 0.2f}, false);
    EXPECT_FLOAT_EQ(c.offset.x, 1.4f);
    EXPECT_FLOAT_EQ(c.offset.y, 0.0f);
    c = along_x.update({}, {1.4f, 0.2f}, true);
    EXPECT_FLOAT_EQ(active.position.x + c.offset.x, 2.0f) << "the entity lands on the grid";
    EXPECT_FLOAT_EQ(c.offset.y, 0.0f);

    handle_drag free(transform_tool::move, handle_part::both, at_origin, {}, {0, 0}, active,
                     {.grid = 10.0f});
    c = free.update({}, {6.0f, -4.0f}, true);
    EXPECT_NEAR(active.position.x + c.offset.x, 10.0f, 1e-5f) << "the grid's spacing, zoomed out";
    EXPECT_NEAR(active.position.y + c.offset.y, 0.0f, 1e-5f);
}

TEST(SceneHandles, ScaleGrowsAlongTheAxisAndSnapsToATenth) {
    Transform active;
    handle_drag x(transform_tool::scale, handle_part::x, at_origin, off({70, 0}), {0, 0}, active);
    transform_change c = x.update(off({107, 0}), {}, false);
    EXPECT_NEAR(c.factor.x, 1.0f + 37.0f / 70.0f, 1e-5f);
    EXPECT_FLOAT_EQ(c.factor.y, 1.0f);
    c = x.update(off({107, 0}), {}, true);
    EXPECT_NEAR(c.factor.x, 1.5f, 1e-5f);

    active.scale = {2.0f, 2.0f};
    handle_drag uniform(transform_tool::scale, handle_part::both, at_origin, off({0, 0}), {0, 0},
                        active);
    c = uniform.update(off({35, -35}), {}, false);
    EXPECT_NEAR(c.factor.x, 2.0f, 1e-5f) << "right and up grow";
    EXPECT_NEAR(c.factor.y, 2.0f, 1e-5f);
    c = uniform.update(off({4, 0}), {}, true);
    EXPECT_NEAR(active.scale.x * c.factor.x, 2.1f, 1e-5f) << "the active entity's scale snaps";

    const Transform out = apply_change(active, {.offset = {1, 2}, .degrees = 30, .factor = {2, 3}});
    EXPECT_EQ(out.position, glm::vec2(1, 2));
    EXPECT_FLOAT_EQ(out.rotation, 30.0f);
    EXPECT_EQ(out.scale, glm::vec2(4, 6));
}

TEST(ScenePicking, AMarqueeSelectsWhatItsRectangleTouches) {
    world w;
    const auto sprite = [&](glm::vec2 at, float rotation = 0.0f) {
        const entity e = w.create();
        w.add<Transform>(e, Transform{at, rotation, {1, 1}});
        w.add<Sprite>(e);
        return e;
    };
    const entity a = sprite({0, 0});
    const entity b = sprite({3, 0});
    const entity far = sprite({10, 10});
    const entity turned = sprite({0, 2.2f}, 45.0f);  // its corner reaches down to y ~ 1.49
    const entity plain = w.create();                 // nothing to see: never picked
    w.add<Transform>(plain, Transform{{1, 0}, 0, {1, 1}});

    std::vector<entity> in = entities_in_rect(w, {4, -1}, {-1, 1.45f});  // corners in any order
    std::sort(in.begin(), in.end());
    EXPECT_EQ(in, (std::vector<entity>{a, b}));
    in = entities_in_rect(w, {-1, -1}, {1, 1.55f});
    EXPECT_NE(std::find(in.begin(), in.end(), turned), in.end()) << "a turned sprite's corner";
    EXPECT_EQ(std::find(in.begin(), in.end(), far), in.end());
    EXPECT_TRUE(entities_in_rect(w, {20, 20}, {21, 21}).empty());
}

}  // namespace
}  // namespace mosaic::testing
