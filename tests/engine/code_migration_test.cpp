// code_migration: component values survive a change of game code, by field name.
// Two C++ types registered under the same name stand for a module before and after a rebuild.
#include <mosaic/engine/runtime/code_reload.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>

#include <mosaic/engine/builtin_components.hpp>
#include <mosaic/engine/components.hpp>

namespace mosaic {
namespace {

struct SpinV1 {
    float speed = 90;
    std::int32_t turns = 0;
    float wobble[3] = {1, 2, 3};
    float removed_later = 5;
};
struct SpinV2 {
    float wobble[2] = {0, 0};  // shorter array: the elements both have are kept
    float speed = 1;
    float axis = 7;     // new: takes the prototype
    float turns = 0.5;  // kind changed (int32 -> float): takes the prototype
};
struct Legacy {
    float value = 0;
    entity target;
};
struct RuntimeOnly {  // used by the old code, never registered
    int counter = 0;
};

void register_v1(component_table& t) {
    register_builtin_components(t);
    t.component<SpinV1>("Spin")
        .field("speed", &SpinV1::speed, {.tooltip = "a literal of the module"})
        .field("turns", &SpinV1::turns)
        .field("wobble", &SpinV1::wobble)
        .field("removed_later", &SpinV1::removed_later);
    t.component<Legacy>("Legacy").field("value", &Legacy::value).field("target", &Legacy::target);
}
void register_v2(component_table& t) {
    register_builtin_components(t);
    t.component<SpinV2>("Spin")
        .field("wobble", &SpinV2::wobble)
        .field("speed", &SpinV2::speed)
        .field("axis", &SpinV2::axis)
        .field("turns", &SpinV2::turns);
}

bool reported(const code_migration& m, const std::string& part) {
    return std::any_of(m.report().begin(), m.report().end(), [&](const std::string& line) {
        return line.find(part) != std::string::npos;
    });
}

class CodeMigration : public ::testing::Test {
protected:
    CodeMigration() {
        register_v1(old_table);
        register_v2(new_table);
        a = s.world.create();
        b = s.world.create();
        s.world.add<Transform>(a, Transform{.position = {1, 2}});
        s.world.add<SpinV1>(
            a, SpinV1{.speed = 45, .turns = 3, .wobble = {4, 5, 6}, .removed_later = 9});
        s.world.add<SpinV1>(b);
        s.world.set_enabled<SpinV1>(b, false);
        s.world.add<Legacy>(b, Legacy{.value = 2.5f, .target = a});
        s.world.add<RuntimeOnly>(a);
    }
    std::vector<type_id> leaving() const {
        return {type_id_of<SpinV1>(), type_id_of<Legacy>(), type_id_of<RuntimeOnly>()};
    }

    component_table old_table, new_table;
    scene s;
    entity a, b;
};

TEST_F(CodeMigration, FieldsKeepTheirValuesByName) {
    code_migration m(old_table, leaving());
    m.detach(s);
    EXPECT_EQ(s.world.pool(type_id_of<SpinV1>()), nullptr) << "detach drops the old pools";
    EXPECT_FALSE(s.world.has<RuntimeOnly>(a));
    m.attach(new_table);

    ASSERT_TRUE(s.world.has<SpinV2>(a));
    const SpinV2& spin = s.world.get<SpinV2>(a);
    EXPECT_EQ(spin.speed, 45);
    EXPECT_EQ(spin.wobble[0], 4);
    EXPECT_EQ(spin.wobble[1], 5);
    EXPECT_EQ(spin.axis, 7) << "a new field takes the prototype's value";
    EXPECT_EQ(spin.turns, 0.5f) << "a field whose kind changed takes the prototype's value";
    EXPECT_EQ(s.world.get<Transform>(a).position.x, 1) << "built-in components are untouched";
    EXPECT_TRUE(s.world.has<SpinV2>(b));
    EXPECT_FALSE(s.world.is_enabled<SpinV2>(b)) << "the enabled flag is kept";
    EXPECT_EQ(m.migrated(), 3u);  // two Spins and a Legacy kept as unknown

    EXPECT_TRUE(reported(m, "Spin: new field 'axis' takes its default value"));
    EXPECT_TRUE(reported(m, "Spin: field 'turns' changed from int32 to float"));
    EXPECT_TRUE(reported(m, "Spin: field 'wobble' changed from float[3] to float[2]"));
    EXPECT_TRUE(reported(m, "Spin: field 'removed_later' was removed"));
    EXPECT_TRUE(reported(m, "RuntimeOnly"));
}

TEST_F(CodeMigration, RemovedTypesAreKeptVerbatimAsUnknownComponents) {
    code_migration m(old_table, leaving());
    m.detach(s);
    m.attach(new_table);
    EXPECT_TRUE(
        reported(m, "component Legacy is no longer registered by the game: 1 value(s) kept"));
    const std::uint64_t id_b = s.ensure_id(b);
    ASSERT_EQ(s.unknown.count(id_b), 1u);
    const unknown_component& kept = s.unknown[id_b].front();
    EXPECT_EQ(kept.name, "Legacy");
    EXPECT_NE(kept.json.find("\"value\":2.5"), std::string::npos) << kept.json;
    // The reference to `a` is written as a's file id, as a scene file would.
    EXPECT_NE(kept.json.find("\"target\":" + std::to_string(s.ensure_id(a))), std::string::npos)
        << kept.json;
}

TEST_F(CodeMigration, ConvertsValuesHeldElsewhere) {
    code_migration m(old_table, leaving());
    m.detach(s);
    m.attach(new_table);
    SpinV1 held{.speed = 12, .turns = 1, .wobble = {8, 9, 10}, .removed_later = 0};
    std::vector<std::byte> bytes(sizeof held);
    std::memcpy(bytes.data(), &held, sizeof held);
    const auto converted = m.convert(type_id_of<SpinV1>(), bytes);
    ASSERT_TRUE(converted.has_value());
    EXPECT_EQ(converted->type, type_id_of<SpinV2>());
    ASSERT_EQ(converted->bytes.size(), sizeof(SpinV2));
    SpinV2 out;
    std::memcpy(&out, converted->bytes.data(), sizeof out);
    EXPECT_EQ(out.speed, 12);
    EXPECT_EQ(out.wobble[1], 9);
    EXPECT_FALSE(m.convert(type_id_of<Legacy>(), bytes).has_value()) << "Legacy is gone";
    EXPECT_EQ(m.old_name(type_id_of<Legacy>()), "Legacy");
    EXPECT_TRUE(m.leaving(type_id_of<SpinV1>()));
    EXPECT_FALSE(m.leaving(type_id_of<Transform>()));
}

TEST_F(CodeMigration, EveryDetachedSceneIsMigrated) {
    scene other;
    const entity c = other.world.create();
    other.world.add<SpinV1>(c, SpinV1{.speed = 3});
    code_migration m(old_table, leaving());
    m.detach(s);
    m.detach(other);
    m.attach(new_table);
    ASSERT_TRUE(other.world.has<SpinV2>(c));
    EXPECT_EQ(other.world.get<SpinV2>(c).speed, 3);
}

TEST_F(CodeMigration, DetachedDescriptionsOutliveTheOldTable) {
    auto doomed = std::make_unique<component_table>();
    register_v1(*doomed);
    code_migration m(*doomed, leaving());
    m.detach(s);
    doomed.reset();  // the module's table is gone before the new code registers
    m.attach(new_table);
    EXPECT_EQ(s.world.get<SpinV2>(a).speed, 45);
}

}  // namespace
}  // namespace mosaic
