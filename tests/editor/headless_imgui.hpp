#pragma once
// headless_imgui: a Dear ImGui context without any backend (no window, no OpenGL) and a
// simulated mouse and keyboard, so the editor's UI runs in tests and benchmarks exactly as in
// the application minus the pixels. Input goes through the same io fields the GLFW backend
// writes (GLFW key codes in io.KeysDown); a click registers on the frame the button is
// released.

#include <imgui.h>

#include <functional>
#include <string_view>

#include <mosaic/engine/input.hpp>

namespace mosaic::testing {

class headless_imgui {
public:
    explicit headless_imgui(ImVec2 display = {1600, 900}) {
        context_ = ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        io.LogFilename = nullptr;
        io.DisplaySize = display;
        io.DeltaTime = 1.0f / 60.0f;
        unsigned char* pixels = nullptr;
        int width = 0;
        int height = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);  // else "Font atlas not built"
        // The GLFW backend's key map: ImGui's named keys -> GLFW key codes.
        const auto map = [&](ImGuiKey_ k, key code) { io.KeyMap[k] = static_cast<int>(code); };
        map(ImGuiKey_Tab, key::tab);
        map(ImGuiKey_LeftArrow, key::left);
        map(ImGuiKey_RightArrow, key::right);
        map(ImGuiKey_UpArrow, key::up);
        map(ImGuiKey_DownArrow, key::down);
        map(ImGuiKey_Delete, key::del);
        map(ImGuiKey_Backspace, key::backspace);
        map(ImGuiKey_Space, key::space);
        map(ImGuiKey_Enter, key::enter);
        map(ImGuiKey_Escape, key::escape);
        map(ImGuiKey_A, key::a);
        map(ImGuiKey_C, key::c);
        map(ImGuiKey_V, key::v);
        map(ImGuiKey_X, key::x);
        map(ImGuiKey_Y, key::y);
        map(ImGuiKey_Z, key::z);
    }
    ~headless_imgui() { ImGui::DestroyContext(context_); }
    headless_imgui(const headless_imgui&) = delete;
    headless_imgui& operator=(const headless_imgui&) = delete;

    /// What one frame draws (called between NewFrame and Render).
    std::function<void()> contents;

    void frame() {
        ImGui::NewFrame();
        if (contents) contents();
        ImGui::Render();
    }
    void frames(int n) {
        for (int i = 0; i < n; ++i) frame();
    }

    void move_to(ImVec2 p) {
        ImGui::GetIO().MousePos = p;
        frame();
    }
    void press(int button = 0) {
        ImGui::GetIO().MouseDown[button] = true;
        frame();
    }
    void release(int button = 0) {
        ImGui::GetIO().MouseDown[button] = false;
        frame();
    }
    /// Move, press, release: the widget sees a click on the last frame.
    void click(ImVec2 p, int button = 0) {
        move_to(p);
        press(button);
        release(button);
    }
    /// Press at `from`, move to `to` in `steps` frames, release.
    void drag(ImVec2 from, ImVec2 to, int steps = 8) {
        move_to(from);
        press();
        for (int i = 1; i <= steps; ++i) {
            const float t = static_cast<float>(i) / static_cast<float>(steps);
            move_to({from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t});
        }
        release();
    }
    void key_down(key k, bool down) { ImGui::GetIO().KeysDown[static_cast<int>(k)] = down; }
    /// Presses and releases a key (with the modifiers given) over two frames.
    void tap(key k, bool ctrl = false, bool shift = false) {
        ImGuiIO& io = ImGui::GetIO();
        io.KeyCtrl = ctrl;
        io.KeyShift = shift;
        key_down(k, true);
        frame();
        key_down(k, false);
        frame();
        io.KeyCtrl = false;
        io.KeyShift = false;
    }
    void type(std::string_view text) {
        for (char c : text) ImGui::GetIO().AddInputCharacter(static_cast<unsigned>(c));
        frame();
    }
    void modifiers(bool ctrl, bool shift = false) {
        ImGui::GetIO().KeyCtrl = ctrl;
        ImGui::GetIO().KeyShift = shift;
    }

private:
    ImGuiContext* context_ = nullptr;
};

}  // namespace mosaic::testing
