#include "ui/theme.hpp"

#include <cstdio>
#include <filesystem>
#include <string>

namespace mosaic::editor {

namespace {

ImVec4 rgb(int r, int g, int b, float a = 1.0f) {
    return {static_cast<float>(r) / 255.0f, static_cast<float>(g) / 255.0f,
            static_cast<float>(b) / 255.0f, a};
}

// Unity's dark skin: mid-grey panels, darker fields, a blue selection.
void unity_dark(ImVec4* c) {
    c[ImGuiCol_Text] = rgb(210, 210, 210);
    c[ImGuiCol_TextDisabled] = rgb(128, 128, 128);
    c[ImGuiCol_WindowBg] = rgb(56, 56, 56);
    c[ImGuiCol_ChildBg] = rgb(0, 0, 0, 0.0f);
    c[ImGuiCol_PopupBg] = rgb(48, 48, 48, 0.98f);
    c[ImGuiCol_Border] = rgb(26, 26, 26);
    c[ImGuiCol_BorderShadow] = rgb(0, 0, 0, 0.0f);
    c[ImGuiCol_FrameBg] = rgb(42, 42, 42);
    c[ImGuiCol_FrameBgHovered] = rgb(50, 50, 50);
    c[ImGuiCol_FrameBgActive] = rgb(36, 36, 36);
    c[ImGuiCol_TitleBg] = rgb(40, 40, 40);
    c[ImGuiCol_TitleBgActive] = rgb(40, 40, 40);
    c[ImGuiCol_TitleBgCollapsed] = rgb(40, 40, 40);
    c[ImGuiCol_MenuBarBg] = rgb(40, 40, 40);
    c[ImGuiCol_ScrollbarBg] = rgb(48, 48, 48);
    c[ImGuiCol_ScrollbarGrab] = rgb(94, 94, 94);
    c[ImGuiCol_ScrollbarGrabHovered] = rgb(110, 110, 110);
    c[ImGuiCol_ScrollbarGrabActive] = rgb(130, 130, 130);
    c[ImGuiCol_CheckMark] = rgb(220, 220, 220);
    c[ImGuiCol_SliderGrab] = rgb(120, 120, 120);
    c[ImGuiCol_SliderGrabActive] = rgb(150, 150, 150);
    c[ImGuiCol_Button] = rgb(88, 88, 88);
    c[ImGuiCol_ButtonHovered] = rgb(103, 103, 103);
    c[ImGuiCol_ButtonActive] = rgb(70, 96, 124);
    c[ImGuiCol_Header] = rgb(62, 62, 62);
    c[ImGuiCol_HeaderHovered] = rgb(72, 72, 72);
    c[ImGuiCol_HeaderActive] = rgb(44, 93, 135);
    c[ImGuiCol_Separator] = rgb(35, 35, 35);
    c[ImGuiCol_SeparatorHovered] = rgb(70, 110, 150);
    c[ImGuiCol_SeparatorActive] = rgb(44, 93, 135);
    c[ImGuiCol_ResizeGrip] = rgb(0, 0, 0, 0.0f);
    c[ImGuiCol_ResizeGripHovered] = rgb(70, 110, 150);
    c[ImGuiCol_ResizeGripActive] = rgb(44, 93, 135);
    c[ImGuiCol_Tab] = rgb(45, 45, 45);
    c[ImGuiCol_TabHovered] = rgb(72, 72, 72);
    c[ImGuiCol_TabActive] = rgb(60, 60, 60);
    c[ImGuiCol_TabUnfocused] = rgb(45, 45, 45);
    c[ImGuiCol_TabUnfocusedActive] = rgb(60, 60, 60);
    c[ImGuiCol_PlotLines] = rgb(120, 180, 240);
    c[ImGuiCol_PlotLinesHovered] = rgb(255, 170, 80);
    c[ImGuiCol_PlotHistogram] = rgb(120, 180, 240);
    c[ImGuiCol_PlotHistogramHovered] = rgb(255, 170, 80);
    c[ImGuiCol_TableHeaderBg] = rgb(48, 48, 48);
    c[ImGuiCol_TableBorderStrong] = rgb(30, 30, 30);
    c[ImGuiCol_TableBorderLight] = rgb(44, 44, 44);
    c[ImGuiCol_TableRowBg] = rgb(0, 0, 0, 0.0f);
    c[ImGuiCol_TableRowBgAlt] = rgb(255, 255, 255, 0.03f);
    c[ImGuiCol_TextSelectedBg] = rgb(44, 93, 135, 0.8f);
    c[ImGuiCol_DragDropTarget] = rgb(90, 160, 230);
    c[ImGuiCol_NavHighlight] = rgb(44, 93, 135);
    c[ImGuiCol_NavWindowingHighlight] = rgb(255, 255, 255, 0.7f);
    c[ImGuiCol_NavWindowingDimBg] = rgb(20, 20, 20, 0.5f);
    c[ImGuiCol_ModalWindowDimBg] = rgb(10, 10, 10, 0.55f);
}

}  // namespace

void apply_theme(ImGuiStyle& style, bool playing) {
    style.WindowPadding = {6, 6};
    style.FramePadding = {6, 3};
    style.ItemSpacing = {6, 4};
    style.ItemInnerSpacing = {4, 4};
    style.IndentSpacing = 14;
    style.ScrollbarSize = 12;
    style.GrabMinSize = 10;
    style.WindowBorderSize = 1;
    style.ChildBorderSize = 1;
    style.PopupBorderSize = 1;
    style.FrameBorderSize = 0;
    style.WindowRounding = 0;
    style.ChildRounding = 0;
    style.FrameRounding = 2;
    style.PopupRounding = 2;
    style.ScrollbarRounding = 2;
    style.GrabRounding = 2;
    style.TabRounding = 2;
    style.WindowTitleAlign = {0.0f, 0.5f};
    unity_dark(style.Colors);
    if (!playing) return;
    // Play mode: every background a little blue and darker, like Unity's play mode tint.
    for (int i = 0; i < ImGuiCol_COUNT; ++i) {
        if (i == ImGuiCol_Text || i == ImGuiCol_TextDisabled || i == ImGuiCol_CheckMark) continue;
        ImVec4& c = style.Colors[i];
        c = {c.x * 0.78f, c.y * 0.86f, c.z * 1.12f + 0.03f, c.w};
    }
}

bool load_fonts(ImGuiIO& io, const char* path, float size_pixels) {
    if (std::FILE* f = std::fopen(path, "rb")) {
        std::fclose(f);
        // Latin-1 plus General Punctuation: compilers quote names with U+2018/U+2019, and
        // their messages stream into the Console.
        static const ImWchar ranges[] = {0x0020, 0x00FF, 0x2000, 0x206F, 0};
        if (io.Fonts->AddFontFromFileTTF(path, size_pixels, nullptr, ranges) != nullptr) {
            const std::string bold =
                (std::filesystem::path(path).parent_path() / "DejaVuSans-Bold.ttf").string();
            std::error_code ec;
            if (std::filesystem::exists(bold, ec))
                io.Fonts->AddFontFromFileTTF(bold.c_str(), size_pixels, nullptr, ranges);
            return true;
        }
    }
    io.Fonts->AddFontDefault();
    return false;
}

ImFont* bold_font() {
    // The second font of the atlas is the bold face (load_fonts adds it right after).
    const ImFontAtlas* atlas = ImGui::GetIO().Fonts;
    return atlas->Fonts.Size > 1 ? atlas->Fonts[1] : nullptr;
}

}  // namespace mosaic::editor
