// Binary scene files: round trips against the JSON form, truncated, hostile and foreign
// files, and files written before a component type changed.
//
// Sections: helpers, round trips, truncated/hostile/foreign files, files written before a
// type changed (SceneBinaryEvolution), unknown types.
#include <mosaic/engine/scene/scene_binary.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <iterator>
#include <limits>
#include <sstream>
#include <string>
#include <string_view>

#include <mosaic/engine/scene/scene_json.hpp>

#include "scene_test_support.hpp"

namespace mosaic {
namespace {

using testing::EveryKind;
using testing::Mood;

// --- helpers ---------------------------------------------------------------------------------

std::string json_of(scene& s, const component_table& table) {
    std::ostringstream out;
    save_scene_json(s, table, out);
    return out.str();
}

std::string binary_of(scene& s, const component_table& table) {
    std::ostringstream out(std::ios::binary);
    const auto diagnostics = save_scene_binary(s, table, out);
    for (const diagnostic& d : diagnostics) {
        EXPECT_NE(d.severity, diagnostic::level::error) << d.to_string();
    }
    return out.str();
}

load_result<scene> load_binary(std::string_view bytes, const component_table& table) {
    return load_scene_binary(bytes, table, "test.scene.bin");
}

bool has_error(const load_result<scene>& r) {
    return r.error() != nullptr;
}

std::size_t error_count(const load_result<scene>& r) {
    std::size_t n = 0;
    for (const diagnostic& d : r.diagnostics) n += d.severity == diagnostic::level::error;
    return n;
}

// The error of a load that must fail, as "file: error: path: message".
std::string error_of(std::string_view bytes, const component_table& table) {
    auto result = load_binary(bytes, table);
    EXPECT_FALSE(result.ok());
    EXPECT_EQ(error_count(result), 1u) << to_string(result.diagnostics);
    const diagnostic* error = result.error();
    return error ? error->to_string() : std::string("<no error>");
}

std::string warnings_of(const load_result<scene>& r) {
    return to_string(r.diagnostics);
}

Name name(const char* text) {
    Name n;
    std::strncpy(n.value, text, sizeof n.value - 1);
    return n;
}

template <class T>
void put_le(std::string& bytes, std::size_t at, T value) {
    ASSERT_LE(at + sizeof(T), bytes.size());
    for (std::size_t i = 0; i < sizeof(T); ++i) {
        bytes[at + i] = static_cast<char>((static_cast<std::uint64_t>(value) >> (8 * i)) & 0xFF);
    }
}

template <class T>
T get_le(const std::string& bytes, std::size_t at) {
    std::uint64_t value = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i) {
        value |= static_cast<std::uint64_t>(static_cast<std::uint8_t>(bytes[at + i])) << (8 * i);
    }
    return static_cast<T>(value);
}

// The smallest entity record: u8 flags, u64 parent, u32 0 components, u32 0 unknown.
constexpr std::size_t min_record_bytes = 1 + 8 + 4 + 4;

// Offsets of the fixed header (scene_binary.hpp): magic, byte order, version, 9 floats.
constexpr std::size_t version_at = 9;
constexpr std::size_t systems_at = 8 + 1 + 4 + 9 * 4;

// A JSON scene with a component type no table here knows, loaded first so that the scene
// carries it in scene::unknown as the JSON loader keeps it.
constexpr const char* scene_with_unknown = R"({
  "format": "mosaic.scene", "version": 2,
  "entities": [
    {"id": 7, "name": "Keeper", "enabled": true, "components": {
      "Mystery": {"version": 3, "power": 9000, "list": [1, 2.5, "x", true, null],
                  "nested": {"a": {"b": []}}, "big": 12345678901234567890},
      "Transform": {"version": 1, "position": [1.5, -2], "rotation": 45, "scale": [1, 1]}}}
  ]
})";

class SceneBinary : public ::testing::Test {
protected:
    SceneBinary() { testing::register_test_components(table); }

