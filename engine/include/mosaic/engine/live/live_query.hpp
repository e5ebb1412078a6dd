#pragma once
// Entity queries as people type them (issue #30 §4): the one parser behind the live link's
// `query` and `entities.list` filter and the editor's Query panel, so a query means the same
// in both.
//
//   Transform, Health, !Team                 with Transform and Health, without Team
//   Health.current < 20, !Team               with Health whose current is under 20
//   Transform.position.x >= 0                one float of a vector (x y z w, r g b a, w h)
//   Sprite.tint.a == 1, Mover.mode == Fast   enums by name, booleans as true / false
//   Name.value != "Player"                   text between double quotes
//   Path.points[2].y > 1                     an element of a fixed array
//
// Terms are separated by commas; a condition's component is required as if named alone.
// Operators: < <= > >= == != ("=" means "=="). Text compares with == and != only. Bad text
// gives a query_error whose message names the column and what was expected there.
//
//   auto parsed = live::parse_query(table, "Health.current < 20");
//   if (auto* q = std::get_if<live::entity_query>(&parsed))
//       live::query_page page = live::run_query(world, *q, 0, 100);

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <mosaic/ecs/component_table.hpp>
#include <mosaic/ecs/world.hpp>

namespace mosaic::live {

enum class compare_op : std::uint8_t { less, less_equal, greater, greater_equal, equal, not_equal };

/// `Component.field[element].part OP value`, resolved against the component table.
struct field_condition {
    type_id component = invalid_type_id;
    std::string path;  // as written, without spaces: "Health.current", "Transform.position.x"
    field_info field;  // a copy: the table may change while a query is kept
    std::uint32_t element = 0;
    std::uint32_t part = 0;  // the float of a vector / colour / rect (0 for scalars)
    compare_op op = compare_op::equal;
    bool is_text = false;
    double number = 0;  // the value for numbers, booleans (0/1) and enums
    std::string text;   // the value for text fields
};

struct entity_query {
    std::vector<type_id> with;
    std::vector<type_id> without;
    std::vector<field_condition> conditions;
};

struct query_error {
    std::size_t column = 0;  // 1-based, in the query text
    std::string message;     // "column 9: unknown component 'Helth'"
};

/// The query in `text` (empty or blank: every entity), or the first thing wrong with it.
[[nodiscard]] std::variant<entity_query, query_error> parse_query(const component_table& table,
                                                                  std::string_view text);

/// True when `e`'s values pass every condition of `q` (the with/without terms not checked).
[[nodiscard]] bool passes_conditions(const world& w, const entity_query& q, entity e);

/// A condition's field of `e` as a number (numbers, booleans, enums) — what sorting and the
/// comparison use; 0 when `e` lacks the component or the field is text.
[[nodiscard]] double condition_number(const world& w, const field_condition& c, entity e);

struct query_page {
    std::size_t total = 0;         // every match
    std::vector<entity> entities;  // matches [offset, offset + limit)
};

/// The matches of `q` in a stable order (unchanged while the world is), paged. The resource
/// holder entity never matches.
[[nodiscard]] query_page run_query(const world& w, const entity_query& q, std::size_t offset,
                                   std::size_t limit);

}  // namespace mosaic::live
