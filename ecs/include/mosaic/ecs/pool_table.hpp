#pragma once
// pool_table: a world's component pools, by type id; it owns them.
//
// world::get<T>(e) finds T's pool here on every call, so the lookup is kept short: the first
// `inline_count` ids (the types a program uses first, which are the ones its systems use
// every frame) sit in an array inside the table, where finding a pool is one load with no
// bounds or size to read first. Later ids go to a vector. A lookup through the world at 1M
// entities is bound by how many lookups the CPU keeps in flight, and every instruction on
// the path counts (see tests/bench/README.md).

#include <array>
#include <cstddef>
#include <memory>
#include <vector>

#include "fwd.hpp"
#include "sparse_set.hpp"

namespace mosaic {

class pool_table {
public:
    static constexpr std::size_t inline_count = 64;

    /// The pool of `id`, or nullptr (also for invalid_type_id).
    [[nodiscard]] sparse_set* find(type_id id) const noexcept {
        if (id < inline_count) [[likely]]
            return first_[id].get();
        const std::size_t at = id - inline_count;
        return at < rest_.size() ? rest_[at].get() : nullptr;
    }

    /// Puts `pool` at `id` (replacing any pool there) and returns it.
    sparse_set& install(type_id id, std::unique_ptr<sparse_set> pool) {
        std::unique_ptr<sparse_set>& place = slot(id);
        place = std::move(pool);
        if (id >= id_limit_) id_limit_ = std::size_t{id} + 1;
        return *place;
    }

    /// Takes the pool at `id` out of the table (nullptr when there is none).
    std::unique_ptr<sparse_set> uninstall(type_id id) noexcept {
        if (id >= id_limit_) return nullptr;
        std::unique_ptr<sparse_set>& place =
            id < inline_count ? first_[id] : rest_[id - inline_count];
        std::unique_ptr<sparse_set> pool = std::move(place);
        while (id_limit_ > 0 && !find(static_cast<type_id>(id_limit_ - 1))) --id_limit_;
        return pool;
    }

    /// One past the largest id that holds a pool: loops over every pool by id go up to here
    /// (world::destroy, on every call: a world using few types pays for few).
    [[nodiscard]] std::size_t id_limit() const noexcept { return id_limit_; }

    /// f(sparse_set&) for every pool, in type id order.
    template <class F>
    void each(F&& f) const {
        for (std::size_t id = 0; id < id_limit_; ++id) {
            if (sparse_set* pool = find(static_cast<type_id>(id))) f(*pool);
        }
    }

    /// Bytes the table itself holds (not the pools).
    [[nodiscard]] std::size_t memory_bytes() const noexcept {
        return sizeof(first_) + rest_.capacity() * sizeof(rest_[0]);
    }

private:
    std::unique_ptr<sparse_set>& slot(type_id id) {
        if (id < inline_count) return first_[id];
        const std::size_t at = id - inline_count;
        if (at >= rest_.size()) rest_.resize(at + 1);
        return rest_[at];
    }

    std::array<std::unique_ptr<sparse_set>, inline_count> first_{};
    std::vector<std::unique_ptr<sparse_set>> rest_;
    std::size_t id_limit_ = 0;
};

}  // namespace mosaic
