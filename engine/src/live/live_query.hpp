#pragma once
// Internal: the live link's query text ("Transform, Health, !Team": the entities with the
// first two and without the third) and the paged walk over its matches. The resource holder
// entity never matches. One parser for entities.list's filter and for "query".

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <mosaic/ecs/component_table.hpp>
#include <mosaic/ecs/world.hpp>

namespace mosaic::live::internal {

struct query_terms {
    std::vector<type_id> with;
    std::vector<type_id> without;
};

/// The terms of `text`, or a message naming the first unknown or malformed term.
[[nodiscard]] std::variant<query_terms, std::string> parse_query(const component_table& table,
                                                                 std::string_view text);

struct query_page {
    std::size_t total = 0;         // every match
    std::vector<entity> entities;  // matches [offset, offset + limit)
};

/// The matches of `q` in a stable order (unchanged while the world is), paged.
[[nodiscard]] query_page run_query(const world& w, const query_terms& q, std::size_t offset,
                                   std::size_t limit);

}  // namespace mosaic::live::internal
