#pragma once
// Internal: the byte-level pieces of the binary scene format (scene_binary.hpp).
//
//   byte_writer       assembles little-endian values in memory (an entity record, a
//                     component's field data) so the archive gets one binary_data block
//                     instead of one call per number
//   byte_cursor       reads little-endian values back out of such a block, with bounds checks
//   memory_streambuf  a read-only std::streambuf over the caller's bytes (no copy), which
//                     also tells the reader its byte offset
//
// The encoding is the one cereal's portable binary archive uses for little-endian output:
// each arithmetic value as its bytes, least significant first.

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <streambuf>
#include <string_view>
#include <type_traits>
#include <vector>

namespace mosaic::detail {

template <class T>
inline void store_le(std::uint8_t* to, T value) noexcept {
    static_assert(std::is_arithmetic_v<T>);
    std::memcpy(to, &value, sizeof(T));
    if constexpr (std::endian::native == std::endian::big) {
        for (std::size_t i = 0; i < sizeof(T) / 2; ++i) std::swap(to[i], to[sizeof(T) - 1 - i]);
    }
}

template <class T>
[[nodiscard]] inline T load_le(const std::uint8_t* from) noexcept {
    static_assert(std::is_arithmetic_v<T>);
    T value;
    if constexpr (std::endian::native == std::endian::big) {
        std::uint8_t bytes[sizeof(T)];
        for (std::size_t i = 0; i < sizeof(T); ++i) bytes[i] = from[sizeof(T) - 1 - i];
        std::memcpy(&value, bytes, sizeof(T));
    } else {
        std::memcpy(&value, from, sizeof(T));
    }
    return value;
}

/// Copies `bytes` bytes of numbers of `unit` bytes each between memory and little-endian.
inline void copy_le(void* to, const void* from, std::size_t bytes, std::size_t unit) noexcept {
    std::memcpy(to, from, bytes);
    if constexpr (std::endian::native == std::endian::big) {
        auto* at = static_cast<std::uint8_t*>(to);
        for (std::size_t n = 0; n < bytes; n += unit, at += unit) {
            for (std::size_t i = 0; i < unit / 2; ++i) std::swap(at[i], at[unit - 1 - i]);
        }
    }
}

class byte_writer {
public:
    void clear() noexcept { size_ = 0; }
    [[nodiscard]] const std::uint8_t* data() const noexcept { return bytes_.get(); }
    [[nodiscard]] std::size_t size() const noexcept { return size_; }

    template <class T>
    void put(T value) {
        store_le(grow(sizeof(T)), value);
    }
    void put_bytes(const void* data, std::size_t n) {
        if (n > 0) std::memcpy(grow(n), data, n);
    }
    /// `bytes` bytes of numbers of `unit` bytes each, from memory.
    void put_numbers(const void* data, std::size_t bytes, std::size_t unit) {
        if (bytes > 0) copy_le(grow(bytes), data, bytes, unit);
    }
    /// `count` floats or doubles, from memory. Every NaN is written as the one NaN the JSON
    /// form can hold, so that both formats have the same content.
    template <class F>
    void put_reals(const void* data, std::size_t count) {
        static_assert(std::is_floating_point_v<F>);
        std::uint8_t* to = grow(count * sizeof(F));
        copy_le(to, data, count * sizeof(F), sizeof(F));
        const auto* from = static_cast<const std::uint8_t*>(data);
        for (std::size_t i = 0; i < count; ++i) {
            F value;
            std::memcpy(&value, from + i * sizeof(F), sizeof(F));
            if (std::isnan(value)) [[unlikely]] {
                store_le(to + i * sizeof(F), std::numeric_limits<F>::quiet_NaN());
            }
        }
    }
    /// A u32 byte length, then the bytes.
    void put_string(std::string_view text) {
        put(static_cast<std::uint32_t>(text.size()));
        put_bytes(text.data(), text.size());
    }
    /// Overwrites a u32 written earlier at byte `at` (a count known only afterwards).
    void patch_u32(std::size_t at, std::uint32_t value) noexcept {
        store_le(bytes_.get() + at, value);
    }

private:
    std::uint8_t* grow(std::size_t n) {
        if (n > capacity_ - size_) reserve(size_ + n);
        std::uint8_t* at = bytes_.get() + size_;
        size_ += n;
        return at;
    }
    void reserve(std::size_t needed) {
        // Grown by hand: std::vector would zero every byte before it is written.
        const std::size_t capacity = std::max(needed, std::max<std::size_t>(capacity_ * 2, 4096));
        auto bytes = std::make_unique_for_overwrite<std::uint8_t[]>(capacity);
        if (size_ > 0) std::memcpy(bytes.get(), bytes_.get(), size_);
        bytes_ = std::move(bytes);
        capacity_ = capacity;
    }

    std::unique_ptr<std::uint8_t[]> bytes_;
    std::size_t size_ = 0;
    std::size_t capacity_ = 0;
};

class byte_cursor {
public:
    byte_cursor(const std::uint8_t* data, std::size_t size) noexcept
        : begin_(data), at_(data), end_(data + size) {}

    [[nodiscard]] std::size_t left() const noexcept { return static_cast<std::size_t>(end_ - at_); }
    [[nodiscard]] std::size_t consumed() const noexcept {
        return static_cast<std::size_t>(at_ - begin_);
    }
    [[nodiscard]] bool has(std::size_t n) const noexcept { return n <= left(); }

    // The caller checks has() first.
    template <class T>
    T get() noexcept {
        const T value = load_le<T>(at_);
        at_ += sizeof(T);
        return value;
    }
    const std::uint8_t* take(std::size_t n) noexcept {
        const std::uint8_t* from = at_;
        at_ += n;
        return from;
    }

private:
    const std::uint8_t* begin_;
    const std::uint8_t* at_;
    const std::uint8_t* end_;
};

class memory_streambuf final : public std::streambuf {
public:
    explicit memory_streambuf(std::string_view bytes) {
        // std::streambuf wants char*; nothing here writes through it.
        char* first = const_cast<char*>(bytes.data());
        setg(first, first, first + bytes.size());
    }
    [[nodiscard]] std::size_t offset() const noexcept {
        return static_cast<std::size_t>(gptr() - eback());
    }
    [[nodiscard]] std::size_t left() const noexcept {
        return static_cast<std::size_t>(egptr() - gptr());
    }

protected:
    std::streamsize xsgetn(char* to, std::streamsize n) override {
        const std::streamsize available = egptr() - gptr();
        const std::streamsize count = n < available ? n : available;
        if (count > 0) {
            std::memcpy(to, gptr(), static_cast<std::size_t>(count));
            setg(eback(), gptr() + count, egptr());
        }
        return count;
    }
};

}  // namespace mosaic::detail