    // Every built-in component, a component with a field of every kind, disabled components,
    // inactive entities, names, parents, references, settings, systems and an unknown
    // component.
    scene rich_scene() {
        auto base = load_scene_json(scene_with_unknown, table, "base.scene.json");
        EXPECT_TRUE(base.ok()) << to_string(base.diagnostics);
        scene s = std::move(*base.value);
        world& w = s.world;
        const entity keeper = s.find(7);

        s.settings.gravity = {1.0f, -2.5f};
        s.settings.background = {0.1f, 0.2f, 0.3f, 1.0f};
        s.settings.camera_position = {3.0f, 4.0f};
        s.settings.camera_zoom = 2.5f;
        s.systems = {{"physics", true, rate::every_tick()},
                     {"ai", false, rate::every_n_ticks(3)},
                     {"spawner", true, rate::interval(0.5)}};

        const entity root = w.create();
        w.add<Name>(root, name("Root"));
        w.add<Transform>(root, Transform{{1, 2}, 30, {2, 2}});
        Sprite sprite;
        sprite.tint = {1.0f, 0.5f, 0.25f, 1.0f};
        sprite.size = {2, 3};
        std::strcpy(sprite.texture.path, "textures/ship.png");
        sprite.layer = 3;
        w.add<Sprite>(root, sprite);
        w.add<Camera>(root, Camera{2.0f, false});
        w.disable<Camera>(root);

        const entity child = w.create();
        w.add<Name>(child, name("Child \"quoted\""));
        w.add<Parent>(child, root);
        w.add<RigidBody>(child, RigidBody{{1, 0}, {0, -1}, 0.1f, 1});
        w.add<Collider>(child, Collider{ColliderShape::box, {1, 2}, 2, 0xF0u});
        w.add<Lifetime>(child, Lifetime{3.5f});
        w.add<Health>(child, Health{50, 100});
        w.add<Team>(child, Team{2});
        w.add<WorldTransform>(child);  // not saved

        const entity hidden = w.create();  // no name, inactive
        w.add<Transform>(hidden);
        w.add<Health>(hidden, Health{1, 2});
        w.disable<Health>(hidden);
        w.set_active(hidden, false);

        const entity every = w.create();
        w.add<Name>(every, name(""));
        w.add<Parent>(every, child);
        EveryKind v;
        v.flag = true;
        v.i32 = -123456;
        v.u32 = 4000000000u;
        v.i64 = -9000000000000LL;
        v.f32 = 0.1f;
        v.f64 = 1.0 / 3.0;
        v.v2 = {1.5f, -2.25f};
        v.v3 = {1, 2, 3};
        v.v4 = {4, 5, 6, 7};
        v.tint = {0.25f, 0.5f, 0.75f, 1.0f};
        std::strcpy(v.label, "hello \"bin\"");
        v.mood = Mood::angry;
        v.target = keeper;
        std::strcpy(v.texture.path, "sounds/boom.wav");
        v.weights[0] = 0.5f;
        v.weights[2] = -1e-7f;
        v.friends[0] = root;
        v.friends[1] = child;
        w.add<EveryKind>(every, v);

        const entity marked = w.create();
        w.add<testing::Marker>(marked);
        w.disable<testing::Marker>(marked);
        EveryKind unnamed_enum;
        unnamed_enum.mood = static_cast<Mood>(42);  // a value without a name
        w.add<EveryKind>(marked, unnamed_enum);
        return s;
    }

    component_table table;
};

// --- round trips -------------------------------------------------------------------------------

TEST_F(SceneBinary, RoundTripMatchesJsonByteForByte) {
    scene s = rich_scene();
    const std::string json = json_of(s, table);
    const std::string bytes = binary_of(s, table);
    ASSERT_EQ(bytes.substr(0, 8), "MOSAICSB");

    auto loaded = load_binary(bytes, table);
    ASSERT_TRUE(loaded.ok()) << warnings_of(loaded);
    EXPECT_EQ(json_of(*loaded.value, table), json);

    // Spot checks of what the JSON comparison covers.
    scene& l = *loaded.value;
    EXPECT_EQ(l.settings, s.settings);
    auto by_name = s.systems;
    std::sort(by_name.begin(), by_name.end(),
              [](const auto& a, const auto& b) { return a.name < b.name; });
    EXPECT_EQ(l.systems, by_name) << "in name order, as in JSON";
    ASSERT_EQ(l.unknown.size(), 1u);
    EXPECT_EQ(l.unknown.at(7), s.unknown.at(7));
    const entity keeper = l.find(7);
    EXPECT_EQ(std::string(l.world.get<Name>(keeper).value), "Keeper");
    std::size_t inactive = 0, every = 0;
    l.world.each([&](entity e) {
        inactive += !l.world.is_active(e);
        if (const EveryKind* v = l.world.try_get<EveryKind>(e); v && v->flag) {
            ++every;
            EXPECT_EQ(v->target, keeper);
            EXPECT_EQ(std::string(l.world.get<Name>(v->friends[0]).value), "Root");
            EXPECT_EQ(l.world.get<Parent>(e).entity, v->friends[1]);
        }
        if (l.world.has<Camera>(e)) {
            EXPECT_FALSE(l.world.is_enabled<Camera>(e));
        }
        EXPECT_FALSE(l.world.has<WorldTransform>(e));
    });
    EXPECT_EQ(inactive, 1u);
    EXPECT_EQ(every, 1u);
}

