#include "copy_names.hpp"

#include <cstdint>
#include <utility>

#include <mosaic/ecs/view.hpp>

#include "entity_names.hpp"

namespace mosaic::editor {

std::unordered_set<std::string> names_in(const world& w) {
    std::unordered_set<std::string> names;
    w.view<const Name>(exclude<>, include_disabled).each([&](entity, const Name& n) {
        names.emplace(name_text(n));
    });
    return names;
}

namespace {

/// "Hunter (12)" -> {"Hunter", 12}; a name without a trailing " (digits)" -> {name, 0}.
std::pair<std::string_view, std::uint64_t> split_number(std::string_view name) {
    if (name.size() < 4 || name.back() != ')') return {name, 0};
    const std::size_t open = name.rfind(" (");
    if (open == std::string_view::npos) return {name, 0};
    const std::string_view digits = name.substr(open + 2, name.size() - open - 3);
    if (digits.empty() || digits.size() > 9) return {name, 0};
    std::uint64_t n = 0;
    for (const char c : digits) {
        if (c < '0' || c > '9') return {name, 0};
        n = n * 10 + static_cast<std::uint64_t>(c - '0');
    }
    return {name.substr(0, open), n};
}

}  // namespace

std::string numbered_copy_name(std::string_view name,
                               const std::function<bool(const std::string&)>& taken,
                               std::size_t max_length) {
    const auto [base, number] = split_number(name);
    for (std::uint64_t n = number + 1;; ++n) {
        const std::string suffix = " (" + std::to_string(n) + ")";
        const std::size_t room = max_length > suffix.size() ? max_length - suffix.size() : 0;
        std::string candidate(base.substr(0, room));
        candidate += suffix;
        if (!taken(candidate)) return candidate;
    }
}

}  // namespace mosaic::editor
