#pragma once
// Broad phase: which axis-aligned boxes overlap, without testing every pair.
//
// A uniform grid: each box is filed under every cell it covers (cells hashed into buckets by
// a counting sort, no per-box allocation), and only boxes sharing a cell are compared. A pair
// that shares several cells is reported once, by the cell holding the low corner of the
// boxes' intersection. Boxes far bigger than a cell go to an "oversized" list compared with
// everything. Results are sorted, so the output does not depend on hashing or threads.
//
// Degenerate input stays bounded (broad_phase_limits): a cell holding more than
// `max_cell_population` boxes (100,000 sprites in one point) is swept along its wider axis
// instead of compared pair by pair, and a query stops after `max_pairs` pairs or `max_tests`
// box tests. A stopped query is `truncated` (last_stats()): the pairs it reports are real,
// sorted and the same on every run, but some overlapping pairs are missing.
//
// Two forms: pairs within one collection (everything against everything), and pairs between
// two collections (bullets against players) which never compares two bullets.

#include <cstddef>
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
    // NOLINTNEXTLINE(modernize-use-nullptr): as in entity.hpp, no pointer in a defaulted <=>.
    friend auto operator<=>(const index_pair&, const index_pair&) = default;
};

/// What one query may cost at most, so no input makes it hang or allocate without bound.
struct broad_phase_limits {
    /// Pairs reported per query (8 bytes each); beyond it the query stops, truncated.
    std::size_t max_pairs = std::size_t{1} << 20;
    /// Box-against-box tests per query (about 0.15 s optimised); beyond it the query stops.
    std::size_t max_tests = std::size_t{1} << 25;
    /// A cell holding more boxes than this is swept along an axis, not tested pair by pair.
    std::uint32_t max_cell_population = 32;
};

/// What the last query did.
struct broad_phase_stats {
    std::size_t pairs = 0;        // reported
    std::size_t tests = 0;        // box-against-box tests made
    std::size_t swept_cells = 0;  // cells over max_cell_population
    bool truncated = false;       // stopped at max_pairs or max_tests: pairs may be missing
};

class grid_broad_phase {
public:
    /// `cell_size` in world units; 0 picks twice the average box extent of each query.
    explicit grid_broad_phase(float cell_size = 0.0f, broad_phase_limits limits = {}) noexcept
        : fixed_cell_(cell_size), limits_(limits) {}

    void set_limits(const broad_phase_limits& limits) noexcept { limits_ = limits; }
    [[nodiscard]] const broad_phase_limits& limits() const noexcept { return limits_; }
    [[nodiscard]] const broad_phase_stats& last_stats() const noexcept { return stats_; }

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
        aabb bounds;        // boxes_[box], beside it: the pair tests read the entries in order
    };
    void run(std::span<const aabb> a, std::span<const aabb> b, bool between,
             std::vector<index_pair>& out);
    /// Sorts the crowded bucket [begin, end) of sorted_ by cell, then each cell along its
    /// wider axis (by box index on ties), so it can be swept.
    void order_crowded_bucket(std::uint32_t begin, std::uint32_t end);
    /// 0 (x) or 1 (y): the axis along which the cell's boxes spread most.
    [[nodiscard]] int sweep_axis(std::span<const entry> cell) const noexcept;

    float fixed_cell_;
    broad_phase_limits limits_;
    broad_phase_stats stats_;
    float cell_ = 1.0f;
    std::vector<aabb> boxes_;  // a then b
    std::vector<entry> entries_;
    std::vector<entry> sorted_;
    std::vector<std::uint32_t> bucket_start_;
    std::vector<std::uint32_t> oversized_;
    std::vector<std::uint8_t> is_oversized_;
    std::vector<entry> crowd_;  // one crowded cell's boxes, by class
};

/// Every pair tested: the reference the grid is checked against, and the benchmark baseline.
void brute_force_pairs(std::span<const aabb> boxes, std::vector<index_pair>& out);
void brute_force_pairs_between(std::span<const aabb> a, std::span<const aabb> b,
                               std::vector<index_pair>& out);

}  // namespace mosaic
