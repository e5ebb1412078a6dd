#pragma once
// draw_data_memo: tells whether Dear ImGui's draw data for this frame is the same as last
// frame's (vertices, indices, commands, textures, clip rectangles), so that a window whose
// pixels would not change is not drawn again. On Mesa's software rasteriser drawing the whole
// 1600x900 window costs tens of milliseconds; an idle editor need not pay it every frame.
// No GLFW, no OpenGL.

#include <imgui.h>

#include <cstddef>
#include <vector>

namespace mosaic::editor {

class draw_data_memo {
public:
    /// True when `data` draws exactly what the last call's `data` drew; remembers `data`.
    [[nodiscard]] bool unchanged(const ImDrawData& data);
    /// The next call returns false (the picture on screen is gone: a resize, an expose).
    void forget() noexcept { last_.clear(); }

private:
    std::vector<std::byte> last_;     // the last frame's draw data, field by field
    std::vector<std::byte> current_;  // this frame's, built then swapped in
};

}  // namespace mosaic::editor
