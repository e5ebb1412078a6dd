// Three-way merges of scene files (scene_merge.hpp) and `mosaic-run --merge`.
// Sections: 1. clean merges  2. conflicts  3. ids  4. bad input  5. the command
#include <mosaic/engine/scene/scene_merge.hpp>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <mosaic/engine/scene/scene_binary.hpp>
#include <mosaic/engine/scene/scene_json.hpp>

#include "../../engine/src/tools/run_commands.hpp"
#include "scene_test_support.hpp"

namespace {

using namespace mosaic;
namespace fs = std::filesystem;

class SceneMerge : public ::testing::Test {
protected:
    SceneMerge() { mosaic::testing::register_test_components(table_); }

    // A scene file holding these entities (JSON objects, comma-separated).
    static std::string scene_of(const std::string& entities, const std::string& settings = "") {
        return R"({"format": "mosaic.scene", "version": 2, )" + settings + R"("entities": [)" +
               entities + "]}";
    }

    // The text the engine writes for `text`.
    std::string canonical(const std::string& text) {
        load_result<scene> loaded = load_scene_json(text, table_, "expected");
        EXPECT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
        if (!loaded.ok()) return {};
        std::ostringstream out;
        save_scene_json(*loaded.value, table_, out);
        return out.str();
    }

    merge_result merge(const std::string& base, const std::string& ours,
                       const std::string& theirs) {
        return merge_scenes({base, "base.scene.json"}, {ours, "ours.scene.json"},
                            {theirs, "theirs.scene.json"}, table_);
    }

    component_table table_;
};

std::string tank(const std::string& transform, const std::string& more = "") {
    return R"({"id": 1, "name": "Tank", "enabled": true, "components": {"Transform": {"version": 1, )" +
           transform + "}" + more + "}}";
}

const std::string base_transform = R"("position": [0, 0], "rotation": 0, "scale": [1, 1])";

// --- 1. clean merges -------------------------------------------------------------------------

TEST_F(SceneMerge, DifferentFieldsOfOneComponentMergeCleanly) {
    const merge_result r =
        merge(scene_of(tank(base_transform)),
              scene_of(tank(R"("position": [0, 0], "rotation": 45, "scale": [1, 1])")),
              scene_of(tank(R"("position": [1.5, 2], "rotation": 0, "scale": [1, 1])")));
    ASSERT_TRUE(r.clean()) << to_string(r.diagnostics);
    EXPECT_EQ(
        *r.bytes,
        canonical(scene_of(tank(R"("position": [1.5, 2], "rotation": 45, "scale": [1, 1])"))));
}

TEST_F(SceneMerge, TheSameChangeOnBothSidesIsNoConflict) {
    const std::string changed =
        scene_of(tank(R"("position": [3, 0], "rotation": 0, "scale": [1, 1])"));
    const merge_result r = merge(scene_of(tank(base_transform)), changed, changed);
    ASSERT_TRUE(r.clean()) << to_string(r.diagnostics);
    EXPECT_EQ(*r.bytes, canonical(changed));
}

TEST_F(SceneMerge, EntitiesAndComponentsAddedOrRemovedOnOneSideApply) {
    const std::string turret =
        R"({"id": 2, "name": "Turret", "enabled": true, "components": {"Transform": {"version": 1}}})";
    const std::string turret_with_sprite =
        R"({"id": 2, "name": "Turret", "enabled": true, "components": {"Transform": {"version": 1},
            "Sprite": {"version": 1, "layer": 3}}})";
    const std::string turret_bare =
        R"({"id": 2, "name": "Turret", "enabled": true, "components": {}})";
    const std::string bullet =
        R"({"id": 3, "name": "Bullet", "enabled": true, "components": {"Marker": {"version": 1}}})";
    const std::string base = scene_of(tank(base_transform) + "," + turret);
    // Ours adds Bullet and removes the Turret's Transform; theirs deletes the Tank and gives
    // the Turret a Sprite.
    const std::string ours = scene_of(tank(base_transform) + "," + turret_bare + "," + bullet);
    const std::string theirs = scene_of(turret_with_sprite);
    const merge_result r = merge(base, ours, theirs);
    ASSERT_TRUE(r.clean()) << to_string(r.diagnostics);
    const std::string turret_merged =
        R"({"id": 2, "name": "Turret", "enabled": true, "components": {"Sprite": {"version": 1, "layer": 3}}})";
    EXPECT_EQ(*r.bytes, canonical(scene_of(turret_merged + "," + bullet)));
}

