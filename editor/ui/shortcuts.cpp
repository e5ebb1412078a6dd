// Keyboard shortcuts: the command table's keys (core/command_table.hpp). Key indices are GLFW
// key codes (what ImGui's GLFW backend writes into io.KeysDown, and what mosaic::key holds).
#include <imgui.h>
#include <imgui_internal.h>  // GetTopMostPopupModal, ClosePopupsExceptModals

#include <string>
#include <vector>

#include <mosaic/engine/input.hpp>

#include "ui/command_items.hpp"
#include "ui/shell.hpp"

namespace mosaic::editor {

namespace {

bool pressed(key k, bool repeat) {
    return ImGui::IsKeyPressed(static_cast<int>(k), repeat);
}

/// Whether `chord` is what the keyboard says now. Shift held on a chord without it still
/// counts (Shift+Del deletes) unless another command has that key with Shift (Ctrl+Shift+S is
/// Save As, not Save).
bool matches(const command_table& table, const key_chord& chord, const ImGuiIO& io) {
    if (chord.ctrl != io.KeyCtrl) return false;
    if (chord.shift) return io.KeyShift;
    return !io.KeyShift || table.bound_to({chord.code, chord.ctrl, true}).empty();
}

}  // namespace

void handle_shortcuts(editor_state& s, ui_state& ui) {
    // A modal dialog is up: its keys are its own.
    if (ImGui::GetTopMostPopupModal() != nullptr) return;
    // Menus, context menus and popups (Add Component) close on Escape; the other shortcuts
    // work while they are open (ImGui's keyboard navigation, which would close them, is off).
    if (ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId) && pressed(key::escape, false)) {
        ImGui::ClosePopupsExceptModals();
        return;
    }
    const ImGuiIO& io = ImGui::GetIO();
    // Text fields have their own undo, copy and paste, and take letters.
    const bool typing = io.WantTextInput || ImGui::IsAnyItemActive();
    const command_table& table = window_commands();
    // Found first, run after: a command may change the table (a reload brings a module's).
    std::vector<std::string> due;
    for (const command& c : table.all()) {
        if (typing && !c.in_text_fields) continue;
        for (const key_chord& chord : c.keys) {
            if (matches(table, chord, io) && pressed(chord.code, c.repeat)) {
                due.push_back(c.id);
                break;
            }
        }
    }
    for (const std::string& id : due)
        if (table.find(id) != nullptr) run_command(s, ui, id);
}

}  // namespace mosaic::editor
