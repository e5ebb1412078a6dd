// Ids stay stable across saves (#15 §3), in the editor: a scene opened, edited through the
// actions, every edit undone and saved gives the bytes it was opened from, so a scene's diffs
// and merges see only real changes.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/scene/atomic_file.hpp>
#include <mosaic/engine/scene/scene.hpp>

#include "core/actions.hpp"
#include "core/editor_state.hpp"

namespace {

using namespace mosaic;
using namespace mosaic::editor;
namespace fs = std::filesystem;

class SaveStability : public ::testing::Test {
protected:
    SaveStability() {
        folder_ = fs::temp_directory_path() /
                  ("mosaic-save-stability-" +
                   std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
        fs::remove_all(folder_);
        fs::create_directories(folder_);
    }
    ~SaveStability() override { fs::remove_all(folder_); }

    // A sample scene copied where no project is above it: the project's components load as
    // unknown and are kept verbatim, which must not churn either.
    fs::path sample(const char* relative) {
        const fs::path copy = folder_ / fs::path(relative).filename();
        fs::copy_file(fs::path(MOSAIC_REPO_DIR) / relative, copy);
        return copy;
    }
    static std::string read(const fs::path& path) {
        const file_contents file = read_file(path);
        EXPECT_TRUE(file.ok()) << file.message;
        return file.bytes;
    }

    fs::path folder_;
};

TEST_F(SaveStability, EditsUndoneSaveTheBytesTheSceneWasOpenedFrom) {
    for (const char* file : {"projects/tiny_tanks/scenes/battle.scene.json",
                             "projects/platformer/scenes/level1.scene.json"}) {
        const fs::path path = sample(file);
        const std::string original = read(path);
        editor_state s;
        ASSERT_TRUE(s.open(path)) << file;
        ASSERT_TRUE(s.save()) << file;
        EXPECT_EQ(read(path), original) << file << ": saving an unchanged scene changed it";

        std::vector<entity> all;
        s.world().each([&](entity e) {
            if (s.world().has<EntityId>(e)) all.push_back(e);
        });
        ASSERT_GE(all.size(), 2u) << file;
        const std::vector<entity> first{all.front()}, last{all.back()};
        for (int cycle = 0; cycle < 3; ++cycle) {
            move_entities(s, first, {1.5f, -2.f});
            rename_entity(s, all.front(), "Renamed");
            add_component(s, first, type_id_of<Sprite>());
            const entity made = create_entity(s, "Made", all.front());
            ASSERT_TRUE(s.save()) << file;  // the new entity gets a file id
            EXPECT_NE(read(path), original);
            delete_entities(s, last);
            duplicate_entities(s, first);
            while (s.undo()) {
            }
            EXPECT_FALSE(s.world().alive(made));
            ASSERT_TRUE(s.save()) << file;
            EXPECT_EQ(read(path), original) << file << ", cycle " << cycle;
        }
    }
}

}  // namespace
