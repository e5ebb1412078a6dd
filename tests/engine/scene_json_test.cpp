// Scene and archetype files in JSON: round trips, every bad input a user can make, and the
// old format fixture.
#include <mosaic/engine/scene/scene_json.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>

#include "scene_test_support.hpp"

namespace mosaic {
namespace {

using testing::EveryKind;
using testing::Mood;

class SceneJson : public ::testing::Test {
protected:
    SceneJson() { testing::register_test_components(table); }

    std::string save(scene& s) {
        std::ostringstream out;
        save_scene_json(s, table, out);
        return out.str();
    }
    load_result<scene> load(const std::string& text) {
        return load_scene_json(text, table, "test.scene.json");
    }
    // The error of a load that must fail, as "line:col: path: message" for matching.
    std::string error_of(const std::string& text) {
        auto result = load(text);
        EXPECT_FALSE(result.ok());
        const diagnostic* error = result.error();
        return error ? error->to_string() : std::string("<no error>");
    }

    component_table table;
};

std::string minimal_scene(const std::string& entities) {
    return R"({"format": "mosaic.scene", "version": 2, "entities": )" + entities + "}";
}

TEST_F(SceneJson, EveryFieldKindRoundTripsByteIdentical) {
    scene s;
    const entity a = s.world.create();
    const entity b = s.world.create();
    EveryKind value;
    value.flag = true;
    value.i32 = -123456;
    value.u32 = 4000000000u;
    value.i64 = -9000000000000LL;
    value.f32 = 0.1f;
    value.f64 = 1.0 / 3.0;
    value.v2 = {1.5f, -2.25f};
    value.v3 = {1, 2, 3};
    value.v4 = {4, 5, 6, 7};
    value.tint = {0.25f, 0.5f, 0.75f, 1.0f};
    std::strcpy(value.label, "hello \"json\"");
    value.mood = Mood::calm;
    value.target = b;
    std::strcpy(value.texture.path, "textures/tank.png");
    value.weights[0] = 1e-7f;
    value.weights[2] = 3e38f;
    value.friends[1] = a;
    s.world.add<EveryKind>(a, value);
    const std::string first = save(s);
    auto loaded = load(first);
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    EXPECT_EQ(save(*loaded.value), first);

    // The values themselves, references included, came back.
    const entity la = loaded.value->find(1);
    const entity lb = loaded.value->find(2);
    const EveryKind& got = loaded.value->world.get<EveryKind>(la);
    EXPECT_EQ(got.i32, value.i32);
    EXPECT_EQ(got.u32, value.u32);
    EXPECT_EQ(got.i64, value.i64);
    EXPECT_EQ(got.f32, value.f32);
    EXPECT_EQ(got.f64, value.f64);
    EXPECT_EQ(got.v2, value.v2);
    EXPECT_EQ(got.tint, value.tint);
    EXPECT_STREQ(got.label, value.label);
    EXPECT_EQ(got.mood, Mood::calm);
    EXPECT_EQ(got.target, lb);
    EXPECT_STREQ(got.texture.path, "textures/tank.png");
    EXPECT_EQ(got.weights[2], 3e38f);
    EXPECT_EQ(got.friends[1], la);
    EXPECT_TRUE(got.friends[0].is_null());
}

TEST_F(SceneJson, FloatsAreWrittenInTheirShortestForm) {
    scene s;
    s.world.add<Transform>(s.world.create(), Transform{{0.1f, 2.5f}, 33.3f, {1, 1}});
    const std::string text = save(s);
    EXPECT_NE(text.find("0.1,"), std::string::npos) << text;
    EXPECT_NE(text.find("33.3"), std::string::npos) << text;
    EXPECT_EQ(text.find("0.10000000149"), std::string::npos) << text;
}

// 300 random scenes (a minute for 1,000 at -O0 with the sanitizers, the suite's longest test):
// fuzz.scene_json checks the same property on mutated files beyond these.
TEST_F(SceneJson, RandomScenesRoundTripByteIdentical) {
    for (std::uint32_t seed = 1; seed <= 300; ++seed) {
        scene s = testing::random_scene(seed, table, 12);
        const std::string first = save(s);
        auto loaded = load(first);
        ASSERT_TRUE(loaded.ok()) << "seed " << seed << "\n" << to_string(loaded.diagnostics);
        ASSERT_EQ(save(*loaded.value), first) << "seed " << seed;
        ASSERT_EQ(loaded.value->world.size(), s.world.size()) << "seed " << seed;
    }
}

TEST_F(SceneJson, KeepsEntityStateDisabledComponentsAndHierarchy) {
    scene s;
    const entity parent = s.world.create();
    const entity child = s.world.create();
    s.world.add<Name>(parent, Name{"Tank"});
    s.world.add<Parent>(child, parent);
    s.world.add<Sprite>(child);
    s.world.disable<Sprite>(child);
    s.world.set_active(child, false);
    auto loaded = load(save(s));
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    world& w = loaded.value->world;
    const entity p = loaded.value->find(1);
    const entity c = loaded.value->find(2);
    EXPECT_STREQ(w.get<Name>(p).value, "Tank");
    EXPECT_EQ(w.get<Parent>(c).entity, p);
    EXPECT_TRUE(w.has<Sprite>(c));
    EXPECT_FALSE(w.is_enabled<Sprite>(c));
    EXPECT_FALSE(w.is_active(c));
    EXPECT_TRUE(w.is_active(p));
}

TEST_F(SceneJson, SettingsAndSystemsRoundTrip) {
    scene s;
    s.settings.gravity = {0, -20};
    s.settings.background = {0.1f, 0.2f, 0.3f, 1};
    s.settings.camera_position = {5, 6};
    s.settings.camera_zoom = 3;
    s.systems = {{"ai", false, rate::interval(0.5)}, {"movement", true, rate::every_n_ticks(2)}};
    auto loaded = load(save(s));
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    EXPECT_EQ(loaded.value->settings, s.settings);
    EXPECT_EQ(loaded.value->systems, s.systems);
}

TEST_F(SceneJson, UnknownComponentsAreKeptVerbatimAndWrittenBack) {
    const std::string text = minimal_scene(R"([{"id": 4, "enabled": true, "components": {
        "Jetpack": {"version": 3, "fuel": 12.5, "nozzles": [1, 2], "mode": "boost"},
        "Team": {"version": 1, "id": 2}}}])");
    auto loaded = load(text);
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    ASSERT_EQ(loaded.diagnostics.size(), 1u);
    EXPECT_NE(loaded.diagnostics[0].message.find("unknown component type 'Jetpack'"),
              std::string::npos);
    EXPECT_EQ(loaded.diagnostics[0].path, "entities[0].components.Jetpack");
    EXPECT_EQ(loaded.diagnostics[0].line, 2u);
    const std::string saved = save(*loaded.value);
    EXPECT_NE(saved.find("\"Jetpack\""), std::string::npos);
    EXPECT_NE(saved.find("\"fuel\": 12.5"), std::string::npos);
    EXPECT_NE(saved.find("\"boost\""), std::string::npos);
    // ... and the round trip from our own output is byte-identical.
    auto again = load(saved);
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(save(*again.value), saved);
}

