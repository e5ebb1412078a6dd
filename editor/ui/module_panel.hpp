#pragma once
// module_panel: a panel a game module brought (<mosaic/editor/module_panel.hpp> is the
// module's side), and module_panels, which keeps the editor's set of them in step with the
// open project's module.
//
// A module panel holds a function pointer into the module: forget_code() clears it when the
// module is about to be unloaded (editor_state::on_code_change), so nothing calls into a
// library that is gone; the panel itself is removed at the start of the next frame and the
// new module's panels are added then.

#include <mosaic/editor/module_panel.hpp>  // the module side: mosaic::panel_registry

#include <memory>
#include <string>
#include <vector>

#include <mosaic/engine/project/game_module.hpp>

#include "ui/panel.hpp"

namespace mosaic::editor {

class console_log;

class module_panel : public panel {
public:
    /// Copies the strings (they live in the module).
    explicit module_panel(const mosaic_panel_desc& desc);

    /// Calls the module's draw function with the editor's ImGui context and allocator.
    void draw(panel_context& ctx) override;
    /// The module is about to go: never call into it again.
    void forget_code() noexcept { draw_ = nullptr; }
    [[nodiscard]] bool has_code() const noexcept { return draw_ != nullptr; }

private:
    void (*draw_)(const mosaic_panel_frame*) = nullptr;
    std::vector<std::uint64_t> selection_;  // this frame's, as entity bits
};

/// The panels of the module the editor runs.
class module_panels {
public:
    /// The panels the module's register_panels adds (none without one). A module built
    /// against another panel ABI or another Dear ImGui gets none, with the reason in `log`, as
    /// does one whose register_panels throws.
    [[nodiscard]] static std::vector<std::unique_ptr<module_panel>> of(const game_module& module,
                                                                       console_log& log);

    /// The module is about to be unloaded: its panels stop calling into it.
    void unloading() noexcept;
    /// True when the panels are not those of `module` (it changed, or is going): the caller
    /// removes ids() and adds of(module) again.
    [[nodiscard]] bool stale(const game_module* module) const noexcept {
        return stale_ || module != from_;
    }
    /// The panels now in the editor, which came from `module`.
    void adopt(const game_module* module, std::vector<module_panel*> panels);
    [[nodiscard]] std::vector<std::string> ids() const;

private:
    const game_module* from_ = nullptr;
    std::vector<module_panel*> panels_;  // owned by editor_ui
    bool stale_ = false;
};

}  // namespace mosaic::editor
