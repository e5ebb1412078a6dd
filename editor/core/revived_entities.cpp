#include "revived_entities.hpp"

#include <algorithm>

#include <mosaic/engine/hierarchy.hpp>

namespace mosaic::editor {

revived_entities::revived_entities(const world& w) {
    before_.reserve(w.size());
    w.each([&](entity e) { before_.push_back(e.to_bits()); });
    std::sort(before_.begin(), before_.end());
}

std::vector<entity> revived_entities::roots(const world& w) const {
    std::vector<entity> back;
    w.each([&](entity e) {
        if (!std::binary_search(before_.begin(), before_.end(), e.to_bits())) back.push_back(e);
    });
    std::vector<entity> tops;
    for (const entity e : back) {
        const entity parent = parent_of(w, e);
        if (std::find(back.begin(), back.end(), parent) == back.end()) tops.push_back(e);
    }
    return tops;
}

}  // namespace mosaic::editor
