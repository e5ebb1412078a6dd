#include "hierarchy_placement.hpp"

#include <algorithm>
#include <unordered_set>

namespace mosaic::editor {

void hierarchy_placement::place_below(entity copy, entity original) {
    below_[copy.to_bits()] = {original, next_sequence_++};
}

void hierarchy_placement::order(std::vector<entity>& siblings) const {
    if (below_.empty() || siblings.size() < 2) return;
    std::unordered_set<std::uint64_t> present;
    present.reserve(siblings.size());
    for (const entity e : siblings) present.insert(e.to_bits());

    struct follower {
        entity e;
        std::uint64_t sequence;
    };
    std::unordered_map<std::uint64_t, std::vector<follower>> followers;  // by original's bits
    std::vector<entity> tops;
    tops.reserve(siblings.size());
    for (const entity e : siblings) {
        const auto it = below_.find(e.to_bits());
        if (it != below_.end() && it->second.original != e &&
            present.contains(it->second.original.to_bits())) {
            followers[it->second.original.to_bits()].push_back({e, it->second.sequence});
        } else {
            tops.push_back(e);
        }
    }
    if (followers.empty()) return;
    // Oldest first on the stack, so that the newest copy comes out right after its original.
    for (auto& [bits, list] : followers) {
        std::sort(list.begin(), list.end(),
                  [](const follower& a, const follower& b) { return a.sequence < b.sequence; });
    }
    std::vector<entity> ordered;
    ordered.reserve(siblings.size());
    std::vector<entity> stack;  // depth-first without recursion: copies of copies can chain
    for (const entity top : tops) {
        stack.push_back(top);
        while (!stack.empty()) {
            const entity e = stack.back();
            stack.pop_back();
            ordered.push_back(e);
            const auto it = followers.find(e.to_bits());
            if (it == followers.end()) continue;
            for (const follower& f : it->second) stack.push_back(f.e);
        }
    }
    // A copy whose chain of originals loops back (not made by Duplicate) keeps its place.
    if (ordered.size() != siblings.size()) return;
    siblings = std::move(ordered);
}

}  // namespace mosaic::editor
