// One scene, with every problem the scene rules handle, read from a JSON file and from a binary
// file: both must give the same scene and the same warnings, and the same errors for files
// that cannot load. The rules live once, in the scene builder (engine/src/scene/
// scene_builder.hpp); this test fails when one reader applies a rule the other does not, or
// words it differently.
#include <mosaic/engine/scene/scene_binary.hpp>
#include <mosaic/engine/scene/scene_json.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "scene_test_support.hpp"

namespace mosaic {
namespace scene_cross_format_test {  // its own: the suite is built in batches (unity)
namespace {

struct Jetpack {  // known when the files are written, unknown when they are read
    float fuel = 0;
    std::int32_t nozzles = 0;
};
struct Ghost {  // stored when written, registered as never stored when read
    std::int32_t x = 0;
};
struct EvolvingOld {  // version 1 ...
    std::int32_t a = 0;
    float b = 0;
};
struct EvolvingNew {  // ... read as version 2, through an upgrade hook
    std::int32_t a = 0;
    float d = 0;
};
struct Future {  // written by version 3, read by version 1
    std::int32_t a = 0;
};

void register_writer_types(component_table& table) {
    testing::register_test_components(table);
    table.component<Jetpack>("Jetpack")
        .field("fuel", &Jetpack::fuel)
        .field("nozzles", &Jetpack::nozzles);
    table.component<Ghost>("Ghost").field("x", &Ghost::x);
    table.component<EvolvingOld>("Evolving")
        .field("a", &EvolvingOld::a)
        .field("b", &EvolvingOld::b);
    table.component<Future>("Future").field("a", &Future::a).version(3);
}

void register_reader_types(component_table& table) {
    testing::register_test_components(table);
    table.component<Ghost>("Ghost").field("x", &Ghost::x).not_saved();
    table.component<EvolvingNew>("Evolving")
        .field("a", &EvolvingNew::a)
        .field("d", &EvolvingNew::d)
        .version(2)
        .upgrade([](void* value, std::uint32_t, const legacy_fields& old) {
            static_cast<EvolvingNew*>(value)->d =
                static_cast<float>(old.number("b").value_or(-1)) * 2;
        });
    table.component<Future>("Future").field("a", &Future::a);
}

Name name_of(const std::string& text) {
    Name n;
    std::memcpy(n.value, text.data(), std::min(text.size(), sizeof n.value));
    return n;
}

entity add_entity(world& w, std::uint64_t id, const std::string& name) {
    const entity e = w.create();
    w.add<EntityId>(e, id);
    if (!name.empty()) w.add<Name>(e, name_of(name));
    return e;
}

// The scene as the writer's code had it. Each entity carries problems for the reader.
scene troubled_scene() {
    scene s;
    world& w = s.world;
    // Not saved (a resource entity) but referred to: references to it dangle in the files.
    const entity gone = w.create();
    w.add<EntityId>(gone, std::uint64_t{99});
    w.add<resource_entity>(gone);

    // A name that fills the whole field: no room for the terminator when read.
    const entity root = add_entity(w, 1, std::string(sizeof(Name{}.value), 'x'));
    w.add<Transform>(root, Transform{{1, 2}, 30, {1, 1}});
    w.add<Jetpack>(root, Jetpack{12.5f, 3});
    s.unknown[1] = {{"Mystery", R"({"version":4,"power":9000})"}};

    const entity selfish = add_entity(w, 2, "Selfish");
    w.add<Parent>(selfish, selfish);
    w.add<Ghost>(selfish, Ghost{5});
    w.add<EvolvingOld>(selfish, EvolvingOld{3, 1.5f});

    const entity a = add_entity(w, 3, "CycleA");
    const entity b = add_entity(w, 4, "CycleB");
    w.add<Parent>(a, b);
    w.add<Parent>(b, a);
    w.add<Future>(a, Future{7});
    // Kept as JSON text when written; registered (in an older version) when read.
    s.unknown[4] = {{"Evolving", R"({"version":1,"a":5,"b":2})"}};

    const entity orphan = add_entity(w, 5, "Orphan");
    w.add<Parent>(orphan, gone);
    w.add<Jetpack>(orphan, Jetpack{1, 1});  // a second one: its type was warned about already
    testing::EveryKind every;
    every.target = gone;
    every.friends[1] = root;
    w.add<testing::EveryKind>(orphan, every);
    w.add<Transform>(orphan);
    w.disable<Transform>(orphan);
    w.set_active(orphan, false);
    return s;
}

std::string json_of(scene& s, const component_table& table) {
    std::ostringstream out;
    const auto problems = save_scene_json(s, table, out);
    for (const diagnostic& d : problems) EXPECT_NE(d.severity, diagnostic::level::error);
    return out.str();
}

std::string binary_of(scene& s, const component_table& table) {
    std::ostringstream out(std::ios::binary);
    const auto problems = save_scene_binary(s, table, out);
    for (const diagnostic& d : problems) EXPECT_NE(d.severity, diagnostic::level::error);
    return out.str();
}

// A diagnostic without what only one format can say: the file name, the line and column of
// JSON, the byte offset of binary errors.
using problem = std::tuple<std::string, std::string, std::string>;  // level, path, message

std::vector<problem> problems_of(const load_result<scene>& r) {
    std::vector<problem> out;
    for (const diagnostic& d : r.diagnostics) {
        std::string message = d.message;
        if (const auto at = message.rfind(" (at byte "); at != std::string::npos) {
            message.erase(at);
        }
        out.emplace_back(d.severity == diagnostic::level::error ? "error" : "warning", d.path,
                         message);
    }
    // The order of components in a record differs (JSON: by name; binary: by schema), so
    // the lists are compared as sets.
    std::sort(out.begin(), out.end());
    return out;
}

std::string shown(const std::vector<problem>& problems) {
    std::string text;
    for (const auto& [level, path, message] : problems) {
        text += level + ": " + path + ": " + message + "\n";
    }
    return text;
}

class SceneCrossFormat : public ::testing::Test {
protected:
    SceneCrossFormat() {
        register_writer_types(writer);
        register_reader_types(reader);
    }

