// The module loader (project/game_module.hpp): what it refuses and why, one type id per type
// across the boundary, and the private copy that makes a rebuilt module load as new code.
#include <gtest/gtest.h>

#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include <mosaic/ecs/component_table.hpp>
#include <mosaic/ecs/scheduler.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/project/game_module.hpp>
#include <mosaic/engine/project/module_file.hpp>

#include "../modules/test_projects.hpp"

namespace {

using namespace mosaic;
namespace fs = std::filesystem;

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

TEST(GameModule, AMissingFileIsRefusedNamingIt) {
    const fs::path file =
        fs::temp_directory_path() / ("mosaic-no-such-module-" + std::to_string(::getpid()) + ".so");
    const auto loaded = game_module::load(file);
    EXPECT_EQ(loaded.module, nullptr);
    EXPECT_TRUE(contains(loaded.error, file.string())) << loaded.error;
}

TEST(GameModule, AFileThatIsNoLibraryIsRefused) {
    const fs::path file =
        fs::temp_directory_path() / ("mosaic-not-a-library-" + std::to_string(::getpid()) + ".so");
    std::ofstream(file) << "hello";
    const auto loaded = game_module::load(file);
    EXPECT_EQ(loaded.module, nullptr);
    EXPECT_TRUE(contains(loaded.error, file.string())) << loaded.error;
    fs::remove(file);
}

TEST(GameModule, ALibraryWithoutTheEntryPointIsRefused) {
    const fs::path file = mosaic::testing::test_module("no_entry");
    const auto loaded = game_module::load(file);
    EXPECT_EQ(loaded.module, nullptr);
    EXPECT_TRUE(contains(loaded.error, file.string())) << loaded.error;
    EXPECT_TRUE(contains(loaded.error, "mosaic_module_v1")) << loaded.error;
}

TEST(GameModule, AModuleBuiltDifferentlyIsRefusedSayingHow) {
    const fs::path file = mosaic::testing::test_module("mismatched");
    const auto loaded = game_module::load(file);
    EXPECT_EQ(loaded.module, nullptr);
    EXPECT_TRUE(contains(loaded.error, file.string())) << loaded.error;
    EXPECT_TRUE(contains(loaded.error, "NDEBUG")) << loaded.error;
}

TEST(GameModule, EveryFieldOfTheBuildInfoIsChecked) {
    const mosaic_module_build host = host_build_info();
    EXPECT_EQ(build_mismatch(host, host), "");
    auto changed = [&](auto change) {
        mosaic_module_build m = host;
        change(m);
        return build_mismatch(host, m);
    };
    EXPECT_TRUE(contains(changed([](auto& m) { m.abi += 1; }), "module interface"));
    EXPECT_TRUE(contains(changed([](auto& m) { m.version_minor += 1; }), "Mosaic 0."));
    EXPECT_TRUE(contains(changed([](auto& m) { m.version_patch += 1; }), "rebuild"));
    EXPECT_TRUE(contains(changed([](auto& m) { m.compiler = "clang 99"; }), "clang 99"));
    EXPECT_TRUE(contains(changed([](auto& m) { m.debug = !m.debug; }), "NDEBUG"));
    EXPECT_TRUE(contains(changed([](auto& m) { m.sanitized = !m.sanitized; }), "Sanitizer"));
    EXPECT_TRUE(contains(changed([](auto& m) { m.sizeof_world += 8; }), "sizeof(mosaic::world)"));
    EXPECT_TRUE(contains(changed([](auto& m) { m.sizeof_type_info += 8; }), "type_info"));
}

TEST(GameModule, OneTypeIdPerTypeAcrossTheBoundary) {
    const auto loaded = game_module::load(mosaic::testing::test_module("reload_v1"));
    ASSERT_NE(loaded.module, nullptr) << loaded.error;
    void* handle = dlopen(loaded.module->loaded_copy().c_str(), RTLD_NOW | RTLD_NOLOAD);
    ASSERT_NE(handle, nullptr);
    using id_fn = type_id (*)();
    const auto transform_id = reinterpret_cast<id_fn>(dlsym(handle, "reload_game_transform_id"));
    const auto mover_id = reinterpret_cast<id_fn>(dlsym(handle, "reload_game_mover_id"));
    ASSERT_TRUE(transform_id && mover_id);
    EXPECT_EQ(transform_id(), type_id_of<Transform>()) << "the module's Transform is the host's";
    {
        component_table table;
        scheduler systems;
        register_components(&loaded.module->description(), table);
        const component_info* mover = table.find("Mover");
        ASSERT_NE(mover, nullptr);
        EXPECT_EQ(mover->type, mover_id());
        for (const component_info* builtin :
             {table.find("Transform"), table.find("Name"), table.find("Sprite")}) {
            ASSERT_NE(builtin, nullptr);
            EXPECT_NE(builtin->type, mover->type) << "never a host type's id";
        }
        std::vector<type_id> own = loaded.module->types();
        std::sort(own.begin(), own.end());
        std::vector<type_id> expected{mover->type, table.find("Legacy")->type};
        std::sort(expected.begin(), expected.end());
        EXPECT_EQ(own, expected) << "the types whose code is the module's (retired on unload)";
    }
    dlclose(handle);
}

TEST(GameModule, EachLoadRunsAPrivateCopyRemovedOnUnload) {
    const fs::path file = mosaic::testing::test_module("reload_v1");
    fs::path first_copy;
    {
        const auto a = game_module::load(file);
        const auto b = game_module::load(file);
        ASSERT_TRUE(a.module && b.module);
        first_copy = a.module->loaded_copy();
        EXPECT_NE(first_copy, b.module->loaded_copy()) << "the loader caches by name";
        EXPECT_TRUE(fs::exists(first_copy));
    }
    EXPECT_FALSE(fs::exists(first_copy));
}

// Files in the copies folder: what a refused load must not leave behind.
std::size_t copies_left() {
    std::size_t n = 0;
    std::error_code ec;
    const fs::path folder =
        fs::temp_directory_path() / ("mosaic-modules-" + std::to_string(::getpid()));
    for (const auto& entry : fs::directory_iterator(folder, ec)) {
        (void)entry;
        ++n;
    }
    return n;
}

// A module cut to 4 KiB (an interrupted link, a reload racing the compiler) used to give
// SIGBUS inside dlopen: its ELF headers are checked against its size first.
TEST(GameModule, AModuleCutShortIsRefusedBeforeItIsMapped) {
    const fs::path whole = mosaic::testing::test_module("reload_v1");
    const fs::path cut =
        fs::temp_directory_path() / ("mosaic-cut-" + std::to_string(::getpid()) + ".so");
    for (const std::uintmax_t size : {std::uintmax_t{4096}, std::uintmax_t{40}}) {
        fs::copy_file(whole, cut, fs::copy_options::overwrite_existing);
        fs::resize_file(cut, size);
        EXPECT_TRUE(module_file_cut_short(cut));
        const std::size_t before = copies_left();
        const auto loaded = game_module::load(cut);
        EXPECT_EQ(loaded.module, nullptr);
        EXPECT_TRUE(contains(loaded.error, "cut short")) << loaded.error;
        EXPECT_TRUE(contains(loaded.error, cut.string())) << loaded.error;
        EXPECT_EQ(copies_left(), before) << "the copy is removed";
    }
    fs::remove(cut);
    EXPECT_TRUE(module_file_problem(whole).empty()) << module_file_problem(whole);
    EXPECT_FALSE(module_file_cut_short(whole));
}

// An entry point that throws is refused with its message, its copy removed; the process
// goes on (it used to end mosaic-run with "internal error").
TEST(GameModule, AnEntryPointThatThrowsIsRefusedWithItsMessage) {
    const std::size_t before = copies_left();
    const auto loaded = game_module::load(mosaic::testing::test_module("entry_throws"));
    EXPECT_EQ(loaded.module, nullptr);
    EXPECT_TRUE(contains(loaded.error, "its entry point threw: the game's entry point gave up"))
        << loaded.error;
    EXPECT_EQ(copies_left(), before) << "the copy is removed";
}

}  // namespace
