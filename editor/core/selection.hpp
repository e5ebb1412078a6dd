#pragma once
// selection: the entities selected in the editor, Unity-style. A click selects one, Ctrl+click
// toggles one, Shift+click selects the range between the anchor and the clicked row (the
// hierarchy passes its visible rows, since 1.86 has no multi-select API). The last clicked is
// the "active" entity the inspector titles.

#include <span>
#include <vector>

#include <mosaic/ecs/entity.hpp>
#include <mosaic/ecs/world.hpp>

namespace mosaic::editor {

class selection {
public:
    [[nodiscard]] bool empty() const noexcept { return items_.empty(); }
    [[nodiscard]] std::size_t size() const noexcept { return items_.size(); }
    [[nodiscard]] bool contains(entity e) const noexcept;
    /// In the order they were selected.
    [[nodiscard]] std::span<const entity> items() const noexcept { return items_; }
    /// The last clicked (null when empty).
    [[nodiscard]] entity active() const noexcept {
        return items_.empty() ? null_entity : items_.back();
    }

    /// Plain click: only `e`.
    void select(entity e);
    /// Ctrl+click: adds or removes `e`.
    void toggle(entity e);
    /// Shift+click: everything in `rows` between the anchor (the last plain or Ctrl click) and
    /// `e`, inclusive. Without an anchor in `rows`, a plain select.
    void select_range(entity e, std::span<const entity> rows);
    void add(entity e);
    void set(std::span<const entity> entities);
    void clear() noexcept;
    /// Drops entities that are no longer alive (after undo, stop, load).
    void prune(const world& w);

private:
    std::vector<entity> items_;
    entity anchor_ = null_entity;
};

}  // namespace mosaic::editor
