// The entry point the editor looks up in a module with panels (module_panels.h). Added to
// the module by mosaic_add_editor_panels: the module's own files only register panels.
#include <mosaic/editor/module_panel.hpp>

namespace mosaic::editor_module {

std::vector<mosaic_panel_desc>& registered_panels() {
    static std::vector<mosaic_panel_desc> panels;
    return panels;
}

}  // namespace mosaic::editor_module

extern "C" __attribute__((visibility("default"))) const mosaic_panel_list*
mosaic_editor_panels_v1() {
    static mosaic_panel_list list{};
    const auto& panels = mosaic::editor_module::registered_panels();
    list = {MOSAIC_EDITOR_PANELS_ABI, IMGUI_VERSION_NUM, sizeof(ImGuiIO),
            static_cast<std::uint32_t>(panels.size()), panels.data()};
    return &list;
}
