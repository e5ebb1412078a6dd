#include "ui/edits.hpp"

#include <mosaic/ecs/assert.hpp>

#include "core/action_checks.hpp"
#include "core/actions.hpp"
#include "core/animation_editor.hpp"
#include "core/asset_actions.hpp"
#include "core/asset_rename.hpp"
#include "core/command_table.hpp"
#include "core/editor_state.hpp"
#include "core/play_keeps.hpp"
#include "core/prefab_actions.hpp"
#include "core/prefab_overrides.hpp"
#include "core/tile_paint.hpp"
#include "ui/command_items.hpp"
#include "ui/commands.hpp"
#include "ui/prefab_mode.hpp"
#include "ui/ui_state.hpp"

namespace mosaic::editor {

edits edits::of(const editor::command_context& c) noexcept {
    MOSAIC_CHECK(c.ui != nullptr, "edits::of: a command run without a window has no UI state");
    return edits(c.state, *c.ui);
}

// --- the command table ------------------------------------------------------------------------

namespace {
/// A window's context for `c` with `args`.
command_context with_args(editor_state& model, ui_state& ui, std::vector<std::string> args) {
    command_context ctx = window_context(model, ui);
    ctx.args = std::move(args);
    return ctx;
}
}  // namespace

void edits::run(std::string_view id) const {
    run_command(*model_, *ui_, id);
}

std::string edits::run(std::string_view id, const std::vector<std::string>& args) const {
    const command* c = window_commands().find(id);
    if (c == nullptr) return {};  // as run_command: an unknown id does nothing
    command_context ctx = with_args(*model_, *ui_, args);
    return command_table::run(*c, ctx);
}

std::string edits::run_with(std::string_view id, const std::vector<std::string>& args) const {
    const command* c = window_commands().find(id);
    if (c == nullptr) return {};
    command_context ctx = with_args(*model_, *ui_, args);
    std::string line = c->verb;
    for (const std::string& a : args) line += " " + a;
    ctx.line = line;
    return command_table::run(*c, ctx);
}

std::string edits::title(std::string_view id, const std::vector<std::string>& args) const {
    const command* c = window_commands().find(id);
    return c == nullptr ? std::string() : command_table::title(*c, with_args(*model_, *ui_, args));
}

bool edits::enabled(std::string_view id, const std::vector<std::string>& args) const {
    const command* c = window_commands().find(id);
    return c != nullptr && command_table::enabled(*c, with_args(*model_, *ui_, args));
}

bool edits::menu_item(std::string_view id, const char* record) const {
    return command_menu_item(*model_, *ui_, id, record);
}

bool edits::menu_item(const command& c, const char* record) const {
    return command_menu_item(*model_, *ui_, c, record);
}

// --- entities ---------------------------------------------------------------------------------

bool edits::rename_entity(entity e, std::string_view name) const {
    return editor::rename_entity(*model_, e, name);
}
bool edits::reparent(std::span<const entity> entities, entity parent, std::string* error) const {
    return editor::reparent(*model_, entities, parent, error);
}
void edits::set_active(std::span<const entity> entities, bool active) const {
    editor::set_active(*model_, entities, active);
}
std::optional<std::string> edits::why_not_deletable(std::span<const entity> doomed) const {
    return editor::why_not_deletable(*model_, doomed);
}
void edits::keep_whole_entities(std::span<const entity> entities, bool keep) const {
    editor::keep_whole_entities(*model_, entities, keep);
}
void edits::keep_after_stop(std::span<const entity> entities, type_id type, bool keep) const {
    editor::keep_after_stop(*model_, entities, type, keep);
}
void edits::begin_step_group() const {
    model_->begin_step_group();
}
void edits::end_step_group() const {
    model_->end_step_group();
}

// --- components and fields --------------------------------------------------------------------

bool edits::add_component(std::span<const entity> entities, type_id type) const {
    return editor::add_component(*model_, entities, type);
}
bool edits::remove_component(std::span<const entity> entities, type_id type) const {
    return editor::remove_component(*model_, entities, type);
}
void edits::set_component_enabled(std::span<const entity> entities, type_id type, bool on) const {
    editor::set_component_enabled(*model_, entities, type, on);
}
void edits::reset_component(std::span<const entity> entities, type_id type) const {
    editor::reset_component(*model_, entities, type);
}
void edits::paste_component(std::span<const entity> entities, type_id type,
                            std::span<const std::byte> bytes) const {
    editor::paste_component(*model_, entities, type, bytes);
}
void edits::set_field(std::span<const entity> entities, type_id type, const field_info& field,
                      const void* value) const {
    editor::set_field(*model_, entities, type, field, value);
}
void edits::begin(live_edit& edit, std::span<const entity> entities, type_id type,
                  std::string label) const {
    edit.begin(*model_, entities, type, std::move(label));
}
void edits::finish(live_edit& edit) const {
    edit.finish(*model_);
}

// --- the window's commands --------------------------------------------------------------------

void edits::create_empty(entity parent) const {
    command_create_empty(*model_, *ui_, parent);
}
void edits::create_from_archetype(const archetype& a) const {
    command_create_from_archetype(*model_, *ui_, a);
}
void edits::instantiate_prefab(std::string_view name, std::optional<glm::vec2> at,
                               entity parent) const {
    command_instantiate_prefab(*model_, *ui_, name, at, parent);
}
void edits::create_prefab(entity root) const {
    command_create_prefab(*model_, *ui_, root);
}
void edits::unpack_prefab(entity e) const {
    command_unpack_prefab(*model_, *ui_, e);
}
void edits::rename() const {
    command_rename(*model_, *ui_);
}
void edits::seek(std::uint64_t tick) const {
    command_seek(*model_, *ui_, tick);
}
void edits::request_open(const std::filesystem::path& path) const {
    editor::request_open(*model_, *ui_, path);
}
void edits::open_prefab(const std::filesystem::path& file) const {
    command_open_prefab(*model_, *ui_, file);
}
bool edits::save_asset() const {
    return command_save_asset(*model_, *ui_);
}
void edits::request_close_asset() const {
    editor::request_close_asset(*model_, *ui_);
}
void edits::close_asset_now() const {
    editor::close_asset_now(*model_, *ui_);
}

// --- prefab instances -------------------------------------------------------------------------

std::optional<linked_instance> edits::linked_instance_of(entity e) const {
    return editor::linked_instance_of(*model_, e);
}
std::vector<prefab_override> edits::overrides_of(const linked_instance& inst) const {
    return editor::overrides_of(*model_, inst);
}
bool edits::is_overridden(const linked_instance& inst, entity e, const component_info& component,
                          const field_info* field) const {
    return editor::is_overridden(*model_, inst, e, component, field);
}
bool edits::revert_overrides(const override_scope& scope) const {
    return editor::revert_overrides(*model_, scope);
}
bool edits::apply_overrides(const override_scope& scope) const {
    return editor::apply_overrides(*model_, scope);
}
std::filesystem::path edits::prefab_folder() const {
    return editor::prefab_folder(*model_);
}

// --- assets -----------------------------------------------------------------------------------

entity edits::create_sprite_entity(std::string_view asset, glm::vec2 at, int frame) const {
    return editor::create_sprite_entity(*model_, asset, at, frame);
}
bool edits::set_image_import(std::string_view asset, const image_import& settings) const {
    return editor::set_image_import(*model_, asset, settings);
}
rename_result edits::rename_asset(std::string_view from, std::string_view to) const {
    return editor::rename_asset(*model_, from, to);
}
std::vector<outside_rename> edits::check_outside_renames(bool log) const {
    return editor::check_outside_renames(*model_, log);
}

// --- tiles ------------------------------------------------------------------------------------

void edits::begin(tile_stroke& stroke, entity map, tile_brush& brush, tile_cell at) const {
    stroke.begin(*model_, map, brush, at);
}
void edits::drag_to(tile_stroke& stroke, tile_cell at) const {
    stroke.drag_to(*model_, at);
}
void edits::finish(tile_stroke& stroke) const {
    (void)stroke.finish(*model_);
}
void edits::cancel(tile_stroke& stroke) const {
    stroke.cancel(*model_);
}

// --- the Animation window ---------------------------------------------------------------------

bool animation_edits::follow_selection() const {
    return model_->animation().follow_selection(*model_);
}
std::string animation_edits::open(const std::string& path) const {
    return model_->animation().open(*model_, path);
}
std::string animation_edits::create(const std::string& path, float length,
                                    const std::vector<entity>& targets) const {
    return model_->animation().create(*model_, path, length, targets);
}
std::string animation_edits::set_length(float seconds) const {
    return model_->animation().set_length(*model_, seconds);
}
std::string animation_edits::set_wrap(clip_wrap wrap) const {
    return model_->animation().set_wrap(*model_, wrap);
}
void animation_edits::set_preview(bool on) const {
    model_->animation().set_preview(*model_, on);
}
void animation_edits::set_playhead(float seconds) const {
    model_->animation().set_playhead(*model_, seconds);
}
std::vector<entity> animation_edits::players() const {
    return model_->animation().players(*model_);
}
std::string animation_edits::track_problem(std::size_t track) const {
    return model_->animation().track_problem(*model_, track);
}
std::string animation_edits::key_current(const track_target& target) const {
    return model_->animation().key_current(*model_, target);
}
std::string animation_edits::move_selected(float seconds) const {
    return model_->animation().move_selected(*model_, seconds);
}
std::string animation_edits::remove_track(std::size_t track) const {
    return model_->animation().remove_track(*model_, track);
}

}  // namespace mosaic::editor