TEST_F(SceneJson, MissingFieldsTakeThePrototypeAndUnknownFieldsWarn) {
    auto loaded = load(minimal_scene(R"([{"id": 1, "components": {
        "RigidBody": {"version": 1, "damping": 0.5, "bounciness": 2}}}])"));
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    const RigidBody& body = loaded.value->world.get<RigidBody>(loaded.value->find(1));
    EXPECT_EQ(body.damping, 0.5f);
    EXPECT_EQ(body.gravity_scale, RigidBody{}.gravity_scale);
    ASSERT_EQ(loaded.diagnostics.size(), 1u);
    EXPECT_EQ(loaded.diagnostics[0].severity, diagnostic::level::warning);
    EXPECT_EQ(loaded.diagnostics[0].path, "entities[0].components.RigidBody.bounciness");
    EXPECT_NE(loaded.diagnostics[0].message.find("unknown field 'bounciness'"), std::string::npos);
}

TEST_F(SceneJson, ReferencesToMissingEntitiesLoadAsNullWithAWarning) {
    auto loaded = load(minimal_scene(R"([{"id": 1, "parent": 99, "components": {
        "EveryKind": {"version": 1, "target": 42}}}])"));
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    const entity e = loaded.value->find(1);
    EXPECT_TRUE(loaded.value->world.get<EveryKind>(e).target.is_null());
    EXPECT_FALSE(loaded.value->world.has<Parent>(e));
    ASSERT_EQ(loaded.diagnostics.size(), 2u);
    EXPECT_EQ(loaded.diagnostics[0].path, "entities[0].parent");
    EXPECT_NE(loaded.diagnostics[1].message.find("refers to entity 42, which is not in the file"),
              std::string::npos);
}

