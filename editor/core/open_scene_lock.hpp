#pragma once
// open_scene_lock: warns when the scene being opened is open in another editor already.
// Each editor holds a file_lock on a marker named after the scene's canonical path
// (FOLDER/scene-HASH.lock, the file holding the holder's pid and the path) while that scene
// is its current one. An editor that opens (or saves as) a scene whose marker another live
// editor holds gets an alert and a Console warning: both would save over each other. The
// lock goes when the scene changes or the process ends (even by kill -9).

#include <filesystem>
#include <optional>

#include "core/editor_state.hpp"
#include "core/file_lock.hpp"

namespace mosaic::editor {

class open_scene_lock {
public:
    /// `folder` empty: off (scripted runs).
    explicit open_scene_lock(std::filesystem::path folder = {}) : folder_(std::move(folder)) {}

    /// Call every frame: follows the editor's scene file (open, save as, recover, a project
    /// switch all change it) and warns once per change when another editor has it open.
    void follow(editor_state& s);
    /// True while this editor holds the current scene's marker.
    [[nodiscard]] bool holds() const noexcept { return lock_.has_value(); }
    /// The marker file of `scene` in `folder`.
    [[nodiscard]] static std::filesystem::path marker(const std::filesystem::path& folder,
                                                      const std::filesystem::path& scene);

private:
    std::filesystem::path folder_;
    std::filesystem::path followed_;
    std::optional<file_lock> lock_;
};

}  // namespace mosaic::editor
