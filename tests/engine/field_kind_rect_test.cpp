// A kind added through the kind table alone (rect) is saved and loaded by both scene formats.
#include <gtest/gtest.h>

#include <sstream>

#include <mosaic/ecs/component_table.hpp>
#include <mosaic/engine/builtin_components.hpp>
#include <mosaic/engine/scene/scene_binary.hpp>
#include <mosaic/engine/scene/scene_json.hpp>

namespace mosaic {
namespace {

struct Trigger {
    rect area{};
    rect corners[2] = {};
};

component_table trigger_table() {
    component_table table;
    register_builtin_components(table);
    table.component<Trigger>("Trigger")
        .field("area", &Trigger::area)
        .field("corners", &Trigger::corners);
    return table;
}

std::string json_of(scene& s, const component_table& table) {
    std::ostringstream out;
    EXPECT_TRUE(save_scene_json(s, table, out).empty());
    return out.str();
}

std::string binary_of(scene& s, const component_table& table) {
    std::ostringstream out(std::ios::binary);
    EXPECT_TRUE(save_scene_binary(s, table, out).empty());
    return out.str();
}

TEST(FieldKindRect, RoundTripsThroughJsonAndBinary) {
    const component_table table = trigger_table();
    scene s;
    const entity e = s.world.create();
    s.world.add<Trigger>(e, Trigger{{1.5f, -2, 30, 0.25f}, {{0, 0, 1, 1}, {5, 6, 7, 8}}});
    const std::string json = json_of(s, table);
    EXPECT_NE(json.find("\"area\""), std::string::npos) << json;

    auto from_json = load_scene_json(json, table, "rect.scene.json");
    ASSERT_TRUE(from_json.ok());
    const std::string bytes = binary_of(*from_json.value, table);
    auto from_binary = load_scene_binary(bytes, table, "rect.scene.bin");
    ASSERT_TRUE(from_binary.ok());
    EXPECT_EQ(json_of(*from_binary.value, table), json);

    bool found = false;
    from_binary.value->world.view<Trigger>().each([&](const Trigger& t) {
        found = true;
        EXPECT_EQ(t.area, (rect{1.5f, -2, 30, 0.25f}));
        EXPECT_EQ(t.corners[1], (rect{5, 6, 7, 8}));
    });
    EXPECT_TRUE(found);
}

TEST(FieldKindRect, WrongShapeIsAClearError) {
    const component_table table = trigger_table();
    scene s;
    s.world.add<Trigger>(s.world.create());
    std::string json = json_of(s, table);
    const auto at = json.find("\"area\"");
    ASSERT_NE(at, std::string::npos);
    const auto open = json.find('[', at);
    const auto close = json.find(']', open);
    json.replace(open, close - open + 1, "[1, 2]");
    const auto result = load_scene_json(json, table, "rect.scene.json");
    EXPECT_FALSE(result.ok());
}

}  // namespace
}  // namespace mosaic
