// The scene builder (engine/src/serialization/scene_builder.hpp) alone: the scene rules both file
// readers feed, each checked with the message it gives. scene_cross_format_test.cpp checks
// that both readers reach them the same way.
#include "../../engine/src/serialization/scene_builder.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "scene_test_support.hpp"

namespace mosaic {
namespace {

using detail::file_place;
using detail::load_failed;
using detail::path_place;
using detail::read_context;
using detail::scene_builder;

struct Versioned {
    std::int32_t a = 0;
    float b = 0;
};

// What an upgrade hook sees of a file: nothing here but field "b" = 4.
class fixed_legacy final : public legacy_fields {
public:
    [[nodiscard]] bool has(std::string_view field) const override { return field == "b"; }
    [[nodiscard]] std::optional<double> number(std::string_view field, std::size_t) const override {
        return field == "b" ? std::optional<double>(4) : std::nullopt;
    }
    [[nodiscard]] std::optional<std::string> text(std::string_view) const override {
        return std::nullopt;
    }
};

class SceneBuilder : public ::testing::Test {
protected:
    SceneBuilder() {
        testing::register_test_components(table);
        table.component<Versioned>("Versioned")
            .field("a", &Versioned::a)
            .field("b", &Versioned::b)
            .version(2)
            .upgrade([](void* value, std::uint32_t, const legacy_fields& old) {
                static_cast<Versioned*>(value)->b = static_cast<float>(*old.number("b")) * 10;
            });
    }

    path_place at(const std::string& path) { return path_place(ctx, path); }
    void create(std::vector<std::uint64_t> ids) {
        std::optional<path_place> place;
        builder.create_entities(std::move(ids), [&](std::size_t i) -> file_place& {
            return place.emplace(ctx, "entities[" + std::to_string(i) + "].id");
        });
    }
    // "path: message" of every diagnostic so far.
    std::vector<std::string> said() const {
        std::vector<std::string> out;
        for (const diagnostic& d : diagnostics) out.push_back(d.path + ": " + d.message);
        return out;
    }

