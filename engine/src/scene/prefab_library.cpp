// prefab_library: prefab files by project-relative path, loaded once, nesting resolved, cycles
// refused.
#include "mosaic/engine/scene/prefab_library.hpp"

#include <algorithm>
#include <set>

#include "mosaic/engine/scene/prefab_link.hpp"
#include "mosaic/engine/scene/scene_file.hpp"
#include "prefab_values.hpp"

namespace mosaic {

namespace fs = std::filesystem;

namespace {

std::string chain_text(const std::vector<std::string>& chain) {
    std::string out;
    for (const std::string& link : chain) out += (out.empty() ? "" : " -> ") + link;
    return out;
}

std::string cycle_message(const std::vector<std::string>& chain) {
    return "prefab cycle: " + chain_text(chain) + " (a prefab cannot contain itself)";
}

// The prefabs the entities of `p` link to, each once, in path order.
std::set<std::string> linked_paths(const prefab& p) {
    std::set<std::string> out;
    const world& w = p.contents().world;
    w.view<const PrefabInstance>(exclude<>, include_disabled)
        .each([&](entity, const PrefabInstance& link) { out.emplace(detail::link_path(link)); });
    return out;
}

}  // namespace

prefab_library::prefab_library(const component_table& table, fs::path project_folder)
    : table_(&table), folder_(std::move(project_folder)) {}

prefab_library::~prefab_library() = default;

fs::path prefab_library::file_of(std::string_view path) const {
    fs::path p{std::string(path)};
    return p.is_absolute() || folder_.empty() ? p : folder_ / p;
}

std::string prefab_library::path_of(const fs::path& file) const {
    if (folder_.empty()) return file.generic_string();
    std::string relative = file.lexically_relative(folder_).generic_string();
    if (relative.empty() || relative.starts_with("..")) return file.generic_string();
    return relative;
}

const prefab* prefab_library::find(std::string_view path) {
    const std::string key(path);
    if (const auto at = std::find(loading_.begin(), loading_.end(), key); at != loading_.end()) {
        // `path` is being loaded further up: every prefab of the loop is refused.
        std::vector<std::string> chain(at, loading_.end());
        chain.push_back(key);
        const std::string message = cycle_message(chain);
        for (auto it = at; it != loading_.end(); ++it) {
            entry& e = entries_[*it];
            e.cycle = true;
            if (e.problem.empty()) e.problem = message;
        }
        return nullptr;
    }
    auto it = entries_.find(key);
    entry& e = it != entries_.end() ? it->second : load(key);
    return e.value ? &*e.value : nullptr;
}

prefab_library::entry& prefab_library::load(const std::string& path) {
    entry& e = entries_[path];
    loading_.push_back(path);
    load_result<prefab> loaded = load_prefab_file(file_of(path), *table_);
    if (!loaded.ok()) {
        for (const diagnostic& d : loaded.diagnostics) {
            if (d.severity != diagnostic::level::error) continue;
            e.problem = d.to_string();
            break;
        }
        if (e.problem.empty()) e.problem = file_of(path).string() + ": could not be loaded";
    } else if (loaded.value->contents().prefab_overrides.empty()) {
        e.value = std::move(*loaded.value);
    } else {
        // Its nested instances (a variant's base too) are links: resolve them, then make the
        // prefab again from the full entities.
        scene contents = loaded.value->contents().clone();
        (void)resolve_prefab_instances(contents, *this, *table_, file_of(path).string());
        prefab made;
        if (auto error = prefab::make(loaded.value->name(), std::move(contents), *table_, made)) {
            e.problem = file_of(path).string() + ": " + *error;
        } else if (!e.cycle) {
            e.value = std::move(made);
        }
    }
    loading_.pop_back();
    if (e.cycle) e.value.reset();
    return e;
}

std::string prefab_library::problem(std::string_view path) const {
    const auto it = entries_.find(path);
    return it == entries_.end() ? std::string() : it->second.problem;
}

std::optional<std::string> prefab_library::cycle_through(const prefab& p,
                                                         std::vector<std::string>& chain) {
    for (const std::string& next : linked_paths(p)) {
        chain.push_back(next);
        if (std::count(chain.begin(), chain.end(), next) > 1) return cycle_message(chain);
        if (const prefab* inner = find(next)) {
            if (auto found = cycle_through(*inner, chain)) return found;
        } else if (const std::string why = problem(next); why.starts_with("prefab cycle")) {
            return why;
        }
        chain.pop_back();
    }
    return std::nullopt;
}

std::optional<std::string> prefab_library::replace(std::string path, prefab p) {
    std::vector<std::string> chain{path};
    if (auto cycle = cycle_through(p, chain)) return cycle;
    for (const std::string& outer : dependents(path)) entries_.erase(outer);
    entry& e = entries_[std::move(path)];
    e = entry{};
    e.value = std::move(p);
    return std::nullopt;
}

void prefab_library::forget(std::string_view path) {
    for (const std::string& outer : dependents(path)) entries_.erase(outer);
    if (const auto it = entries_.find(path); it != entries_.end()) entries_.erase(it);
}

std::vector<std::string> prefab_library::dependents(std::string_view path) const {
    // Outwards from `path`, one level of "is linked from" at a time.
    std::vector<std::string> out;
    std::vector<std::string> frontier{std::string(path)};
    while (!frontier.empty()) {
        std::vector<std::string> next;
        for (const auto& [outer, e] : entries_) {
            if (!e.value || outer == path) continue;
            if (std::find(out.begin(), out.end(), outer) != out.end()) continue;
            const std::set<std::string> inner = linked_paths(*e.value);
            if (std::any_of(frontier.begin(), frontier.end(),
                            [&](const std::string& f) { return inner.contains(f); })) {
                out.push_back(outer);
                next.push_back(outer);
            }
        }
        frontier = std::move(next);
    }
    return out;
}

void prefab_library::clear() {
    entries_.clear();
}

void prefab_library::set_project_folder(fs::path project_folder) {
    entries_.clear();
    folder_ = std::move(project_folder);
}

}  // namespace mosaic
