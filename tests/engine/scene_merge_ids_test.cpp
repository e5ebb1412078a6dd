// Three-way merges at the top of the id range (issue #32): renumbering an entity both sides
// added never reuses an id any side holds and never wraps past 2^64 - 1, checked on random
// scenes; binary input that is not a scene, and prefab files given to --merge.
#include <mosaic/engine/scene/scene_merge.hpp>

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/hierarchy.hpp>
#include <mosaic/engine/scene/scene_json.hpp>

#include "../../engine/src/tools/run_commands.hpp"
#include "scene_test_support.hpp"

namespace {

using namespace mosaic;
namespace fs = std::filesystem;

constexpr std::uint64_t top = UINT64_MAX;

struct entity_text {
    std::uint64_t id;
    std::string name;
    std::uint64_t parent = 0;
};

std::string scene_text(const std::vector<entity_text>& entities) {
    std::string text = R"({"format": "mosaic.scene", "version": 2, "entities": [)";
    for (std::size_t i = 0; i < entities.size(); ++i) {
        const entity_text& e = entities[i];
        text += std::string(i ? ", " : "") + R"({"id": )" + std::to_string(e.id) +
                R"(, "name": ")" + e.name + '"';
        if (e.parent) text += R"(, "parent": )" + std::to_string(e.parent);
        text += "}";
    }
    return text + "]}";
}

class SceneMergeIds : public ::testing::Test {
protected:
    SceneMergeIds() { mosaic::testing::register_test_components(table_); }

    merge_result merge(const std::string& base, const std::string& ours,
                       const std::string& theirs) {
        return merge_scenes({base, "base.scene.json"}, {ours, "ours.scene.json"},
                            {theirs, "theirs.scene.json"}, table_);
    }
    // The merged scene's entities by name: their parent's name ("" for none).
    std::map<std::string, std::string> parents_by_name(const merge_result& r) {
        std::map<std::string, std::string> out;
        load_result<scene> loaded = load_scene_json(*r.bytes, table_, "merged");
        EXPECT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
        if (!loaded.ok()) return out;
        const world& w = loaded.value->world;
        const auto name = [&](entity e) {
            const Name* n = w.try_get<Name>(e);
            return n ? std::string(n->value) : std::string();
        };
        w.each([&](entity e) {
            const entity up = parent_of(w, e);
            out[name(e)] = up.is_null() ? "" : name(up);
        });
        return out;
    }

    component_table table_;
};

// Both sides add id 2^64 - 1: theirs cannot take "the next id" (it would wrap to 0): it gets
// a free id below, not one its own new child holds.
TEST_F(SceneMergeIds, RenumberingAtTheTopOfTheRangeTakesAFreeId) {
    const std::string base = scene_text({{top - 2, "base"}});
    const std::string ours = scene_text({{top - 2, "base"}, {top, "ours"}});
    const std::string theirs =
        scene_text({{top - 2, "base"}, {top, "theirs"}, {1, "theirs child", top}});
    const merge_result r = merge(base, ours, theirs);
    ASSERT_TRUE(r.ok()) << to_string(r.diagnostics);
    EXPECT_TRUE(r.conflicts.empty());
    ASSERT_EQ(r.renumbered.size(), 1u);
    EXPECT_NE(r.renumbered[0].to, 0u);
    EXPECT_NE(r.renumbered[0].to, 1u) << "theirs' child holds 1";
    EXPECT_NE(r.renumbered[0].to, top);
    const auto merged = parents_by_name(r);
    EXPECT_EQ(merged.size(), 4u);
    EXPECT_EQ(merged.at("theirs child"), "theirs") << "the child follows its renumbered parent";
    EXPECT_TRUE(merged.contains("ours"));
}