TEST_F(SceneBinary, JsonToBinaryToJsonIsByteIdentical) {
    scene original = rich_scene();
    const std::string json = json_of(original, table);
    auto from_json = load_scene_json(json, table);
    ASSERT_TRUE(from_json.ok()) << to_string(from_json.diagnostics);
    const std::string bytes = binary_of(*from_json.value, table);
    auto from_binary = load_binary(bytes, table);
    ASSERT_TRUE(from_binary.ok()) << warnings_of(from_binary);
    EXPECT_EQ(json_of(*from_binary.value, table), json);
    EXPECT_EQ(binary_of(*from_binary.value, table), bytes) << "binary -> binary is stable";
    EXPECT_EQ(binary_of(original, table), bytes) << "the same scene gives the same bytes";
}

TEST_F(SceneBinary, BinaryToJsonToBinaryIsByteIdentical) {
    // What JSON cannot tell apart is written one way: NaNs, unused rate members, the order of
    // systems and of kept unknown components.
    scene s = rich_scene();
    const entity odd = s.world.create();
    s.world.add<Health>(
        odd, Health{std::bit_cast<float>(0x7FC00001u), std::bit_cast<float>(0xFFC00000u)});
    s.systems.push_back({"odd", true, rate{rate::kind::every_tick, 5, 2.0}});
    s.unknown.at(7).push_back({"Alpha", R"({"version":1})"});
    const std::string bytes = binary_of(s, table);
    auto loaded = load_binary(bytes, table);
    ASSERT_TRUE(loaded.ok()) << warnings_of(loaded);
    const std::string json = json_of(*loaded.value, table);
    auto from_json = load_scene_json(json, table);
    ASSERT_TRUE(from_json.ok()) << to_string(from_json.diagnostics);
    EXPECT_EQ(binary_of(*from_json.value, table), bytes);
}

TEST_F(SceneBinary, RandomScenesRoundTrip) {
    for (std::uint32_t seed = 1; seed <= 40; ++seed) {
        scene s = testing::random_scene(seed, table);
        const std::string json = json_of(s, table);
        const std::string bytes = binary_of(s, table);
        auto loaded = load_binary(bytes, table);
        ASSERT_TRUE(loaded.ok()) << "seed " << seed << "\n" << warnings_of(loaded);
        EXPECT_EQ(json_of(*loaded.value, table), json) << "seed " << seed;
        auto from_json = load_scene_json(json, table);
        ASSERT_TRUE(from_json.ok()) << "seed " << seed;
        EXPECT_EQ(binary_of(*from_json.value, table), bytes) << "seed " << seed;
    }
}

TEST_F(SceneBinary, EmptySceneRoundTrips) {
    scene s;
    const std::string bytes = binary_of(s, table);
    auto loaded = load_binary(bytes, table);
    ASSERT_TRUE(loaded.ok()) << warnings_of(loaded);
    EXPECT_EQ(loaded.value->world.size(), 0u);
    EXPECT_EQ(json_of(*loaded.value, table), json_of(s, table));
}

TEST_F(SceneBinary, UnregisteredTypesWarnOnSave) {
    struct Unregistered {
        int x = 0;
    };
    scene s;
    s.world.add<Unregistered>(s.world.create());
    std::ostringstream out;
    const auto warnings = save_scene_binary(s, table, out);
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings[0].message.find("not registered"), std::string::npos);
    EXPECT_TRUE(load_binary(out.str(), table).ok());
}

// --- truncated, hostile and foreign files ------------------------------------------------------

TEST_F(SceneBinary, EveryTruncationIsAClearError) {
    scene s = rich_scene();
    const std::string bytes = binary_of(s, table);
    for (std::size_t size = 0; size < bytes.size(); ++size) {
        auto result = load_binary(std::string_view(bytes).substr(0, size), table);
        ASSERT_FALSE(result.ok()) << "cut to " << size << " of " << bytes.size() << " bytes";
        ASSERT_EQ(error_count(result), 1u) << to_string(result.diagnostics);
        const std::string message = result.error()->message;
        if (size < 8) {
            EXPECT_NE(message.find("magic"), std::string::npos) << message;
        } else {
            EXPECT_EQ(message.rfind("truncated: ", 0), 0u) << "cut to " << size << ": " << message;
            EXPECT_NE(message.find("at byte"), std::string::npos) << message;
        }
        EXPECT_EQ(message.find("Failed to read"), std::string::npos) << "cereal's own message";
    }
}

TEST_F(SceneBinary, TruncationNamesWhatWasBeingRead) {
    scene s;
    s.world.add<Transform>(s.world.create());
    const std::string bytes = binary_of(s, table);
    const auto cut = [&](std::size_t size) {
        return error_of(std::string_view(bytes).substr(0, size), table);
    };
    // systems_at: u32 0 systems, u32 1 schema type, str "Transform", u32 version, u32 count
    EXPECT_NE(cut(systems_at + 27)
                  .find("schema[0].components: truncated: component count needs "
                        "4 bytes, but the file ends at byte 76 (at byte 74)"),
              std::string::npos)
        << cut(systems_at + 27);
    EXPECT_NE(cut(bytes.size() - 10)
                  .find("entities[0]: truncated: the entity record needs 46 "
                        "bytes, but the file ends at byte"),
              std::string::npos)
        << cut(bytes.size() - 10);
}

