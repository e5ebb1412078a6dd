#pragma once
// asset_editor_window: what the asset editors' windows (the Sheet Editor, sheet_editor.cpp,
// and the Clip Editor, clip_editor.cpp) share: the command that opens one on the Project
// panel's asset, a floating window that first appears centred at its size, and the small
// text helpers of their columns. One place, so the editors look and open alike.

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <string>

#include "core/command_table.hpp"
#include "ui/ui_state.hpp"

namespace mosaic::editor {

/// What a command that opens an editor on its one argument (an asset path, as the Project
/// panel's menu passes it) runs: posts `Event{path}`; `editor` names the editor in the
/// message when there is no path or no window.
template <class Event>
std::string post_asset_editor(command_context& c, const char* editor) {
    if (c.args.empty() || c.ui == nullptr) return std::string(editor) + ": no asset given";
    c.ui->events.post(Event{c.args[0]});
    return {};
}

/// Begins the asset editor's window `title` (an ImGui title, "Name - file###id"): `size` and
/// centred on the main viewport when it appears, no collapsing; `open` is cleared by its
/// close button. Call ImGui::End() whatever it returns, as for ImGui::Begin.
bool begin_asset_editor_window(const std::string& title, ImVec2 size, bool* open);

/// A section of a column: a gap, the text dimmed, a line.
void asset_editor_heading(const char* text);

/// A message in a colour, wrapped at the column's width.
void asset_editor_message(const ImVec4& colour, const std::string& text);

/// `from` into a fixed text buffer of an input field, cut to fit.
template <std::size_t N>
void copy_text(std::array<char, N>& to, const std::string& from) {
    const std::size_t n = std::min(from.size(), N - 1);
    std::memcpy(to.data(), from.data(), n);
    to[n] = '\0';
}

}  // namespace mosaic::editor
