#pragma once
// read_archetype_folder: a project's archetypes folder read the one way every reader needs —
// a run (game::load_archetypes) and `mosaic-run --validate` — so what validates is what runs.
//
//   prefab_library links(table, project_folder);
//   archetype_folder folder = read_archetype_folder(project_folder / "archetypes", table, links);
//   // folder.archetypes, folder.prefabs (their instances of other prefabs resolved),
//   // folder.diagnostics (located; a prefab whose chain does not resolve is an error)
//
// Files are read in name order (directory order differs between machines, and messages
// must not). A file that does not load is left out with its diagnostics; the others load.

#include <filesystem>
#include <vector>

#include <mosaic/ecs/archetype.hpp>
#include <mosaic/ecs/component_table.hpp>

#include "diagnostic.hpp"
#include "prefab.hpp"
#include "prefab_library.hpp"

namespace mosaic {

struct archetype_folder {
    std::vector<archetype> archetypes;
    /// Prefabs holding instances of others come with those instances resolved.
    std::vector<prefab> prefabs;
    /// Each file's load problems, and for a prefab whose chain does not resolve (missing,
    /// cyclic, past a limit), an error naming it and why.
    std::vector<diagnostic> diagnostics;
};

/// Reads `folder`'s `*.archetype.json` and `*.prefab.json` files. `links` resolves prefab
/// links (its project folder is the one paths in the files are relative to). A folder that
/// does not exist is empty, not an error.
[[nodiscard]] archetype_folder read_archetype_folder(const std::filesystem::path& folder,
                                                     const component_table& table,
                                                     prefab_library& links);

}  // namespace mosaic