    component_table table;
    std::vector<diagnostic> diagnostics;
    read_context ctx{"test.scene", {}, diagnostics};
    scene_builder builder{ctx};
};

TEST_F(SceneBuilder, FindsEntitiesByIdInAnyOrder) {
    for (const std::vector<std::uint64_t>& ids :
         std::vector<std::vector<std::uint64_t>>{{1, 2, 3}, {5, 9, 40}, {40, 5, 9}}) {
        std::vector<diagnostic> out;
        read_context local("test.scene", {}, out);
        scene_builder b(local);
        std::optional<path_place> place;
        b.create_entities(ids, [&](std::size_t) -> file_place& {
            ADD_FAILURE() << "no id is wrong";
            return place.emplace(local, "");
        });
        for (std::size_t i = 0; i < ids.size(); ++i) {
            EXPECT_EQ(b.find(ids[i]), b.entity_at(i));
            EXPECT_EQ(b.draft().world.get<EntityId>(b.entity_at(i)).value, ids[i]);
        }
        EXPECT_TRUE(b.find(7).is_null());
        EXPECT_TRUE(b.find(0).is_null());
    }
}

TEST_F(SceneBuilder, AnIdUsedTwiceFailsWhereItIsUsedAgain) {
    EXPECT_THROW(create({4, 8, 4}), load_failed);
    EXPECT_EQ(said(), std::vector<std::string>{"entities[2].id: id 4 is used twice (also by "
                                               "entities[0])"});
}

TEST_F(SceneBuilder, IdZeroFails) {
    EXPECT_THROW(create({1, 0}), load_failed);
    EXPECT_EQ(said(),
              std::vector<std::string>{
                  "entities[1].id: expected the entity's id (a whole number >= 1), found 0"});
}

TEST_F(SceneBuilder, ALongNameIsCutWithAWarningAndANulFails) {
    create({1});
    auto name = at("entities[0].name");
    builder.set_name(builder.entity_at(0), std::string(100, 'n'), name);
    EXPECT_EQ(std::string(builder.draft().world.get<Name>(builder.entity_at(0)).value),
              std::string(63, 'n'));
    EXPECT_EQ(said(), std::vector<std::string>{"entities[0].name: name cut to 63 bytes"});
    EXPECT_THROW(builder.set_name(builder.entity_at(0), std::string("a\0b", 3), name), load_failed);
    EXPECT_EQ(said().back(), "entities[0].name: the name contains a NUL character");
}

TEST_F(SceneBuilder, ParentsResolveAndBadLinksAreDroppedWithAWarning) {
    create({1, 2});
    const entity a = builder.entity_at(0), b = builder.entity_at(1);
    auto parent = at("entities[1].parent");
    builder.set_parent(b, 1, parent);
    builder.set_parent(a, 1, parent);   // itself
    builder.set_parent(a, 77, parent);  // not in the file
    const world& w = builder.draft().world;
    EXPECT_EQ(w.get<Parent>(b).entity, a);
    EXPECT_FALSE(w.has<Parent>(a));
    EXPECT_EQ(said(),
              (std::vector<std::string>{
                  "entities[1].parent: an entity cannot be its own parent; the link is dropped",
                  "entities[1].parent: refers to entity 77, which is not in the file; the "
                  "reference is cleared"}));
}

TEST_F(SceneBuilder, FinishBreaksParentCyclesAndHandsTheSceneOver) {
    create({1, 2});
    auto parent = at("p");
    builder.set_parent(builder.entity_at(0), 2, parent);
    builder.set_parent(builder.entity_at(1), 1, parent);
    scene done = builder.finish();
    EXPECT_EQ(done.world.size(), 2u);
    EXPECT_NE(done.world.has<Parent>(done.find(1)), done.world.has<Parent>(done.find(2)));
    ASSERT_EQ(said().size(), 1u);
    EXPECT_NE(said()[0].find("is its own ancestor; its parent link is dropped"), std::string::npos);
}

TEST_F(SceneBuilder, UnknownTypesAreKeptAndWarnedAboutOncePerFile) {
    create({1, 2});
    auto first = at("entities[0].components.Jet");
    auto second = at("entities[1].components.Jet");
    builder.keep_unknown(0, "Jet", R"({"version":1})", first);
    builder.keep_unknown(1, "Jet", R"({"version":2})", second);
    EXPECT_EQ(builder.draft().unknown.at(2).at(0).json, R"({"version":2})");
    EXPECT_EQ(said(),
              std::vector<std::string>{"entities[0].components.Jet: unknown component type "
                                       "'Jet': kept as it is and saved back, but not used"});
    EXPECT_THROW(builder.keep_unknown(1, "Jet", "{}", second), load_failed);
    EXPECT_EQ(said().back(),
              "entities[1].components.Jet: corrupt: the entity has two components named 'Jet'");
}

TEST_F(SceneBuilder, TypesFilesDoNotStoreAreSkippedWithOneWarning) {
    const component_info& name = *table.find(std::string_view("Name"));
    EXPECT_FALSE(scene_builder::is_stored(name));
    EXPECT_TRUE(scene_builder::is_stored(name, true)) << "archetypes keep their Name";
    EXPECT_TRUE(scene_builder::is_stored(*table.find(std::string_view("Transform"))));
    auto place = at("entities[0].components.Name");
    builder.skip_not_stored(name, place);
    builder.skip_not_stored(name, place);
    EXPECT_EQ(said(), std::vector<std::string>{"entities[0].components.Name: component 'Name' is "
                                               "not stored in scene files (ignored)"});
}

TEST_F(SceneBuilder, OlderVersionsAreUpgradedNewerOnesWarnOnce) {
    create({1, 2});
    const component_info& info = *table.find(std::string_view("Versioned"));
    auto place = at("entities[0].components.Versioned");
    Versioned old{1, 0};
    builder.add_component(builder.entity_at(0), info, &old, false, 1, fixed_legacy(), place);
    const world& w = builder.draft().world;
    EXPECT_EQ(w.get<Versioned>(builder.entity_at(0)).b, 40.0f) << "through the upgrade hook";
    EXPECT_FALSE(w.is_enabled(builder.entity_at(0), info.type));
    EXPECT_TRUE(said().empty());

    Versioned newer{2, 3};
    builder.add_component(builder.entity_at(1), info, &newer, true, 5, fixed_legacy(), place);
    builder.upgrade(info, &newer, 5, fixed_legacy(), place);
    EXPECT_EQ(w.get<Versioned>(builder.entity_at(1)).b, 3.0f) << "read as far as possible";
    EXPECT_EQ(said(), std::vector<std::string>{
                          "entities[0].components.Versioned.version: written by a newer version "
                          "(5) of Versioned than this build knows (2); read as far as possible"});
    EXPECT_THROW(
        builder.add_component(builder.entity_at(1), info, &newer, true, 2, fixed_legacy(), place),
        load_failed);
    EXPECT_EQ(said().back(),
              "entities[0].components.Versioned: corrupt: the entity has two Versioned components");
}

TEST_F(SceneBuilder, TheFormatVersionMustBeOneThisBuildReads) {
    auto version = at("version");
    scene_builder::check_format_version(1, 2, version);
    scene_builder::check_format_version(2, 2, version);
    EXPECT_THROW(scene_builder::check_format_version(0, 2, version), load_failed);
    EXPECT_THROW(scene_builder::check_format_version(3, 2, version), load_failed);
    EXPECT_EQ(said().back(),
              "version: format version 3 is not one this build reads (1 to 2); written by a "
              "newer Mosaic?");
}

TEST_F(SceneBuilder, SystemsNeedANameWithoutNulAndARateThatRuns) {
    auto name = at("systems[0].name");
    builder.add_system({"physics", true, rate::every_tick()}, name);
    EXPECT_EQ(builder.draft().systems.size(), 1u);
    EXPECT_THROW(builder.add_system({std::string("a\0b", 3), true, rate::every_tick()}, name),
                 load_failed);
    EXPECT_EQ(said().back(), "systems[0].name: the name contains a NUL character");

    auto ticks = at("systems[0].every_ticks");
    EXPECT_EQ(scene_builder::ticks_rate(3, ticks).ticks, 3u);
    EXPECT_THROW(scene_builder::ticks_rate(0, ticks), load_failed);
    EXPECT_EQ(said().back(), "systems[0].every_ticks: expected a whole number of ticks >= 1");
    auto seconds = at("systems[0].every_seconds");
    EXPECT_EQ(scene_builder::seconds_rate(0.5, seconds).seconds, 0.5);
    EXPECT_THROW(scene_builder::seconds_rate(std::numeric_limits<double>::quiet_NaN(), seconds),
                 load_failed);
    EXPECT_EQ(said().back(), "systems[0].every_seconds: expected a number of seconds > 0");
}

}  // namespace
}  // namespace mosaic
