#pragma once
// autosave: never lose more than a few minutes of work. While the scene has unsaved changes
// (and the editor is not playing), it is written every `minutes` to a recovery file in the
// editor's settings folder, with a note of which scene it is. Saving, or leaving the editor
// normally, removes it; if the editor crashed, the next start finds it and offers it:
// Recover writes it next to the original as NAME.recovered.scene.bin and opens that (the
// original file is never overwritten without the user saving over it).

#include <filesystem>
#include <string>

#include "core/editor_state.hpp"
#include "ui/ui_state.hpp"

namespace mosaic::editor {

class autosave {
public:
    /// `folder` empty: autosave is off.
    explicit autosave(std::filesystem::path folder = {});

    /// Call every frame with a monotonic time in seconds.
    void tick(editor_state& s, double now_seconds, int minutes);
    enum class when { editing, entering_play };
    /// Writes the recovery file now (if the scene has unsaved changes). Returns "" or the error.
    /// While playing the scene is the game's, not the user's, so nothing is written, except
    /// `entering_play`: Play has begun and no tick has run yet (editor_state::on_play).
    std::string write_now(editor_state& s, when w = when::editing);
    /// Removes the recovery file (a save, a normal exit).
    void discard();
    /// Shows the "Recover unsaved changes?" modal when the last session left a file.
    void draw_offer(editor_state& s, ui_state& ui);

    [[nodiscard]] const std::filesystem::path& recovery_file() const noexcept { return file_; }
    [[nodiscard]] bool offering() const noexcept { return offer_; }

private:
    std::filesystem::path folder_;
    std::filesystem::path file_;  // folder_/recovery.scene.bin
    std::filesystem::path note_;  // folder_/recovery.txt: the original scene's path
    double last_write_ = -1.0;
    bool written_ = false;
    bool offer_ = false;
    bool offer_opened_ = false;
    std::string original_;
};

}  // namespace mosaic::editor
