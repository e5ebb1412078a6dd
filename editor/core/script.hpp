#pragma once
// script: editor automation for end-to-end tests and demos (`mosaic-editor --script FILE`).
// One command per line, '#' starts a comment; every command goes through the same actions
// as the UI. The first failing line stops the script with "FILE:LINE: message".
//
// The verbs are the `verb`s of the editor's commands (command_table.hpp): the core's in
// core_commands.cpp (open, save, select, set, expect, play, step, keep, wait, screenshot,
// build_reload...), each with its arguments in `usage`; script_verbs() lists them.
//
// Values are written as in the inspector: numbers separated by spaces for vectors and
// colours, true/false, enum value names, text for strings, an entity's name for references.

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "editor_state.hpp"

namespace mosaic::editor {
struct ui_state;
}

namespace mosaic::editor {

struct script_line {
    int number = 0;
    std::string text;
};

/// Splits a script into its command lines (comments and blank lines dropped).
[[nodiscard]] std::vector<script_line> parse_script(std::string_view text);

/// What the running app provides to scripts: waiting frames and screenshots need the window.
struct script_host {
    /// Renders `frames` frames (advancing play mode). Headless: runs play_control::frame.
    std::function<void(int frames)> wait;
    /// Writes a screenshot; returns an error message or "".
    std::function<std::string(const std::string& path)> screenshot;
};

/// Runs one command: the command whose verb is the line's first word, with the other words
/// as its arguments. Returns "" or the error message. `ui`: the window's, when there is one
/// (window-only commands then run too).
[[nodiscard]] std::string run_script_line(editor_state& s, const script_line& line,
                                          const script_host& host, ui_state* ui = nullptr);

/// "VERB USAGE" for every script verb, in the table's order.
[[nodiscard]] std::vector<std::string> script_verbs();

}  // namespace mosaic::editor
