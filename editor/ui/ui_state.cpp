#include "ui/ui_state.hpp"

namespace mosaic::editor {

void ui_state::record(const std::string& name) {
    if (!record_items) return;
    items[name] = {ImGui::GetItemRectMin(), ImGui::GetItemRectMax()};
}

}  // namespace mosaic::editor