TEST_F(SceneJson, ParentCyclesAreBrokenWithAWarning) {
    auto loaded = load(minimal_scene(
        R"([{"id": 1, "parent": 2}, {"id": 2, "parent": 1}, {"id": 3, "parent": 3}])"));
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    const world& w = loaded.value->world;
    const int links = w.has<Parent>(loaded.value->find(1)) + w.has<Parent>(loaded.value->find(2));
    EXPECT_EQ(links, 1);
    EXPECT_FALSE(w.has<Parent>(loaded.value->find(3)));
    EXPECT_GE(loaded.diagnostics.size(), 2u);
}

// --- bad input: every case names the file, the place and what was expected -----------------

TEST_F(SceneJson, MalformedJsonGivesLineAndColumn) {
    EXPECT_EQ(error_of("{\n  \"format\": \"mosaic.scene\",\n  \"version\": 2,,\n}"),
              "test.scene.json:3:16: error: invalid JSON: expected a name in double quotes (a "
              "comma too many?)");
    EXPECT_EQ(error_of(""), "test.scene.json:1:1: error: invalid JSON: the file is empty");
}

// Plain words for a file cut short, not the parser's ("Missing a name for object member").
TEST_F(SceneJson, ACutShortFileSaysWhereItEnds) {
    EXPECT_EQ(error_of("{\n  \"format\": \"mosaic.scene\",\n  "),
              "test.scene.json:3:3: error: invalid JSON: the file ends in the middle of an object");
    EXPECT_EQ(error_of("{ \"entities\": [ 1, 2"),
              "test.scene.json:1:21: error: invalid JSON: the file ends in the middle of a list "
              "(a ']' is missing)");
    EXPECT_EQ(error_of("{ \"format\": \"mosaic"),
              "test.scene.json:1:20: error: invalid JSON: the text never ends (its closing '\"' "
              "is missing)");
    EXPECT_EQ(error_of("{ \"format\" \"mosaic.scene\" }"),
              "test.scene.json:1:12: error: invalid JSON: expected a ':' after the name");
}

TEST_F(SceneJson, WrongTypeNamesThePathAndLine) {
    const std::string text = minimal_scene(
        "[\n  {\"id\": 1, \"components\": {\n    \"Transform\": {\"version\": 1, \"position\": "
        "\"left\"}}}]");
    EXPECT_EQ(error_of(text),
              "test.scene.json:3:45: error: entities[0].components.Transform.position: expected "
              "an array of 2 numbers, found a string");
}

