#pragma once
// The editor's look: a dark theme close to Unity's, tinted while playing (so nobody edits a
// running game believing the edits stay), and DejaVu Sans as the UI font.

#include <imgui.h>

namespace mosaic::editor {

/// The font the editor uses when it is installed (fonts-dejavu-core).
inline constexpr const char* default_font_path = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

/// Sets the colours and spacing of `style`; `playing` tints the backgrounds.
void apply_theme(ImGuiStyle& style, bool playing);
/// Adds DejaVu Sans at `size_pixels` to the atlas (before it is built), then its bold face
/// (next to it: DejaVuSans-Bold.ttf, for the inspector's overridden prefab values) when there.
/// Falls back to ImGui's built-in font when the file is missing; returns false then.
bool load_fonts(ImGuiIO& io, const char* path = default_font_path, float size_pixels = 15.0f);
/// The bold font load_fonts added, or null (then a bold mark is drawn in colour only).
[[nodiscard]] ImFont* bold_font();

/// Colours the panels use for log levels and highlights.
namespace colors {
inline const ImVec4 warning{1.00f, 0.78f, 0.30f, 1.0f};
inline const ImVec4 error{1.00f, 0.42f, 0.38f, 1.0f};
inline const ImVec4 info{0.80f, 0.80f, 0.80f, 1.0f};
inline const ImVec4 dim{0.55f, 0.55f, 0.55f, 1.0f};
inline const ImVec4 accent{0.26f, 0.56f, 0.86f, 1.0f};
inline const ImVec4 kept{0.45f, 0.88f, 0.45f, 1.0f};  // kept after Stop (play mode)
// Prefabs: instances' names and links, the bar beside an overridden field or component, the
// banner of a prefab opened for editing.
inline const ImVec4 prefab{0.48f, 0.74f, 1.00f, 1.0f};
inline const ImVec4 prefab_banner{0.13f, 0.24f, 0.38f, 1.0f};
}  // namespace colors

}  // namespace mosaic::editor
