// mosaic-module-probe MODULE [COMPONENT...]: loads a game module with the engine's loader (the
// one mosaic-editor and mosaic-run use: private copy, entry point, build check), registers
// its components and systems into a fresh table and scheduler and prints what it found. Exits
// 0 when the module loaded and each COMPONENT was registered.
#include <cstdio>
#include <span>
#include <string_view>

#include <mosaic/ecs/component_table.hpp>
#include <mosaic/ecs/scheduler.hpp>
#include <mosaic/engine/project/game_module.hpp>

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: mosaic-module-probe MODULE [COMPONENT...]\n");
        return 2;
    }
    const mosaic::game_module::load_result loaded = mosaic::game_module::load(argv[1]);
    if (!loaded.module) {
        std::fprintf(stderr, "mosaic-module-probe: %s\n", loaded.error.c_str());
        return 1;
    }
    int missing = 0;
    {
        const mosaic::project& code = loaded.module->description();
        mosaic::component_table table;
        mosaic::scheduler systems;
        code.register_components(table);
        code.register_systems(systems);
        std::printf("module %.*s (%.*s): %zu components, %zu systems\n",
                    static_cast<int>(code.name.size()), code.name.data(),
                    static_cast<int>(code.summary.size()), code.summary.data(), table.size(),
                    systems.size());
        for (const char* name : std::span(argv + 2, static_cast<std::size_t>(argc - 2))) {
            const bool found = table.find(std::string_view(name)) != nullptr;
            std::printf("  component %s: %s\n", name, found ? "registered" : "MISSING");
            missing += found ? 0 : 1;
        }
    }  // the table and the scheduler go before the module unloads
    return missing == 0 ? 0 : 1;
}
