#include "project_session.hpp"

namespace mosaic::editor {

project_session::project_session(const mosaic::project* p, game_options options, listener on_change)
    : options_(options),
      on_change_(std::move(on_change)),
      game_(std::make_unique<mosaic::game>(p, options)) {}

project_session::project_session(loaded_project project, game_options options, listener on_change)
    : options_(options),
      on_change_(std::move(on_change)),
      project_(std::move(project)),
      game_(make_game(project_)) {}

project_session::~project_session() {
    game_.reset();  // before the module it was made from
}

std::unique_ptr<mosaic::game> project_session::make_game(const loaded_project& p) const {
    return std::make_unique<mosaic::game>(p.module, options_);
}

void project_session::set_tick_budget(double seconds) noexcept {
    options_.clock.max_tick_seconds = seconds;
    game_->clock().set_max_tick_seconds(seconds);
}

void project_session::replace(std::unique_ptr<mosaic::game> g, loaded_project p) {
    const bool new_code = p.module != project_.module;
    if (new_code && project_.module && on_change_) on_change_(code_change::unloading);
    game_ = std::move(g);  // the old game goes, then the old project's module
    project_ = std::move(p);
    if (new_code && project_.module && on_change_) on_change_(code_change::loaded);
}

code_migration project_session::replace_code(std::shared_ptr<const game_module> next,
                                             const std::vector<mosaic::scene*>& also) {
    // Let go of the old module here so that it unloads inside replace_code (its types' ids
    // are then given back to the new module's types).
    if (on_change_) on_change_(code_change::unloading);
    project_.module.reset();
    code_migration migration = game_->replace_code(next, also);
    project_.module = std::move(next);
    if (on_change_) on_change_(code_change::loaded);
    ++reloads_;
    return migration;
}

}  // namespace mosaic::editor
