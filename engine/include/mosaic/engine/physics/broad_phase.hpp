#pragma once
// Broad phase: which axis-aligned boxes overlap, without testing every pair.
//
// A uniform grid: each box is filed under every cell it covers (cells hashed into buckets by
// a counting sort, no per-box allocation), and only boxes sharing a cell are compared. A pair
// that shares several cells is reported once, by the cell holding the low corner of the
// boxes' intersection. Boxes far bigger than a cell go to an "oversized" list compared with
// everything. Results are sorted, so the output does not depend on hashing or threads.
//
// Two forms: pairs within one collection (everything against everything), and pairs between
// two collections (bullets against players) which never compares two bullets.

#include <cstdint>
#include <span>
#include <vector>

#include "../math.hpp"

namespace mosaic {

struct aabb {
    glm::vec2 min{0.0f, 0.0f};
    glm::vec2 max{0.0f, 0.0f};
};

[[nodiscard]] inline bool overlaps(const aabb& a, const aabb& b) noexcept {
    return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y;
}

struct index_pair {
    std::uint32_t first = 0;
    std::uint32_t second = 0;
    friend bool operator==(const index_pair&, const index_pair&) = default;
    friend auto operator<=>(const index_pair&, const index_pair&) = default;
};

class grid_broad_phase {
public:
    /// `cell_size` in world units; 0 picks twice the average box extent of each query.
    explicit grid_broad_phase(float cell_size = 0.0f) noexcept : fixed_cell_(cell_size) {}

    /// Overlapping pairs {i, j}, i < j, of `boxes`; sorted; replaces `out`'s contents.
    void pairs(std::span<const aabb> boxes, std::vector<index_pair>& out);
    /// Overlapping pairs {i in a, j in b}; sorted; replaces `out`'s contents.
    void pairs_between(std::span<const aabb> a, std::span<const aabb> b,
                       std::vector<index_pair>& out);

    /// The cell size the last query used.
    [[nodiscard]] float cell_size() const noexcept { return cell_; }

private:
    struct entry {
        std::int32_t cx, cy;
        std::uint32_t box;  // index into the combined a+b range
    };
    void run(std::span<const aabb> a, std::span<const aabb> b, bool between,
             std::vector<index_pair>& out);

    float fixed_cell_;
    float cell_ = 1.0f;
    std::vector<aabb> boxes_;  // a then b
    std::vector<entry> entries_;
    std::vector<entry> sorted_;
    std::vector<std::uint32_t> bucket_start_;
    std::vector<std::uint32_t> oversized_;
};

/// Every pair tested: the reference the grid is checked against, and the benchmark baseline.
void brute_force_pairs(std::span<const aabb> boxes, std::vector<index_pair>& out);
void brute_force_pairs_between(std::span<const aabb> a, std::span<const aabb> b,
                               std::vector<index_pair>& out);

}  // namespace mosaic