TEST_F(SceneMerge, SettingsAndSystemsMergeByField) {
    const std::string entities = tank(base_transform);
    const std::string base = scene_of(entities, R"("settings": {"gravity": [0, -9.8]},)");
    const std::string ours = scene_of(entities, R"("settings": {"gravity": [0, -20]},)");
    const std::string theirs =
        scene_of(entities, R"("settings": {"gravity": [0, -9.8], "camera": {"zoom": 2}},
                    "systems": [{"name": "gravity", "enabled": false}],)");
    const merge_result r = merge(base, ours, theirs);
    ASSERT_TRUE(r.clean()) << to_string(r.diagnostics);
    EXPECT_EQ(*r.bytes, canonical(scene_of(entities, R"("settings": {"gravity": [0, -20],
        "camera": {"zoom": 2}}, "systems": [{"name": "gravity", "enabled": false}],)")));
}

TEST_F(SceneMerge, UnknownComponentsMergeByFieldAndStayVerbatim) {
    const auto with_laser = [&](const std::string& laser) {
        return scene_of(tank(base_transform, R"(, "Laser": {"version": 4, )" + laser + "}"));
    };
    const merge_result r =
        merge(with_laser(R"("power": 3, "beam": {"width": 2, "colour": "red"}, "x": [1, 2])"),
              with_laser(R"("power": 5, "beam": {"width": 2, "colour": "red"}, "x": [1, 2])"),
              with_laser(R"("power": 3, "beam": {"width": 2, "colour": "blue"}, "x": [1, 2])"));
    ASSERT_TRUE(r.clean()) << to_string(r.diagnostics);
    const std::string expected =
        canonical(with_laser(R"("power": 5, "beam": {"width": 2, "colour": "blue"}, "x": [1, 2])"));
    EXPECT_EQ(*r.bytes, expected);
    EXPECT_NE(expected.find("\"colour\": \"blue\""), std::string::npos) << expected;
}

TEST_F(SceneMerge, BinaryInputsMergeByConversion) {
    const std::string ours_json =
        scene_of(tank(R"("position": [0, 0], "rotation": 45, "scale": [1, 1])"));
    load_result<scene> ours = load_scene_json(ours_json, table_);
    ASSERT_TRUE(ours.ok());
    std::ostringstream binary;
    save_scene_binary(*ours.value, table_, binary);
    const std::string ours_bin = binary.str();
    const merge_result r = merge_scenes(
        {scene_of(tank(base_transform)), "base"}, {ours_bin, "ours"},
        {scene_of(tank(R"("position": [1, 1], "rotation": 0, "scale": [1, 1])")), "theirs"},
        table_);
    ASSERT_TRUE(r.clean()) << to_string(r.diagnostics);
    EXPECT_EQ(*r.bytes,
              canonical(scene_of(tank(R"("position": [1, 1], "rotation": 45, "scale": [1, 1])"))));
}

TEST_F(SceneMerge, TheResultSavesToTheSameBytes) {
    const merge_result r =
        merge(scene_of(tank(base_transform)),
              scene_of(tank(R"("position": [0.1, 0], "rotation": 0, "scale": [1, 1])")),
              scene_of(tank(R"("position": [0, 0], "rotation": 0.3, "scale": [1, 1])")));
    ASSERT_TRUE(r.clean()) << to_string(r.diagnostics);
    EXPECT_EQ(canonical(*r.bytes), *r.bytes);
}

// --- 2. conflicts ----------------------------------------------------------------------------

TEST_F(SceneMerge, BothSidesChangingOneFieldIsAConflictPerFieldKeepingOurs) {
    const merge_result r =
        merge(scene_of(tank(base_transform)),
              scene_of(tank(R"("position": [1, 0], "rotation": 45, "scale": [2, 2])")),
              scene_of(tank(R"("position": [2, 0], "rotation": 90, "scale": [1, 1])")));
    ASSERT_TRUE(r.ok()) << to_string(r.diagnostics);
    ASSERT_EQ(r.conflicts.size(), 2u);
    EXPECT_EQ(r.conflicts[0].to_string("level.scene.json"),
              "level.scene.json: conflict: entity \"Tank\" (id 1), component Transform, field "
              "position: base [0.0,0.0], ours [1.0,0.0], theirs [2.0,0.0]; kept ours");
    EXPECT_EQ(r.conflicts[1].to_string("level.scene.json"),
              "level.scene.json: conflict: entity \"Tank\" (id 1), component Transform, field "
              "rotation: base 0.0, ours 45.0, theirs 90.0; kept ours");
    EXPECT_EQ(*r.bytes,
              canonical(scene_of(tank(R"("position": [1, 0], "rotation": 45, "scale": [2, 2])"))));
}

TEST_F(SceneMerge, EntityKeysConflictToo) {
    const auto named = [](const std::string& name) {
        return R"({"id": 1, "name": ")" + name + R"(", "enabled": true, "components": {}})";
    };
    const merge_result r =
        merge(scene_of(named("Tank")), scene_of(named("Hero")), scene_of(named("Villain")));
    ASSERT_EQ(r.conflicts.size(), 1u);
    EXPECT_EQ(r.conflicts[0].to_string("f"),
              "f: conflict: entity \"Hero\" (id 1), field name: base \"Tank\", ours \"Hero\", "
              "theirs \"Villain\"; kept ours");
}

TEST_F(SceneMerge, DeletedOnOneSideAndChangedOnTheOtherIsAConflict) {
    const std::string base = scene_of(tank(base_transform));
    const std::string changed =
        scene_of(tank(R"("position": [0, 0], "rotation": 10, "scale": [1, 1])"));
    const std::string deleted = scene_of("");

    const merge_result ours_deleted = merge(base, deleted, changed);
    ASSERT_EQ(ours_deleted.conflicts.size(), 1u);
    EXPECT_EQ(ours_deleted.conflicts[0].to_string("f"),
              "f: conflict: entity \"Tank\" (id 1): base (present), ours (deleted), theirs "
              "(changed); kept ours (deleted)");
    EXPECT_EQ(*ours_deleted.bytes, canonical(deleted));

    const merge_result theirs_deleted = merge(base, changed, deleted);
    ASSERT_EQ(theirs_deleted.conflicts.size(), 1u);
    EXPECT_EQ(theirs_deleted.conflicts[0].ours, "(changed)");
    EXPECT_EQ(theirs_deleted.conflicts[0].theirs, "(deleted)");
    EXPECT_EQ(*theirs_deleted.bytes, canonical(changed));

    // A component deleted on one side, changed on the other.
    const std::string no_transform =
        scene_of(R"({"id": 1, "name": "Tank", "enabled": true, "components": {}})");
    const merge_result component = merge(base, no_transform, changed);
    ASSERT_EQ(component.conflicts.size(), 1u);
    EXPECT_EQ(component.conflicts[0].to_string("f"),
              "f: conflict: entity \"Tank\" (id 1), component Transform: base (present), ours "
              "(deleted), theirs (changed); kept ours (deleted)");
    EXPECT_EQ(*component.bytes, canonical(no_transform));
}

TEST_F(SceneMerge, ParentsThatWouldMakeACycleAreAConflict) {
    const auto two = [](const std::string& a_parent, const std::string& b_parent) {
        return scene_of(R"({"id": 1, "name": "A", "enabled": true, )" + a_parent +
                        R"("components": {}}, {"id": 2, "name": "B", "enabled": true, )" +
                        b_parent + R"("components": {}})");
    };
    const std::string ours = two(R"("parent": 2, )", "");
    const merge_result r = merge(two("", ""), ours, two("", R"("parent": 1, )"));
    ASSERT_TRUE(r.ok()) << to_string(r.diagnostics);
    ASSERT_EQ(r.conflicts.size(), 1u);
    EXPECT_EQ(r.conflicts[0].to_string("f"),
              "f: conflict: entity \"B\" (id 2), field parent: base (no parent), ours (no "
              "parent), theirs 1; kept ours (the merged parents would make a cycle)");
    EXPECT_EQ(*r.bytes, canonical(ours));
}

// --- 3. ids ----------------------------------------------------------------------------------

TEST_F(SceneMerge, EntitiesAddedOnBothSidesGetDistinctIdsAndTheirReferencesFollow) {
    const std::string base = scene_of(tank(base_transform));
    const std::string ours = scene_of(
        tank(base_transform) + R"(, {"id": 2, "name": "Mine", "enabled": true, "components": {}})");
    const std::string theirs =
        scene_of(tank(base_transform) +
                 R"(, {"id": 2, "name": "Turret", "enabled": true, "components": {}},
             {"id": 3, "name": "Barrel", "enabled": true, "parent": 2,
              "components": {"EveryKind": {"version": 1, "target": 2, "friends": [2, 1], "i32": 2}}})");
    const merge_result r = merge(base, ours, theirs);
    ASSERT_TRUE(r.clean()) << to_string(r.diagnostics);
    ASSERT_EQ(r.renumbered.size(), 1u);
    EXPECT_EQ(r.renumbered[0].from, 2u);
    EXPECT_EQ(r.renumbered[0].to, 4u);
    EXPECT_EQ(r.renumbered[0].to_string("f"),
              "f: entity \"Turret\" was added on both sides as id 2: theirs is now id 4");
    EXPECT_EQ(*r.bytes,
              canonical(scene_of(tank(base_transform) +
                                 R"(, {"id": 2, "name": "Mine", "enabled": true, "components": {}},
             {"id": 3, "name": "Barrel", "enabled": true, "parent": 4,
              "components": {"EveryKind": {"version": 1, "target": 4, "friends": [4, 1], "i32": 2}}},
             {"id": 4, "name": "Turret", "enabled": true, "components": {}})")));
}

TEST_F(SceneMerge, TheSameEntityAddedOnBothSidesIsKeptOnce) {
    const std::string added = scene_of(
        tank(base_transform) + R"(, {"id": 2, "name": "Mine", "enabled": true, "components": {}})");
    const merge_result r = merge(scene_of(tank(base_transform)), added, added);
    ASSERT_TRUE(r.clean()) << to_string(r.diagnostics);
    EXPECT_TRUE(r.renumbered.empty());
    EXPECT_EQ(*r.bytes, canonical(added));
}

// --- 4. bad input ----------------------------------------------------------------------------

TEST_F(SceneMerge, MalformedInputNamesTheFileAndThePlace) {
    const std::string good = scene_of(tank(base_transform));
    const merge_result r =
        merge(good, good,
              "{\"format\": \"mosaic.scene\",\n \"version\": 2, \"entities\": [\n  {\"id\": }]}");
    ASSERT_FALSE(r.ok());
    ASSERT_FALSE(r.diagnostics.empty());
    EXPECT_EQ(r.diagnostics[0].to_string().rfind("theirs.scene.json:3:", 0), 0u)
        << r.diagnostics[0].to_string();

    const merge_result wrong_type =
        merge(good, scene_of(tank(R"("position": "left", "rotation": 0, "scale": [1, 1])")), good);
    ASSERT_FALSE(wrong_type.ok());
    EXPECT_NE(to_string(wrong_type.diagnostics).find("ours.scene.json:1:"), std::string::npos)
        << to_string(wrong_type.diagnostics);
    EXPECT_NE(to_string(wrong_type.diagnostics).find("entities[0].components.Transform.position"),
              std::string::npos);
}

// Hostile input: every file of the fuzz corpus and its regressions, in every place. A file
// that loads merges (with an unchanged side, to what that file saves as); one that does not
// stops the merge with an error; nothing crashes.
TEST_F(SceneMerge, FuzzCorpusFilesMergeOrAreRefused) {
    std::vector<std::string> files;
    const fs::path repo(MOSAIC_REPO_DIR);
    for (const char* folder : {"tests/fuzz/corpus", "tests/fuzz/regressions"}) {
        for (const auto& entry : fs::recursive_directory_iterator(repo / folder)) {
            if (!entry.is_regular_file()) continue;
            std::ifstream in(entry.path(), std::ios::binary);
            files.emplace_back(std::istreambuf_iterator<char>(in),
                               std::istreambuf_iterator<char>());
        }
    }
    ASSERT_GE(files.size(), 20u);
    const auto loads = [&](const std::string& bytes) {
        return (bytes.starts_with(binary_scene_magic) ? load_scene_binary(bytes, table_)
                                                      : load_scene_json(bytes, table_))
            .ok();
    };
    const auto saved = [&](const std::string& bytes) {
        load_result<scene> r = bytes.starts_with(binary_scene_magic)
                                   ? load_scene_binary(bytes, table_)
                                   : load_scene_json(bytes, table_);
        std::ostringstream out;
        save_scene_json(*r.value, table_, out);
        return out.str();
    };
    for (std::size_t i = 0; i < files.size(); ++i) {
        const std::string& a = files[i];
        const std::string& b = files[(i + 1) % files.size()];
        const std::string& c = files[(i + 7) % files.size()];
        const bool all_load = loads(a) && loads(b) && loads(c);
        const merge_result r = merge(a, b, c);
        EXPECT_EQ(r.ok(), all_load) << "file " << i << ": " << to_string(r.diagnostics);
        if (!r.ok()) {
            EXPECT_NE(to_string(r.diagnostics).find("error:"), std::string::npos);
            continue;
        }
        const merge_result ours_only = merge(a, b, a);
        ASSERT_TRUE(ours_only.clean()) << "file " << i;
        EXPECT_EQ(*ours_only.bytes, saved(b)) << "file " << i;
        const merge_result theirs_only = merge(a, a, b);
        ASSERT_TRUE(theirs_only.clean()) << "file " << i;
        EXPECT_EQ(*theirs_only.bytes, saved(b)) << "file " << i;
    }
}

// --- 5. the command --------------------------------------------------------------------------

class MergeCommand : public SceneMerge {
protected:
    MergeCommand() {
        folder_ = fs::temp_directory_path() /
                  ("mosaic-merge-" +
                   std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
        fs::remove_all(folder_);
        fs::create_directories(folder_);
    }
    ~MergeCommand() override { fs::remove_all(folder_); }

    fs::path write(const std::string& name, const std::string& text) {
        std::ofstream(folder_ / name, std::ios::binary) << text;
        return folder_ / name;
    }
    static std::string read(const fs::path& path) {
        std::ifstream in(path, std::ios::binary);
        return {std::istreambuf_iterator<char>(in), {}};
    }
    int run(const std::vector<std::string>& args) {
        std::ostringstream out, err;
        const int code = tools::run(args, out, err);
        out_ = out.str();
        err_ = err.str();
        return code;
    }

    fs::path folder_;
    std::string out_, err_;
};

TEST_F(MergeCommand, ConflictsAreReportedWithExit3AndOutKeepsOurs) {
    const fs::path base = write("O", scene_of(tank(base_transform)));
    const std::string ours_text =
        scene_of(tank(R"("position": [0, 0], "rotation": 45, "scale": [1, 1])"));
    const fs::path ours = write("A", ours_text);
    const fs::path theirs =
        write("B", scene_of(tank(R"("position": [0, 0], "rotation": 90, "scale": [1, 1])")));
    EXPECT_EQ(run({"--merge", base.string(), ours.string(), theirs.string(), "-o", ours.string(),
                   "--path", "levels/one.scene.json"}),
              tools::exit_conflict);
    EXPECT_NE(err_.find("levels/one.scene.json: conflict: entity \"Tank\" (id 1), component "
                        "Transform, field rotation: base 0.0, ours 45.0, theirs 90.0; kept ours\n"),
              std::string::npos)
        << err_;
    EXPECT_EQ(read(ours), canonical(ours_text));
    EXPECT_FALSE(fs::exists(folder_ / "A.bak")) << "a merge leaves no backup behind";
}

TEST_F(MergeCommand, ACleanMergeExits0) {
    const fs::path base = write("base.scene.json", scene_of(tank(base_transform)));
    const fs::path ours =
        write("ours.scene.json",
              scene_of(tank(R"("position": [0, 0], "rotation": 45, "scale": [1, 1])")));
    const fs::path theirs =
        write("theirs.scene.json",
              scene_of(tank(R"("position": [5, 0], "rotation": 0, "scale": [1, 1])")));
    const fs::path out = folder_ / "out.scene.bin";
    EXPECT_EQ(run({"--merge", base.string(), ours.string(), theirs.string(), "-o", out.string()}),
              tools::exit_ok)
        << err_;
    EXPECT_EQ(read(out).rfind(binary_scene_magic, 0), 0u) << "OUT's extension names the format";
}

TEST_F(MergeCommand, ComponentsOfUnknownTypesGetOneNoteNotAWarningEach) {
    const auto with = [&](const std::string& power) {
        return scene_of(tank(base_transform, R"(, "Laser": {"version": 1, "power": )" + power +
                                                 R"(}, "Shield": {"version": 1})"));
    };
    const fs::path base = write("O", with("1"));
    const fs::path ours = write("A", with("2"));
    const fs::path theirs = write("B", with("1"));
    EXPECT_EQ(run({"--merge", base.string(), ours.string(), theirs.string(), "-o", ours.string()}),
              tools::exit_ok)
        << err_;
    EXPECT_NE(err_.find(": note: 2 component types unknown to mosaic-run"), std::string::npos)
        << err_;
    EXPECT_EQ(err_.find("warning"), std::string::npos) << err_;
    EXPECT_NE(read(ours).find("\"power\": 2"), std::string::npos);
}

TEST_F(MergeCommand, BadInputLeavesOutUnchangedAndExits1) {
    const fs::path base = write("O", scene_of(tank(base_transform)));
    const fs::path ours = write("A", "my own bytes");
    const fs::path theirs = write("B", scene_of(""));
    EXPECT_EQ(run({"--merge", base.string(), ours.string(), theirs.string(), "-o", ours.string(),
                   "--path", "x.scene.json"}),
              tools::exit_file_error);
    EXPECT_NE(err_.find("x.scene.json (ours):1:1: error:"), std::string::npos) << err_;
    EXPECT_NE(err_.find("x.scene.json: not merged;"), std::string::npos) << err_;
    EXPECT_EQ(read(ours), "my own bytes");
    EXPECT_EQ(run({"--merge", base.string(), (folder_ / "missing").string(), theirs.string(), "-o",
                   ours.string()}),
              tools::exit_file_error);
    EXPECT_NE(err_.find("missing"), std::string::npos) << err_;
}

TEST_F(MergeCommand, ArgumentsAreChecked) {
    EXPECT_EQ(run({"--merge", "a", "b", "c"}), tools::exit_usage);
    EXPECT_NE(err_.find("--merge needs -o OUT"), std::string::npos) << err_;
    EXPECT_EQ(run({"--merge", "a", "b", "-o", "c"}), tools::exit_usage);
    EXPECT_EQ(run({"--validate", "a.scene.json", "-o", "c"}), tools::exit_usage);
    EXPECT_NE(err_.find("-o applies to --merge"), std::string::npos) << err_;
}

}  // namespace
