#pragma once
// autosave: never lose more than a few minutes of work, even with several editors open.
//
// Each editor process is a session with its own files in the recovery folder (next to the
// editor's settings): session-PID-TIME-RANDOM.lock, held with flock for the process's life,
// and, once there is something to recover, .scene.bin (the scene) and .txt (which scene,
// pid, when). While the scene has unsaved changes (and the editor is not playing) the scene
// is written every `minutes`; saving, or leaving normally, removes the files.
//
// At start, the sessions whose lock is free (their process is gone, even by kill -9) and
// that left a scene are offered, all of them, in one modal: Recover writes one next to its
// original as NAME.recovered.scene.bin and opens it (the original is never overwritten
// unless the user saves over it); Discard deletes it; Later keeps it for the next start.
// While offering, this editor holds those sessions' locks, so a third editor started
// meanwhile does not offer them too. A live session's files are never read or removed.
//
// A session that crashed (a segfault or an abort in game code) also left ID.crash.txt, the
// report mosaic/engine/crash_report.hpp wrote (module, system, backtrace): the offer shows it,
// with or without a scene to recover, and Recover or Discard removes it with the rest. The
// scene file's own backup (ID.scene.bin.bak, written when the autosave replaced the previous
// one) goes with the scene file.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/editor_state.hpp"
#include "core/file_lock.hpp"
#include "ui/ui_state.hpp"

namespace mosaic::editor {

/// What a crashed session left: shown in the offer, held (locked) while offered.
struct recovery_offer {
    std::string id;                  // the files' common name in the recovery folder
    std::filesystem::path data;      // ID.scene.bin
    std::filesystem::path original;  // the scene it was (empty: untitled)
    std::string pid;                 // of the process that wrote it ("" when not recorded)
    std::string written;             // "2026-11-24 14:36" (local time of the data file)
    std::uintmax_t size = 0;         // bytes of the data file
    std::string crash;               // ID.crash.txt: what the process said as it crashed
    bool has_scene = true;           // false: only a crash report (nothing was unsaved)
    file_lock lock;
};

class autosave {
public:
    /// `folder` empty: autosave is off. Otherwise starts this process's session and claims
    /// the crashed sessions found there (offers()).
    explicit autosave(std::filesystem::path folder = {});
    /// Without closing() (discard()) first, a written recovery file stays for the next start.
    ~autosave();
    autosave(const autosave&) = delete;
    autosave& operator=(const autosave&) = delete;

    /// Call every frame with a monotonic time in seconds.
    void tick(editor_state& s, double now_seconds, int minutes);
    enum class when { editing, entering_play };
    /// Writes the recovery file now (if the scene has unsaved changes). Returns "" or the error.
    /// While playing the scene is the game's, not the user's, so nothing is written, except
    /// `entering_play`: Play has begun and no tick has run yet (editor_state::on_play).
    std::string write_now(editor_state& s, when w = when::editing);
    /// Removes this session's recovery file (a save, a normal exit).
    void discard();
    /// Shows the "Recover unsaved changes?" modal while crashed sessions wait for an answer.
    void draw_offer(editor_state& s, ui_state& ui);

    /// This session's recovery file (it exists only once written).
    [[nodiscard]] const std::filesystem::path& recovery_file() const noexcept { return file_; }
    /// Where a crash of this process writes its report (empty: autosave is off).
    [[nodiscard]] const std::filesystem::path& crash_file() const noexcept { return crash_; }
    [[nodiscard]] bool offering() const noexcept { return !offers_.empty(); }
    [[nodiscard]] const std::vector<recovery_offer>& offers() const noexcept { return offers_; }
    /// Recovers offer `i` into a copy next to its original and opens it; false (and a
    /// Console line) when that fails, the offer kept.
    bool recover(std::size_t i, editor_state& s, ui_state& ui);
    /// Deletes offer `i`'s files.
    void discard_offer(std::size_t i);
    /// Keeps every offer's files for the next start and stops offering.
    void later();

private:
    void claim_crashed_sessions();

    std::filesystem::path folder_;
    std::optional<file_lock> lock_;  // this session's: held while the process lives
    std::filesystem::path file_;     // folder_/ID.scene.bin
    std::filesystem::path note_;     // folder_/ID.txt: scene, pid, start time
    std::filesystem::path crash_;    // folder_/ID.crash.txt: written only by a crash
    std::string started_;
    double last_write_ = -1.0;
    bool written_ = false;
    std::vector<recovery_offer> offers_;
    bool offer_opened_ = false;
};

}  // namespace mosaic::editor