// A scene whose layout is easy to patch: no systems, no components, two entities.
//   systems_at: u32 0 (systems), u32 0 (schema types), u64 2 (entities), 2 x u64 ids,
//   then entity 0: u32 record size, u8 flags, u32 name length, name ...
struct patchable {
    static constexpr std::size_t entity_count_at = systems_at + 4 + 4;
    static constexpr std::size_t record_size_at = entity_count_at + 8 + 2 * 8;
    static constexpr std::size_t name_length_at = record_size_at + 4 + 1;
};

std::string patchable_scene(const component_table& table) {
    scene s;
    const entity a = s.world.create();
    s.world.add<Name>(a, name("first"));
    (void)s.world.create();
    std::string bytes = binary_of(s, table);
    EXPECT_EQ(get_le<std::uint32_t>(bytes, systems_at), 0u);
    EXPECT_EQ(get_le<std::uint64_t>(bytes, patchable::entity_count_at), 2u);
    EXPECT_EQ(get_le<std::uint32_t>(bytes, patchable::name_length_at), 5u);
    return bytes;
}

TEST_F(SceneBinary, HostileCountsAreRefusedBeforeAllocating) {
    const std::string good = patchable_scene(table);
    ASSERT_TRUE(load_binary(good, table).ok());

    for (const std::uint64_t count :
         {std::uint64_t{1} << 40, std::uint64_t{1} << 63, ~std::uint64_t{0}}) {
        std::string bytes = good;
        put_le(bytes, patchable::entity_count_at, count);
        const std::string error = error_of(bytes, table);
        EXPECT_NE(error.find("entities: entity count " + std::to_string(count) +
                             " is more than the limit of 16777216"),
                  std::string::npos)
            << error;
    }
    {  // under the limit, but more than the bytes could hold
        std::string bytes = good;
        put_le(bytes, patchable::entity_count_at, std::uint64_t{1000000});
        const std::string error = error_of(bytes, table);
        EXPECT_NE(error.find("truncated: entity count 1000000 needs at least"), std::string::npos)
            << error;
    }
    {
        std::string bytes = good;
        put_le(bytes, patchable::name_length_at, std::uint32_t{0xFFFFFFFF});
        const std::string error = error_of(bytes, table);
        EXPECT_NE(error.find("entities[0].name: entity name length 4294967295 is more than the "
                             "limit of 65536 bytes"),
                  std::string::npos)
            << error;
    }
    {  // under the limit, but more than the entity's record holds
        std::string bytes = good;
        put_le(bytes, patchable::name_length_at, std::uint32_t{60000});
        const std::string error = error_of(bytes, table);
        EXPECT_NE(error.find("entities[0].name: corrupt: entity name needs 60000 bytes, but the "
                             "entity record has only"),
                  std::string::npos)
            << error;
    }
    {
        std::string bytes = good;
        put_le(bytes, patchable::record_size_at, std::uint32_t{0xFFFFFFFF});
        const std::string error = error_of(bytes, table);
        EXPECT_NE(error.find("entities[0]: entity record size 4294967295 is more than the limit"),
                  std::string::npos)
            << error;
        put_le(bytes, patchable::record_size_at, std::uint32_t{100000000});
        EXPECT_NE(error_of(bytes, table)
                      .find("entities[0]: truncated: the entity record needs "
                            "100000000 bytes"),
                  std::string::npos);
    }
    for (const std::uint32_t count : {std::uint32_t{5000}, std::uint32_t{0xFFFFFFFF}}) {
        std::string bytes = good;
        put_le(bytes, systems_at, count);
        EXPECT_NE(
            error_of(bytes, table)
                .find("system count " + std::to_string(count) + " is more than the limit of 4096"),
            std::string::npos);
        put_le(bytes, systems_at, std::uint32_t{0});
        put_le(bytes, systems_at + 4, count);
        EXPECT_NE(
            error_of(bytes, table)
                .find("schema type count " + std::to_string(count) + " is more than the limit"),
            std::string::npos);
    }
}