TEST_F(SceneJson, EveryBadInputHasItsMessage) {
    struct bad_case {
        std::string text;
        std::string expected;  // a part of the error's to_string()
    };
    const std::vector<bad_case> cases = {
        {"[]", "expected a scene object at the top, found an array"},
        {R"({"format": "something.else", "version": 1, "entities": []})",
         "format: not a Mosaic scene"},
        {R"({"format": "mosaic.scene", "version": 9, "entities": []})",
         "version: format version 9 is not one this build reads (1 to 2)"},
        {R"({"format": "mosaic.scene", "version": 2})", "the scene has no \"entities\" array"},
        {minimal_scene("{}"), "entities: expected an array, found an object"},
        {minimal_scene("[3]"), "entities[0]: expected an entity object, found a number"},
        {minimal_scene(R"([{"name": "x"}])"), "entities[0].id: expected the entity's id"},
        {minimal_scene(R"([{"id": 2}, {"id": 2}])"),
         "entities[1].id: id 2 is used twice (also by entities[0])"},
        {minimal_scene(R"([{"id": 1, "name": 5}])"),
         "entities[0].name: expected a string, found a number"},
        {minimal_scene(R"([{"id": 1, "components": []}])"),
         "entities[0].components: expected an object of components, found an array"},
        {minimal_scene(R"([{"id": 1, "components": {"Transform": 1}}])"),
         "entities[0].components.Transform: expected an object of fields, found a number"},
        {minimal_scene(R"([{"id": 1, "components": {"Transform": {"position": [1]}}}])"),
         "entities[0].components.Transform.position: expected an array of 2 numbers, found an "
         "array of 1"},
        {minimal_scene(R"([{"id": 1, "components": {"Transform": {"position": [1, "a"]}}}])"),
         "entities[0].components.Transform.position[1]: expected a number, found a string"},
        {minimal_scene(R"([{"id": 1, "components": {"Collider": {"shape": "hexagon"}}}])"),
         "entities[0].components.Collider.shape: unknown value \"hexagon\"; expected one of "
         "\"circle\", \"box\""},
        {minimal_scene(R"([{"id": 1, "components": {"Team": {"id": 1.5}}}])"),
         "entities[0].components.Team.id: expected a whole number from -2147483648 to "
         "2147483647, found a number"},
        {minimal_scene(R"([{"id": 1, "components": {"Collider": {"mask": -1}}}])"),
         "entities[0].components.Collider.mask: expected a whole number from 0 to 4294967295"},
        {minimal_scene(R"([{"id": 1, "components": {"Camera": {"primary": "yes"}}}])"),
         "entities[0].components.Camera.primary: expected true or false, found a string"},
        {minimal_scene(R"([{"id": 1, "components": {"Camera": {"version": 0}}}])"),
         "entities[0].components.Camera.version: expected the component's version"},
        {minimal_scene(R"([{"id": 1, "components": {"EveryKind": {"weights": [1, 2]}}}])"),
         "entities[0].components.EveryKind.weights: expected an array of 3 values, found an "
         "array of 2"},
        {minimal_scene(R"([{"id": 1, "components": {"EveryKind": {"target": -3}}}])"),
         "entities[0].components.EveryKind.target: expected an entity id"},
        {minimal_scene(R"([{"id": 1, "enabled": 1}])"),
         "entities[0].enabled: expected true or false, found a number"},
        {R"({"format": "mosaic.scene", "version": 2, "settings": {"gravity": 3}, "entities": []})",
         "settings.gravity: expected an array of 2 numbers, found a number"},
        {R"({"format": "mosaic.scene", "version": 2, "systems": [{"enabled": true}], "entities": []})",
         "systems[0].name: expected the system's name (a string)"},
        {std::string(200, '[') + std::string(200, ']'), "nesting deeper than 64 levels"},
        // Values are never silently changed (issue #17 section 2).
        {minimal_scene(R"([{"id": 1, "components": {"Sprite": {}}, "components": {"Name": {}}}])"),
         "entities[0].components: the key \"components\" appears twice in one object"},
        {minimal_scene(R"([{"id": 1, "components": {"EveryKind": {"f32": 1e39}}}])"),
         "entities[0].components.EveryKind.f32: the number is out of the range of a 32-bit float"},
        {minimal_scene(R"([{"id": 1, "components": {"EveryKind": {"v2": [1, -1e300]}}}])"),
         "entities[0].components.EveryKind.v2[1]: the number is out of the range of a 32-bit"},
        {minimal_scene(R"([{"id": 1, "components": {"EveryKind": {"f64": 1e400}}}])"),
         "1:101: error: invalid JSON: the number is too big"},
        {minimal_scene(R"([{"id": 1, "components": {"EveryKind": {"f64": 9e308}}}])"),
         "the number 9e308 is too large (beyond about 1.8e308)"},
        {minimal_scene(R"([{"id": 1, "components": {"EveryKind": {"mood": 40000}}}])"),
         "entities[0].components.EveryKind.mood: the value 40000 does not fit the field (2 "
         "bytes, signed)"},
        {minimal_scene(R"([{"id": 1, "components": {"Collider": {"shape": 1099511627776}}}])"),
         "entities[0].components.Collider.shape: the value 1099511627776 does not fit the field"},
        {minimal_scene(R"([{"id": 1, "name": "ab\u0000cd"}])"),
         "entities[0].name: the name contains a NUL character"},
    };
    for (const bad_case& c : cases) {
        const std::string error = error_of(c.text);
        EXPECT_NE(error.find(c.expected), std::string::npos)
            << "input: " << c.text << "\nerror: " << error << "\nexpected: " << c.expected;
        EXPECT_EQ(error.rfind("test.scene.json", 0), 0u) << error;
        EXPECT_EQ(error.find("rapidjson"), std::string::npos) << error;
    }
}

