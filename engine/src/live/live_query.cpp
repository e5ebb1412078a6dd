// Running a query (mosaic/engine/live/live_query.hpp): the with/without terms go to the
// world's runtime view (the smallest included pool drives it), then each candidate's
// conditions read one number or text from its component. A query over 1M entities costs one
// pass over the smallest pool (tests/bench/live_bench.cpp, live_query).
#include <mosaic/engine/live/live_query.hpp>

#include <algorithm>
#include <cstring>
#include <type_traits>

#include <mosaic/ecs/field_kinds.hpp>
#include <mosaic/ecs/view.hpp>

namespace mosaic::live {

namespace {

template <class T>
bool compare(compare_op op, const T& a, const T& b) {
    switch (op) {
        case compare_op::less:
            return a < b;
        case compare_op::less_equal:
            return a <= b;
        case compare_op::greater:
            return a > b;
        case compare_op::greater_equal:
            return a >= b;
        case compare_op::equal:
            return a == b;
        case compare_op::not_equal:
            return a != b;
    }
    return false;
}

double read_number(const field_condition& c, const void* component) {
    const field_info& f = c.field;
    return visit_kind(f.kind, [&](auto tag) -> double {
        using T = typename decltype(tag)::type;
        constexpr kind_info info = decltype(tag)::info;
        if constexpr (std::is_same_v<T, enum_number>) {
            return static_cast<double>(f.read_enum(component, c.element));
        } else if constexpr (info.is_text || std::is_same_v<T, entity>) {
            return 0.0;  // parse_query never makes a number condition on these
        } else if constexpr (info.float_count > 0) {
            float part = 0;
            std::memcpy(&part,
                        static_cast<const std::byte*>(f.address(component, c.element)) +
                            c.part * sizeof(float),
                        sizeof part);
            return part;
        } else {
            static_assert(std::is_arithmetic_v<T>, "a new field kind: say how queries read it");
            T value;
            std::memcpy(&value, f.address(component, c.element), sizeof value);
            return static_cast<double>(value);
        }
    });
}

bool passes(const field_condition& c, const void* component) {
    if (c.is_text) {
        return compare(c.op, c.field.read_string(component, c.element), std::string_view(c.text));
    }
    return compare(c.op, read_number(c, component), c.number);
}

}  // namespace

double condition_number(const world& w, const field_condition& c, entity e) {
    const void* component = w.try_get(e, c.component);
    return component && !c.is_text ? read_number(c, component) : 0.0;
}

bool passes_conditions(const world& w, const entity_query& q, entity e) {
    return std::all_of(q.conditions.begin(), q.conditions.end(), [&](const field_condition& c) {
        const void* component = w.try_get(e, c.component);
        return component && passes(c, component);
    });
}

query_page run_query(const world& w, const entity_query& q, std::size_t offset, std::size_t limit) {
    std::vector<type_id> with = q.with;
    std::sort(with.begin(), with.end());
    with.erase(std::unique(with.begin(), with.end()), with.end());
    std::vector<type_id> without = q.without;
    without.push_back(type_id_of<resource_entity>());
    query_page page;
    const auto visit = [&](entity e) {
        if (!q.conditions.empty() && !passes_conditions(w, q, e)) return;
        if (page.total >= offset && page.entities.size() < limit) page.entities.push_back(e);
        ++page.total;
    };
    if (!with.empty()) {
        w.view(with, without).each(visit);
        return page;
    }
    w.each([&](entity e) {
        for (const type_id t : without) {
            if (w.has(e, t)) return;
        }
        visit(e);
    });
    return page;
}

}  // namespace mosaic::live