TEST_F(SceneBinary, HostileSchemaCountsAreRefused) {
    scene s;
    s.world.add<Transform>(s.world.create());
    const std::string good = binary_of(s, table);
    // systems_at: u32 0 systems, u32 1 type, str "Transform", u32 version, u32 components
    const std::size_t components_at = systems_at + 4 + 4 + 4 + 9 + 4;
    ASSERT_EQ(get_le<std::uint32_t>(good, components_at), 1u);
    std::string bytes = good;
    put_le(bytes, components_at, std::uint32_t{0xFFFFFFFF});
    EXPECT_NE(error_of(bytes, table)
                  .find("schema[0].components: component count 4294967295 is more than the limit"),
              std::string::npos);
    // Few enough for the bytes left at 9 each, too many at the 29 a Transform takes at least:
    // no pool is reserved for more components than the file could hold.
    const auto fits = static_cast<std::uint32_t>((good.size() - components_at) / 9 - 1);
    put_le(bytes, components_at, fits);
    EXPECT_NE(error_of(bytes, table)
                  .find("schema[0].components: truncated: " + std::to_string(fits) +
                        " components of Transform need at least"),
              std::string::npos)
        << error_of(bytes, table);
    const std::size_t fields_at = components_at + 4;
    bytes = good;
    put_le(bytes, fields_at, std::uint32_t{257});
    EXPECT_NE(error_of(bytes, table).find("field count 257 is more than the limit of 256"),
              std::string::npos);
    // Names become JSON keys: one with a NUL in it could not be written back as JSON.
    bytes = good;
    bytes[systems_at + 4 + 4 + 4 + 3] = '\0';  // "Tra\0sform"
    EXPECT_NE(error_of(bytes, table)
                  .find("schema[0].name: corrupt: a component type name with a "
                        "NUL character"),
              std::string::npos)
        << error_of(bytes, table);
}

TEST_F(SceneBinary, HostileComponentDataSizeIsRefused) {
    scene s;
    s.world.add<Health>(s.world.create());
    std::string bytes = binary_of(s, table);
    // The file ends: ..., u32 schema index, u8 enabled, u32 size (8), 8 bytes, u32 0 unknown.
    const std::size_t size_at = bytes.size() - 4 - 8 - 4;
    ASSERT_EQ(get_le<std::uint32_t>(bytes, size_at), 8u);
    put_le(bytes, size_at, std::uint32_t{0xFFFFFFFF});
    EXPECT_NE(error_of(bytes, table)
                  .find("entities[0].components.Health: corrupt: 4294967295 bytes of field data; "
                        "the schema of Health says 8"),
              std::string::npos);

    // A type with strings has no fixed size: the size is checked against the record.
    scene t;
    t.world.add<EveryKind>(t.world.create());
    bytes = binary_of(t, table);
    // The entity's record is the last thing in the file: find its u32 size from the back.
    std::size_t record_at = bytes.size() - 4 - min_record_bytes;
    while (record_at > 0 && get_le<std::uint32_t>(bytes, record_at) != bytes.size() - record_at - 4)
        --record_at;
    // record: u8 flags, u64 parent, u32 1 component, u32 schema index, u8 enabled, u32 size
    const std::size_t every_size_at = record_at + 4 + 1 + 8 + 4 + 4 + 1;
    ASSERT_EQ(get_le<std::uint32_t>(bytes, every_size_at), bytes.size() - every_size_at - 4 - 4);
    put_le(bytes, every_size_at, std::uint32_t{0xFFFFFFFF});
    EXPECT_NE(error_of(bytes, table)
                  .find("entities[0].components.EveryKind: corrupt: the component's field data "
                        "needs 4294967295 bytes, but the entity record has only"),
              std::string::npos)
        << error_of(bytes, table);
}

// What a refusal must say: the file, where in the scene (a path into the header, the systems,
// the schema or an entity), why, and at which byte. `i` is the byte flipped.
void expect_explained(const diagnostic& error, std::size_t i, std::size_t file_size) {
    SCOPED_TRACE("byte " + std::to_string(i) + " flipped: " + error.to_string());
    EXPECT_EQ(error.file, "test.scene.bin");
    // The magic (bytes 0-7), the byte-order flag (8) and the version (9-12) have their own
    // words, so a foreign or newer file is not called corrupt.
    if (i < 8) {
        EXPECT_EQ(error.path, "");
        EXPECT_EQ(error.message, "not a Mosaic binary scene (expected magic MOSAICSB) (at byte 0)");
        return;
    }
    if (i == 8) {
        EXPECT_EQ(error.message.rfind("corrupt: byte-order flag ", 0), 0u);
        return;
    }
    if (i < 13) {
        EXPECT_EQ(error.path, "version");
        EXPECT_EQ(error.message.rfind("format version ", 0), 0u);
        return;
    }
    static constexpr std::string_view sections[] = {"systems", "schema", "entities"};
    EXPECT_TRUE(std::any_of(std::begin(sections), std::end(sections), [&](std::string_view s) {
        return error.path.rfind(s, 0) == 0;
    })) << "the path names no part of the scene";
    // "...: corrupt: schema index 9 (the schema has 8 types) (at byte 1540)": a reason, and a
    // byte inside the file.
    static constexpr std::string_view at = " (at byte ";
    const std::size_t at_pos = error.message.rfind(at);
    ASSERT_NE(at_pos, std::string::npos) << "no byte position";
    EXPECT_GT(at_pos, 8u) << "no reason before the position";
    EXPECT_EQ(error.message.back(), ')');
    const std::string byte =
        error.message.substr(at_pos + at.size(), error.message.size() - at_pos - at.size() - 1);
    ASSERT_FALSE(byte.empty());
    EXPECT_TRUE(std::all_of(byte.begin(), byte.end(), [](char c) { return c >= '0' && c <= '9'; }))
        << byte;
    EXPECT_LE(std::stoull(byte), file_size);
}

