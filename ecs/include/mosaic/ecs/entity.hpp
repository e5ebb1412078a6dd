#pragma once
// An entity is an id, not a pointer: a 32-bit slot index and a 32-bit generation.
//
// The generation tells apart the entities that used the same slot over time, so a handle
// kept after `destroy()` is recognised as stale even when its slot has been reused: the
// generations of one slot never repeat before 2^31 destructions have happened in the world
// (see entity_pool.hpp). The top bit of the generation is never set in a live entity; a
// command_buffer uses it to mark the placeholders of entities it will create.

#include <compare>
#include <cstdint>
#include <functional>
#include <string>

namespace mosaic {

using entity_index = std::uint32_t;
using entity_generation = std::uint32_t;

struct entity {
    static constexpr entity_index null_index = 0xFFFF'FFFFu;

    entity_index index = null_index;
    entity_generation generation = 0;

    [[nodiscard]] constexpr bool is_null() const noexcept { return index == null_index; }

    /// The handle as one 64-bit number (generation in the high half), for hashing and files.
    [[nodiscard]] constexpr std::uint64_t to_bits() const noexcept {
        return (std::uint64_t{generation} << 32) | index;
    }
    [[nodiscard]] static constexpr entity from_bits(std::uint64_t bits) noexcept {
        return {static_cast<entity_index>(bits), static_cast<entity_generation>(bits >> 32)};
    }

    friend constexpr bool operator==(entity, entity) noexcept = default;
    // clang-tidy 14 flags the literal 0 it compares a defaulted <=>'s result with; there is
    // no pointer here. NOLINTNEXTLINE(modernize-use-nullptr)
    friend constexpr auto operator<=>(entity, entity) noexcept = default;
};

/// The entity that is never alive: default-constructed handles are null.
inline constexpr entity null_entity{};

/// "index:generation", e.g. "42:3", or "null". Used in messages.
[[nodiscard]] std::string to_string(entity e);

}  // namespace mosaic

template <>
struct std::hash<mosaic::entity> {
    std::size_t operator()(mosaic::entity e) const noexcept {
        return std::hash<std::uint64_t>{}(e.to_bits());
    }
};
