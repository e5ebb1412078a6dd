#pragma once
// size_mirror: a copy of a vector's size kept next to it, so a bounds test on a hot path
// (world::get: is the type id, the page, the entity slot in range?) is one compare with a
// member instead of loading two pointers, subtracting and shifting. The owner sets it after
// every change of the vector's size. Moving it leaves 0 behind, as moving a vector leaves
// it empty, so a moved-from owner stays safe to ask.

#include <cstddef>
#include <utility>

namespace mosaic::detail {

template <class Size = std::size_t>
class size_mirror {
public:
    size_mirror() = default;
    size_mirror(const size_mirror&) = default;
    size_mirror& operator=(const size_mirror&) = default;
    size_mirror(size_mirror&& other) noexcept : value_(std::exchange(other.value_, Size{0})) {}
    size_mirror& operator=(size_mirror&& other) noexcept {
        value_ = std::exchange(other.value_, Size{0});
        return *this;
    }

    template <class Container>
    void follow(const Container& container) noexcept {
        value_ = static_cast<Size>(container.size());
    }
    [[nodiscard]] Size get() const noexcept { return value_; }

private:
    Size value_ = 0;
};

}  // namespace mosaic::detail
