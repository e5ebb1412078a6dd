#pragma once
// edits: the verbs a panel runs on the editor's model without holding it — the actions (each
// change one undo step, none while playing: core/actions.hpp and the prefab, asset, tile and
// animation actions), the window's commands (ui/commands.hpp) and the command table (run, menu
// items). A panel reads the model's parts (core/model_parts.hpp) and changes the scene only
// through here, so what a panel can do to the model is this list. Each verb is a one-line call
// to the function it names (edits.cpp): adding one is a line here and one there.
//
// The types are declared only: a panel includes the header of what it uses.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <mosaic/ecs/entity.hpp>
#include <mosaic/ecs/fwd.hpp>
#include <mosaic/engine/math.hpp>

namespace mosaic {
struct field_info;
struct component_info;
struct image_import;
struct prefab_override;
enum class clip_wrap : std::uint8_t;
}  // namespace mosaic

namespace mosaic::editor {

class editor_state;
struct ui_state;
struct command;
struct command_context;
class live_edit;
class tile_stroke;
struct tile_brush;
struct tile_cell;
struct linked_instance;
struct override_scope;
struct rename_result;
struct outside_rename;
struct track_target;

/// The Animation window's verbs (animation_editor.hpp's, on the model): ctx.edit.animation().
class animation_edits {
public:
    explicit animation_edits(editor_state& model) noexcept : model_(&model) {}
    bool follow_selection() const;
    std::string open(const std::string& path) const;
    std::string create(const std::string& path, float length,
                       const std::vector<entity>& targets) const;
    std::string set_length(float seconds) const;
    std::string set_wrap(clip_wrap wrap) const;
    void set_preview(bool on) const;
    void set_playhead(float seconds) const;
    [[nodiscard]] std::vector<entity> players() const;
    [[nodiscard]] std::string track_problem(std::size_t track) const;
    std::string key_current(const track_target& target) const;
    std::string move_selected(float seconds) const;
    std::string remove_track(std::size_t track) const;

private:
    editor_state* model_;
};

class edits {
public:
    edits(editor_state& model, ui_state& ui) noexcept : model_(&model), ui_(&ui) {}
    /// The verbs of a command run from the window (c.ui is set: a panel's own commands).
    [[nodiscard]] static edits of(const editor::command_context& c) noexcept;

    // --- the command table (ui/command_items.hpp) ---------------------------------------------
    // By id: the model stays out of reach (no command_context is handed to a panel).
    /// Runs the command `id` as a button or a shortcut does.
    void run(std::string_view id) const;
    /// Runs the command `id` on `args` (an asset's path, an archetype's name) as the window
    /// does; its error, if any, is returned. An unknown id does nothing.
    std::string run(std::string_view id, const std::vector<std::string>& args) const;
    /// The same as the script line `VERB ARGS...` would (a value with spaces, as an event's
    /// name, is read from the line).
    std::string run_with(std::string_view id, const std::vector<std::string>& args) const;
    /// The label the command `id` shows on `args` now, and whether it is enabled on them.
    [[nodiscard]] std::string title(std::string_view id,
                                    const std::vector<std::string>& args = {}) const;
    [[nodiscard]] bool enabled(std::string_view id,
                               const std::vector<std::string>& args = {}) const;
    /// The command's menu item (its title, shortcut, enabled state); true when clicked.
    bool menu_item(std::string_view id, const char* record = nullptr) const;
    bool menu_item(const command& c, const char* record = nullptr) const;

    // --- entities (core/actions.hpp, action_checks.hpp, play_keeps.hpp) -----------------------
    bool rename_entity(entity e, std::string_view name) const;
    bool reparent(std::span<const entity> entities, entity parent,
                  std::string* error = nullptr) const;
    void set_active(std::span<const entity> entities, bool active) const;
    [[nodiscard]] std::optional<std::string> why_not_deletable(
        std::span<const entity> doomed) const;
    void keep_whole_entities(std::span<const entity> entities, bool keep) const;
    void keep_after_stop(std::span<const entity> entities, type_id type, bool keep) const;
    /// Begin and end of one undo step gathering the edits between (edit_group).
    void begin_step_group() const;
    void end_step_group() const;

