#pragma once
// code_reloader: the two ways new game code reaches a running editor.
//
// - Build & Reload (start_build): the project's build command (the manifest's "build", with
//   ${VAR}s expanded, run in the project's folder) runs in the background; each output line
//   goes to the console as it arrives (lines with "error" as errors, "warning" as warnings).
//   Exit 0: editor_state::reload_code(). Anything else: "build failed (exit N): the running
//   code stays", and nothing is loaded.
// - The watcher (update): when the module file changes on disk without our build (the user
//   rebuilt from their IDE), it is reloaded once the file has stopped changing.
//
// One build at a time. A reload by anyone (our build, a script, the watcher) makes the file
// as it is the watcher's new baseline, so a rebuild is never loaded twice.

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string_view>

#include "build_runner.hpp"
#include "console_log.hpp"
#include "module_watcher.hpp"

namespace mosaic::editor {

class editor_state;

/// The console level of a line of build output: "error" anywhere (any case) is an error,
/// else "warning" a warning, else info.
[[nodiscard]] log_level build_line_level(std::string_view line);

class code_reloader {
public:
    /// How the last build ended.
    struct build_result {
        int exit_code = 0;
        bool reloaded = false;  // exit 0 and the new module loaded
    };

    /// Starts the open project's build. False (the reason in the console) without a project
    /// or a build command, while a build runs, or when the command cannot be started.
    bool start_build(editor_state& s);
    [[nodiscard]] bool building() const noexcept { return runner_.running(); }
    /// Once a frame: the build's new output into the console, its end (reload or not), then
    /// the module watcher. `now` in seconds on any steady clock.
    void update(editor_state& s, double now);
    /// The build part of update() alone (scripts waiting for a build).
    void poll_build(editor_state& s);
    [[nodiscard]] const std::optional<build_result>& last_build() const noexcept {
        return last_build_;
    }
    [[nodiscard]] const module_watcher& watcher() const noexcept { return watcher_; }

private:
    void end_build(editor_state& s, int exit_code);
    void watch(editor_state& s, double now);

    build_runner runner_;
    std::filesystem::path build_manifest_;  // the project the running build belongs to
    std::optional<build_result> last_build_;
    module_watcher watcher_;
    std::size_t seen_reloads_ = 0;
    bool rebaseline_ = false;  // our build ended: what it wrote is not news to the watcher
};

}  // namespace mosaic::editor