    // The same scene in both formats, loaded by the reader's code.
    std::pair<load_result<scene>, load_result<scene>> load_both(scene& s) {
        const std::string json = json_of(s, writer);
        const std::string binary = binary_of(s, writer);
        return {load_scene_json(json, reader, "troubled.scene.json"),
                load_scene_binary(binary, reader, "troubled.scene.bin")};
    }

    component_table writer;
    component_table reader;
};

TEST_F(SceneCrossFormat, SameContentGivesTheSameWarningsInBothFormats) {
    scene s = troubled_scene();
    auto [from_json, from_binary] = load_both(s);
    ASSERT_TRUE(from_json.ok()) << to_string(from_json.diagnostics);
    ASSERT_TRUE(from_binary.ok()) << to_string(from_binary.diagnostics);

    std::vector<problem> expected = {
        {"warning", "entities[0].name", "name cut to 63 bytes"},
        {"warning", "entities[0].components.Jetpack",
         "unknown component type 'Jetpack': kept as it is and saved back, but not used"},
        {"warning", "entities[0].components.Mystery",
         "unknown component type 'Mystery': kept as it is and saved back, but not used"},
        {"warning", "entities[1].parent",
         "an entity cannot be its own parent; the link is dropped"},
        {"warning", "entities[1].components.Ghost",
         "component 'Ghost' is not stored in scene files (ignored)"},
        {"warning", "entities[2].components.Future.version",
         "written by a newer version (3) of Future than this build knows (1); read as far as "
         "possible"},
        {"warning", "entities", "entity 4 is its own ancestor; its parent link is dropped"},
        {"warning", "entities[1].components.Evolving.b", "unknown field 'b' of Evolving (ignored)"},
        {"warning", "entities[3].components.Evolving.b", "unknown field 'b' of Evolving (ignored)"},
        {"warning", "entities[4].parent",
         "refers to entity 99, which is not in the file; the reference is cleared"},
        {"warning", "entities[4].components.EveryKind.target",
         "refers to entity 99, which is not in the file; the reference is cleared"},
    };
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(problems_of(from_json), expected) << shown(problems_of(from_json));
    EXPECT_EQ(problems_of(from_binary), expected) << shown(problems_of(from_binary));
}

TEST_F(SceneCrossFormat, SameContentGivesTheSameSceneInBothFormats) {
    scene s = troubled_scene();
    auto [from_json, from_binary] = load_both(s);
    ASSERT_TRUE(from_json.ok()) << to_string(from_json.diagnostics);
    ASSERT_TRUE(from_binary.ok()) << to_string(from_binary.diagnostics);

    // Saved by the reader's code, the two scenes are the same file.
    EXPECT_EQ(json_of(*from_json.value, reader), json_of(*from_binary.value, reader));
    EXPECT_EQ(from_json.value->unknown, from_binary.value->unknown);
    EXPECT_EQ(from_json.value->world.size(), from_binary.value->world.size());

    for (auto* loaded : {&from_json, &from_binary}) {
        const scene& got = *loaded->value;
        const world& w = got.world;
        EXPECT_EQ(std::strlen(w.get<Name>(got.find(1)).value), sizeof(Name{}.value) - 1);
        EXPECT_FALSE(w.has<Parent>(got.find(2))) << "the self-parent link is dropped";
        EXPECT_FALSE(w.has<Ghost>(got.find(2)));
        EXPECT_EQ(w.get<EvolvingNew>(got.find(2)).d, 3.0f) << "upgraded from b = 1.5";
        EXPECT_EQ(w.get<EvolvingNew>(got.find(4)).d, 4.0f) << "kept text, upgraded from b = 2";
        EXPECT_NE(w.has<Parent>(got.find(3)), w.has<Parent>(got.find(4)))
            << "one link of the cycle is dropped";
        const entity orphan = got.find(5);
        EXPECT_FALSE(w.has<Parent>(orphan));
        EXPECT_FALSE(w.is_active(orphan));
        EXPECT_FALSE(w.is_enabled(orphan, type_id_of<Transform>()));
        EXPECT_TRUE(w.get<testing::EveryKind>(orphan).target.is_null());
        EXPECT_EQ(w.get<testing::EveryKind>(orphan).friends[1], got.find(1));
        ASSERT_EQ(got.unknown.count(5), 1u);
        EXPECT_EQ(got.unknown.at(5).at(0).name, "Jetpack");
    }
}

// A file that cannot load fails in both formats at the same place with the same words.
void expect_same_error(const load_result<scene>& from_json, const load_result<scene>& from_binary,
                       const std::string& path, const std::string& message) {
    ASSERT_FALSE(from_json.ok());
    ASSERT_FALSE(from_binary.ok());
    const std::vector<problem> expected = {{"error", path, message}};
    EXPECT_EQ(problems_of(from_json), expected) << shown(problems_of(from_json));
    EXPECT_EQ(problems_of(from_binary), expected) << shown(problems_of(from_binary));
}

TEST_F(SceneCrossFormat, AnIdUsedTwiceFailsAlikeInBothFormats) {
    scene s;
    add_entity(s.world, 3, "First");
    add_entity(s.world, 3, "Second");
    auto [from_json, from_binary] = load_both(s);
    expect_same_error(from_json, from_binary, "entities[1].id",
                      "id 3 is used twice (also by entities[0])");
}

TEST_F(SceneCrossFormat, ANulInANameFailsAlikeInBothFormats) {
    scene s;
    add_entity(s.world, 1, "NULNAME");
    std::string json = json_of(s, writer);
    std::string binary = binary_of(s, writer);
    json.replace(json.find("NULNAME"), 7, "NUL\\u0000AME");
    binary[binary.find("NULNAME") + 3] = '\0';
    expect_same_error(load_scene_json(json, reader, "nul.scene.json"),
                      load_scene_binary(binary, reader, "nul.scene.bin"), "entities[0].name",
                      "the name contains a NUL character");
}

TEST_F(SceneCrossFormat, ANulInASystemNameFailsAlikeInBothFormats) {
    scene s;
    s.systems = {{"NULSYS", true, rate::every_tick()}};
    std::string json = json_of(s, writer);
    std::string binary = binary_of(s, writer);
    json.replace(json.find("NULSYS"), 6, "NUL\\u0000YS");
    binary[binary.find("NULSYS") + 3] = '\0';
    expect_same_error(load_scene_json(json, reader, "nul.scene.json"),
                      load_scene_binary(binary, reader, "nul.scene.bin"), "systems[0].name",
                      "the name contains a NUL character");
}

TEST_F(SceneCrossFormat, ARateOfNoTimeFailsAlikeInBothFormats) {
    scene s;
    s.systems = {{"spawner", true, rate::interval(0)}};
    auto [from_json, from_binary] = load_both(s);
    expect_same_error(from_json, from_binary, "systems[0].every_seconds",
                      "expected a number of seconds > 0");
}

// An upgrade hook reads the same old values whichever format they come from: numbers,
// vectors, text, enum labels, arrays and what is neither (true/false), by field name.
std::string what_the_hook_reads(const legacy_fields& old) {
    std::string seen;
    for (const char* field :
         {"flag", "i32", "u32", "i64", "f32", "f64", "v2", "v3", "v4", "tint", "label", "mood",
          "target", "texture", "weights", "friends", "version", "enabled", "missing"}) {
        seen += std::string(field) + (old.has(field) ? ":" : " (absent):");
        for (std::size_t i = 0; i < 5; ++i) {
            const auto n = old.number(field, i);
            seen += n ? " " + std::to_string(*n) : " -";
        }
        const auto text = old.text(field);
        seen += text ? " '" + *text + "'\n" : " no text\n";
    }
    return seen;
}

TEST(SceneCrossFormatLegacy, AnUpgradeHookReadsTheSameValuesFromBothFormats) {
    component_table writer;
    testing::register_test_components(writer);
    component_table reader;
    register_builtin_components(reader);
    std::vector<std::string> reads;
    // Version 2 keeps two of the fields: the hook still reads all the old ones.
    reader.component<testing::EveryKind>("EveryKind")
        .field("flag", &testing::EveryKind::flag)
        .field("i32", &testing::EveryKind::i32)
        .version(2)
        .upgrade([&](void*, std::uint32_t from, const legacy_fields& old) {
            EXPECT_EQ(from, 1u);
            reads.push_back(what_the_hook_reads(old));
        });

    scene s;
    const entity friend_entity = add_entity(s.world, 1, "Friend");
    const entity e = add_entity(s.world, 2, "Old");
    testing::EveryKind value;
    value.flag = true;
    value.i32 = -5;
    value.u32 = 7;
    value.i64 = std::int64_t{1} << 40;
    value.f32 = 1.5f;
    value.f64 = 2.25;
    value.v2 = {1, 2};
    value.v3 = {3, 4, 5};
    value.v4 = {6, 7, 8, 9};
    value.tint = {0.25f, 0.5f, 0.75f, 1};
    std::memcpy(value.label, "hello", 5);
    value.mood = testing::Mood::angry;
    value.target = friend_entity;
    std::memcpy(value.texture.path, "art/ship.png", 12);
    value.weights[0] = 0.5f;
    value.weights[2] = -3;
    value.friends[1] = friend_entity;
    s.world.add<testing::EveryKind>(e, value);
    s.world.disable<testing::EveryKind>(e);
    value.mood = static_cast<testing::Mood>(3);  // no label: a number in both formats
    s.world.add<testing::EveryKind>(friend_entity, value);

    const auto from_json = load_scene_json(json_of(s, writer), reader, "old.scene.json");
    ASSERT_TRUE(from_json.ok()) << to_string(from_json.diagnostics);
    ASSERT_EQ(reads.size(), 2u);
    const auto from_binary = load_scene_binary(binary_of(s, writer), reader, "old.scene.bin");
    ASSERT_TRUE(from_binary.ok()) << to_string(from_binary.diagnostics);
    ASSERT_EQ(reads.size(), 4u);

    // The same two reads, whichever order each reader takes the entities in.
    std::sort(reads.begin(), reads.begin() + 2);
    std::sort(reads.begin() + 2, reads.end());
    EXPECT_EQ(reads[0], reads[2]);
    EXPECT_EQ(reads[1], reads[3]);
    const std::string& old = reads[0].find("'angry'") != std::string::npos ? reads[0] : reads[1];
    const std::string& unlabelled = &old == &reads[0] ? reads[1] : reads[0];
    EXPECT_NE(old.find("mood: - - - - - 'angry'"), std::string::npos) << old;
    EXPECT_NE(unlabelled.find("mood: 3.000000 - - - - no text"), std::string::npos) << unlabelled;
    EXPECT_NE(old.find("v3: 3.000000 4.000000 5.000000 - - no text"), std::string::npos) << old;
    EXPECT_NE(old.find("flag: - - - - - no text"), std::string::npos) << old;
    EXPECT_NE(old.find("enabled (absent):"), std::string::npos) << "not a field";
    EXPECT_NE(old.find("version (absent):"), std::string::npos) << "not a field";
    EXPECT_NE(old.find("label: - - - - - 'hello'"), std::string::npos) << old;
    EXPECT_NE(old.find("weights: 0.500000 0.000000 -3.000000 - - no text"), std::string::npos)
        << old;
    EXPECT_NE(old.find("friends: 0.000000 1.000000 - - - no text"), std::string::npos) << old;
}

}  // namespace
}  // namespace scene_cross_format_test

}  // namespace mosaic
