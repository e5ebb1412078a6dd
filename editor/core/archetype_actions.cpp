#include "archetype_actions.hpp"

#include <cstddef>
#include <cstring>
#include <vector>

#include <mosaic/ecs/archetype.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/scene/prefab.hpp>
#include <mosaic/engine/scene/scene_file.hpp>

#include "editor_state.hpp"
#include "entity_names.hpp"
#include "file_stem.hpp"
#include "prefab_actions.hpp"

namespace mosaic::editor {

namespace fs = std::filesystem;

namespace {

/// Whether `type` describes the entity itself rather than its place in this scene.
bool belongs_in_archetype(const component_table& table, type_id type) {
    if (type == type_id_of<EntityId>() || type == type_id_of<Parent>() ||
        type == type_id_of<PrefabInstance>())
        return false;
    const component_info* info = table.find(type);
    return info != nullptr && !info->flags.not_saved && !info->flags.opaque;
}

/// `value` (of `info`'s type) with its entity references cleared.
std::vector<std::byte> without_references(const component_info& info, const void* value) {
    std::vector<std::byte> bytes(info.size);
    std::memcpy(bytes.data(), value, info.size);
    for (const field_info& f : info.fields) {
        if (f.kind != field_kind::entity_ref) continue;
        for (std::uint32_t i = 0; i < f.count; ++i) {
            const entity none = null_entity;
            std::memcpy(bytes.data() + f.offset + i * sizeof(entity), &none, sizeof none);
        }
    }
    return bytes;
}

}  // namespace

std::optional<fs::path> create_archetype(editor_state& s, entity e) {
    const world& w = s.world();
    if (!w.alive(e)) return std::nullopt;
    std::string stem = file_stem(name_of(w, e));
    const fs::path folder = prefab_folder(s);
    std::error_code ec;
    fs::create_directories(folder, ec);
    fs::path path = folder / (stem + ".archetype.json");
    std::string name = stem;
    for (int n = 2; fs::exists(path, ec); ++n) {
        name = stem + " " + std::to_string(n);
        path = folder / (name + ".archetype.json");
    }
    archetype made(name);
    for (const type_id type : w.components_of(e)) {
        if (!belongs_in_archetype(s.table(), type)) continue;
        const component_info& info = *s.table().find(type);
        const void* value = w.try_get(e, type);
        if (value == nullptr) continue;
        const std::vector<std::byte> bytes = without_references(info, value);
        (void)made.set(type, bytes.data(), w.is_enabled(e, type));
    }
    const std::vector<diagnostic> written = save_archetype_file(made, s.table(), path);
    s.log().add(written);
    for (const diagnostic& d : written) {
        if (d.severity == diagnostic::level::error) return std::nullopt;
    }
    s.after_prefab_written(path);  // reloads the project's archetypes and prefabs
    s.log().info("Created archetype " + path.string() + " (" + std::to_string(made.size()) +
                 " components)");
    return path;
}

}  // namespace mosaic::editor
