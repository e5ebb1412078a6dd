#include "mosaic/engine/physics/broad_phase.hpp"

#include <algorithm>
#include <cmath>

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
                entries_.push_back({cx, cy, i});
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

    for (std::uint32_t k = 0; k < buckets; ++k) {
        const std::uint32_t begin = bucket_start_[k];
        const std::uint32_t end = bucket_start_[k + 1];
        for (std::uint32_t p = begin; p < end; ++p) {
            const entry& ep = sorted_[p];
            const aabb& bp = boxes_[ep.box];
            for (std::uint32_t q = p + 1; q < end; ++q) {
                const entry& eq = sorted_[q];
                if (eq.cx != ep.cx || eq.cy != ep.cy) continue;  // another cell, same bucket
                if (between && in_b(ep.box) == in_b(eq.box)) continue;
                const aabb& bq = boxes_[eq.box];
                if (!overlaps(bp, bq)) continue;
                // Report the pair only in the cell holding its intersection's low corner.
                if (cell_coordinate(std::max(bp.min.x, bq.min.x), cell_) != ep.cx ||
                    cell_coordinate(std::max(bp.min.y, bq.min.y), cell_) != ep.cy) {
                    continue;
                }
                emit(ep.box, eq.box);
            }
        }
    }

    // Oversized boxes against everything (each oversized pair once).
    std::vector<bool> is_oversized;
    if (!oversized_.empty()) {
        is_oversized.assign(count, false);
        for (const std::uint32_t o : oversized_) is_oversized[o] = true;
    }
    for (const std::uint32_t o : oversized_) {
        for (std::uint32_t i = 0; i < count; ++i) {
            if (i == o || (is_oversized[i] && i < o)) continue;
            if (between && in_b(i) == in_b(o)) continue;
            if (!finite(boxes_[i]) || !overlaps(boxes_[o], boxes_[i])) continue;
            emit(o, i);
        }
    }

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