    // --- components and fields (core/actions.hpp) ----------------------------------------------
    bool add_component(std::span<const entity> entities, type_id type) const;
    bool remove_component(std::span<const entity> entities, type_id type) const;
    void set_component_enabled(std::span<const entity> entities, type_id type, bool on) const;
    void reset_component(std::span<const entity> entities, type_id type) const;
    void paste_component(std::span<const entity> entities, type_id type,
                         std::span<const std::byte> bytes) const;
    void set_field(std::span<const entity> entities, type_id type, const field_info& field,
                   const void* value) const;
    /// A drag: live_edit::begin, live_edit::finish.
    void begin(live_edit& edit, std::span<const entity> entities, type_id type,
               std::string label) const;
    void finish(live_edit& edit) const;

    // --- the window's commands (ui/commands.hpp) ----------------------------------------------
    void create_empty(entity parent = null_entity) const;
    void create_from_archetype(const archetype& a) const;
    void instantiate_prefab(std::string_view name, std::optional<glm::vec2> at = std::nullopt,
                            entity parent = null_entity) const;
    void create_prefab(entity root) const;
    void unpack_prefab(entity e) const;
    void rename() const;
    void seek(std::uint64_t tick) const;
    void request_open(const std::filesystem::path& path) const;
    /// A prefab or an archetype opened for editing (ui/prefab_mode.hpp).
    void open_prefab(const std::filesystem::path& file) const;
    bool save_asset() const;
    void request_close_asset() const;
    void close_asset_now() const;

    // --- prefab instances (core/prefab_overrides.hpp, prefab_actions.hpp) ----------------------
    [[nodiscard]] std::optional<linked_instance> linked_instance_of(entity e) const;
    [[nodiscard]] std::vector<prefab_override> overrides_of(const linked_instance& inst) const;
    [[nodiscard]] bool is_overridden(const linked_instance& inst, entity e,
                                     const component_info& component,
                                     const field_info* field = nullptr) const;
    bool revert_overrides(const override_scope& scope) const;
    bool apply_overrides(const override_scope& scope) const;
    [[nodiscard]] std::filesystem::path prefab_folder() const;

    // --- assets (core/asset_actions.hpp, asset_rename.hpp) --------------------------------------
    entity create_sprite_entity(std::string_view asset, glm::vec2 at, int frame = 0) const;
    bool set_image_import(std::string_view asset, const image_import& settings) const;
    rename_result rename_asset(std::string_view from, std::string_view to) const;
    std::vector<outside_rename> check_outside_renames(bool log = true) const;

    // --- tiles (core/tile_paint.hpp): a stroke of the scene view's brush ----------------------
    void begin(tile_stroke& stroke, entity map, tile_brush& brush, tile_cell at) const;
    void drag_to(tile_stroke& stroke, tile_cell at) const;
    void finish(tile_stroke& stroke) const;
    void cancel(tile_stroke& stroke) const;

    /// The Animation window's verbs.
    [[nodiscard]] animation_edits animation() const noexcept { return animation_edits(*model_); }

private:
    editor_state* model_;
    ui_state* ui_;
};

/// begin_step_group() while it lives, end_step_group() when it goes: the edits between are one
/// undo step (a menu acting on every selected entity).
class edit_group {
public:
    explicit edit_group(const edits& e) : e_(e) { e_.begin_step_group(); }
    ~edit_group() { e_.end_step_group(); }
    edit_group(const edit_group&) = delete;
    edit_group& operator=(const edit_group&) = delete;

private:
    const edits& e_;
};

}  // namespace mosaic::editor
