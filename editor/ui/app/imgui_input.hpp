#pragma once
// feed_imgui: one frame of queued input (app/input_queue.hpp) into Dear ImGui 1.86's io —
// key and button state, the modifiers, the characters, and the cursor of a click that
// happened elsewhere than where the cursor is now, and when the previous click happened (for
// double-clicks). Call it after the platform backend's NewFrame (which writes io.MouseDown
// and io.MousePos from the device) and after io.DeltaTime has its final value, before
// ImGui::NewFrame. No GLFW: headless tests use it as the application does.

#include <imgui.h>

#include "input_queue.hpp"

namespace mosaic::editor {

void feed_imgui(input_queue& queue, ImGuiIO& io);

}  // namespace mosaic::editor
