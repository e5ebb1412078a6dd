#pragma once
// query_results: the Query panel's table (issue #30 §4) without ImGui — the entities a query
// matches, one row each, with a column per field of the components the query names, every
// cell as text plus a number to sort by. Filled from the editor's own world (run_local) or
// from a game's reply to the live link's `query` (fill_from_reply), so the panel draws both
// the same way. The query text is parsed by the engine's one parser
// (mosaic/engine/live/live_query.hpp), the one the protocol uses.
//
//   query_results r;
//   if (std::string error = r.run_local(state.world(), state.table(), "Health.current < 20");
//       !error.empty()) show(error);
//   r.sort(1, false);  // by the first field column, highest first

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <mosaic/ecs/component_table.hpp>
#include <mosaic/ecs/world.hpp>

namespace mosaic::editor {

struct query_cell {
    std::string text;   // as the inspector would say it ("1 2.5", "box", "Player")
    double number = 0;  // the sort key of numeric cells (a vector: its first float)
    bool numeric = false;
};

struct query_row {
    entity e;                       // in the editor's world (null for a remote game's rows)
    std::uint64_t id = 0;           // the live link's id (remote rows; local rows: entity_wire_id)
    std::string name;               // the entity's label
    std::vector<query_cell> cells;  // one per column
};

class query_results {
public:
    /// Columns past this many are left out (a query over many wide components).
    static constexpr std::size_t max_columns = 48;
    /// Rows kept: the first matches in the world's order (total() counts them all).
    static constexpr std::size_t default_limit = 1000;

    /// Runs `text` on `w`; "" or the parser's message ("column 12: unknown component ...").
    /// On an error the previous rows stay (the panel keeps showing them).
    std::string run_local(const world& w, const component_table& table, std::string_view text,
                          std::size_t limit = default_limit);
    /// Fills the rows from a `query` reply's result ({"total", "entities": [{"id",
    /// "components"}]}) as text; `text` picks the columns (parsed against `table`: the names
    /// the game said in hello). "" or what is wrong.
    std::string fill_from_reply(const component_table& table, std::string_view text,
                                std::string_view result_json);

    /// Sorts the rows by `column` (0: the entity's name, 1...: columns()[column - 1]).
    void sort(std::size_t column, bool ascending);

    [[nodiscard]] const std::vector<std::string>& columns() const noexcept { return columns_; }
    [[nodiscard]] const std::vector<query_row>& rows() const noexcept { return rows_; }
    [[nodiscard]] std::size_t total() const noexcept { return total_; }

private:
    struct column_source {
        type_id component;
        std::string component_name;
        std::size_t field;  // index in the component's fields
    };
    std::string set_columns(const component_table& table, std::string_view text);

    std::vector<std::string> columns_;
    std::vector<column_source> sources_;
    std::vector<query_row> rows_;
    std::size_t total_ = 0;
    std::size_t sort_column_ = 0;
    bool ascending_ = true;
    bool sorted_ = false;
};

}  // namespace mosaic::editor