TEST_F(SceneBinary, CorruptBytesNeverCrash) {
    // Every single-byte corruption of a scene of every field kind loads or is refused with one
    // error, never a crash; and a refusal explains itself (expect_explained). This catches an
    // error with no place or reason (an exception's bare what() from deep in the reader), a
    // header problem reported as generic corruption, and a position outside the file.
    scene s = rich_scene();
    const std::string good = binary_of(s, table);
    std::size_t failed = 0;
    static constexpr char flips[] = {'\xFF', '\x01', '\x80'};
    for (std::size_t i = 0; i < good.size(); ++i) {
        std::string bytes = good;
        bytes[i] = static_cast<char>(bytes[i] ^ flips[i % 3]);
        auto result = load_binary(bytes, table);
        EXPECT_EQ(result.ok(), !has_error(result));
        EXPECT_LE(error_count(result), 1u);
        failed += !result.ok();
        if (const diagnostic* error = result.error()) expect_explained(*error, i, good.size());
    }
    // At least the 13 bytes of the magic, the byte-order flag and the version are refused.
    EXPECT_GT(failed, 13u);
}

TEST_F(SceneBinary, ForeignFilesAreRecognised) {
    EXPECT_NE(error_of("PNG\x0D\x0A\x1A\x0A and more bytes", table)
                  .find("not a Mosaic binary scene (expected magic MOSAICSB)"),
              std::string::npos);
    EXPECT_NE(error_of(R"({"format": "mosaic.scene"})", table).find("it looks like JSON"),
              std::string::npos);
    EXPECT_NE(error_of("", table).find("magic"), std::string::npos);
    EXPECT_NE(error_of("MOSAI", table).find("truncated"), std::string::npos);
}

TEST_F(SceneBinary, NewerFormatVersionIsRefused) {
    scene s;
    std::string bytes = binary_of(s, table);
    ASSERT_EQ(get_le<std::uint32_t>(bytes, version_at), binary_scene_format_version);
    put_le(bytes, version_at, std::uint32_t{binary_scene_format_version + 1});
    const std::string error = error_of(bytes, table);
    EXPECT_NE(error.find("format version 3 is not one this build reads (1 to 2); written by a "
                         "newer Mosaic?"),
              std::string::npos)
        << error;
    put_le(bytes, version_at, std::uint32_t{0});
    EXPECT_NE(error_of(bytes, table).find("format version 0"), std::string::npos);
}

TEST_F(SceneBinary, BigEndianFlagIsRefused) {
    scene s;
    std::string bytes = binary_of(s, table);
    ASSERT_EQ(bytes[8], '\x01');
    bytes[8] = '\x00';
    EXPECT_NE(error_of(bytes, table).find("big-endian"), std::string::npos);
}

TEST_F(SceneBinary, TrailingBytesAreAnError) {
    scene s;
    (void)s.world.create();
    const std::string error = error_of(binary_of(s, table) + "xyz", table);
    EXPECT_NE(error.find("3 unexpected bytes after the last entity"), std::string::npos) << error;
}

TEST_F(SceneBinary, DuplicateIdsAreAnError) {
    std::string bytes = patchable_scene(table);
    const std::size_t ids_at = patchable::entity_count_at + 8;
    put_le(bytes, ids_at + 8, get_le<std::uint64_t>(bytes, ids_at));
    EXPECT_NE(error_of(bytes, table).find("entities[1].id: id 1 is used twice"), std::string::npos);
}