TEST_F(SceneJson, EveryWarningOfAFileWithManyHasItsLineAndColumn) {
    // Warnings are located together at the end of the load (one reading of the text): each
    // must still point at its own place.
    std::string text = R"({"format": "mosaic.scene", "version": 2, "entities": [)";
    constexpr int count = 150;
    for (int i = 1; i <= count; ++i) {
        text += "\n" + std::string(i % 7, ' ') + R"({"id": )" + std::to_string(i) +
                R"(, "odd": 1})" + (i < count ? "," : "");
    }
    text += "]}";
    auto result = load(text);
    ASSERT_TRUE(result.ok()) << to_string(result.diagnostics);
    int seen = 0;
    for (const diagnostic& d : result.diagnostics) {
        if (d.message.find("unknown entity key 'odd'") == std::string::npos) continue;
        ++seen;
        const int i = seen;
        EXPECT_EQ(d.path, "entities[" + std::to_string(i - 1) + "].odd");
        EXPECT_EQ(d.line, static_cast<std::size_t>(i + 1)) << d.to_string();
        // The value's column: after the indent, '{"id": ' (7), the digits and ', "odd": ' (9).
        const std::size_t column =
            static_cast<std::size_t>(i % 7) + 7 + std::to_string(i).size() + 9 + 1;
        EXPECT_EQ(d.column, column) << d.to_string();
    }
    EXPECT_EQ(seen, count);
}

TEST_F(SceneJson, AFileOfTinyValuesIsRefusedBeforeItFillsTheMemory) {
    // 24 MB of "0," would become 12M nodes of 16 bytes (192 MB, 8 times the file; twice that
    // while the array is built): over the cap of 4 times the file and 64 MiB.
    std::string text(24'000'002, ',');  // "[0,0,...,0]"
    text.front() = '[';
    text.back() = ']';
    for (std::size_t i = 1; i < text.size(); i += 2) text[i] = '0';
    const std::string error = error_of(text);
    EXPECT_NE(error.find("reading this file would take more than 155 MiB of memory (4 times its "
                         "size, and 64 MiB)"),
              std::string::npos)
        << error;
}

TEST_F(SceneJson, TheLargestFloatWrittenAsTextLoadsBack) {
    // 3.4028235e38 is how the writer spells the largest float; as a double it is a little
    // larger, and was refused as out of range (the fuzzer found a binary file whose JSON
    // form did not load).
    auto result = load(minimal_scene(
        R"([{"id": 1, "components": {"EveryKind": {"f32": -3.4028235e38, "v2": [3.4028235e38, 0]}}}])"));
    ASSERT_TRUE(result.ok()) << to_string(result.diagnostics);
    const auto& k = result.value->world.get<testing::EveryKind>(result.value->find(1));
    EXPECT_EQ(k.f32, -std::numeric_limits<float>::max());
    EXPECT_EQ(k.v2.x, std::numeric_limits<float>::max());
    EXPECT_NE(error_of(minimal_scene(
                           R"([{"id": 1, "components": {"EveryKind": {"f32": 3.4028236e38}}}])"))
                  .find("out of the range of a 32-bit float"),
              std::string::npos)
        << "a number that rounds to Infinity is still refused";
}

TEST_F(SceneJson, NumbersWithHugeExponentsThatFitADoubleLoadExactly) {
    // rapidjson alone refuses all three as "too big" (its exponent check ignores the digits).
    auto result = load(minimal_scene(
        R"([{"id": 1, "components": {"EveryKind": {"f64": 0e100000, "v2": [-0e400, 0]}}},
            {"id": 2, "components": {"EveryKind": {"f64": 0.01e310}}}])"));
    ASSERT_TRUE(result.ok()) << to_string(result.diagnostics);
    const world& w = result.value->world;
    EXPECT_EQ(w.get<testing::EveryKind>(result.value->find(1)).f64, 0.0);
    EXPECT_TRUE(std::signbit(w.get<testing::EveryKind>(result.value->find(1)).v2.x))
        << "-0 stays negative zero";
    EXPECT_EQ(w.get<testing::EveryKind>(result.value->find(2)).f64, 1e308);
}

TEST_F(SceneJson, ARewrittenNumberKeepsTheLineAndColumnOfALaterError) {
    const std::string error = error_of(
        minimal_scene("[{\"id\": 1, \"components\": {\"EveryKind\": {\"f64\": 0e100000}}},\n"
                      "  {\"id\": 2,, }]"));
    EXPECT_NE(error.find("test.scene.json:2:12: error: invalid JSON"), std::string::npos) << error;
}

TEST_F(SceneJson, AnEnumValueWithoutANameIsKeptWithAWarning) {
    auto result = load(minimal_scene(R"([{"id": 1, "components": {"EveryKind": {"mood": 3}}}])"));
    ASSERT_TRUE(result.ok());
    EXPECT_NE(to_string(result.diagnostics).find("EveryKind.mood: the value 3 has no name"),
              std::string::npos)
        << to_string(result.diagnostics);
    EXPECT_NE(save(*result.value).find("\"mood\": 3"), std::string::npos) << "kept as it was";
}

