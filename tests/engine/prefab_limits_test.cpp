// Hostile prefab files (issue #32): chains deeper than the nesting limit, instances that
// expand exponentially, cycles through other spellings of a path, nodes claimed twice or
// linked without their root, and instances that add more unknown components than a scene
// file holds. Every input is generated here, small enough to run in a second.
#include <gtest/gtest.h>

#include <chrono>
#include <sstream>
#include <string>

#include <mosaic/engine/scene/scene_binary.hpp>

#include "prefab_link_fixture.hpp"

namespace {

using namespace mosaic;
using namespace mosaic::test;

struct PrefabLimitsTest : prefab_link_fixture {
    static std::string prefab_name(int i) { return "p" + std::to_string(i) + ".prefab.json"; }

    /// A prefab file of a root named `name` and `copies` child instances of `target`.
    static std::string holder_text(const std::string& name, const std::string& target, int copies) {
        std::string text = R"({"format": "mosaic.prefab", "version": 2, "name": ")" + name +
                           R"(", "entities": [{"id": 1, "name": ")" + name + R"("})";
        for (int k = 0; k < copies; ++k) {
            text += R"(, {"id": )" + std::to_string(k + 2) +
                    R"(, "parent": 1, "prefab": {"path": ")" + target + R"(", "node": 1}})";
        }
        return text + "]}";
    }
    static std::string leaf_text(const std::string& name) {
        return R"({"format": "mosaic.prefab", "version": 2, "name": ")" + name +
               R"(", "entities": [{"id": 1, "name": ")" + name +
               R"("}, {"id": 2, "parent": 1}, {"id": 3, "parent": 1}]})";
    }
    /// A scene holding one instance of `path`.
    static std::string scene_text(const std::string& path) {
        return R"({"format": "mosaic.scene", "version": 2, "entities": [{"id": 7, "name": "top",
           "prefab": {"path": ")" +
               path + R"(", "node": 1}}]})";
    }
    std::vector<diagnostic> load_scene(const std::string& text, prefab_library& with,
                                       load_result<scene>& loaded) {
        loaded = load_scene_json(text, table, "level.scene.json");
        EXPECT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
        if (!loaded.ok()) return {};
        return resolve_prefab_instances(*loaded.value, with, table, "level.scene.json");
    }
    static const diagnostic* first_error(const std::vector<diagnostic>& ds) {
        for (const diagnostic& d : ds) {
            if (d.severity == diagnostic::level::error) return &d;
        }
        return nullptr;
    }
};

// 2,000 files, each a variant of the next: refused at the nesting limit, with the chain
// named, instead of overflowing the stack (the loader recursed once per file).
TEST_F(PrefabLimitsTest, AChainDeeperThanTheLimitIsRefusedNamingIt) {
    constexpr int depth = 2000;
    for (int i = 0; i < depth; ++i)
        write_text(prefab_name(i), linked_prefab_text("p" + std::to_string(i), prefab_name(i + 1)));
    write_text(prefab_name(depth), leaf_text("last"));
    prefab_library fresh(table, folder);
    EXPECT_EQ(fresh.find(prefab_name(0)), nullptr);
    EXPECT_TRUE(fresh.over_limit(prefab_name(0)));
    const std::string why = fresh.problem(prefab_name(0));
    EXPECT_NE(why.find("prefab nesting deeper than 64 files"), std::string::npos) << why;
    EXPECT_NE(why.find("p0.prefab.json -> p1.prefab.json"), std::string::npos) << why;
    EXPECT_LT(why.size(), 1000u) << "the chain is shortened";

    // A scene using it gets a located error; the chain of holders (instances inside
    // instances) the same.
    load_result<scene> loaded;
    const auto resolved = load_scene(scene_text(prefab_name(0)), fresh, loaded);
    const diagnostic* error = first_error(resolved);
    ASSERT_NE(error, nullptr) << to_string(resolved);
    EXPECT_EQ(error->file, "level.scene.json");
    EXPECT_NE(error->message.find("'top' (id 7)"), std::string::npos) << error->message;

    for (int i = 0; i < depth; ++i)
        write_text(prefab_name(i), holder_text("p" + std::to_string(i), prefab_name(i + 1), 1));
    prefab_library holders(table, folder);
    EXPECT_EQ(holders.find(prefab_name(0)), nullptr);
    EXPECT_NE(holders.problem(prefab_name(0)).find("nesting deeper"), std::string::npos)
        << holders.problem(prefab_name(0));

    // Within the limit, a chain loads whole.
    prefab_library shallow(table, folder);
    EXPECT_NE(shallow.find(prefab_name(depth - 40)), nullptr)
        << shallow.problem(prefab_name(depth - 40));
}

