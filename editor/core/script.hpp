#pragma once
// script: editor automation for end-to-end tests and demos (`mosaic-editor --script FILE`).
// One command per line, '#' starts a comment; every command goes through the same actions
// as the UI. The first failing line stops the script with "FILE:LINE: message".
//
//   open PATH                       save_as PATH          save
//   new                             select NAME [NAME...] select_add NAME
//   create NAME                     delete                duplicate
//   rename NAME                     parent NAME|-         (re-parent the selection)
//   add COMPONENT                   remove COMPONENT      enable COMPONENT on|off
//   set COMPONENT.FIELD VALUE...    expect COMPONENT.FIELD VALUE...   (fails if different)
//   expect_entities N               expect_selected N
//   play   pause   step [N]   stop   wait N   (N frames)   undo   redo
//   keep COMPONENT|*                (while playing: Keep after Stop on the selection; *: whole
//                                    entities)
//   apply_keeps                     (after stop: applies every kept change, one undo step)
//   screenshot PATH                 (needs the window: the app provides it)
//   log TEXT
//   open_project PATH               (a project folder or its mosaic.project.json)
//   expect_project NAME|-           (the open project's name; - for none)
//   reload                          (load the project's module again now)
//   build_reload                    (run the project's build, wait for it, reload; fails
//                                    when the build or the reload fails)
//
// Values are written as in the inspector: numbers separated by spaces for vectors and
// colours, true/false, enum value names, text for strings, an entity's name for references.

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "editor_state.hpp"

namespace mosaic::editor {

struct script_line {
    int number = 0;
    std::string text;
};

/// Splits a script into its command lines (comments and blank lines dropped).
[[nodiscard]] std::vector<script_line> parse_script(std::string_view text);

/// What the running app provides to scripts: waiting frames and screenshots need the window.
struct script_host {
    /// Renders `frames` frames (advancing play mode). Headless: runs editor_state::frame.
    std::function<void(int frames)> wait;
    /// Writes a screenshot; returns an error message or "".
    std::function<std::string(const std::string& path)> screenshot;
};

/// Runs one command. Returns "" or the error message.
[[nodiscard]] std::string run_script_line(editor_state& s, const script_line& line,
                                          const script_host& host);

}  // namespace mosaic::editor
