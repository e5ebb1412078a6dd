// The live link's query: parsed once per request, walked with the world's runtime view (the
// smallest included pool drives it), so a query over 1M entities costs one pass over the
// smallest pool (tests/bench/live_query_bench.cpp).
#include "live_query.hpp"

#include <algorithm>

#include <mosaic/ecs/view.hpp>

namespace mosaic::live::internal {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

}  // namespace

std::variant<query_terms, std::string> parse_query(const component_table& table,
                                                   std::string_view text) {
    query_terms q;
    if (trim(text).empty()) return q;  // every entity
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        std::string_view term = trim(text.substr(start, comma - start));
        start = comma + 1;
        const bool without = !term.empty() && term.front() == '!';
        if (without) term = trim(term.substr(1));
        if (term.empty()) return std::string("empty term in query (expected Name or !Name)");
        const component_info* info = table.find(term);
        if (!info) return "unknown component '" + std::string(term) + "' in query";
        (without ? q.without : q.with).push_back(info->type);
        if (comma == text.size()) break;
    }
    return q;
}

query_page run_query(const world& w, const query_terms& q, std::size_t offset, std::size_t limit) {
    std::vector<type_id> without = q.without;
    without.push_back(type_id_of<resource_entity>());
    query_page page;
    const auto visit = [&](entity e) {
        if (page.total >= offset && page.entities.size() < limit) page.entities.push_back(e);
        ++page.total;
    };
    if (!q.with.empty()) {
        w.view(q.with, without).each(visit);
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

}  // namespace mosaic::live::internal
