#pragma once
// document: one thing open for editing — the scene from its file, a prefab opened alone
// (prefab mode) or an archetype opened as one entity — with what belongs to it: its file, its undo
// history, its selection and the history state it was last saved at (so, whether it has unsaved
// changes). Undo, redo and the recording of steps are the document's.
//
// editor_state keeps the open documents as a stack (the scene at the bottom, a prefab or an
// archetype opened for editing on top) and the panels work on the top one. The game holds the scene
// of the top document; a document under another keeps its scene parked here until it is on top
// again. Several scenes open at once would be several documents on that stack.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include <mosaic/engine/scene/scene.hpp>

#include "history.hpp"
#include "selection.hpp"

namespace mosaic::editor {

class document {
public:
    enum class kind { scene, prefab, archetype };

    explicit document(kind what = kind::scene, std::filesystem::path file = {});

    [[nodiscard]] kind what() const noexcept { return what_; }
    /// Its file; empty for an untitled scene.
    [[nodiscard]] const std::filesystem::path& file() const noexcept { return file_; }
    void set_file(std::filesystem::path file) { file_ = std::move(file); }
    /// "battle.scene.json", "Tank.prefab.json", "enemy.archetype.json", "Untitled".
    [[nodiscard]] std::string name() const;

    [[nodiscard]] editor::history& history() noexcept { return history_; }
    [[nodiscard]] const editor::history& history() const noexcept { return history_; }
    [[nodiscard]] editor::selection& selection() noexcept { return selection_; }
    [[nodiscard]] const editor::selection& selection() const noexcept { return selection_; }

    /// Unsaved changes: the history is not where it was at the last save (or load).
    [[nodiscard]] bool dirty() const noexcept { return history_.state_id() != saved_state_; }
    /// Just saved (or loaded): not dirty.
    void mark_saved() noexcept { saved_state_ = history_.state_id(); }
    /// A scene loaded in its place: no history, nothing selected, nothing unsaved.
    void start_over();

    /// Records a step, or gathers it into the step group being made.
    void record(step s);
    /// The steps recorded from begin_step_group() to end_step_group() are one undo step,
    /// labelled as the first. Groups nest: the outermost end pushes it.
    void begin_step_group() noexcept { ++group_depth_; }
    void end_step_group();
    /// Undoes (redoes) the last step on `target` (this document's scene); the selection
    /// drops what no longer exists. False when there is none.
    bool undo(mosaic::scene& target);
    bool redo(mosaic::scene& target);

    /// Its scene while another document is on top (the game holds the top one's).
    std::optional<mosaic::scene> parked;
    /// An archetype's name as its file says ("name"), which its Save writes back.
    std::string archetype_name;
    /// The Name an archetype without one is shown under while it is open ("" when its file
    /// has a Name): Save leaves it out unless the entity was renamed.
    std::string shown_name;
    /// Why saving would lose part of the file ("" when it would not): what the file held
    /// that the editor could not read when it opened it (an unknown component type, an
    /// unknown field), so Save refuses rather than drop it.
    std::string save_would_lose;

private:
    kind what_;
    std::filesystem::path file_;
    editor::history history_;
    editor::selection selection_;
    std::uint64_t saved_state_ = 0;
    std::optional<step> group_;  // being gathered while group_depth_ > 0
    int group_depth_ = 0;
};

}  // namespace mosaic::editor
