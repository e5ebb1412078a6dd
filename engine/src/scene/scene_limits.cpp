#include "mosaic/engine/scene/scene_limits.hpp"

#include <string_view>

#include "mosaic/engine/scene/scene.hpp"

namespace mosaic {

namespace detail {

std::optional<std::string> over_limit(std::uint64_t n, const char* what, std::uint64_t limit) {
    if (n <= limit) return std::nullopt;
    return std::to_string(n) + " " + what + ", more than the " + std::to_string(limit) +
           " a scene file can hold";
}

}  // namespace detail

namespace {

// Names in messages are cut: the long ones are the point of the message.
std::string quoted_start(std::string_view name) {
    constexpr std::size_t shown = 40;
    return "'" + std::string(name.substr(0, shown)) + (name.size() > shown ? "...'" : "'");
}

void add(std::vector<diagnostic>& out, std::string path, std::optional<std::string> message) {
    if (!message) return;
    diagnostic d;
    d.path = std::move(path);
    d.message = std::move(*message);
    out.push_back(std::move(d));
}

}  // namespace

std::vector<diagnostic> check_scene_limits(const scene& s) {
    using limits = scene_limits;
    std::vector<diagnostic> errors;
    add(errors, "entities", detail::over_limit(s.world.size(), "entities", limits::max_entities));
    add(errors, "systems", detail::over_limit(s.systems.size(), "systems", limits::max_systems));
    for (const system_setting& system : s.systems) {
        add(errors, "systems " + quoted_start(system.name),
            detail::over_limit(system.name.size(), "bytes in the name", limits::max_name_bytes));
    }
    for (const auto& [id, unknown] : s.unknown) {
        const std::string entity = "entity id " + std::to_string(id);
        add(errors, entity,
            detail::over_limit(unknown.size(), "components of unknown types",
                               limits::max_unknown_per_entity));
        for (const unknown_component& u : unknown) {
            const std::string where = entity + ", component " + quoted_start(u.name);
            add(errors, where,
                detail::over_limit(u.name.size(), "bytes in the name", limits::max_name_bytes));
            add(errors, where,
                detail::over_limit(u.json.size(), "bytes of JSON", limits::max_unknown_json_bytes));
        }
    }
    return errors;
}

}  // namespace mosaic
