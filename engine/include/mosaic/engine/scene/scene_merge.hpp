#pragma once
// Three-way merges of scene files (`mosaic-run --merge`, the git merge driver): BASE is the
// common ancestor, OURS and THEIRS two edits of it. The merge works on the JSON document, by
// entity id, then component name, then field name, so it needs no knowledge of a component
// beyond its JSON (components of unknown types merge like the rest, and stay verbatim):
//
//   - a value changed on one side only takes that side's value; both sides changing it to the
//     same value is no conflict;
//   - entities and components added or removed on one side are added or removed;
//   - both sides changing one field differently is a conflict: the result keeps OURS' value
//     and a merge_conflict names the entity (name and id), component, field and the three
//     values. An entity or component deleted on one side and changed on the other is a
//     conflict too, and the result again keeps OURS (deleted, or with OURS' changes);
//   - an entity both sides added under the same id (with different content) keeps its id in
//     OURS; THEIRS' gets the next free id, and THEIRS' references to it (parent links and
//     the component fields the table describes as entity references) follow it.
//
// Each input is first read by the scene loader and written in the engine's canonical JSON
// (so binary files, old format versions and hand-formatted files merge alike, and malformed
// input gets the loader's message: file, line:column, JSON path). The merged document is
// loaded again, which checks it is a valid scene, and written in the canonical form: saving
// the merged scene unchanged gives the same bytes.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <mosaic/ecs/component_table.hpp>

#include "diagnostic.hpp"
#include "scene_file.hpp"

namespace mosaic {

/// Both sides changed one value differently (or one deleted what the other changed).
struct merge_conflict {
    std::uint64_t entity_id = 0;  // 0: a scene-wide value (settings, systems)
    std::string entity_name;
    std::string component;  // empty: an entity key (name, enabled, parent) or the whole entity
    std::string field;      // empty: the whole component or entity
    std::string base, ours, theirs;  // compact JSON, or "(none)", "(deleted)", "(changed)" ...
    std::string kept;                // what the result holds, e.g. "ours"

    /// "FILE: conflict: entity "Tank" (id 3), component Transform, field rotation: base 30.0,
    /// ours 45.0, theirs 90.0; kept ours"
    [[nodiscard]] std::string to_string(std::string_view file) const;
};

/// An entity both sides added under the same id: THEIRS' entity got a new id.
struct renumbered_entity {
    std::uint64_t from = 0, to = 0;
    std::string name;

    /// "FILE: entity "Turret" was added on both sides as id 7: theirs is now id 9"
    [[nodiscard]] std::string to_string(std::string_view file) const;
};

struct merge_result {
    std::optional<std::string> bytes;  // the merged file; empty when the merge failed
    std::vector<merge_conflict> conflicts;
    std::vector<renumbered_entity> renumbered;
    std::vector<diagnostic> diagnostics;  // the error that stopped the merge; warnings

    [[nodiscard]] bool ok() const noexcept { return bytes.has_value(); }
    [[nodiscard]] bool clean() const noexcept { return ok() && conflicts.empty(); }
};

/// One input: the file's bytes (JSON or binary, told by their first bytes, not by a name:
/// git hands drivers temporary files) and the name its diagnostics carry.
struct merge_input {
    std::string_view bytes;
    std::string label;
};

/// Merges three scene files; the result is written in `output` format.
[[nodiscard]] merge_result merge_scenes(const merge_input& base, const merge_input& ours,
                                        const merge_input& theirs, const component_table& table,
                                        scene_file_format output = scene_file_format::json);

}  // namespace mosaic
