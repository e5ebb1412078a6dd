#include "imgui_input.hpp"

#include <mosaic/engine/input.hpp>

namespace mosaic::editor {

static_assert(IM_ARRAYSIZE(ImGuiIO{}.KeysDown) == input_queue::key_count,
              "the queue holds exactly the keys ImGui 1.86 has in io.KeysDown");

void feed_imgui(input_queue& queue, ImGuiIO& io) {
    const input_queue::frame frame = queue.next_frame();
    for (int k = 0; k < input_queue::key_count; ++k) io.KeysDown[k] = queue.key_down(k);
    const auto down = [&](key a, key b) {
        return queue.key_down(static_cast<int>(a)) || queue.key_down(static_cast<int>(b));
    };
    // As ImGui's GLFW backend derives them: from the keys, not from GLFW's mods.
    io.KeyCtrl = down(key::left_control, key::right_control);
    io.KeyShift = down(key::left_shift, key::right_shift);
    io.KeyAlt = down(key::left_alt, key::right_alt);
    io.KeySuper = queue.key_down(343) || queue.key_down(347);  // GLFW_KEY_LEFT/RIGHT_SUPER
    for (int b = 0; b < IM_ARRAYSIZE(io.MouseDown); ++b) io.MouseDown[b] = queue.button_down(b);
    if (frame.cursor) io.MousePos = {frame.cursor->x, frame.cursor->y};
    // A press this frame: ImGui counts it as a double-click when the time since the previous
    // click (io.MouseClickedTime, which it sets to the frame's time) is short enough. Put the
    // previous click as far back as it really was, by the events' times, not the frames'.
    for (int b = 0; b < IM_ARRAYSIZE(io.MouseDown) && b < input_queue::button_count; ++b) {
        const std::optional<double>& interval = frame.press_interval[static_cast<std::size_t>(b)];
        if (interval) io.MouseClickedTime[b] = ImGui::GetTime() + io.DeltaTime - *interval;
    }
    for (const unsigned int c : frame.characters) io.AddInputCharacter(c);
}

}  // namespace mosaic::editor
