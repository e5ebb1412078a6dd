#include "mosaic/engine/scene/scene_file.hpp"

#include <sstream>
#include <string>
#include <string_view>

#include "mosaic/engine/components.hpp"
#include "mosaic/engine/scene/atomic_file.hpp"
#include "mosaic/engine/scene/file_formats.hpp"
#include "mosaic/engine/scene/prefab_link.hpp"
#include "mosaic/engine/scene/scene_binary.hpp"

namespace mosaic {

namespace fs = std::filesystem;

namespace {

bool is_kind(const fs::path& path, file_kind kind) {
    const file_format* f = file_format_of(path);
    return f && f->kind == kind;
}

// "NAME.scene.json or NAME.scene.bin": the endings of a kind.
std::string names_of(file_kind kind) {
    std::string names;
    for (const file_format& f : file_formats()) {
        if (f.kind != kind) continue;
        if (!names.empty()) names += " or ";
        names += "NAME" + std::string(f.ending);
    }
    return names;
}

diagnostic file_error(const fs::path& path, std::string message) {
    return {diagnostic::level::error, path.string(), "", 0, 0, std::move(message)};
}

diagnostic not_a_scene(const fs::path& path) {
    return file_error(path, "not a scene file name: expected " + names_of(file_kind::scene));
}

diagnostic not_an_archetype(const fs::path& path) {
    return file_error(path,
                      "not an archetype file name: expected " + names_of(file_kind::archetype));
}

diagnostic not_a_prefab(const fs::path& path) {
    return file_error(path, "not a prefab file name: expected " + names_of(file_kind::prefab) +
                                " (or an older " + names_of(file_kind::archetype) + ")");
}

// The serializers write without knowing the file: label their warnings with it.
std::vector<diagnostic> labelled(std::vector<diagnostic> diagnostics, const fs::path& path) {
    for (diagnostic& d : diagnostics) {
        if (d.file.empty()) d.file = path.string();
    }
    return diagnostics;
}

// Writes what the serializer produced, unless it reported an error.
void write_or_report(const fs::path& path, const std::string& bytes,
                     std::vector<diagnostic>& diagnostics) {
    for (const diagnostic& d : diagnostics) {
        if (d.severity == diagnostic::level::error) return;
    }
    if (auto error = write_file_atomically(path, bytes))
        diagnostics.push_back(file_error(path, std::move(*error)));
}

template <class T>
load_result<T> read_failure(const fs::path& path, const file_contents& contents) {
    load_result<T> result;
    result.diagnostics.push_back(file_error(path, contents.message));
    return result;
}

}  // namespace

std::optional<scene_file_format> scene_format_of(const fs::path& path) {
    const file_format* f = file_format_of(path);
    if (!f || !f->is_scene()) return std::nullopt;
    return f->scene_format;
}

bool is_archetype_path(const fs::path& path) {
    return is_kind(path, file_kind::archetype);
}

bool is_prefab_path(const fs::path& path) {
    return is_kind(path, file_kind::prefab);
}

load_result<scene> load_scene_file(const fs::path& path, const component_table& table,
                                   const load_progress& progress, prefab_library* prefabs) {
    const file_format* format = file_format_of(path);
    if (!format || !format->is_scene()) {
        load_result<scene> result;
        result.diagnostics.push_back(not_a_scene(path));
        return result;
    }
    const file_contents contents = read_file(path);
    if (!contents.ok()) return read_failure<scene>(path, contents);
    load_result<scene> loaded = format->read_scene(contents.bytes, table, path.string(), progress);
    if (loaded.ok() && prefabs) {
        std::vector<diagnostic> resolved =
            resolve_prefab_instances(*loaded.value, *prefabs, table, path.string());
        loaded.diagnostics.insert(loaded.diagnostics.end(), resolved.begin(), resolved.end());
    }
    return loaded;
}

std::vector<diagnostic> save_scene_file(scene& s, const component_table& table,
                                        const fs::path& path) {
    const file_format* format = file_format_of(path);
    if (!format || !format->is_scene()) return {not_a_scene(path)};
    std::ostringstream out(std::ios::out | std::ios::binary);
    std::vector<diagnostic> diagnostics = labelled(format->write_scene(s, table, out), path);
    write_or_report(path, std::move(out).str(), diagnostics);
    return diagnostics;
}

load_result<archetype> load_archetype_file(const fs::path& path, const component_table& table) {
    if (!is_archetype_path(path)) {
        load_result<archetype> result;
        result.diagnostics.push_back(not_an_archetype(path));
        return result;
    }
    const file_contents contents = read_file(path);
    if (!contents.ok()) return read_failure<archetype>(path, contents);
    return load_archetype_json(contents.bytes, table, path.string());
}

std::vector<diagnostic> save_archetype_file(const archetype& a, const component_table& table,
                                            const fs::path& path) {
    if (!is_archetype_path(path)) return {not_an_archetype(path)};
    std::ostringstream out;
    std::vector<diagnostic> diagnostics = labelled(save_archetype_json(a, table, out), path);
    write_or_report(path, std::move(out).str(), diagnostics);
    return diagnostics;
}

load_result<prefab> load_prefab_file(const fs::path& path, const component_table& table) {
    load_result<prefab> result;
    if (is_archetype_path(path)) {
        // An archetype is a prefab of one entity, named after it when it has no Name.
        load_result<archetype> old = load_archetype_file(path, table);
        result.diagnostics = std::move(old.diagnostics);
        if (!old.ok()) return result;
        scene contents;
        const entity e = spawn(contents.world, *old.value);
        if (!contents.world.has<Name>(e)) {
            Name name;
            old.value->name().copy(name.value, sizeof name.value - 1);
            contents.world.add<Name>(e, name);
        }
        contents.world.add<EntityId>(e, EntityId{1});
        prefab one;
        if (auto error = prefab::make(old.value->name(), std::move(contents), table, one)) {
            result.diagnostics.push_back(file_error(path, std::move(*error)));
            return result;
        }
        result.value.emplace(std::move(one));
        return result;
    }
    if (!is_prefab_path(path)) {
        result.diagnostics.push_back(not_a_prefab(path));
        return result;
    }
    const file_contents contents = read_file(path);
    if (!contents.ok()) return read_failure<prefab>(path, contents);
    return load_prefab_json(contents.bytes, table, path.string());
}

std::vector<diagnostic> save_prefab_file(const prefab& p, const component_table& table,
                                         const fs::path& path, prefab_library* prefabs) {
    if (!is_prefab_path(path)) return {not_a_prefab(path)};
    std::ostringstream out;
    std::vector<diagnostic> diagnostics = labelled(save_prefab_json(p, table, out, prefabs), path);
    write_or_report(path, std::move(out).str(), diagnostics);
    return diagnostics;
}

}  // namespace mosaic