TEST_F(SceneJson, AFailedLoadReturnsNoSceneAndExactlyOneError) {
    auto result = load(minimal_scene(R"([{"id": 1, "components": {"Team": {"id": "x"}}}])"));
    EXPECT_FALSE(result.value.has_value());
    int errors = 0;
    for (const diagnostic& d : result.diagnostics) errors += d.severity == diagnostic::level::error;
    EXPECT_EQ(errors, 1);
}

TEST_F(SceneJson, FormatVersion1StillLoads) {
    std::ifstream in(MOSAIC_TEST_DATA_DIR "/format_v1.scene.json");
    ASSERT_TRUE(in) << "missing fixture";
    std::stringstream text;
    text << in.rdbuf();
    auto loaded = load(text.str());
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    EXPECT_TRUE(loaded.diagnostics.empty()) << to_string(loaded.diagnostics);
    const scene& s = *loaded.value;
    EXPECT_EQ(s.settings.gravity, glm::vec2(0, -20));
    const entity ground = s.find(10);
    const entity player = s.find(11);
    EXPECT_STREQ(s.world.get<Name>(ground).value, "Ground");
    EXPECT_EQ(s.world.get<Transform>(ground).scale, glm::vec2(20, 1));
    EXPECT_FALSE(s.world.is_active(player));
    EXPECT_EQ(s.world.get<Parent>(player).entity, ground);
    EXPECT_EQ(s.world.get<RigidBody>(player).damping, 0.5f);
    EXPECT_EQ(s.world.get<Transform>(player).rotation, 45.0f);
}

struct Spring {
    float stiffness = 1;
    float rest_length = 1;
};

TEST(SceneJsonUpgrade, OlderComponentVersionsRunTheUpgradeHook) {
    component_table table;
    register_builtin_components(table);
    // Version 1 called the field "k" and stored half the stiffness.
    table.component<Spring>("Spring")
        .field("stiffness", &Spring::stiffness)
        .field("rest_length", &Spring::rest_length)
        .version(2)
        .upgrade([](void* value, std::uint32_t from, const legacy_fields& old) {
            auto* spring = static_cast<Spring*>(value);
            if (from < 2 && old.number("k"))
                spring->stiffness = 2 * static_cast<float>(*old.number("k"));
        });
    auto loaded = load_scene_json(
        minimal_scene(
            R"([{"id": 1, "components": {"Spring": {"version": 1, "k": 4, "rest_length": 3}}}])"),
        table, "old.scene.json");
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    const Spring& s = loaded.value->world.get<Spring>(loaded.value->find(1));
    EXPECT_EQ(s.stiffness, 8.0f);
    EXPECT_EQ(s.rest_length, 3.0f);
}

TEST_F(SceneJson, UnregisteredTypesAreNotSavedAndWarnOnce) {
    struct Secret {
        int x = 0;
    };
    scene s;
    s.world.add<Secret>(s.world.create());
    s.world.add<Secret>(s.world.create());
    std::ostringstream out;
    const auto warnings = save_scene_json(s, table, out);
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings[0].message.find("is not registered"), std::string::npos);
    EXPECT_EQ(out.str().find("Secret"), std::string::npos);
}

TEST_F(SceneJson, ArchetypesRoundTripAndSpawn) {
    archetype bullet("Bullet");
    bullet.set(RigidBody{{0, 30}, {0, 0}, 0, 0}).set(Lifetime{2.0f}).set(Sprite{}, false);
    std::ostringstream out;
    save_archetype_json(bullet, table, out);
    auto loaded = load_archetype_json(out.str(), table, "bullet.archetype.json");
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    EXPECT_EQ(loaded.value->name(), "Bullet");
    EXPECT_EQ(loaded.value->size(), 3u);
    world w;
    const entity e = spawn(w, *loaded.value);
    EXPECT_EQ(w.get<RigidBody>(e).velocity, glm::vec2(0, 30));
    EXPECT_EQ(w.get<Lifetime>(e).seconds, 2.0f);
    EXPECT_FALSE(w.is_enabled<Sprite>(e));
    std::ostringstream again;
    save_archetype_json(*loaded.value, table, again);
    EXPECT_EQ(again.str(), out.str());

    auto bad = load_archetype_json(R"({"format": "mosaic.scene"})", table, "x.archetype.json");
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error()->to_string().find("not a Mosaic archetype"), std::string::npos);
}

}  // namespace
}  // namespace mosaic
