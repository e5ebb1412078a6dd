#include "missing_assets.hpp"

#include <algorithm>
#include <cstring>
#include <system_error>

#include <mosaic/ecs/field_kinds.hpp>

#include "editor_state.hpp"
#include "entity_names.hpp"

namespace mosaic::editor {

namespace fs = std::filesystem;

std::vector<std::string> describe_asset_users(const scene& s, const component_table& table,
                                              const fs::path& project, std::string_view path) {
    if (path.empty()) return {};
    std::error_code ec;
    const fs::path file = fs::path(std::string(path)).is_absolute() ? fs::path(std::string(path))
                                                                    : project / std::string(path);
    const std::string what =
        "'" + std::string(path) + "' " +
        (fs::exists(file, ec) ? "does not load (see above)" : "does not exist");
    std::vector<std::pair<std::uint64_t, std::string>> lines;  // by file id
    const world& w = s.world;
    for (const component_info* info : table.all()) {
        if (info->size == 0) continue;
        for (const field_info& f : info->fields) {
            if (f.kind != field_kind::asset_path) continue;
            const sparse_set* pool = w.pool(info->type);
            if (pool == nullptr) continue;
            for (std::uint32_t i = 0; i < pool->size(); ++i) {
                const void* value = pool->value_at(i);
                for (std::uint32_t k = 0; k < f.count; ++k) {
                    const auto* p = static_cast<const char*>(f.address(value, k));
                    if (std::string_view(p, ::strnlen(p, f.size)) != path) continue;
                    const entity e = w.entities().at(pool->indices()[i]);
                    const EntityId* id = w.try_get<EntityId>(e);
                    const std::uint64_t number = id != nullptr ? id->value : 0;
                    std::string field = info->name + "." + f.name;
                    if (f.count > 1) field += "[" + std::to_string(k) + "]";
                    lines.emplace_back(number, "entity '" + name_of(w, e) + "' (#" +
                                                   (number != 0 ? std::to_string(number) : "-") +
                                                   ") " + field + ": " + what);
                }
            }
        }
    }
    std::stable_sort(lines.begin(), lines.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<std::string> out;
    out.reserve(lines.size());
    for (auto& [id, line] : lines) out.push_back(std::move(line));
    return out;
}

std::size_t report_missing_assets(editor_state& s, std::span<const std::string> failed) {
    std::size_t logged = 0;
    for (const std::string& path : failed) {
        for (std::string& line :
             describe_asset_users(s.scene(), s.table(), s.project_folder(), path)) {
            s.log().warning(std::move(line));
            ++logged;
        }
    }
    return logged;
}

}  // namespace mosaic::editor
