#include "selection.hpp"

#include <algorithm>

namespace mosaic::editor {

bool selection::contains(entity e) const noexcept {
    return std::find(items_.begin(), items_.end(), e) != items_.end();
}

void selection::select(entity e) {
    items_.clear();
    if (!e.is_null()) items_.push_back(e);
    anchor_ = e;
}

void selection::toggle(entity e) {
    if (e.is_null()) return;
    const auto it = std::find(items_.begin(), items_.end(), e);
    if (it != items_.end()) {
        items_.erase(it);
    } else {
        items_.push_back(e);
    }
    anchor_ = e;
}

void selection::select_range(entity e, std::span<const entity> rows) {
    const auto from = std::find(rows.begin(), rows.end(), anchor_);
    const auto to = std::find(rows.begin(), rows.end(), e);
    if (anchor_.is_null() || from == rows.end() || to == rows.end()) {
        select(e);
        return;
    }
    const entity anchor = anchor_;
    items_.clear();
    const auto [first, last] = std::minmax(from, to);
    for (auto it = first; it <= last; ++it) items_.push_back(*it);
    // The clicked row is the active one; the anchor stays for the next Shift+click.
    const auto clicked = std::find(items_.begin(), items_.end(), e);
    std::rotate(clicked, clicked + 1, items_.end());
    anchor_ = anchor;
}

void selection::add(entity e) {
    if (!e.is_null() && !contains(e)) items_.push_back(e);
}

void selection::set(std::span<const entity> entities) {
    items_.clear();
    for (const entity e : entities) add(e);
    anchor_ = items_.empty() ? null_entity : items_.back();
}

void selection::clear() noexcept {
    items_.clear();
    anchor_ = null_entity;
}

void selection::prune(const world& w) {
    std::erase_if(items_, [&](entity e) { return !w.alive(e); });
    if (!anchor_.is_null() && !w.alive(anchor_)) anchor_ = null_entity;
}

}  // namespace mosaic::editor
