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

// A long chain by its ends: the first three links and the last three.
std::string short_chain_text(const std::vector<std::string>& chain) {
    if (chain.size() <= 6) return chain_text(chain);
    const std::vector<std::string> head(chain.begin(), chain.begin() + 3);
    const std::vector<std::string> tail(chain.end() - 3, chain.end());
    return chain_text(head) + " -> ... (" + std::to_string(chain.size() - 6) + " more) -> " +
           chain_text(tail);
}

// The prefabs the entities of `p` link to, each once, in path order.
std::set<std::string> linked_paths(const world& w) {
    std::set<std::string> out;
    w.view<const PrefabInstance>(exclude<>, include_disabled)
        .each([&](entity, const PrefabInstance& link) { out.emplace(detail::link_path(link)); });
    return out;
}

std::set<std::string> linked_paths(const prefab& p) {
    return linked_paths(p.contents().world);
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
    // Only while loading can a path close a loop (a lookup from outside costs no file calls).
    const fs::path file = loading_files_.empty() ? fs::path() : identity_of(path);
    if (const auto at = std::find(loading_files_.begin(), loading_files_.end(), file);
        !file.empty() && at != loading_files_.end()) {
        // `path` (maybe spelt otherwise) is being loaded further up: every prefab of the loop
        // is refused.
        const auto first = loading_.begin() + (at - loading_files_.begin());
        std::vector<std::string> chain(first, loading_.end());
        chain.push_back(key);
        const std::string message = cycle_message(chain);
        for (auto it = first; it != loading_.end(); ++it) {
            entry& e = entries_[*it];
            e.cycle = true;
            if (e.problem.empty()) e.problem = message;
        }
        entry& spelt = entries_[key];
        if (!spelt.value && spelt.problem.empty()) {
            spelt.cycle = true;
            spelt.problem = message;
        }
        return nullptr;
    }
    if (const auto it = entries_.find(key); it != entries_.end())
        return it->second.value ? &*it->second.value : nullptr;
    if (loading_.size() >= limits_.nesting) {
        // Deeper than the limit: refused before its file is read (the stack stays small).
        std::vector<std::string> chain(loading_);
        chain.push_back(key);
        entry& e = entries_[key];
        e.over_limit = true;
        e.problem = file_of(key).string() + ": prefab nesting deeper than " +
                    std::to_string(limits_.nesting) + " files (" + short_chain_text(chain) + ")";
        return nullptr;
    }
    entry& e = load(key);
    return e.value ? &*e.value : nullptr;
}

fs::path prefab_library::identity_of(std::string_view path) const {
    // The file itself: symlinks, `.` and `..` resolved as far as the path exists.
    std::error_code ec;
    const fs::path file = file_of(path);
    fs::path known = fs::weakly_canonical(file, ec);
    if (ec) known = fs::absolute(file, ec).lexically_normal();
    return known;
}

bool prefab_library::over_limit(std::string_view path) const {
    const auto it = entries_.find(path);
    return it != entries_.end() && it->second.over_limit;
}

void prefab_library::set_limits(prefab_limits limits) {
    entries_.clear();
    limits_ = limits;
}

prefab_library::entry& prefab_library::load(const std::string& path) {
    entry& e = entries_[path];
    loading_.push_back(path);
    loading_files_.push_back(identity_of(path));
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
        const std::vector<diagnostic> resolved =
            resolve_prefab_instances(contents, *this, *table_, file_of(path).string());
        const auto fatal = std::find_if(resolved.begin(), resolved.end(), [](const diagnostic& d) {
            return d.severity == diagnostic::level::error;
        });
        prefab made;
        if (fatal != resolved.end()) {
            // A limit passed further down: this prefab fails too, naming the chain.
            // The cause as found (it names the chain), not wrapped once per level.
            e.over_limit = true;
            e.problem = fatal->to_string();
            for (const std::string& inner : linked_paths(contents.world)) {
                if (!over_limit(inner)) continue;
                e.problem = problem(inner);
                break;
            }
        } else if (auto error =
                       prefab::make(loaded.value->name(), std::move(contents), *table_, made)) {
            e.problem = file_of(path).string() + ": " + *error;
        } else if (!e.cycle) {
            e.value = std::move(made);
        }
    }
    loading_.pop_back();
    loading_files_.pop_back();
    if (e.cycle) e.value.reset();
    return e;
}

std::string prefab_library::problem(std::string_view path) const {
    const auto it = entries_.find(path);
    return it == entries_.end() ? std::string() : it->second.problem;
}

std::optional<std::string> prefab_library::cycle_through(const prefab& p,
                                                         std::vector<std::string>& chain) {
    if (chain.size() > limits_.nesting) {
        return "prefab nesting deeper than " + std::to_string(limits_.nesting) + " files (" +
               short_chain_text(chain) + ")";
    }
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
