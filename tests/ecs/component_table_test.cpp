// component_table.hpp: a registration turns a struct into data (name, type id, size, prototype,
// flags, fields with kinds and offsets) that the scene files, the inspector and undo walk
// without knowing the type. These tests check that data against the struct itself, so a wrong
// offset, a lost flag or a second registration that overwrites the first fails here before it
// corrupts a file.
#include "mosaic/ecs/component_table.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "test_components.hpp"

namespace {

using mosaic::component_info;
using mosaic::component_table;
using mosaic::field_info;
using mosaic::field_kind;
using mosaic_test::failed_check_message;

enum class shape : std::uint8_t { circle, box };
enum class layer : std::int16_t { back = -1, front = 1 };

struct Body {
    mosaic::vec2 position;
    float mass = 2.5f;
    shape form = shape::box;
    std::int32_t slots[3] = {7, 8, 9};
    char label[16] = "body";
    char tags[2][8] = {};
    layer depth = layer::front;
    mosaic::entity owner;
    bool sleeping = false;
};

struct Marker {
    std::int32_t id = 0;
};

struct Padded {
    bool a = true;  // three bytes of padding after it
    std::uint32_t b = 2;
};

struct Cache {  // not plain data: runtime_only
    std::vector<int> items;
};

// A type claiming to be a vec3 while holding two floats: make_field's size check must refuse.
struct two_floats {
    float x = 0, y = 0;
};
struct Misdeclared {
    two_floats v;
};

}  // namespace

template <>
struct mosaic::field_traits<two_floats> {
    static constexpr field_kind kind = field_kind::vec3;
};