TEST_F(SceneBinary, IdsInAnyOrderResolve) {
    // save_scene_binary writes ids in order; other writers need not.
    scene s;
    const entity a = s.world.create();
    const entity b = s.world.create();
    ASSERT_EQ(s.ensure_id(a), 1u);
    ASSERT_EQ(s.ensure_id(b), 2u);
    EveryKind v;
    v.target = b;
    s.world.add<EveryKind>(a, v);
    s.world.add<Parent>(b, a);
    std::string bytes = binary_of(s, table);
    const std::size_t ids_at = bytes.find(std::string("\x01\0\0\0\0\0\0\0\x02\0\0\0\0\0\0\0", 16));
    ASSERT_NE(ids_at, std::string::npos);
    put_le(bytes, ids_at, std::uint64_t{30});  // a
    put_le(bytes, ids_at + 8, std::uint64_t{2});
    // References still say 1 for a: point them at 30.
    bytes = bytes.substr(0, ids_at + 16) + [&] {
        std::string rest = bytes.substr(ids_at + 16);
        const std::string one("\x01\0\0\0\0\0\0\0", 8);
        // b's record: u32 size, u8 flags, u64 parent (1): the only 8-byte 1 in it.
        const std::size_t parent_at = rest.rfind(one);
        EXPECT_NE(parent_at, std::string::npos);
        put_le(rest, parent_at, std::uint64_t{30});
        return rest;
    }();
    auto loaded = load_binary(bytes, table);
    ASSERT_TRUE(loaded.ok()) << warnings_of(loaded);
    const entity la = loaded.value->find(30);
    const entity lb = loaded.value->find(2);
    ASSERT_FALSE(la.is_null());
    EXPECT_EQ(loaded.value->world.get<EveryKind>(la).target, lb);
    EXPECT_EQ(loaded.value->world.get<Parent>(lb).entity, la);
}

TEST_F(SceneBinary, MissingReferenceLoadsAsNullWithAWarning) {
    scene s;
    const entity a = s.world.create();
    const entity gone = s.world.create();
    ASSERT_EQ(s.ensure_id(a), 1u);
    ASSERT_EQ(s.ensure_id(gone), 2u);
    EveryKind v;
    v.target = gone;
    s.world.add<EveryKind>(a, v);
    s.world.add<Parent>(a, gone);
    std::string bytes = binary_of(s, table);
    // Renumber `gone` to 99 in the id table, so that references to 2 dangle.
    const std::size_t ids_at = bytes.find(std::string("\x01\0\0\0\0\0\0\0\x02\0\0\0\0\0\0\0", 16));
    ASSERT_NE(ids_at, std::string::npos);
    put_le(bytes, ids_at + 8, std::uint64_t{99});
    auto loaded = load_binary(bytes, table);
    ASSERT_TRUE(loaded.ok()) << warnings_of(loaded);
    const entity la = loaded.value->find(1);
    EXPECT_TRUE(loaded.value->world.get<EveryKind>(la).target.is_null());
    EXPECT_FALSE(loaded.value->world.has<Parent>(la));
    const std::string warnings = warnings_of(loaded);
    EXPECT_NE(warnings.find("entities[0].components.EveryKind.target: refers to entity 2, which "
                            "is not in the file"),
              std::string::npos)
        << warnings;
    EXPECT_NE(warnings.find("entities[0].parent: refers to entity 2"), std::string::npos)
        << warnings;
}

// --- files written before a type changed -----------------------------------------------------

struct EvolvingV1 {
    std::int32_t a = 0;
    float b = 0;
    std::int32_t c = 0;
};
struct EvolvingV2 {
    std::int32_t c = 0;
    std::int32_t a = 0;
    float d = 7.5f;
};
struct EvolvingV3 {  // like V2, version 2, with an upgrade hook
    std::int32_t c = 0;
    std::int32_t a = 0;
    float d = 7.5f;
};
struct EvolvingWrongKind {
    float a = 0;
};

std::string evolving_file() {
    component_table old_table;
    register_builtin_components(old_table);
    old_table.component<EvolvingV1>("Evolving")
        .field("a", &EvolvingV1::a)
        .field("b", &EvolvingV1::b)
        .field("c", &EvolvingV1::c);
    scene s;
    for (int i = 0; i < 3; ++i) {
        s.world.add<EvolvingV1>(s.world.create(),
                                EvolvingV1{10 + i, 2.5f * static_cast<float>(i), 30 + i});
    }
    return binary_of(s, old_table);
}

TEST(SceneBinaryEvolution, FieldsAreMatchedByName) {
    component_table table;
    register_builtin_components(table);
    table.component<EvolvingV2>("Evolving")
        .field("c", &EvolvingV2::c)
        .field("a", &EvolvingV2::a)
        .field("d", &EvolvingV2::d);
    auto loaded = load_binary(evolving_file(), table);
    ASSERT_TRUE(loaded.ok()) << warnings_of(loaded);
    for (std::uint64_t id = 1; id <= 3; ++id) {
        const auto& v = loaded.value->world.get<EvolvingV2>(loaded.value->find(id));
        const int i = static_cast<int>(id) - 1;
        EXPECT_EQ(v.a, 10 + i);
        EXPECT_EQ(v.c, 30 + i);
        EXPECT_EQ(v.d, 7.5f) << "a field the file does not have keeps the prototype's value";
    }
    const std::string warnings = warnings_of(loaded);
    EXPECT_NE(warnings.find("entities[0].components.Evolving.b: unknown field 'b' of Evolving "
                            "(ignored)"),
              std::string::npos)
        << warnings;
}

