#pragma once
// clip_builder: the Clip Editor's model (no ImGui, tested headless). A sprite clip is a list
// of a sheet's frames, each shown for its own duration, played in a loop, once or back and
// forth, with optional named events; it is saved as *.clip.json through the engine's writer
// (clip_json.hpp), which writes the frames by name.
//
// Editing: add a frame of the sheet (at the end or before another), remove, move, set one
// duration or all of them; the preview asks which frame plays at a time (frame_at), computed
// by the engine's own clip functions so the window shows what the game will play. A clip that
// also has keyframe tracks (the Dopesheet's) keeps them untouched: this model edits only its
// sprite frames, its wrap and its events.
//
// What the user gets wrong (a frame the sheet does not have, no frames, an event past the
// end, a sheet that does not load) is a message in problems(), and Save refuses until it is
// fixed; nothing throws. The script verb `make_clip CLIP SHEET WRAP FRAME[:MS]...` runs the
// same code.

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include <mosaic/engine/animation/clip.hpp>
#include <mosaic/engine/assets/sprite_sheet.hpp>

namespace mosaic::editor {

class clip_builder {
public:
    /// A new clip of `sheet`'s frames (relative to `project`), to be saved as `clip_path`.
    /// "" or why not (the clip still starts, with the sheet's problem in problems()).
    std::string start(const std::filesystem::path& project, std::string sheet,
                      std::string clip_path);
    /// Opens the clip `clip_path` (relative to `project`); "" or why it cannot be read.
    std::string open(const std::filesystem::path& project, std::string clip_path);

    [[nodiscard]] bool is_open() const noexcept { return !clip_path_.empty(); }
    [[nodiscard]] const std::filesystem::path& project() const noexcept { return project_; }
    [[nodiscard]] const std::string& clip_path() const noexcept { return clip_path_; }
    /// "" or why not (a NAME.clip.json inside the project).
    std::string set_clip_path(std::string path);

    /// The sheet whose frames it plays (relative to the project); "" or why it does not load.
    std::string set_sheet(std::string sheet);
    [[nodiscard]] const std::string& sheet_path() const noexcept { return sheet_path_; }
    [[nodiscard]] const sprite_sheet& sheet() const noexcept { return sheet_; }

    [[nodiscard]] const std::vector<clip_sprite_frame>& frames() const noexcept { return frames_; }
    /// Adds the sheet's frame `name` before position `at` (past the end: last), lasting the
    /// sheet's duration for it. "" or why not.
    std::string add_frame(const std::string& name, std::size_t at = static_cast<std::size_t>(-1));
    /// Adds the sheet's frames from `first` to `last` (sheet indices, either order) at the end.
    std::string add_range(int first, int last);
    void remove_frame(std::size_t i);
    /// Moves entry `from` to position `to` (after the move).
    void move_frame(std::size_t from, std::size_t to);
    /// Milliseconds, kept within 1 .. 3,600,000.
    void set_duration(std::size_t i, int ms);
    void set_all_durations(int ms);
    void clear_frames();

    [[nodiscard]] clip_wrap wrap() const noexcept { return wrap_; }
    void set_wrap(clip_wrap wrap);

    [[nodiscard]] const std::vector<clip_event>& events() const noexcept { return events_; }
    /// "" or why not (an empty name, a time outside the clip).
    std::string add_event(float time, std::string name);
    std::string set_event(std::size_t i, float time, std::string name);
    void remove_event(std::size_t i);

    /// Seconds the frames last together (one pass).
    [[nodiscard]] float frames_length() const noexcept;
    /// When entry `i` starts, in seconds.
    [[nodiscard]] float start_of(std::size_t i) const noexcept;
    /// Which entry of frames() shows `seconds` after the clip started playing (wrapped as the
    /// game wraps it); -1 when there are no frames.
    [[nodiscard]] int frame_at(double seconds) const;

    /// Everything that stops Save; empty when it can be saved.
    [[nodiscard]] std::vector<std::string> problems() const;
    /// The clip as it would be saved (its sprite track, then the kept keyframe tracks).
    [[nodiscard]] animation_clip clip() const;
    [[nodiscard]] bool dirty() const noexcept { return dirty_; }
    /// Writes clip_path(); "" or why not.
    std::string save();

private:
    std::filesystem::path project_;
    std::string clip_path_;
    std::string sheet_path_;
    std::string sheet_problem_;
    sprite_sheet sheet_;
    std::vector<clip_sprite_frame> frames_;
    clip_wrap wrap_ = clip_wrap::loop;
    std::vector<clip_event> events_;
    std::vector<clip_track> kept_tracks_;  // keyframe tracks, saved as they were read
    bool dirty_ = false;
};

/// A clip path for frames of `sheet`: "art/hero.sheet.json" -> "art/hero.clip.json" (with
/// _2, _3... when that file exists in `project`).
[[nodiscard]] std::string clip_path_for(const std::filesystem::path& project,
                                        const std::string& sheet);

}  // namespace mosaic::editor
