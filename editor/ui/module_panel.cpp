#include "ui/module_panel.hpp"

#include <imgui.h>

#include <exception>
#include <string>

#include "core/console_log.hpp"
#include "core/module_commands.hpp"  // log_from_module
#include "core/selection.hpp"
#include "ui/ui_state.hpp"

namespace mosaic::editor {

namespace {

dock dock_of(std::uint32_t where) {
    switch (where) {
        case mosaic_dock_left:
            return dock::left;
        case mosaic_dock_right:
            return dock::right;
        default:
            return dock::bottom;  // the strip has room for any number of tabs
    }
}

}  // namespace

module_panel::module_panel(const mosaic_panel_desc& desc)
    : panel({.id = desc.id, .title = desc.title, .where = dock_of(desc.dock)}), draw_(desc.draw) {}

void module_panel::draw(panel_context& ctx) {
    if (draw_ == nullptr) return;  // its module is gone; the panel goes next frame
    selection_.clear();
    for (entity e : ctx.selection().items()) selection_.push_back(e.to_bits());
    mosaic_panel_frame frame{};
    frame.imgui = ImGui::GetCurrentContext();
    // The module's copy of ImGui must allocate with ours: windows, draw lists and strings
    // made during its calls are freed by the editor's copy.
    ImGui::GetAllocatorFunctions(&frame.imgui_alloc, &frame.imgui_free, &frame.imgui_alloc_data);
    frame.world = &ctx.world();
    frame.playing = ctx.playing() ? 1 : 0;
    frame.selection = selection_.data();
    frame.selection_count = static_cast<std::uint32_t>(selection_.size());
    frame.host = &ctx.log();
    frame.log = &log_from_module;
    if (!ctx.ui.test.record_items) {
        draw_(&frame);
        return;
    }
    // Tests: ImGui's log of what the module wrote, through a clipboard function of our own
    // (the user's clipboard is left alone).
    ImGuiIO& io = ImGui::GetIO();
    const auto set_clipboard = io.SetClipboardTextFn;
    void* const clipboard_data = io.ClipboardUserData;
    std::string written;
    io.SetClipboardTextFn = [](void* into, const char* text) {
        *static_cast<std::string*>(into) = text;
    };
    io.ClipboardUserData = &written;
    ImGui::LogToClipboard();
    draw_(&frame);
    ImGui::LogFinish();
    io.SetClipboardTextFn = set_clipboard;
    io.ClipboardUserData = clipboard_data;
    ctx.ui.test.module_text[info().id] = std::move(written);
}

namespace {

/// Receives the panels a module's register_panels adds (mosaic_panel_sink).
struct panel_collector {
    std::string from;  // the module's name, for messages
    console_log& log;
    std::vector<std::unique_ptr<module_panel>> panels;
    bool refused = false;  // built against another panel ABI or Dear ImGui: none of them

    void add(const mosaic_panel_desc& desc) {
        if (refused) return;
        if (desc.abi != MOSAIC_EDITOR_PANELS_ABI) {
            log.error(from + ": its editor panels were built for panel ABI " +
                      std::to_string(desc.abi) + ", this editor has " +
                      std::to_string(MOSAIC_EDITOR_PANELS_ABI) + ": rebuild the module");
            refused = true;
        } else if (desc.imgui_version != IMGUI_VERSION_NUM ||
                   desc.imgui_io_size != sizeof(ImGuiIO)) {
            log.error(from + ": its editor panels were built with Dear ImGui " +
                      std::to_string(desc.imgui_version) + ", this editor has " +
                      std::to_string(IMGUI_VERSION_NUM) + ": rebuild the module");
            refused = true;
        } else if (desc.id == nullptr || desc.title == nullptr || desc.draw == nullptr) {
            log.error(from + ": editor panel " + std::to_string(panels.size()) +
                      " has no id, title or draw");
            return;
        } else {
            panels.push_back(std::make_unique<module_panel>(desc));
            return;
        }
        panels.clear();
    }
};

}  // namespace

std::vector<std::unique_ptr<module_panel>> module_panels::of(const game_module& module,
                                                             console_log& log) {
    const project& code = module.description();
    if (code.register_panels == nullptr) return {};  // a module without panels
    panel_collector collector{std::string(code.name), log, {}, false};
    const mosaic_panel_sink sink{&collector,
                                 [](void* host, const mosaic_panel_desc* desc) {
                                     if (desc != nullptr) {
                                         static_cast<panel_collector*>(host)->add(*desc);
                                     }
                                 },
                                 nullptr};  // its commands are the core's (module_commands)
    panel_registry registry(sink);
    try {
        code.register_panels(registry);
    } catch (const std::exception& e) {
        log.error(collector.from + ": register_panels failed: " + e.what());
        return {};
    } catch (...) {
        log.error(collector.from + ": register_panels failed");
        return {};
    }
    return std::move(collector.panels);
}

void module_panels::unloading() noexcept {
    for (module_panel* p : panels_) p->forget_code();
    stale_ = true;
}

void module_panels::adopt(const game_module* module, std::vector<module_panel*> panels) {
    from_ = module;
    panels_ = std::move(panels);
    stale_ = false;
}

std::vector<std::string> module_panels::ids() const {
    std::vector<std::string> out;
    for (const module_panel* p : panels_) out.push_back(p->info().id);
    return out;
}

}  // namespace mosaic::editor
