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

archetype archetype_of(const world& w, const component_table& table, entity e, std::string name) {
    archetype made(std::move(name));
    for (const type_id type : w.components_of(e)) {
        if (!belongs_in_archetype(table, type)) continue;
        const component_info& info = *table.find(type);
        const void* value = w.try_get(e, type);
        if (value == nullptr) continue;
        const std::vector<std::byte> bytes = without_references(info, value);
        (void)made.set(type, bytes.data(), w.is_enabled(e, type));
    }
    return made;
}

std::optional<fs::path> archetype_file(const editor_state& s, const std::string& name_or_path,
                                       std::string* why) {
    std::error_code ec;
    if (is_archetype_path(name_or_path)) {
        fs::path file(name_or_path);
        // Relative: to the project folder (the Project panel's), else to its archetypes.
        if (file.is_relative() && !fs::is_regular_file(s.project_folder() / file, ec) &&
            fs::is_regular_file(prefab_folder(s) / file, ec))
            file = prefab_folder(s) / file;
        else if (file.is_relative())
            file = s.project_folder() / file;
        if (fs::is_regular_file(file, ec)) return file.lexically_normal();
        if (why) *why = "no archetype file " + file.string();
        return std::nullopt;
    }
    const fs::path folder = prefab_folder(s);
    const fs::path named = folder / (name_or_path + ".archetype.json");
    if (fs::is_regular_file(named, ec)) return named;
    // A file written by hand may name its archetype otherwise than the file.
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        if (!is_archetype_path(it->path())) continue;
        const load_result<archetype> a = load_archetype_file(it->path(), s.table());
        if (a.ok() && a.value->name() == name_or_path) return it->path();
    }
    if (why) *why = "no archetype named '" + name_or_path + "' in " + folder.string();
    return std::nullopt;
}

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
    const archetype made = archetype_of(w, s.table(), e, name);
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
