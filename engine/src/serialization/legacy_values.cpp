#include "legacy_values.hpp"

#include <utility>

namespace mosaic::detail {

void legacy_values::add(std::string name, bool array, std::vector<element> elements) {
    values_.push_back({std::move(name), array, std::move(elements)});
}

const legacy_values::value* legacy_values::find(std::string_view field) const {
    for (const value& v : values_) {
        if (v.name == field) return &v;
    }
    return nullptr;
}

bool legacy_values::has(std::string_view field) const {
    return find(field) != nullptr;
}

std::optional<double> legacy_values::number(std::string_view field, std::size_t index) const {
    const value* v = find(field);
    if (!v || v->elements.empty()) return std::nullopt;
    if (v->array) {
        if (index >= v->elements.size()) return std::nullopt;
        if (const double* n = std::get_if<double>(&v->elements[index])) return *n;
        return std::nullopt;  // an array of groups, text or flags: no number at an index
    }
    const element& single = v->elements.front();
    if (const double* n = std::get_if<double>(&single)) {
        if (index == 0) return *n;
    } else if (const auto* group = std::get_if<std::vector<double>>(&single)) {
        if (index < group->size()) return (*group)[index];
    }
    return std::nullopt;
}

std::optional<std::string> legacy_values::text(std::string_view field) const {
    const value* v = find(field);
    if (!v || v->array || v->elements.empty()) return std::nullopt;
    if (const std::string* s = std::get_if<std::string>(&v->elements.front())) return *s;
    return std::nullopt;
}

}  // namespace mosaic::detail
