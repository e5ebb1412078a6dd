#pragma once
// The prefab link tests' setting: the builtin components plus Aim (a reference), a tank
// prefab (tank_tree.hpp; the hull aims at its turret) in a library, and
// a temporary project folder for files.
#include <gtest/gtest.h>

#include <unistd.h>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <mosaic/engine/builtin_components.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/hierarchy.hpp>
#include <mosaic/engine/scene/prefab.hpp>
#include <mosaic/engine/scene/prefab_library.hpp>
#include <mosaic/engine/scene/prefab_link.hpp>
#include <mosaic/engine/scene/scene_file.hpp>
#include <mosaic/engine/scene/scene_json.hpp>

#include "tank_tree.hpp"

namespace mosaic::test {

struct Aim {
    entity target;
    float speed = 1;
};

struct prefab_link_fixture : ::testing::Test {
    static constexpr const char* tank_path = "tank.prefab.json";

    prefab_link_fixture() {
        register_builtin_components(table);
        table.component<Aim>("Aim").field("target", &Aim::target).field("speed", &Aim::speed);
        std::filesystem::create_directories(folder);
        world w;
        entity turret;
        const entity hull = build_tank(w, &turret);
        w.add<Aim>(hull, Aim{turret, 2});
        EXPECT_FALSE(lib.replace(tank_path, make_prefab("tank", w, hull, table)));
    }
    ~prefab_link_fixture() override {
        std::error_code ec;
        std::filesystem::remove_all(folder, ec);
    }

    const prefab& tank() { return *lib.find(tank_path); }

    void write_prefab(const prefab& p, const std::string& path) {
        const auto written = save_prefab_file(p, table, folder / path, &lib);
        for (const diagnostic& d : written) ADD_FAILURE() << d.to_string();
    }
    void save_tank_file() { write_prefab(tank(), tank_path); }

    void write_text(const std::string& path, const std::string& text) {
        std::ofstream(folder / path, std::ios::binary) << text;
    }
    std::string read_text(const std::string& path) {
        std::ifstream in(folder / path, std::ios::binary);
        std::ostringstream text;
        text << in.rdbuf();
        return text.str();
    }

    /// A prefab file whose root is an instance of `target`.
    static std::string linked_prefab_text(const std::string& name, const std::string& target) {
        return R"({"format": "mosaic.prefab", "version": 2, "name": ")" + name +
               R"(", "entities": [{"id": 1, "name": ")" + name + R"(", "prefab": {"path": ")" +
               target + R"(", "node": 1}}]})";
    }

    /// A scene saved to JSON text (through the library when the scene has one).
    std::string saved(scene& s) {
        std::ostringstream out;
        const auto warnings = save_scene_json(s, table, out);
        for (const diagnostic& d : warnings) ADD_FAILURE() << d.to_string();
        return out.str();
    }

    component_table table;
    std::filesystem::path folder =
        std::filesystem::temp_directory_path() /
        ("mosaic_prefab_link_" + std::to_string(::getpid()) + "_" +
         ::testing::UnitTest::GetInstance()->current_test_info()->name());
    prefab_library lib{table, folder};
};

}  // namespace mosaic::test
