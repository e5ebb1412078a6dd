#include "mosaic/engine/runtime/game.hpp"

#include <algorithm>
#include <system_error>

#include "mosaic/engine/resources.hpp"
#include "mosaic/engine/scene/scene_file.hpp"
#include "mosaic/engine/systems/builtin_systems.hpp"

namespace mosaic {

namespace fs = std::filesystem;

game::game(const project* p, game_options options)
    : project_(p),
      options_(options),
      systems_(std::max(1u, options.threads)),
      clock_(options.clock) {
    load_error_ = register_project(p, table_, systems_);
}

std::vector<diagnostic> game::load_archetypes(const fs::path& folder) {
    std::vector<diagnostic> diagnostics;
    archetypes_.clear();
    std::error_code ec;
    if (!fs::is_directory(folder, ec)) return diagnostics;
    std::vector<fs::path> files;
    for (const fs::directory_entry& entry : fs::directory_iterator(folder, ec)) {
        if (is_archetype_path(entry.path())) files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());  // directory order is not stable across machines
    for (const fs::path& file : files) {
        load_result<archetype> loaded = load_archetype_file(file, table_);
        diagnostics.insert(diagnostics.end(), loaded.diagnostics.begin(), loaded.diagnostics.end());
        if (loaded.ok()) archetypes_.push_back(std::move(*loaded.value));
    }
    return diagnostics;
}

void game::start(scene s) {
    scene_ = std::move(s);
    scene_.apply_systems(systems_);
    mosaic::world& w = scene_.world;
    add_builtin_resources(w);
    w.singleton<Random>() = Random{options_.seed};
    w.singleton<Archetypes>().list = archetypes_;
    sync_settings();
    clock_.reset();
}

void game::sync_settings() {
    scene_.world.singleton<Physics>().gravity = scene_.settings.gravity;
}

void game::tick() {
    systems_.tick(scene_.world, clock_.tick_seconds());
}

int game::frame(double real_seconds) {
    const int due = clock_.advance(real_seconds);
    for (int i = 0; i < due; ++i) tick();
    return due;
}

}  // namespace mosaic
