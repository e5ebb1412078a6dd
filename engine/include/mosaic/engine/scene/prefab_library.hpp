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
    };
    entry& load(const std::string& path);
    std::optional<std::string> cycle_through(const prefab& p, std::vector<std::string>& chain);

    const component_table* table_;
    std::filesystem::path folder_;
    std::map<std::string, entry, std::less<>> entries_;
    std::vector<std::string> loading_;  // the chain being loaded, to see cycles
};

}  // namespace mosaic
