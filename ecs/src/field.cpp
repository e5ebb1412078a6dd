#include "mosaic/ecs/field.hpp"

#include <algorithm>
#include <cstring>

#include "mosaic/ecs/field_kinds.hpp"

namespace mosaic {

std::string_view to_string(field_kind kind) noexcept {
    return info_of(kind).name;
}

std::size_t float_count(field_kind kind) noexcept {
    return info_of(kind).float_count;
}

std::size_t kind_size(field_kind kind) noexcept {
    return info_of(kind).memory_size;
}

std::int64_t field_info::read_enum(const void* component, std::uint32_t element) const {
    const void* at = address(component, element);
    switch (size) {
        case 1: {
            std::uint8_t v;
            std::memcpy(&v, at, 1);
            return enum_is_signed ? static_cast<std::int8_t>(v) : v;
        }
        case 2: {
            std::uint16_t v;
            std::memcpy(&v, at, 2);
            return enum_is_signed ? static_cast<std::int16_t>(v) : v;
        }
        case 4: {
            std::uint32_t v;
            std::memcpy(&v, at, 4);
            return enum_is_signed ? static_cast<std::int32_t>(v) : v;
        }
        default: {
            std::int64_t v;
            std::memcpy(&v, at, 8);
            return v;
        }
    }
}

bool field_info::enum_fits(std::int64_t value) const noexcept {
    if (size >= 8) return true;
    const int bits = static_cast<int>(size) * 8;
    const std::int64_t low = enum_is_signed ? -(std::int64_t{1} << (bits - 1)) : 0;
    const std::int64_t high =
        enum_is_signed ? (std::int64_t{1} << (bits - 1)) - 1 : (std::int64_t{1} << bits) - 1;
    return value >= low && value <= high;
}

void field_info::write_enum(void* component, std::int64_t value, std::uint32_t element) const {
    void* at = address(component, element);
    switch (size) {
        case 1: {
            const auto v = static_cast<std::uint8_t>(value);
            std::memcpy(at, &v, 1);
            break;
        }
        case 2: {
            const auto v = static_cast<std::uint16_t>(value);
            std::memcpy(at, &v, 2);
            break;
        }
        case 4: {
            const auto v = static_cast<std::uint32_t>(value);
            std::memcpy(at, &v, 4);
            break;
        }
        default:
            std::memcpy(at, &value, 8);
            break;
    }
}

std::string_view field_info::enum_name(std::int64_t value) const noexcept {
    for (const enum_entry& e : enum_values) {
        if (e.value == value) return e.name;
    }
    return {};
}

void field_info::write_string(void* component, std::string_view text, std::uint32_t element) const {
    if (size == 0) return;
    auto* at = static_cast<char*>(address(component, element));
    const std::size_t n = std::min(text.size(), size - 1);
    std::memcpy(at, text.data(), n);
    std::memset(at + n, 0, size - n);
}

std::string_view field_info::read_string(const void* component, std::uint32_t element) const {
    const auto* at = static_cast<const char*>(address(component, element));
    const void* end = std::memchr(at, 0, size);
    return {at, end ? static_cast<std::size_t>(static_cast<const char*>(end) - at) : size};
}

}  // namespace mosaic
