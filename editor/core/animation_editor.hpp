#pragma once
// animation_editor: the model of the Animation window (the dopesheet), without any UI. It
// holds the property clips being edited, the playhead, the key selection, Preview and Record,
// and turns edits into undo steps; editor/ui/animation_panel.cpp only draws it and turns the
// mouse into calls, and the anim_* script verbs (animation_commands.cpp) call the same.
//
// The clip: the selected entity's Animator clip (follow_selection) or one opened by path (the
// Project panel, `anim_open`). Its edits stay in memory until save() writes the *.clip.json
// with the engine's writer (one key a line: a diff shows the key that moved); meanwhile the
// world's AnimationClips holds the edited clip, so Play plays what the window shows.
//
// Preview: while on (Record turns it on; so does dragging the playhead), every entity whose
// Animator plays the clip shows the clip's values at the playhead. The scene's own values of
// the animated numbers are kept aside and put back when Preview ends, before the scene is
// saved, before Play and before a code reload; undo steps recorded meanwhile hold the scene's
// own values too, never the previewed ones, so previewing never changes the saved scene.
//
// Record: while previewing, an edit of such an entity (Inspector, Scene view handles, `set`)
// becomes keys at the playhead instead of a change of the scene: a number the clip animates
// gets its key set there (Preview alone does this too: a previewed number follows the clip),
// and with Record on a number it does not animate yet gets a new track. The edit, the keys
// and the clip are one undo step (history's clip_change); undo and redo give the clip back.
//
// Tracks whose component or field does not exist (a hot reload removed it) are listed with
// why (track_problem) and reported once in the console; previewing skips them.

#include <cstddef>
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <mosaic/ecs/entity.hpp>
#include <mosaic/ecs/type_id.hpp>
#include <mosaic/engine/animation/clip.hpp>

#include "clip_edit.hpp"
#include "history.hpp"

namespace mosaic::editor {

class editor_state;

class animation_editor {
public:
    // --- the clip ------------------------------------------------------------------------
    /// Opens the clip at `path` (relative to the project folder): the copy being edited if
    /// it was opened before, else the file. "" or why not (the file does not read).
    std::string open(editor_state& s, const std::string& path);
    /// A new clip in memory (saved by save()): `length` seconds, looping, no tracks. With
    /// entities given, each gets an Animator playing it (one undo step). "" or why not.
    std::string create(editor_state& s, const std::string& path, float length,
                       const std::vector<entity>& entities);
    /// Opens the clip of the selected entity's Animator, when it has one and it is not the
    /// open clip already. Returns whether the open clip changed.
    bool follow_selection(editor_state& s);
    /// Closes the window's clip (Preview ends; unsaved edits stay for a later open).
    void close(editor_state& s);

    [[nodiscard]] const std::string& path() const noexcept { return path_; }
    [[nodiscard]] bool has_clip() const noexcept { return !path_.empty(); }
    /// The open clip; has_clip() first.
    [[nodiscard]] const animation_clip& clip() const;
    /// Edited since opened or saved.
    [[nodiscard]] bool dirty() const;
    /// A sprite-frame clip ("sprite" in the file): its frames are the Clip Editor's; shown
    /// but not edited here (saving would write its frames as keys).
    [[nodiscard]] bool read_only() const;
    /// Writes the open clip to its *.clip.json. "" or why not.
    std::string save(editor_state& s);

    /// Why the track cannot play with the game's table ("" when it can).
    [[nodiscard]] std::string track_problem(const editor_state& s, std::size_t track) const;
    /// The entities whose Animator plays the open clip (in id order).
    [[nodiscard]] std::vector<entity> players(editor_state& s) const;

    // --- playhead, Preview, Record ----------------------------------------------------------
    [[nodiscard]] float playhead() const noexcept { return playhead_; }
    /// Moves the playhead (clamped to the clip); previewed entities follow.
    void set_playhead(editor_state& s, float seconds);
    [[nodiscard]] bool previewing() const noexcept { return preview_; }
    void set_preview(editor_state& s, bool on);
    [[nodiscard]] bool recording() const noexcept { return record_; }
    /// Record on turns Preview on; Preview off turns Record off.
    void set_record(editor_state& s, bool on);

    // --- key edits (each one undo step; refused while playing or for read-only clips) -------
    std::vector<key_ref> selected;  // the selected keys of the open clip
    /// Applies `edit` to the open clip and records it as one step named `label`.
    std::string edit(editor_state& s, const std::string& label,
                     const std::function<void(animation_clip&)>& edit);
    /// Sets a key of `target` at the playhead to `value` (selects it).
    std::string key(editor_state& s, const track_target& target, double value);
    /// Sets a key of `target` at the playhead to the first player's current value.
    std::string key_current(editor_state& s, const track_target& target);
    /// Moves the selected keys by `seconds`.
    std::string move_selected(editor_state& s, float seconds);
    std::string delete_selected(editor_state& s);
    std::string interpolate_selected(editor_state& s, key_interpolation how);
    std::string remove_track(editor_state& s, std::size_t track);
    std::string set_length(editor_state& s, float seconds);
    std::string set_wrap(editor_state& s, clip_wrap wrap);

    // --- what editor_state calls -----------------------------------------------------------
    /// The record hook: a step about to be recorded (edit mode). Turns changes of previewed
    /// numbers into keys (see the file comment) and adds the clip's change to the step.
    void intercept(editor_state& s, step& st);
    /// After undo or redo: the clips the step gave back, then the preview again.
    void after_history(editor_state& s, const std::vector<clip_state>& restored);
    /// Puts the scene's own values back for a while (saving, Play, a code reload)...
    void suspend(editor_state& s);
    /// ...and previews again (when still on and editing).
    void resume(editor_state& s);
    /// Another scene is in: the kept values belong to a world that is gone. Preview and
    /// Record end; the clips being edited stay.
    void forget_world();

private:
    struct clip_doc {
        animation_clip clip;
        animation_clip saved;  // as last read or written
        std::filesystem::path file;
        bool on_disk = false;  // false: made by create() and not saved yet
        bool sprite = false;   // a sprite-frame clip: read only here
    };
    struct kept_value {
        entity e;
        type_id type = invalid_type_id;
        track_target target;
        std::size_t offset = 0;
        void (*write)(void*, double) = nullptr;
        double value = 0.0;  // the scene's own
    };

    [[nodiscard]] clip_doc* doc();
    [[nodiscard]] const clip_doc* doc() const;
    [[nodiscard]] bool active(const editor_state& s) const;
    void put_back(editor_state& s);  // the kept values into the world, forgotten
    void refresh(editor_state& s);   // put_back, then preview at the playhead when active
    void publish(editor_state& s);   // the open clip into the world's AnimationClips
    void report_problems(editor_state& s);
    [[nodiscard]] const kept_value* kept(entity e, type_id type, std::size_t offset) const;
    void to_scene_values(entity e, type_id type, component_state& state) const;

    std::map<std::string, clip_doc> docs_;  // by path relative to the project folder
    std::string path_;
    entity followed_ = null_entity;  // the selected entity whose clip was opened
    float playhead_ = 0.0f;
    bool preview_ = false;
    bool record_ = false;
    bool suspended_ = false;
    std::vector<kept_value> kept_;
    std::set<std::string> reported_;  // problems already in the console
};

}  // namespace mosaic::editor
