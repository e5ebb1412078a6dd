#include "mosaic/ecs/sparse_set.hpp"

#include <algorithm>

namespace mosaic {

std::uint32_t* sparse_set::assure_page(std::size_t page) {
    if (page >= pages_.size()) pages_.resize(page + 1);
    if (!pages_[page]) {
        pages_[page] = std::make_unique_for_overwrite<std::uint32_t[]>(page_size);
        std::fill_n(pages_[page].get(), page_size, absent);
    }
    return pages_[page].get();
}

std::uint32_t sparse_set::push_index(entity_index index) {
    std::uint32_t* page = assure_page(index >> page_bits);
    const auto pos = static_cast<std::uint32_t>(packed_.size());
    packed_.push_back(index);
    page[index & (page_size - 1)] = pos;
    return pos;
}

void sparse_set::copy_index_from(const sparse_set& other) {
    packed_ = other.packed_;
    enabled_ = other.enabled_;
    pages_.clear();
    pages_.resize(other.pages_.size());
    for (std::size_t i = 0; i < other.pages_.size(); ++i) {
        if (!other.pages_[i]) continue;
        pages_[i] = std::make_unique_for_overwrite<std::uint32_t[]>(page_size);
        std::copy_n(other.pages_[i].get(), page_size, pages_[i].get());
    }
}

void sparse_set::clear_indices() noexcept {
    for (const entity_index index : packed_) sparse_ref(index) = absent;
    packed_.clear();
    enabled_ = 0;
}

std::size_t sparse_set::index_memory_bytes() const noexcept {
    std::size_t bytes = packed_.capacity() * sizeof(entity_index) +
                        pages_.capacity() * sizeof(std::unique_ptr<std::uint32_t[]>);
    for (const auto& page : pages_) {
        if (page) bytes += page_size * sizeof(std::uint32_t);
    }
    return bytes;
}

}  // namespace mosaic
