#pragma once
// What the editor's prefab tests share: a scene saved in a temporary folder (the folder is
// its project: prefabs go to FOLDER/archetypes), a "Tank" prefab made in it, and the scene's
// text to compare states.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/scene/scene_json.hpp>

#include "core/actions.hpp"
#include "core/editor_state.hpp"
#include "core/prefab_actions.hpp"

namespace mosaic::testing {

inline std::string scene_text(editor::editor_state& s) {
    std::ostringstream out;
    save_scene_json(s.scene(), s.table(), out);
    return out.str();
}

class PrefabProject : public ::testing::Test {
protected:
    explicit PrefabProject(const std::string& tag)
        : folder(std::filesystem::temp_directory_path() /
                 ("mosaic_" + tag + "_" + std::to_string(::getpid()))) {
        std::filesystem::remove_all(folder);
        std::filesystem::create_directories(folder);
        EXPECT_TRUE(s.save_as(folder / "main.scene.json"));
    }
    ~PrefabProject() override {
        std::error_code ec;
        std::filesystem::remove_all(folder, ec);
    }

    /// Tank > Turret (> Barrel when `barrel`), a Sprite on the hull, made the prefab "Tank"
    /// (`file`); returns the hull, still in the scene.
    entity make_tank_prefab(bool barrel) {
        using namespace editor;
        const entity hull = create_entity(s, "Tank");
        const entity turret = create_entity(s, "Turret", hull);
        if (barrel) create_entity(s, "Barrel", turret);
        add_component(s, std::vector<entity>{hull}, type_id_of<Sprite>());
        file = create_prefab(s, hull).value_or(std::filesystem::path());
        EXPECT_NE(find_prefab(s, "Tank"), nullptr);
        return hull;
    }
    entity instance_at(glm::vec2 at) {
        return editor::instantiate_prefab(s, *editor::find_prefab(s, "Tank"), file, at);
    }

    std::filesystem::path folder;
    editor::editor_state s;
    std::filesystem::path file;
};

}  // namespace mosaic::testing
