#include "mosaic/engine/physics/broad_phase.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include <glm/common.hpp>

namespace mosaic {

namespace {

// A box covering more cells than this is compared with everything instead of being filed
// under each cell (one huge wall must not fill the grid).
constexpr std::int64_t max_cells_per_box = 16;
// Cell coordinates beyond this are treated as oversized too, so they fit in int32.
constexpr double max_cell_coordinate = 1e9;

bool finite(const aabb& b) noexcept {
    return std::isfinite(b.min.x) && std::isfinite(b.min.y) && std::isfinite(b.max.x) &&
           std::isfinite(b.max.y) && b.min.x <= b.max.x && b.min.y <= b.max.y;
}

std::uint32_t bucket_of(std::int32_t cx, std::int32_t cy, std::uint32_t mask) noexcept {
    const auto x = static_cast<std::uint32_t>(cx) * 73856093u;
    const auto y = static_cast<std::uint32_t>(cy) * 19349663u;
    return (x ^ y) & mask;
}

std::int32_t cell_coordinate(float value, float cell) noexcept {
    return static_cast<std::int32_t>(std::floor(static_cast<double>(value) / cell));
}

}  // namespace

void grid_broad_phase::order_crowded_bucket(std::uint32_t begin, std::uint32_t end) {
    const auto first = sorted_.begin() + begin;
    const auto last = sorted_.begin() + end;
    std::sort(first, last, [](const entry& l, const entry& r) {
        return l.cx != r.cx ? l.cx < r.cx : l.cy != r.cy ? l.cy < r.cy : l.box < r.box;
    });
    for (auto cell_begin = first, cell_end = first; cell_begin != last; cell_begin = cell_end) {
        while (cell_end != last && cell_end->cx == cell_begin->cx && cell_end->cy == cell_begin->cy)
            ++cell_end;
        const int axis = sweep_axis(std::span(cell_begin, cell_end));
        std::sort(cell_begin, cell_end, [&](const entry& l, const entry& r) {
            const float lm = l.bounds.min[axis];
            const float rm = r.bounds.min[axis];
            return lm != rm ? lm < rm : l.box < r.box;
        });
    }
}

int grid_broad_phase::sweep_axis(std::span<const entry> cell) const noexcept {
    // The axis along which the boxes' low corners spread most: boxes in a column are swept
    // along y, in a row along x.
    glm::vec2 low = cell.front().bounds.min;
    glm::vec2 high = low;
    for (const entry& e : cell) {
        low = glm::min(low, e.bounds.min);
        high = glm::max(high, e.bounds.min);
    }
    return high.y - low.y > high.x - low.x ? 1 : 0;
}

void grid_broad_phase::pairs(std::span<const aabb> boxes, std::vector<index_pair>& out) {
    run(boxes, {}, false, out);
}

void grid_broad_phase::pairs_between(std::span<const aabb> a, std::span<const aabb> b,
                                     std::vector<index_pair>& out) {
    run(a, b, true, out);
}

void grid_broad_phase::run(std::span<const aabb> a, std::span<const aabb> b, bool between,
                           std::vector<index_pair>& out) {
    out.clear();
    stats_ = {};
    const auto first_b = static_cast<std::uint32_t>(a.size());
    boxes_.assign(a.begin(), a.end());
    boxes_.insert(boxes_.end(), b.begin(), b.end());
    const auto count = static_cast<std::uint32_t>(boxes_.size());
    if (count < 2) return;

    // Cell size: twice the average extent keeps most boxes in one to four cells.
    cell_ = fixed_cell_;
    if (!(cell_ > 0.0f)) {
        double extent = 0.0;
        std::uint32_t measured = 0;
        for (const aabb& box : boxes_) {
            if (!finite(box)) continue;
            extent += std::max(box.max.x - box.min.x, box.max.y - box.min.y);
            ++measured;
        }
        cell_ = measured ? static_cast<float>(2.0 * extent / measured) : 1.0f;
        if (!(cell_ > 1e-4f) || !std::isfinite(cell_)) cell_ = 1.0f;
    }

    entries_.clear();
    oversized_.clear();
    for (std::uint32_t i = 0; i < count; ++i) {
        const aabb& box = boxes_[i];
        if (!finite(box)) continue;  // NaN positions never collide
        const double lo_x = std::floor(box.min.x / static_cast<double>(cell_));
        const double lo_y = std::floor(box.min.y / static_cast<double>(cell_));
        const double hi_x = std::floor(box.max.x / static_cast<double>(cell_));
        const double hi_y = std::floor(box.max.y / static_cast<double>(cell_));
        const bool far = std::max({std::abs(lo_x), std::abs(lo_y), std::abs(hi_x),
                                   std::abs(hi_y)}) > max_cell_coordinate;
        if (far || (hi_x - lo_x + 1) * (hi_y - lo_y + 1) > max_cells_per_box) {
            oversized_.push_back(i);
            continue;
        }
        for (auto cy = static_cast<std::int32_t>(lo_y); cy <= static_cast<std::int32_t>(hi_y);
             ++cy) {
            for (auto cx = static_cast<std::int32_t>(lo_x); cx <= static_cast<std::int32_t>(hi_x);
                 ++cx) {
                entries_.push_back({cx, cy, i, box});
            }
        }
    }

    // Counting sort of the entries into hash buckets.
    std::uint32_t buckets = 1;
    while (buckets < entries_.size()) buckets *= 2;
    const std::uint32_t mask = buckets - 1;
    bucket_start_.assign(buckets + 1, 0);
    for (const entry& e : entries_) ++bucket_start_[bucket_of(e.cx, e.cy, mask) + 1];
    for (std::uint32_t k = 0; k < buckets; ++k) bucket_start_[k + 1] += bucket_start_[k];
    sorted_.resize(entries_.size());
    {
        std::vector<std::uint32_t>& next = bucket_start_;  // advanced while filling, then restored
        for (const entry& e : entries_) sorted_[next[bucket_of(e.cx, e.cy, mask)]++] = e;
        for (std::uint32_t k = buckets; k > 0; --k) next[k] = next[k - 1];
        next[0] = 0;
    }

    const auto emit = [&](std::uint32_t i, std::uint32_t j) {
        if (between) {
            if (i > j) std::swap(i, j);  // i in a, j in b
            out.push_back({i, j - first_b});
        } else {
            out.push_back({std::min(i, j), std::max(i, j)});
        }
    };
    const auto in_b = [&](std::uint32_t i) { return i >= first_b; };

    // Tests boxes i and j, found together in `cell` (null: an oversized box, no cell) and
    // reports them if they overlap; false when a limit stops the query.
    // Locals, not members: the compiler keeps them in registers across out.push_back.
    const std::size_t max_tests = limits_.max_tests;
    const std::size_t max_pairs = limits_.max_pairs;
    const std::uint32_t max_cell_population = limits_.max_cell_population;
    std::size_t tests = 0;
    // Inlined everywhere: with the sweeps calling it too, GCC stopped inlining it into the
    // common small-cell loop, which cost 13% on evenly spread boxes.
    const auto test = [&](std::uint32_t i, const aabb& bi, std::uint32_t j, const aabb& bj,
                          const entry* cell) __attribute__((always_inline)) {
        if (between && in_b(i) == in_b(j)) return true;
        if (tests == max_tests) return false;
        ++tests;
        if (!overlaps(bi, bj)) return true;
        // Report the pair only in the cell holding its intersection's low corner.
        if (cell && (cell_coordinate(std::max(bi.min.x, bj.min.x), cell_) != cell->cx ||
                     cell_coordinate(std::max(bi.min.y, bj.min.y), cell_) != cell->cy)) {
            return true;
        }
        if (out.size() == max_pairs) return false;
        emit(i, j);
        return true;
    };

    // Sweeps: `list` (sorted along `axis`) against itself, and two sorted lists against each
    // other; only boxes that reach each other along the axis are tested.
    const auto sweep_within = [&](std::span<const entry> list, const entry& cell, int axis) {
        for (std::size_t p = 0; p < list.size(); ++p) {
            const float reach = list[p].bounds.max[axis];
            for (std::size_t q = p + 1; q < list.size(); ++q) {
                if (list[q].bounds.min[axis] > reach) break;
                if (!test(list[p].box, list[p].bounds, list[q].box, list[q].bounds, &cell))
                    return false;
            }
        }
        return true;
    };
    const auto sweep_across = [&](std::span<const entry> a, std::span<const entry> b,
                                  const entry& cell, int axis) {
        std::size_t i = 0, j = 0;
        while (i < a.size() && j < b.size()) {
            const aabb& ai = a[i].bounds;
            const aabb& bj = b[j].bounds;
            if (ai.min[axis] <= bj.min[axis]) {
                for (std::size_t k = j; k < b.size() && b[k].bounds.min[axis] <= ai.max[axis];
                     ++k) {
                    if (!test(a[i].box, ai, b[k].box, b[k].bounds, &cell)) return false;
                }
                ++i;
            } else {
                for (std::size_t k = i; k < a.size() && a[k].bounds.min[axis] <= bj.max[axis];
                     ++k) {
                    if (!test(b[j].box, bj, a[k].box, a[k].bounds, &cell)) return false;
                }
                ++j;
            }
        }
        return true;
    };

    // A crowded bucket: each of its cells sorted along its wider axis and swept, so boxes
    // far apart on that axis are never tested (all-pairs in a cell of 100,000 would hang).
    // A cell reports only the pairs whose intersection's low corner it holds: two boxes that
    // both start left of it (or both below it) report elsewhere. So its boxes are split by
    // where they start (0: inside, 1: left, 2: below, 3: left and below) and only the classes
    // that can meet here are swept: 0 with every class, 1 with 2. A cell whose boxes all
    // start left and below (the neighbours of a pile) then costs nothing.
    const auto sweep = [&](std::uint32_t begin, std::uint32_t end) __attribute__((noinline)) {
        order_crowded_bucket(begin, end);
        for (std::uint32_t cell_begin = begin, cell_end = begin; cell_begin < end;
             cell_begin = cell_end) {
            const entry cell = sorted_[cell_begin];
            while (cell_end < end && sorted_[cell_end].cx == cell.cx &&
                   sorted_[cell_end].cy == cell.cy) {
                ++cell_end;
            }
            if (cell_end - cell_begin > max_cell_population) ++stats_.swept_cells;
            const std::span<const entry> members =
                std::span(sorted_).subspan(cell_begin, cell_end - cell_begin);
            const int axis = sweep_axis(members);
            const auto class_of = [&](const entry& e) {
                const aabb& b = e.bounds;
                return (cell_coordinate(b.min.x, cell_) < cell.cx ? 1 : 0) +
                       (cell_coordinate(b.min.y, cell_) < cell.cy ? 2 : 0);
            };
            std::array<std::size_t, 5> start{};  // a stable counting sort by class
            for (const entry& e : members) ++start[static_cast<std::size_t>(class_of(e)) + 1];
            for (std::size_t c = 0; c < 4; ++c) start[c + 1] += start[c];
            crowd_.resize(members.size());
            std::array<std::size_t, 4> next{start[0], start[1], start[2], start[3]};
            for (const entry& e : members)
                crowd_[next[static_cast<std::size_t>(class_of(e))]++] = e;
            const auto group = [&](std::size_t c) {
                return std::span<const entry>(crowd_).subspan(start[c], start[c + 1] - start[c]);
            };
            if (!sweep_within(group(0), cell, axis) ||
                !sweep_across(group(0), group(1), cell, axis) ||
                !sweep_across(group(0), group(2), cell, axis) ||
                !sweep_across(group(0), group(3), cell, axis) ||
                !sweep_across(group(1), group(2), cell, axis)) {
                return false;
            }
        }
        return true;
    };

    const bool complete = [&] {
        for (std::uint32_t k = 0; k < buckets; ++k) {
            const std::uint32_t begin = bucket_start_[k];
            const std::uint32_t end = bucket_start_[k + 1];
            if (end - begin > max_cell_population) {
                if (!sweep(begin, end)) return false;
                continue;
            }
            for (std::uint32_t p = begin; p < end; ++p) {
                const entry& ep = sorted_[p];
                for (std::uint32_t q = p + 1; q < end; ++q) {
                    const entry& eq = sorted_[q];
                    if (eq.cx != ep.cx || eq.cy != ep.cy) continue;  // another cell, same bucket
                    if (!test(ep.box, ep.bounds, eq.box, eq.bounds, &ep)) return false;
                }
            }
        }

        // Oversized boxes against everything (each oversized pair once).
        if (!oversized_.empty()) {
            is_oversized_.assign(count, 0);
            for (const std::uint32_t o : oversized_) is_oversized_[o] = 1;
        }
        for (const std::uint32_t o : oversized_) {
            for (std::uint32_t i = 0; i < count; ++i) {
                if (i == o || (is_oversized_[i] && i < o) || !finite(boxes_[i])) continue;
                if (!test(o, boxes_[o], i, boxes_[i], nullptr)) return false;
            }
        }
        return true;
    }();
    stats_.truncated = !complete;
    stats_.tests = tests;
    stats_.pairs = out.size();

    std::sort(out.begin(), out.end());
}

void brute_force_pairs(std::span<const aabb> boxes, std::vector<index_pair>& out) {
    out.clear();
    const auto n = static_cast<std::uint32_t>(boxes.size());
    for (std::uint32_t i = 0; i < n; ++i) {
        if (!finite(boxes[i])) continue;
        for (std::uint32_t j = i + 1; j < n; ++j) {
            if (finite(boxes[j]) && overlaps(boxes[i], boxes[j])) out.push_back({i, j});
        }
    }
}

void brute_force_pairs_between(std::span<const aabb> a, std::span<const aabb> b,
                               std::vector<index_pair>& out) {
    out.clear();
    for (std::uint32_t i = 0; i < a.size(); ++i) {
        if (!finite(a[i])) continue;
        for (std::uint32_t j = 0; j < b.size(); ++j) {
            if (finite(b[j]) && overlaps(a[i], b[j])) out.push_back({i, j});
        }
    }
}

}  // namespace mosaic
