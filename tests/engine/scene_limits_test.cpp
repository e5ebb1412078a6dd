// scene_limits: the JSON loader refuses what the binary reader refuses, and both writers
// refuse (with the reason, writing nothing) a scene whose file could not be read again.
#include <mosaic/engine/scene/scene_binary.hpp>
#include <mosaic/engine/scene/scene_json.hpp>
#include <mosaic/engine/scene/scene_limits.hpp>

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "scene_test_support.hpp"

using namespace mosaic;

namespace {

using limits = scene_limits;

const component_table& table() {
    static component_table t;
    [[maybe_unused]] static const bool registered =
        (mosaic::testing::register_test_components(t), true);
    return t;
}

enum class format { json, binary };

struct save_outcome {
    std::string bytes;
    std::vector<diagnostic> diagnostics;

    [[nodiscard]] const diagnostic* error() const {
        for (const diagnostic& d : diagnostics)
            if (d.severity == diagnostic::level::error) return &d;
        return nullptr;
    }
};

save_outcome save(scene& s, format f, std::size_t max_bytes = limits::max_file_bytes) {
    std::ostringstream out;
    save_outcome r;
    r.diagnostics = f == format::json ? save_scene_json(s, table(), out, max_bytes)
                                      : save_scene_binary(s, table(), out, max_bytes);
    r.bytes = std::move(out).str();
    return r;
}

scene one_entity_scene() {
    scene s;
    const entity e = s.world.create();
    s.world.add<EntityId>(e, std::uint64_t{1});
    return s;
}

// Both writers refuse the scene with a message containing `expected`, and write nothing.
void expect_both_writers_refuse(scene& s, const std::string& expected) {
    for (const format f : {format::json, format::binary}) {
        SCOPED_TRACE(f == format::json ? "JSON writer" : "binary writer");
        const save_outcome r = save(s, f);
        ASSERT_NE(r.error(), nullptr) << "the writer accepted a scene its reader refuses";
        EXPECT_NE(r.error()->to_string().find(expected), std::string::npos)
            << r.error()->to_string();
        EXPECT_TRUE(r.bytes.empty()) << "a refused scene must not be half written";
    }
}

std::string scene_json_with(const std::string& systems, const std::string& components) {
    return R"({"format": "mosaic.scene", "version": 2, "systems": [)" + systems +
           R"(], "entities": [{"id": 1, "components": {)" + components + "}}]}";
}

void expect_json_load_refuses(const std::string& text, const std::string& expected) {
    const load_result<scene> r = load_scene_json(text, table(), "big.scene.json");
    ASSERT_FALSE(r.ok()) << "the JSON loader accepted what the binary reader refuses";
    EXPECT_NE(r.error()->to_string().find(expected), std::string::npos) << r.error()->to_string();
}

}  // namespace

TEST(SceneLimits, OneSystemTooManyIsRefusedByTheJsonLoaderAndBothWriters) {
    std::string systems;
    for (std::uint32_t i = 0; i <= limits::max_systems; ++i)
        systems += (i ? "," : "") + std::string(R"({"name": "s)") + std::to_string(i) + "\"}";
    expect_json_load_refuses(scene_json_with(systems, ""), "4097 systems, more than the 4096");

    scene s = one_entity_scene();
    for (std::uint32_t i = 0; i <= limits::max_systems; ++i)
        s.systems.push_back({"s" + std::to_string(i), true, rate::every_tick()});
    expect_both_writers_refuse(s, "4097 systems, more than the 4096");
    s.systems.pop_back();
    EXPECT_EQ(save(s, format::json).error(), nullptr);
    EXPECT_EQ(save(s, format::binary).error(), nullptr);
}

TEST(SceneLimits, ASystemNameTooLongIsRefused) {
    const std::string name(limits::max_name_bytes + 1, 'x');
    expect_json_load_refuses(scene_json_with(R"({"name": ")" + name + "\"}", ""),
                             "65537 bytes in the name");
    scene s = one_entity_scene();
    s.systems.push_back({name, true, rate::every_tick()});
    expect_both_writers_refuse(s, "65537 bytes in the name");
}

TEST(SceneLimits, TooManyUnknownComponentsOnOneEntityAreRefused) {
    std::string components;
    for (std::uint32_t i = 0; i <= limits::max_unknown_per_entity; ++i)
        components += (i ? "," : "") + std::string("\"Gone") + std::to_string(i) + "\": {}";
    expect_json_load_refuses(scene_json_with("", components),
                             "4097 components of unknown types, more than the 4096");
    scene s = one_entity_scene();
    for (std::uint32_t i = 0; i <= limits::max_unknown_per_entity; ++i)
        s.unknown[1].push_back({"Gone" + std::to_string(i), "{}"});
    expect_both_writers_refuse(s, "4097 components of unknown types");
}

TEST(SceneLimits, AnUnknownComponentNameTooLongIsRefused) {
    const std::string name(limits::max_name_bytes + 1, 'G');
    expect_json_load_refuses(scene_json_with("", "\"" + name + "\": {}"),
                             "65537 bytes in the component's name");
    scene s = one_entity_scene();
    s.unknown[1].push_back({name, "{}"});
    expect_both_writers_refuse(s, "65537 bytes in the name");
}

TEST(SceneLimits, AnUnknownComponentOver64MiBIsRefused) {
    // {"text":"xxx..."} compact: 11 bytes around the string.
    const std::string big(limits::max_unknown_json_bytes - 10, 'x');
    expect_json_load_refuses(scene_json_with("", R"("Gone": {"text": ")" + big + "\"}"),
                             "67108865 bytes of JSON");
    scene s = one_entity_scene();
    s.unknown[1].push_back({"Gone", R"({"text":")" + big + "\"}"});
    expect_both_writers_refuse(s, "67108865 bytes of JSON");
}

TEST(SceneLimits, AWriterStopsAtTheFileSizeItsReaderAccepts) {
    scene s = mosaic::testing::random_scene(7, table());
    for (const format f : {format::json, format::binary}) {
        SCOPED_TRACE(f == format::json ? "JSON writer" : "binary writer");
        const save_outcome whole = save(s, f);
        ASSERT_EQ(whole.error(), nullptr);
        // Exactly the size fits; one byte less is refused, with the reason.
        EXPECT_EQ(save(s, f, whole.bytes.size()).error(), nullptr);
        const save_outcome cut = save(s, f, whole.bytes.size() - 1);
        ASSERT_NE(cut.error(), nullptr);
        EXPECT_NE(cut.error()->message.find("more than " + std::to_string(whole.bytes.size() - 1) +
                                            " bytes, the most a scene file can have"),
                  std::string::npos)
            << cut.error()->message;
        EXPECT_LE(cut.bytes.size(), whole.bytes.size() - 1);
    }
}

TEST(SceneLimits, TheBinaryWriterRefusesAnEntityRecordItsReaderWouldRefuse) {
    // Five unknown components of 52 MiB each are within the per-component limit, but the
    // entity's record (260 MiB) is over the binary reader's 256 MiB.
    scene s = one_entity_scene();
    const std::string json = "\"" + std::string(52 * 1024 * 1024, 'x') + "\"";
    for (int i = 0; i < 5; ++i) s.unknown[1].push_back({"Gone" + std::to_string(i), json});
    const save_outcome r = save(s, format::binary);
    ASSERT_NE(r.error(), nullptr);
    EXPECT_EQ(r.error()->path, "entity id 1");
    EXPECT_NE(r.error()->message.find("bytes in one entity's record, more than the 268435456"),
              std::string::npos)
        << r.error()->message;
}