// Random three-way merges of scenes whose ids sit at both ends of the range: every entity a
// side added is in the result with its parent, or a conflict line names it.
TEST_F(SceneMergeIds, RandomMergesNearTheTopLoseNoEntity) {
    std::mt19937_64 random(32);
    std::vector<std::uint64_t> pool;
    for (std::uint64_t k = 0; k < 12; ++k) pool.push_back(top - k);
    for (std::uint64_t k = 1; k <= 6; ++k) pool.push_back(k);
    for (int round = 0; round < 200; ++round) {
        std::shuffle(pool.begin(), pool.end(), random);
        std::vector<entity_text> base;
        const std::size_t in_base = random() % 4;
        for (std::size_t i = 0; i < in_base; ++i)
            base.push_back({pool[i], "base" + std::to_string(i)});
        const auto side = [&](const std::string& who) {
            std::vector<entity_text> out = base;
            std::vector<std::uint64_t> free(pool.begin() + static_cast<long>(in_base), pool.end());
            std::shuffle(free.begin(), free.end(), random);
            const std::size_t added = 1 + random() % 5;
            for (std::size_t i = 0; i < added; ++i) {
                entity_text e{free[i], who + std::to_string(i)};
                if (random() % 2 && out.size() > 0) e.parent = out[random() % out.size()].id;
                out.push_back(e);
            }
            return out;
        };
        const std::vector<entity_text> ours = side("ours"), theirs = side("theirs");
        const merge_result r = merge(scene_text(base), scene_text(ours), scene_text(theirs));
        ASSERT_TRUE(r.ok()) << "round " << round << ": " << to_string(r.diagnostics);
        const auto merged = parents_by_name(r);
        std::string conflicts;
        for (const merge_conflict& c : r.conflicts) conflicts += c.to_string("merged") + "\n";
        for (const auto* list : {&ours, &theirs}) {
            std::map<std::uint64_t, std::string> names;
            for (const entity_text& e : *list) names[e.id] = e.name;
            for (const entity_text& e : *list) {
                const bool named_in_conflict = conflicts.find(e.name) != std::string::npos;
                ASSERT_TRUE(merged.contains(e.name) || named_in_conflict)
                    << "round " << round << ": " << e.name << " lost\n"
                    << conflicts;
                if (merged.contains(e.name) && !named_in_conflict) {
                    EXPECT_EQ(merged.at(e.name), e.parent ? names[e.parent] : "")
                        << "round " << round << ": " << e.name;
                }
            }
        }
    }
}

// A 1 KB binary file (not a Mosaic one) is not "empty": the message says what it is.
TEST_F(SceneMergeIds, BinaryInputIsNotReportedAsEmpty) {
    std::string bytes(1024, '\0');
    for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<char>(i * 7 % 256);
    bytes[0] = ' ';
    const std::string scene = scene_text({{1, "a"}});
    const merge_result r = merge(scene, bytes, scene);
    ASSERT_FALSE(r.ok());
    const std::string all = to_string(r.diagnostics);
    EXPECT_EQ(all.find("empty"), std::string::npos) << all;
    EXPECT_NE(all.find("NUL byte"), std::string::npos) << all;
}

// Prefab files given to --merge are refused, saying so (not "expected a scene").
TEST_F(SceneMergeIds, PrefabFilesGivenToMergeAreRefusedSayingSo) {
    const fs::path folder =
        fs::temp_directory_path() / ("mosaic-merge-prefab-" + std::to_string(::getpid()));
    fs::create_directories(folder);
    const std::string prefab = R"({"format": "mosaic.prefab", "version": 2, "name": "p",
        "entities": [{"id": 1, "name": "p"}]})";
    for (const char* name : {"base", "ours", "theirs"})
        std::ofstream(folder / name, std::ios::binary) << prefab;
    std::ostringstream out, err;
    const std::vector<std::string> args{"--merge",
                                        (folder / "base").string(),
                                        (folder / "ours").string(),
                                        (folder / "theirs").string(),
                                        "-o",
                                        (folder / "ours").string(),
                                        "--path",
                                        "archetypes/tank.prefab.json"};
    const int code = tools::run(args, out, err);
    EXPECT_EQ(code, 1);
    EXPECT_NE(err.str().find("prefab"), std::string::npos) << err.str();
    EXPECT_NE(err.str().find("merges scene files only"), std::string::npos) << err.str();
    fs::remove_all(folder);
}

}  // namespace
