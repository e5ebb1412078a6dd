// mosaic-editor [SCENE] [--project NAME] [--script FILE] [--screenshot PNG] [--frames N]
// mosaic-editor --new-project DIR [--name NAME]
#include <cstdio>
#include <exception>
#include <span>

#include <mosaic/engine/platform/window.hpp>
#include <mosaic/engine/project/scaffold.hpp>

#include "command_line.hpp"
#include "editor_app.hpp"

int main(int argc, char** argv) {
    using namespace mosaic::editor;
    editor_options options;
    const std::span<const char* const> args(argv + 1, static_cast<std::size_t>(argc - 1));
    if (const std::string error = parse_command_line(args, options); !error.empty()) {
        std::fprintf(stderr, "mosaic-editor: %s\n%s", error.c_str(), usage().c_str());
        return 2;
    }
    if (options.help) {
        std::printf("%s", usage().c_str());
        return 0;
    }
    if (!options.new_project.empty()) {  // headless: no window is opened
        const mosaic::new_project_result result =
            mosaic::write_new_project(options.new_project, options.new_project_name);
        if (!result.ok()) {
            std::fprintf(stderr, "mosaic-editor: %s\n", result.error.c_str());
            return 1;
        }
        std::printf("%s", mosaic::new_project_summary(options.new_project, result).c_str());
        return 0;
    }
    try {
        editor_app app(options);
        return app.run();
    } catch (const mosaic::platform_error& e) {
        std::fprintf(stderr, "mosaic-editor: %s\n", e.what());
    } catch (const std::exception& e) {
        std::fprintf(stderr, "mosaic-editor: unexpected error: %s\n", e.what());
    }
    return 1;
}