TEST(SceneBinaryEvolution, OlderVersionsGoThroughTheUpgradeHook) {
    component_table table;
    register_builtin_components(table);
    std::vector<std::uint32_t> versions;
    table.component<EvolvingV3>("Evolving")
        .field("c", &EvolvingV3::c)
        .field("a", &EvolvingV3::a)
        .field("d", &EvolvingV3::d)
        .version(2)
        .upgrade([&](void* value, std::uint32_t file_version, const legacy_fields& old) {
            versions.push_back(file_version);
            auto& v = *static_cast<EvolvingV3*>(value);
            EXPECT_TRUE(old.has("b"));
            EXPECT_FALSE(old.has("d"));
            EXPECT_EQ(old.number("a"), v.a);
            EXPECT_EQ(old.number("a", 1), std::nullopt);
            v.d = static_cast<float>(old.number("b").value_or(-1)) * 2;
        });
    auto loaded = load_binary(evolving_file(), table);
    ASSERT_TRUE(loaded.ok()) << warnings_of(loaded);
    EXPECT_EQ(versions, (std::vector<std::uint32_t>{1, 1, 1}));
    EXPECT_EQ(loaded.value->world.get<EvolvingV3>(loaded.value->find(3)).d, 10.0f);
}

TEST(SceneBinaryEvolution, ChangedKindIsAnError) {
    component_table table;
    register_builtin_components(table);
    table.component<EvolvingWrongKind>("Evolving").field("a", &EvolvingWrongKind::a);
    const std::string error = error_of(evolving_file(), table);
    EXPECT_NE(error.find("entities[0].components.Evolving.a: field 'a' of Evolving was saved as "
                         "int32 but is float now"),
              std::string::npos)
        << error;
}

enum class OldColour : std::uint8_t { red = 1, green = 2, blue = 3 };
enum class NewColour : std::int32_t { green = 10, red = 20 };  // renumbered; blue is gone
struct Painted {
    OldColour colour = OldColour::red;
};
struct Repainted {
    NewColour colour = NewColour::green;
};

TEST(SceneBinaryEvolution, EnumerationsAreMatchedByName) {
    component_table old_table;
    old_table.component<Painted>("Painted").field(
        "colour", &Painted::colour,
        {{"red", OldColour::red}, {"green", OldColour::green}, {"blue", OldColour::blue}});
    scene s;
    s.world.add<Painted>(s.world.create(), Painted{OldColour::red});
    s.world.add<Painted>(s.world.create(), Painted{OldColour::green});
    const std::string bytes = binary_of(s, old_table);

    component_table table;
    table.component<Repainted>("Painted").field(
        "colour", &Repainted::colour, {{"green", NewColour::green}, {"red", NewColour::red}});
    auto loaded = load_binary(bytes, table);
    ASSERT_TRUE(loaded.ok()) << warnings_of(loaded);
    EXPECT_EQ(loaded.value->world.get<Repainted>(loaded.value->find(1)).colour, NewColour::red);
    EXPECT_EQ(loaded.value->world.get<Repainted>(loaded.value->find(2)).colour, NewColour::green);

    s.world.add<Painted>(s.world.create(), Painted{OldColour::blue});
    const std::string error = error_of(binary_of(s, old_table), table);
    EXPECT_NE(error.find("entities[2].components.Painted.colour: unknown value \"blue\"; expected "
                         "one of \"green\", \"red\""),
              std::string::npos)
        << error;
}

TEST_F(SceneBinary, UnknownTypesSurviveARoundTrip) {
    scene s = rich_scene();
    const std::string json = json_of(s, table);
    const std::string bytes = binary_of(s, table);

    // A table without EveryKind and Marker: they load as unknown components ...
    component_table builtins;
    register_builtin_components(builtins);
    auto without = load_binary(bytes, builtins);
    ASSERT_TRUE(without.ok()) << warnings_of(without);
    EXPECT_NE(warnings_of(without).find("unknown component type 'EveryKind': kept as it is"),
              std::string::npos);
    EXPECT_EQ(json_of(*without.value, builtins), json)
        << "kept as the JSON the JSON writer writes for them";

    // ... which are saved back (now as JSON text) and are components again with the table.
    const std::string again = binary_of(*without.value, builtins);
    auto with = load_binary(again, table);
    ASSERT_TRUE(with.ok()) << warnings_of(with);
    EXPECT_EQ(json_of(*with.value, table), json);
    EXPECT_EQ(binary_of(*with.value, table), bytes);
}

}  // namespace
}  // namespace mosaic
