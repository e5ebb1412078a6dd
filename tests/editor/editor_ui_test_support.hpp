#pragma once
// The fixture of the headless editor UI tests: an editor_state, the whole editor_ui and a
// headless ImGui context that draws it every frame, with the widgets' rectangles recorded
// (ui_state::record_items) so a test can click "toolbar/Play" or drag
// "inspector/Transform.position".

#include <gtest/gtest.h>

#include <string>

#include "core/actions.hpp"
#include "core/editor_state.hpp"
#include "headless_imgui.hpp"
#include "ui/editor_ui.hpp"

namespace mosaic::testing {

class EditorUiTest : public ::testing::Test {
protected:
    EditorUiTest() {
        ui.state().test.record_items = true;
        imgui.contents = [this] {
            ui.state().test.items.clear();
            ui.state().test.mixed.clear();
            ui.frame(state);
        };
    }

    /// The recorded rectangle of `name` in the last frame (fails the test when absent).
    editor::item_rect item(const std::string& name) {
        const auto found = ui.state().test.items.find(name);
        EXPECT_NE(found, ui.state().test.items.end())
            << "no item '" << name << "' in the last frame";
        return found == ui.state().test.items.end() ? editor::item_rect{} : found->second;
    }
    [[nodiscard]] bool has_item(const std::string& name) {
        return ui.state().test.items.contains(name);
    }
    /// A point inside `name`, `fx` of the way across (0 left, 1 right).
    ImVec2 at(const std::string& name, float fx = 0.5f) {
        const editor::item_rect r = item(name);
        return {r.min.x + (r.max.x - r.min.x) * fx, (r.min.y + r.max.y) * 0.5f};
    }
    /// Ctrl+click a drag field (it turns into a text field), type `text`, press Enter.
    void type_into(const std::string& name, const std::string& text, float fx = 0.5f) {
        imgui.move_to(at(name, fx));
        imgui.modifiers(true);
        imgui.press();
        imgui.release();
        imgui.modifiers(false);
        // Select everything, as a user would, then type over it.
        imgui.tap(key::a, true);
        imgui.type(text);
        imgui.tap(key::enter);
        imgui.frames(2);
    }

    headless_imgui imgui;  // first: the context outlives the UI
    editor::editor_state state;
    editor::editor_ui ui;
};

}  // namespace mosaic::testing
