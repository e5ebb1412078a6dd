// Scene and archetype files on disk: the format follows the extension, problems come back
// as diagnostics naming the file, and a failed save keeps the old file and its .bak.
#include <mosaic/engine/scene/scene_file.hpp>

#include <gtest/gtest.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

#include <mosaic/engine/builtin_components.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/scene/atomic_file.hpp>
#include <mosaic/engine/scene/scene_json.hpp>

namespace mosaic {
namespace {

namespace fs = std::filesystem;

std::string contents_of(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

class SceneFile : public ::testing::Test {
protected:
    SceneFile() {
        register_builtin_components(table);
        const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
        folder = fs::temp_directory_path() /
                 ("mosaic-scene-file-" + std::to_string(::getpid()) + "-" + test->name());
        fs::remove_all(folder);
        fs::create_directories(folder);
    }
    ~SceneFile() override {
        detail::set_write_failure_for_testing(std::nullopt);
        std::error_code ec;
        fs::remove_all(folder, ec);
    }

    // A small scene: a named parent and child, a disabled entity, settings and a system.
    scene sample(float x = 1.5f) {
        scene s;
        const entity tank = s.world.create();
        Name name;
        std::strcpy(name.value, "Tank");
        s.world.add<Name>(tank, name);
        s.world.add<Transform>(tank, Transform{{x, -2.0f}, 45.0f, {1.0f, 1.0f}});
        s.world.add<Sprite>(tank);
        const entity turret = s.world.create();
        s.world.add<Parent>(turret, tank);
        s.world.add<Transform>(turret);
        s.world.add<Health>(turret, Health{50.0f, 100.0f});
        const entity hidden = s.world.create();
        s.world.add<Team>(hidden, Team{3});
        s.world.set_active(hidden, false);
        s.settings.gravity = {0.0f, -3.0f};
        s.systems.push_back({"physics", false, rate::every_n_ticks(2)});
        return s;
    }
    // The scene in canonical JSON, to compare scenes.
    std::string json_of(scene& s) {
        std::ostringstream out;
        save_scene_json(s, table, out);
        return out.str();
    }

    component_table table;
    fs::path folder;
};

// --- round trips -----------------------------------------------------------------------------

TEST_F(SceneFile, FormatFollowsTheExtension) {
    EXPECT_EQ(scene_format_of("a/tanks.scene.json"), scene_file_format::json);
    EXPECT_EQ(scene_format_of("tanks.scene.bin"), scene_file_format::binary);
    EXPECT_EQ(scene_format_of("tanks.json"), std::nullopt);
    EXPECT_EQ(scene_format_of("tanks.scene.json.bak"), std::nullopt);
    EXPECT_EQ(scene_format_of(".scene.json"), std::nullopt);  // no NAME
    EXPECT_EQ(scene_format_of("scene.json/tanks"), std::nullopt);
    EXPECT_TRUE(is_archetype_path("enemy.archetype.json"));
    EXPECT_FALSE(is_archetype_path("enemy.scene.json"));
}

TEST_F(SceneFile, JsonRoundTrip) {
    scene s = sample();
    const fs::path path = folder / "tanks.scene.json";
    ASSERT_FALSE(has_error(save_scene_file(s, table, path)));
    const std::string expected = json_of(s);
    EXPECT_EQ(contents_of(path), expected) << "a .scene.json file holds the scene's JSON";
    auto loaded = load_scene_file(path, table);
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    EXPECT_EQ(json_of(*loaded.value), expected);
}

TEST_F(SceneFile, BinaryRoundTrip) {
    scene s = sample();
    const fs::path path = folder / "tanks.scene.bin";
    ASSERT_FALSE(has_error(save_scene_file(s, table, path)));
    const std::string bytes = contents_of(path);
    ASSERT_FALSE(bytes.empty());
    EXPECT_NE(bytes, json_of(s)) << "a .scene.bin file is not JSON";
    auto loaded = load_scene_file(path, table);
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    EXPECT_EQ(json_of(*loaded.value), json_of(s));
}

TEST_F(SceneFile, JsonToBinaryToJsonIsByteIdentical) {
    scene s = sample();
    const fs::path json = folder / "a.scene.json";
    const fs::path binary = folder / "b.scene.bin";
    const fs::path again = folder / "c.scene.json";
    ASSERT_FALSE(has_error(save_scene_file(s, table, json)));
    auto first = load_scene_file(json, table);
    ASSERT_TRUE(first.ok());
    ASSERT_FALSE(has_error(save_scene_file(*first.value, table, binary)));
    auto second = load_scene_file(binary, table);
    ASSERT_TRUE(second.ok()) << to_string(second.diagnostics);
    ASSERT_FALSE(has_error(save_scene_file(*second.value, table, again)));
    EXPECT_EQ(contents_of(again), contents_of(json));
}

TEST_F(SceneFile, ArchetypeRoundTrip) {
    archetype enemy("Enemy");
    enemy.set(Transform{{1.0f, 2.0f}, 0.0f, {1.0f, 1.0f}});
    enemy.set(Health{10.0f, 10.0f}, false);
    const fs::path path = folder / "enemy.archetype.json";
    ASSERT_FALSE(has_error(save_archetype_file(enemy, table, path)));
    auto loaded = load_archetype_file(path, table);
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    EXPECT_EQ(loaded.value->name(), "Enemy");
    ASSERT_NE(loaded.value->find<Transform>(), nullptr);
    EXPECT_EQ(loaded.value->find<Transform>()->position.y, 2.0f);
    EXPECT_FALSE(loaded.value->is_enabled(type_id_of<Health>()));
}

// --- bad names and missing files -------------------------------------------------------------

TEST_F(SceneFile, WrongExtensionIsAnErrorThatNamesTheTwoFormats) {
    scene s = sample();
    const fs::path path = folder / "tanks.json";
    const auto diagnostics = save_scene_file(s, table, path);
    ASSERT_EQ(diagnostics.size(), 1u);
    EXPECT_EQ(diagnostics[0].severity, diagnostic::level::error);
    EXPECT_EQ(diagnostics[0].file, path.string());
    EXPECT_NE(diagnostics[0].message.find(".scene.json"), std::string::npos);
    EXPECT_NE(diagnostics[0].message.find(".scene.bin"), std::string::npos);
    EXPECT_FALSE(fs::exists(path));
    EXPECT_EQ(s.world.find_pool<EntityId>(), nullptr) << "nothing done: no ids assigned";

    std::ofstream(folder / "tanks.txt") << "{}";
    const auto loaded = load_scene_file(folder / "tanks.txt", table);
    ASSERT_FALSE(loaded.ok());
    EXPECT_NE(loaded.error()->message.find(".scene.bin"), std::string::npos);

    EXPECT_FALSE(load_archetype_file(folder / "enemy.scene.json", table).ok());
    EXPECT_TRUE(has_error(save_archetype_file(archetype("x"), table, folder / "x.json")));
}

TEST_F(SceneFile, MissingFileIsAnErrorThatNamesIt) {
    const fs::path path = folder / "missing.scene.json";
    const auto loaded = load_scene_file(path, table);
    ASSERT_FALSE(loaded.ok());
    EXPECT_EQ(loaded.error()->file, path.string());
    EXPECT_NE(loaded.error()->message.find("No such file or directory"), std::string::npos);
    EXPECT_FALSE(load_scene_file(folder / "missing.scene.bin", table).ok());
    EXPECT_FALSE(load_archetype_file(folder / "missing.archetype.json", table).ok());
}

TEST_F(SceneFile, ParseErrorsNameTheFile) {
    const fs::path path = folder / "broken.scene.json";
    std::ofstream(path) << "{\"format\": \"mosaic.scene\",\n \"version\": }";
    const auto loaded = load_scene_file(path, table);
    ASSERT_FALSE(loaded.ok());
    EXPECT_EQ(loaded.error()->file, path.string());
    EXPECT_EQ(loaded.error()->line, 2u);

    const fs::path binary = folder / "broken.scene.bin";
    std::ofstream(binary) << "not a binary scene";
    const auto loaded_binary = load_scene_file(binary, table);
    ASSERT_FALSE(loaded_binary.ok());
    EXPECT_EQ(loaded_binary.error()->file, binary.string());
}

// --- saving: the .bak and failures -----------------------------------------------------------

TEST_F(SceneFile, BakHoldsThePreviousVersionAfterTwoSaves) {
    const fs::path path = folder / "tanks.scene.json";
    scene first = sample(1.0f);
    scene second = sample(2.0f);
    ASSERT_FALSE(has_error(save_scene_file(first, table, path)));
    EXPECT_FALSE(fs::exists(backup_path(path)));
    ASSERT_FALSE(has_error(save_scene_file(second, table, path)));
    EXPECT_EQ(contents_of(path), json_of(second));
    EXPECT_EQ(contents_of(folder / "tanks.scene.json.bak"), json_of(first));
}

TEST_F(SceneFile, FailedSaveKeepsTheOldFileAndItsBakByteIdentical) {
    for (const char* name : {"tanks.scene.json", "tanks.scene.bin"}) {
        SCOPED_TRACE(name);
        const fs::path path = folder / name;
        scene first = sample(1.0f);
        scene second = sample(2.0f);
        ASSERT_FALSE(has_error(save_scene_file(first, table, path)));
        ASSERT_FALSE(has_error(save_scene_file(second, table, path)));
        const std::string old_file = contents_of(path);
        const std::string old_backup = contents_of(backup_path(path));
        ASSERT_NE(old_file, old_backup);

        detail::set_write_failure_for_testing(detail::injected_write_failure{
            detail::injected_write_failure::step::write, ENOSPC, 10});
        scene third = sample(3.0f);
        const auto diagnostics = save_scene_file(third, table, path);
        detail::set_write_failure_for_testing(std::nullopt);

        ASSERT_TRUE(has_error(diagnostics));
        const diagnostic& error = diagnostics.back();
        EXPECT_EQ(error.file, path.string());
        EXPECT_NE(error.message.find("No space left on device"), std::string::npos)
            << error.to_string();
        EXPECT_EQ(contents_of(path), old_file);
        EXPECT_EQ(contents_of(backup_path(path)), old_backup);
    }
}

TEST_F(SceneFile, SavingOnlyAssignsIds) {
    scene s = sample();
    const std::string expected = json_of(s);  // assigns the ids
    ASSERT_FALSE(has_error(save_scene_file(s, table, folder / "tanks.scene.json")));
    EXPECT_EQ(json_of(s), expected);
    EXPECT_EQ(s.world.size(), 3u);
}

}  // namespace
}  // namespace mosaic
