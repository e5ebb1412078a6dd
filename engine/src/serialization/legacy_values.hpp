#pragma once
// Internal: what an upgrade hook reads of a component saved by an older version, whatever the
// format. Each reader turns its syntax into this model (component_json.cpp: a JSON object;
// binary_decode.cpp: a component's field data); what `has`, `number` and `text` answer is
// decided here once, so both formats offer a hook the same values
// (tests/engine/scene_cross_format_test.cpp checks they do).

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "mosaic/ecs/component_table.hpp"

namespace mosaic::detail {

class legacy_values final : public legacy_fields {
public:
    /// One value in the file: a number, text, a group of numbers (a vector or a colour) or
    /// something that is none of these (true/false, a nested array).
    using element = std::variant<std::monostate, double, std::string, std::vector<double>>;

    /// Field `name` held one value (`array` false) or an array of them.
    void add(std::string name, bool array, std::vector<element> elements);

    [[nodiscard]] bool has(std::string_view field) const override;
    /// A single number (index 0), one of a group's numbers, or an array's element `index`
    /// when that element is a number.
    [[nodiscard]] std::optional<double> number(std::string_view field,
                                               std::size_t index) const override;
    /// A single text value (not an array's elements).
    [[nodiscard]] std::optional<std::string> text(std::string_view field) const override;

private:
    struct value {
        std::string name;
        bool array = false;
        std::vector<element> elements;
    };
    [[nodiscard]] const value* find(std::string_view field) const;

    std::vector<value> values_;
};

}  // namespace mosaic::detail
