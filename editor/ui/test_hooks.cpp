#include "ui/test_hooks.hpp"

namespace mosaic::editor {

void test_hooks::record(const std::string& name) {
    if (!record_items) return;
    items[name] = {ImGui::GetItemRectMin(), ImGui::GetItemRectMax()};
}

}  // namespace mosaic::editor
