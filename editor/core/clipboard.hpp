#pragma once
// clipboard: the component values Edit > Copy (or the Inspector's "Copy values") copied, which
// Paste writes into another entity's component of the same type.

#include <cstddef>
#include <vector>

#include <mosaic/ecs/fwd.hpp>

namespace mosaic::editor {

/// Copied component values (Edit > Copy / the inspector's "Copy values").
struct component_clipboard {
    type_id type = invalid_type_id;
    std::vector<std::byte> bytes;
};

}  // namespace mosaic::editor