// 13 files of 3 entities, each holding two instances of the next (2^12 leaves): refused at
// the (here lowered) bound on the entities instances expand to, quickly, naming the files.
TEST_F(PrefabLimitsTest, ExponentialNestingStopsAtTheEntityBound) {
    constexpr int levels = 12;
    for (int i = 0; i < levels; ++i)
        write_text(prefab_name(i), holder_text("p" + std::to_string(i), prefab_name(i + 1), 2));
    write_text(prefab_name(levels), leaf_text("leaf"));
    prefab_library fresh(table, folder);
    fresh.set_limits({.nesting = 64, .entities = 1000});
    const auto started = std::chrono::steady_clock::now();
    EXPECT_EQ(fresh.find(prefab_name(0)), nullptr);
    EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(20));
    const std::string why = fresh.problem(prefab_name(0));
    EXPECT_NE(why.find("expand to"), std::string::npos) << why;
    EXPECT_NE(why.find("more than the limit of 1000"), std::string::npos) << why;
    EXPECT_NE(why.find(".prefab.json"), std::string::npos) << why;

    // A scene of many instances of a prefab under the bound is bounded too.
    std::string text = R"({"format": "mosaic.scene", "version": 2, "entities": [)";
    for (int k = 0; k < 40; ++k) {
        text += std::string(k ? ", " : "") + R"({"id": )" + std::to_string(k + 1) +
                R"(, "prefab": {"path": ")" + prefab_name(levels - 4) + R"(", "node": 1}})";
    }
    text += "]}";
    load_result<scene> loaded;
    const auto resolved = load_scene(text, fresh, loaded);
    const diagnostic* error = first_error(resolved);
    ASSERT_NE(error, nullptr) << to_string(resolved);
    EXPECT_NE(error->message.find("more than the limit of 1000"), std::string::npos)
        << error->message;
    EXPECT_LE(loaded.value->world.size(), 40u) << "nothing was expanded";
}

// A prefab that holds itself through another spelling of its path is a cycle.
TEST_F(PrefabLimitsTest, ACycleThroughAnotherSpellingIsACycle) {
    std::filesystem::create_directories(folder / "archetypes");
    write_text("archetypes/a.prefab.json",
               holder_text("a", "./archetypes/../archetypes/a.prefab.json", 1));
    write_text("archetypes/b.prefab.json",
               holder_text("b", (folder / "archetypes/b.prefab.json").string(), 1));
    prefab_library fresh(table, folder);
    EXPECT_EQ(fresh.find("archetypes/a.prefab.json"), nullptr);
    EXPECT_NE(fresh.problem("archetypes/a.prefab.json").find("prefab cycle"), std::string::npos)
        << fresh.problem("archetypes/a.prefab.json");
    EXPECT_EQ(fresh.find("archetypes/b.prefab.json"), nullptr);
    EXPECT_NE(fresh.problem("archetypes/b.prefab.json").find("prefab cycle"), std::string::npos)
        << fresh.problem("archetypes/b.prefab.json");
}

// Two stubs claiming one node of an instance, and a stub of a child node with no root above
// it: both warn, and stay placeholders.
TEST_F(PrefabLimitsTest, ANodeClaimedTwiceOrLinkedWithoutItsRootWarns) {
    write_text("leaf.prefab.json", leaf_text("leaf"));
    const std::string text = R"({"format": "mosaic.scene", "version": 2, "entities": [
        {"id": 1, "name": "root", "prefab": {"path": "leaf.prefab.json", "node": 1}},
        {"id": 2, "name": "one", "parent": 1, "prefab": {"path": "leaf.prefab.json", "node": 2}},
        {"id": 3, "name": "again", "parent": 1, "prefab": {"path": "leaf.prefab.json", "node": 2}},
        {"id": 4, "name": "orphan", "prefab": {"path": "leaf.prefab.json", "node": 3}}]})";
    prefab_library fresh(table, folder);
    load_result<scene> loaded;
    const std::string all = to_string(load_scene(text, fresh, loaded));
    EXPECT_NE(all.find("claims node 2 of leaf.prefab.json"), std::string::npos) << all;
    EXPECT_NE(all.find("'orphan' (id 4): links node 3 of leaf.prefab.json but no entity above it"),
              std::string::npos)
        << all;
}

// An instance adding more unknown components than a scene file holds keeps them as overrides
// (a placeholder, with a warning): the scene saves in both formats and loads again.
TEST_F(PrefabLimitsTest, AnInstanceWithTooManyUnknownComponentsStillSaves) {
    write_text("leaf.prefab.json", leaf_text("leaf"));
    std::string text = R"({"format": "mosaic.scene", "version": 2, "entities": [
        {"id": 1, "prefab": {"path": "leaf.prefab.json", "node": 1}, "components": {)";
    for (int k = 0; k < 5000; ++k)
        text += std::string(k ? ", " : "") + "\"Gone" + std::to_string(k) + "\": {}";
    text += "}}]}";
    prefab_library fresh(table, folder);
    load_result<scene> loaded;
    const std::string all = to_string(load_scene(text, fresh, loaded));
    EXPECT_NE(all.find("more than the 4096"), std::string::npos) << all.substr(0, 2000);
    std::ostringstream json;
    const auto json_saved = save_scene_json(*loaded.value, table, json);
    EXPECT_EQ(first_error(json_saved), nullptr) << to_string(json_saved);
    EXPECT_NE(json.str().find("Gone4999"), std::string::npos);
    std::ostringstream binary;
    const auto binary_saved = save_scene_binary(*loaded.value, table, binary);
    EXPECT_EQ(first_error(binary_saved), nullptr) << to_string(binary_saved);
    const auto again = load_scene_binary(binary.str(), table, "level.scene.bin");
    EXPECT_TRUE(again.ok()) << to_string(again.diagnostics);
}

}  // namespace
