#pragma once
// The toolbar's timeline row (timeline_bar.cpp): step back, step forward, the recorded range.

#include "core/editor_state.hpp"
#include "ui/ui_state.hpp"

namespace mosaic::editor {

void draw_timeline_bar(editor_state& s, ui_state& ui);

}  // namespace mosaic::editor