namespace {

// Counts failed checks without throwing, as a release build runs on: the table's fallback
// paths (a duplicate registration is ignored) are what the user gets there.
int failed_checks = 0;
std::string last_failure;
void counting_handler(const char*, const std::string& message, const char*, int) {
    ++failed_checks;
    last_failure = message;
}
class counting_checks {
public:
    counting_checks() : previous_(mosaic::set_assert_handler(&counting_handler)) {
        failed_checks = 0;
        last_failure.clear();
    }
    ~counting_checks() { mosaic::set_assert_handler(previous_); }
    counting_checks(const counting_checks&) = delete;
    counting_checks& operator=(const counting_checks&) = delete;

private:
    mosaic::assert_handler previous_;
};

void register_body(component_table& table) {
    table.component<Body>("Body")
        .field("position", &Body::position, {.speed = 0.1f})
        .field("mass", &Body::mass, {.min = 0, .max = 100, .tooltip = "kg"})
        .field("form", &Body::form, {{"circle", shape::circle}, {"box", shape::box}})
        .field("slots", &Body::slots)
        .field("label", &Body::label, {.multiline = true})
        .field("tags", &Body::tags)
        .field("depth", &Body::depth, {{"back", layer::back}, {"front", layer::front}})
        .field("owner", &Body::owner)
        .field("sleeping", &Body::sleeping, {.read_only = true})
        .version(3);
}

const field_info& field_named(const component_info& info, std::string_view name) {
    const field_info* f = info.find_field(name);
    EXPECT_NE(f, nullptr) << name;
    static const field_info none;
    return f ? *f : none;
}

TEST(ComponentTable, RegistrationDescribesTheType) {
    component_table table;
    register_body(table);
    const component_info* info = table.find<Body>();
    ASSERT_NE(info, nullptr);
    EXPECT_EQ(info->name, "Body");
    EXPECT_EQ(info->type, mosaic::type_id_of<Body>());
    EXPECT_EQ(info->size, sizeof(Body));
    EXPECT_EQ(info->alignment, alignof(Body));
    EXPECT_EQ(info->version, 3u);
    EXPECT_FALSE(info->flags.hidden);
    EXPECT_FALSE(info->flags.not_saved);
    EXPECT_FALSE(info->flags.resource);
    EXPECT_FALSE(info->flags.opaque);
    // The prototype is T{}: new components and missing fields in files get these bytes.
    ASSERT_EQ(info->prototype.size(), sizeof(Body));
    const Body defaults{};
    EXPECT_EQ(std::memcmp(info->prototype_data(), &defaults, sizeof(Body)), 0);
}

TEST(ComponentTable, FieldsKeepDeclarationOrderKindOffsetAndHints) {
    component_table table;
    register_body(table);
    const component_info& info = *table.find<Body>();
    std::vector<std::string> names;
    for (const field_info& f : info.fields) names.push_back(f.name);
    EXPECT_EQ(names, (std::vector<std::string>{"position", "mass", "form", "slots", "label", "tags",
                                               "depth", "owner", "sleeping"}));

    const field_info& position = field_named(info, "position");
    EXPECT_EQ(position.kind, field_kind::vec2);
    EXPECT_EQ(position.offset, offsetof(Body, position));
    EXPECT_EQ(position.size, sizeof(mosaic::vec2));
    EXPECT_EQ(position.count, 1u);
    EXPECT_FLOAT_EQ(position.hints.speed, 0.1f);

    const field_info& mass = field_named(info, "mass");
    EXPECT_EQ(mass.kind, field_kind::float32);
    EXPECT_EQ(mass.offset, offsetof(Body, mass));
    EXPECT_TRUE(mass.has_range());
    EXPECT_EQ(mass.hints.max, 100);
    EXPECT_EQ(mass.hints.tooltip, "kg");

    const field_info& slots = field_named(info, "slots");  // a fixed array
    EXPECT_EQ(slots.kind, field_kind::int32);
    EXPECT_EQ(slots.offset, offsetof(Body, slots));
    EXPECT_EQ(slots.size, sizeof(std::int32_t));
    EXPECT_EQ(slots.count, 3u);

    const field_info& label = field_named(info, "label");  // char[16]: one string
    EXPECT_EQ(label.kind, field_kind::string);
    EXPECT_EQ(label.size, 16u);
    EXPECT_EQ(label.count, 1u);
    EXPECT_TRUE(label.hints.multiline);

    const field_info& tags = field_named(info, "tags");  // char[2][8]: two strings
    EXPECT_EQ(tags.kind, field_kind::string);
    EXPECT_EQ(tags.offset, offsetof(Body, tags));
    EXPECT_EQ(tags.size, 8u);
    EXPECT_EQ(tags.count, 2u);

    EXPECT_EQ(field_named(info, "owner").kind, field_kind::entity_ref);
    EXPECT_EQ(field_named(info, "sleeping").kind, field_kind::boolean);
    EXPECT_TRUE(field_named(info, "sleeping").hints.read_only);
    EXPECT_EQ(info.find_field("nope"), nullptr);
}

TEST(ComponentTable, EnumFieldsKnowTheirWidthSignAndNames) {
    component_table table;
    register_body(table);
    const component_info& info = *table.find<Body>();
    const field_info& form = field_named(info, "form");
    EXPECT_EQ(form.kind, field_kind::enumeration);
    EXPECT_EQ(form.size, 1u);
    EXPECT_FALSE(form.enum_is_signed);
    EXPECT_EQ(form.enum_name(1), "box");
    const field_info& depth = field_named(info, "depth");
    EXPECT_EQ(depth.size, 2u);
    EXPECT_TRUE(depth.enum_is_signed);
    EXPECT_EQ(depth.enum_name(-1), "back");
    // The recorded offset and width reach the member itself.
    Body b;
    depth.write_enum(&b, -1);
    EXPECT_EQ(b.depth, layer::back);
    EXPECT_EQ(form.read_enum(&b), 1);
}

TEST(ComponentTable, BuilderSetsFlagsPrototypeAndUpgrade) {
    component_table table;
    int upgrades = 0;
    std::uint32_t seen_version = 0;
    table.component<Marker>("Marker")
        .field("id", &Marker::id)
        .hidden()
        .not_saved()
        .resource()
        .prototype(Marker{42})
        .upgrade([&](void* value, std::uint32_t file_version, const mosaic::legacy_fields&) {
            ++upgrades;
            seen_version = file_version;
            static_cast<Marker*>(value)->id = 7;
        });
    const component_info& info = *table.find("Marker");
    EXPECT_TRUE(info.flags.hidden);
    EXPECT_TRUE(info.flags.not_saved);
    EXPECT_TRUE(info.flags.resource);
    EXPECT_FALSE(info.flags.opaque);

    Marker m{5};
    info.reset(&m);
    EXPECT_EQ(m.id, 42);  // the prototype, not Marker{}

    struct no_fields final : mosaic::legacy_fields {
        bool has(std::string_view) const override { return false; }
        std::optional<double> number(std::string_view, std::size_t) const override { return {}; }
        std::optional<std::string> text(std::string_view) const override { return {}; }
    } old;
    info.upgrade(&m, 1, old);
    EXPECT_EQ(upgrades, 1);
    EXPECT_EQ(seen_version, 1u);
    EXPECT_EQ(m.id, 7);
}

TEST(ComponentTable, DefaultUpgradeLeavesTheValueAlone) {
    component_table table;
    table.component<Marker>("Marker").field("id", &Marker::id);
    struct no_fields final : mosaic::legacy_fields {
        bool has(std::string_view) const override { return false; }
        std::optional<double> number(std::string_view, std::size_t) const override { return {}; }
        std::optional<std::string> text(std::string_view) const override { return {}; }
    } old;
    Marker m{3};
    table.find<Marker>()->upgrade(&m, 0, old);
    EXPECT_EQ(m.id, 3);
}

TEST(ComponentTable, FieldsEqualComparesFieldsNotPadding) {
    // Undo and "Keep after Stop" compare values with fields_equal: garbage in padding must not
    // make two equal values differ, and a changed field must.
    component_table table;
    table.component<Padded>("Padded").field("a", &Padded::a).field("b", &Padded::b);
    const component_info& info = *table.find<Padded>();
    alignas(Padded) std::byte x[sizeof(Padded)];
    alignas(Padded) std::byte y[sizeof(Padded)];
    std::memset(x, 0x11, sizeof x);
    std::memset(y, 0x22, sizeof y);
    info.reset(x);
    info.reset(y);
    std::memset(x + 1, 0x33, offsetof(Padded, b) - 1);  // only the padding differs
    EXPECT_TRUE(info.fields_equal(x, y));
    const std::uint32_t three = 3;
    std::memcpy(y + offsetof(Padded, b), &three, sizeof three);
    EXPECT_FALSE(info.fields_equal(x, y));
}

TEST(ComponentTable, FindsByNameTypeAndTemplateAndListsInRegistrationOrder) {
    component_table table;
    table.component<Marker>("Marker");
    register_body(table);
    table.component<mosaic_test::Position>("Position");
    EXPECT_EQ(table.size(), 3u);
    EXPECT_EQ(table.find("Body"), table.find<Body>());
    EXPECT_EQ(table.find(mosaic::type_id_of<Body>()), table.find<Body>());
    EXPECT_EQ(table.find("body"), nullptr);  // names are case-sensitive: they are file keys
    EXPECT_EQ(table.find<Padded>(), nullptr);
    EXPECT_EQ(table.find(mosaic::invalid_type_id), nullptr);
    std::vector<std::string> order;
    for (const component_info* info : table.all()) order.push_back(info->name);
    EXPECT_EQ(order, (std::vector<std::string>{"Marker", "Body", "Position"}));
}

TEST(ComponentTable, ASecondRegistrationOfANameOrATypeIsRefusedAndIgnored) {
    const counting_checks checks;
    component_table table;
    table.component<Marker>("Marker").field("id", &Marker::id);

    // The same name for another type: refused, the builder still usable, nothing changes.
    table.component<Padded>("Marker").field("a", &Padded::a).hidden();
    EXPECT_EQ(failed_checks, 1);
    EXPECT_EQ(last_failure,
              "component_table: cannot register 'Marker': the name is already "
              "registered");
    EXPECT_EQ(table.find<Padded>(), nullptr);
    EXPECT_EQ(table.find("Marker")->type, mosaic::type_id_of<Marker>());
    EXPECT_FALSE(table.find("Marker")->flags.hidden);

    // The same type under another name.
    table.component<Marker>("Other").field("id", &Marker::id).resource();
    EXPECT_EQ(failed_checks, 2);
    EXPECT_EQ(last_failure,
              "component_table: cannot register 'Other': the type is already "
              "registered as 'Marker'");
    EXPECT_EQ(table.find("Other"), nullptr);
    EXPECT_FALSE(table.find<Marker>()->flags.resource);
    EXPECT_EQ(table.size(), 1u);
}

TEST(ComponentTable, AMemberOfTheWrongSizeForItsKindIsAMistake) {
    component_table table;
    const std::string message = failed_check_message(
        [&] { table.component<Misdeclared>("Misdeclared").field("v", &Misdeclared::v); });
    EXPECT_EQ(message, "field 'v': the member's size does not match kind vec3");
}

TEST(ComponentTable, RuntimeOnlyTypesAreHiddenUnsavedAndOpaque) {
    component_table table;
    const component_info& info = table.runtime_only<Cache>("Cache");
    EXPECT_EQ(&info, table.find<Cache>());
    EXPECT_EQ(info.size, sizeof(Cache));
    EXPECT_TRUE(info.flags.hidden);
    EXPECT_TRUE(info.flags.not_saved);
    EXPECT_TRUE(info.flags.opaque);
    EXPECT_FALSE(info.flags.resource);
    EXPECT_TRUE(info.fields.empty());
    EXPECT_TRUE(info.prototype.empty());  // nothing may copy it as bytes
}

TEST(ComponentTable, InfosSurviveAMoveOfTheTable) {
    // Tools keep component_info pointers across a project switch that moves the table.
    component_table table;
    register_body(table);
    const component_info* before = table.find("Body");
    component_table moved = std::move(table);
    EXPECT_EQ(moved.find("Body"), before);
    EXPECT_EQ(moved.find<Body>(), before);
    EXPECT_EQ(moved.size(), 1u);
}

TEST(ComponentTable, ClearForgetsEveryRegistrationAndAllowsThemAgain) {
    // Before a game's code is unloaded: afterwards the same types register again (a reload).
    component_table table;
    register_body(table);
    table.component<Marker>("Marker");
    table.clear();
    EXPECT_EQ(table.size(), 0u);
    EXPECT_EQ(table.find("Body"), nullptr);
    EXPECT_EQ(table.find<Marker>(), nullptr);
    EXPECT_TRUE(table.all().empty());
    const counting_checks checks;
    register_body(table);
    EXPECT_EQ(failed_checks, 0);
    ASSERT_NE(table.find<Body>(), nullptr);
    EXPECT_EQ(table.find<Body>()->fields.size(), 9u);
}

}  // namespace
