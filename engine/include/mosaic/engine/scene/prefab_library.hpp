#pragma once
// prefab_library: finds the prefab an instance links to (PrefabInstance::prefab, a path
// relative to the project folder), loading each file once, with the instances it holds
// itself (nested prefabs, a variant's base) resolved recursively.
//
//   prefab_library lib(table, project_folder);
//   if (const prefab* tank = lib.find("archetypes/tank.prefab.json")) ...
//   else log(lib.problem("archetypes/tank.prefab.json"));   // missing, broken, or a cycle
//
// A prefab that contains itself, directly or through others, is refused: find() gives
// nullptr for every prefab of the loop and problem() names the chain of files
// ("a.prefab.json -> b.prefab.json -> a.prefab.json").
//
// Limits (prefab_limits): nesting deeper than 64 prefab files (a variant of a variant ...,
// or an instance inside an instance ...) and instances that would expand one scene or prefab
// past 2^20 entities are refused with a message naming the chain of files, before the work
// is done: no input controls how deep the loader recurses or how long it runs. A path is
// compared by the file it names (`./a/../a/x.prefab.json`, an absolute spelling, a symlink):
// another spelling of a prefab on the chain is a cycle.
//
// Scenes point at the library that resolved them (scene::prefabs) so saving writes links;
// the library is therefore neither copied nor moved: hold it where it stays.

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <mosaic/ecs/component_table.hpp>

#include "prefab.hpp"

namespace mosaic {

/// What a prefab library loads at most (prefab_library::set_limits; tests lower them).
struct prefab_limits {
    /// Prefab files on one chain of links (a scene's instance counts as the first).
    std::size_t nesting = 64;
    /// Entities the instances of one scene or one prefab expand to.
    std::size_t entities = std::size_t{1} << 20;
};

class prefab_library {
public:
    /// Paths are relative to `project_folder` (an empty folder: relative to the working
    /// directory; an absolute path is used as it is).
    prefab_library(const component_table& table, std::filesystem::path project_folder);
    prefab_library(const prefab_library&) = delete;
    prefab_library& operator=(const prefab_library&) = delete;
    ~prefab_library();

    /// The prefab at `path`, loaded on first use; nullptr when its file is missing or broken,
    /// or it is part of a cycle (problem() says which).
    [[nodiscard]] const prefab* find(std::string_view path);
    /// Why find(path) gave nullptr: the file and the reason; empty when it did not.
    [[nodiscard]] std::string problem(std::string_view path) const;

    /// Makes `p` the prefab at `path` in memory (an edited prefab; tests). Refused, with the
    /// chain of files, when `p` would contain itself (through its instances); `p`'s nested
    /// instances must be resolved (as make_prefab and instantiate leave them). The prefabs
    /// containing `path` are forgotten, as by forget().
    [[nodiscard]] std::optional<std::string> replace(std::string path, prefab p);
    /// Forgets `path` (its file changed): the next find() reads it again. The prefabs that
    /// contain it (dependents()) were resolved from the old one: they are forgotten too.
    void forget(std::string_view path);
    /// The loaded prefabs that contain `path`, directly or through others (a squad holding
    /// tanks, a variant of a tank): what a change to `path` changes too.
    [[nodiscard]] std::vector<std::string> dependents(std::string_view path) const;
    /// Forgets every prefab.
    void clear();
    /// Forgets every prefab and resolves paths against `project_folder` from now on.
    void set_project_folder(std::filesystem::path project_folder);

    /// The limits of nesting and expansion; set_limits forgets every prefab.
    [[nodiscard]] const prefab_limits& limits() const noexcept { return limits_; }
    void set_limits(prefab_limits limits);
    /// Whether find(path) failed on a limit (nesting, expansion): a scene using it fails too.
    [[nodiscard]] bool over_limit(std::string_view path) const;

    /// The file `path` names.
    [[nodiscard]] std::filesystem::path file_of(std::string_view path) const;
    /// `file` as a path relative to the project folder, as instances store it.
    [[nodiscard]] std::string path_of(const std::filesystem::path& file) const;
    [[nodiscard]] const std::filesystem::path& project_folder() const noexcept { return folder_; }
    [[nodiscard]] const component_table& table() const noexcept { return *table_; }

private:
    struct entry {
        std::optional<prefab> value;
        std::string problem;
        bool cycle = false;
        bool over_limit = false;  // nesting or expansion: the prefabs containing it fail too
    };
    entry& load(const std::string& path);
    std::optional<std::string> cycle_through(const prefab& p, std::vector<std::string>& chain);

    [[nodiscard]] std::filesystem::path identity_of(std::string_view path) const;

    const component_table* table_;
    std::filesystem::path folder_;
    prefab_limits limits_;
    std::map<std::string, entry, std::less<>> entries_;
    std::vector<std::string> loading_;                  // the chain being loaded, to see cycles
    std::vector<std::filesystem::path> loading_files_;  // the same, as the files they name
};

}  // namespace mosaic
