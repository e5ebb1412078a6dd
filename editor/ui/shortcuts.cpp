// Keyboard shortcuts. Key indices are GLFW key codes (what ImGui's GLFW backend writes into
// io.KeysDown, and what mosaic::key holds).
#include <imgui.h>
#include <imgui_internal.h>  // GetTopMostPopupModal, ClosePopupsExceptModals

#include <mosaic/engine/input.hpp>

#include "ui/commands.hpp"
#include "ui/shell.hpp"

namespace mosaic::editor {

namespace {
bool pressed(key k) {
    return ImGui::IsKeyPressed(static_cast<int>(k), false);
}
/// Pressed, or held long enough to repeat (holding comma scrubs back).
bool pressed_or_repeated(key k) {
    return ImGui::IsKeyPressed(static_cast<int>(k), true);
}
}  // namespace

void handle_shortcuts(editor_state& s, ui_state& ui) {
    // A modal dialog is up: its keys are its own.
    if (ImGui::GetTopMostPopupModal() != nullptr) return;
    // Menus, context menus and popups (Add Component) close on Escape; the other shortcuts
    // work while they are open (ImGui's keyboard navigation, which would close them, is off).
    if (ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId) && pressed(key::escape)) {
        ImGui::ClosePopupsExceptModals();
        return;
    }
    const ImGuiIO& io = ImGui::GetIO();
    const bool typing = io.WantTextInput || ImGui::IsAnyItemActive();
    if (io.KeyCtrl) {
        if (pressed(key::n)) request_new(s, ui);
        if (pressed(key::q)) request_exit(s, ui);  // asks about unsaved changes
        if (pressed(key::o)) request_open_dialog(s, ui);
        if (pressed(key::r)) command_build_reload(s, ui);
        if (pressed(key::s)) {
            if (io.KeyShift) {
                command_save_as(s, ui);
            } else {
                (void)command_save(s, ui);
            }
        }
        if (pressed(key::p)) {
            if (io.KeyShift) {
                command_pause(s, ui);
            } else {
                command_play_stop(s, ui);
            }
        }
        if (typing) return;  // text fields have their own undo, copy and paste
        if (pressed(key::z)) {
            if (io.KeyShift) {
                command_redo(s, ui);
            } else {
                command_undo(s, ui);
            }
        }
        if (pressed(key::y)) command_redo(s, ui);
        if (pressed(key::d)) command_duplicate(s, ui);
        if (pressed(key::c)) command_copy(s, ui);
        if (pressed(key::v)) command_paste(s, ui);
        return;
    }
    if (typing) return;
    // Video players' frame step: comma back, period forward (the timeline's arrows).
    if (pressed_or_repeated(key::comma)) command_step_back(s, ui);
    if (pressed_or_repeated(key::period)) command_step_forward(s, ui);
    if (pressed(key::del)) command_delete(s, ui);
    if (pressed(key::f2)) command_rename(s, ui);
    if (pressed(key::f)) command_frame_selection(ui);
    if (pressed(key::w)) ui.scene.tool = transform_tool::move;
    if (pressed(key::e)) ui.scene.tool = transform_tool::rotate;
    if (pressed(key::r)) ui.scene.tool = transform_tool::scale;
}

}  // namespace mosaic::editor
