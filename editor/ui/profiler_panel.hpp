#pragma once
// profiler_panel: what the frame costs — frame time and entity count, and every system's
// time as measured by the scheduler (last, mean, max) in a table with a plot of the last
// seconds; a checkbox per system turns it on or off.

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "ui/panel.hpp"

namespace mosaic::editor {

class profiler_panel : public panel {
public:
    profiler_panel() : panel({.id = "profiler", .title = "Profiler", .where = dock::bottom}) {}

    void draw(panel_context& ctx) override;
    void every_frame(panel_context& ctx) override { sample(ctx, ImGui::GetIO().DeltaTime); }
    static constexpr std::size_t history = 300;  // frames (5 s at 60 fps)

    /// Samples this frame's figures; call once per frame even when the tab is hidden.
    void sample(const panel_context& ctx, float frame_seconds);
    /// The newest point of `system`'s plot: its ms in the tick run since the sample before,
    /// 0 when it did not run (paused, or a seek that re-simulated: not the play's figures).
    [[nodiscard]] float newest_sample(const std::string& system) const;

private:
    struct series {
        std::string name;
        std::array<float, history> values{};
        std::uint64_t calls = 0;  // the system's timing().calls at the sample before
    };
    series& series_for(const std::string& name);

    std::array<float, history> frame_ms_{};
    std::vector<series> systems_;
    std::size_t cursor_ = 0;  // next slot in every ring
};

}  // namespace mosaic::editor
