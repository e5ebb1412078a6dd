// mosaic-module-probe MODULE [COMPONENT...]: loads a game module the way a host does (dlopen,
// then the entry point mosaic_module_v1), checks that it was built like this program
// (mosaic_module_build: version, compiler, NDEBUG, sanitizers, struct sizes), registers its
// components and systems into a fresh table and scheduler and prints what it found. Exits 0
// when everything matched and each COMPONENT was registered.
#include <dlfcn.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <span>
#include <string>

#include <mosaic/ecs/component_table.hpp>
#include <mosaic/ecs/scheduler.hpp>
#include <mosaic/ecs/world.hpp>
#include <mosaic/engine/module.hpp>

namespace {

// Every field that differs between the module's build and ours, one per line.
std::string build_differences(const mosaic_module_build& theirs) {
    const mosaic_module_build ours = MOSAIC_MODULE_BUILD_INFO;
    std::string out;
    const auto compare = [&](const char* what, std::uint64_t a, std::uint64_t b) {
        if (a != b)
            out += std::string(what) + ": module " + std::to_string(a) + ", host " +
                   std::to_string(b) + "\n";
    };
    compare("abi", theirs.abi, ours.abi);
    compare("version_major", theirs.version_major, ours.version_major);
    compare("version_minor", theirs.version_minor, ours.version_minor);
    compare("version_patch", theirs.version_patch, ours.version_patch);
    compare("debug", theirs.debug, ours.debug);
    compare("sanitized", theirs.sanitized, ours.sanitized);
    compare("sizeof_world", theirs.sizeof_world, ours.sizeof_world);
    compare("sizeof_component_table", theirs.sizeof_component_table, ours.sizeof_component_table);
    compare("sizeof_component_info", theirs.sizeof_component_info, ours.sizeof_component_info);
    compare("sizeof_scheduler", theirs.sizeof_scheduler, ours.sizeof_scheduler);
    compare("sizeof_system", theirs.sizeof_system, ours.sizeof_system);
    compare("sizeof_type_info", theirs.sizeof_type_info, ours.sizeof_type_info);
    if (std::strcmp(theirs.compiler, ours.compiler) != 0) {
        out +=
            std::string("compiler: module ") + theirs.compiler + ", host " + ours.compiler + "\n";
    }
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: mosaic-module-probe MODULE [COMPONENT...]\n");
        return 2;
    }
    // RTLD_LOCAL: the module's symbols stay its own, as in the editor.
    void* handle = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        std::fprintf(stderr, "mosaic-module-probe: %s\n", dlerror());
        return 1;
    }
    using entry_point = const mosaic_module* (*)(std::uint32_t);
    const auto entry = reinterpret_cast<entry_point>(dlsym(handle, MOSAIC_MODULE_ENTRY));
    if (!entry) {
        std::fprintf(stderr, "mosaic-module-probe: %s: no %s\n", argv[1], MOSAIC_MODULE_ENTRY);
        return 1;
    }
    const mosaic_module* module = entry(MOSAIC_MODULE_ABI);
    if (const std::string differences = build_differences(module->build); !differences.empty()) {
        std::fprintf(stderr, "mosaic-module-probe: %s was built differently:\n%s", argv[1],
                     differences.c_str());
        return 1;
    }

    mosaic::component_table table;
    mosaic::scheduler systems;
    module->register_components(table);
    module->register_systems(systems);
    std::printf("module %s (%s): %zu components, %zu systems\n", module->name, module->summary,
                table.size(), systems.size());
    int missing = 0;
    for (const char* name : std::span(argv + 2, static_cast<std::size_t>(argc - 2))) {
        const bool found = table.find(std::string_view(name)) != nullptr;
        std::printf("  component %s: %s\n", name, found ? "registered" : "MISSING");
        missing += found ? 0 : 1;
    }
    // The module stays loaded: its types are in the process's type registry until exit.
    return missing == 0 ? 0 : 1;
}
