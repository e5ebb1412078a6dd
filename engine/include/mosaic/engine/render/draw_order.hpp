#pragma once
// The order the renderer draws a draw_list in, computed on the CPU (testable without GL):
//   * instances by layer (lowest first), then by texture handle within a layer, so each
//     (layer, texture) run is one instanced draw call;
//   * lines by layer; within a layer the renderer draws instances first, then lines;
//   * stable: records with the same key keep the order they were added in, so a frame
//     draws the same way every time.
//
// draw_sorter keeps its buffers between frames. When a list is already in order (a single
// layer and texture, the common case) it returns the input itself: no copy.

#include <cstdint>
#include <span>
#include <vector>

#include "draw_list.hpp"

namespace mosaic {

[[nodiscard]] bool in_draw_order(std::span<const draw_instance> instances) noexcept;
[[nodiscard]] bool in_draw_order(std::span<const draw_line> lines) noexcept;

class draw_sorter {
public:
    /// `instances` in draw order: either `instances` itself or this sorter's buffer, valid
    /// until the next call.
    [[nodiscard]] std::span<const draw_instance> sort(std::span<const draw_instance> instances);
    [[nodiscard]] std::span<const draw_line> sort(std::span<const draw_line> lines);

private:
    std::vector<draw_instance> instances_;
    std::vector<draw_line> lines_;
    std::vector<std::uint32_t> scratch_;  // bucket of each record, or a permutation
};

}  // namespace mosaic
