#include "model_parts.hpp"

#include "animation_editor.hpp"
#include "command_table.hpp"
#include "editor_state.hpp"

namespace mosaic::editor {

model_parts::model_parts(const command_context& c) noexcept : model_(&c.state) {}

mosaic::game& model_parts::game() const noexcept {
    return model_->game();
}
mosaic::world& model_parts::world() const noexcept {
    return model_->world();
}
mosaic::scene& model_parts::scene() const noexcept {
    return model_->scene();
}
const component_table& model_parts::table() const noexcept {
    return model_->table();
}

const loaded_project& model_parts::opened_project() const noexcept {
    return model_->opened_project();
}
std::filesystem::path model_parts::project_folder() const {
    return model_->project_folder();
}
std::size_t model_parts::reloads() const noexcept {
    return model_->reloads();
}

const document& model_parts::doc() const noexcept {
    return model_->active_document();
}
editor::selection& model_parts::selection() const noexcept {
    return model_->selection();
}
const editor::history& model_parts::history() const noexcept {
    return model_->history();
}
const std::filesystem::path& model_parts::scene_path() const noexcept {
    return model_->scene_path();
}
const document* model_parts::opened_asset() const noexcept {
    return model_->opened_asset();
}
const std::filesystem::path* model_parts::opened_prefab() const noexcept {
    return model_->opened_prefab();
}
const std::filesystem::path* model_parts::opened_archetype() const noexcept {
    return model_->opened_archetype();
}
std::string model_parts::opened_asset_label() const {
    return model_->opened_asset_label();
}
std::string model_parts::opened_prefab_name() const {
    return model_->opened_prefab_name();
}
bool model_parts::dirty() const noexcept {
    return model_->dirty();
}

play_control& model_parts::player() const noexcept {
    return model_->player();
}
bool model_parts::playing() const noexcept {
    return model_->playing();
}
editor::timeline& model_parts::timeline() const noexcept {
    return model_->timeline();
}

child_play& model_parts::child_player() const noexcept {
    return model_->child_player();
}

console_log& model_parts::log() const noexcept {
    return model_->log();
}
alert_queue& model_parts::alerts() const noexcept {
    return model_->alerts();
}
component_clipboard& model_parts::clipboard() const noexcept {
    return model_->clipboard();
}
animation_editor& model_parts::animation() const noexcept {
    return model_->animation();
}

}  // namespace mosaic::editor
