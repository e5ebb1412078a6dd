#pragma once
// prefab: an entity tree saved as one asset (NAME.prefab.json), spawned whole in one call.
//
//   const prefab* tank = ctx.resource<const Prefabs>().find("tank");
//   const entity hull = spawn(ctx.commands(), *tank);            // root placeholder
//   ctx.commands().add_or_replace<Transform>(hull, Transform{.position = where});
//
// A prefab holds its entities in a small scene of its own: each has a file-stable id
// (EntityId), a Name, a Parent link (except the root) and its components. Those ids are what
// an instance's links name: every entity of an instance carries a PrefabInstance saying which
// prefab and which prefab entity it came from (prefab_link.hpp: overrides, apply, revert).
//
// Spawning copies the entities root first, each parent before its children, siblings in file
// id order; references between them (Parent, and any entity field) point at the copies.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <mosaic/ecs/command_buffer.hpp>
#include <mosaic/ecs/component_table.hpp>
#include <mosaic/ecs/field_kinds.hpp>

#include "scene.hpp"

namespace mosaic {

/// On each entity the editor made from a prefab: the prefab file (relative to the project
/// folder) and the file id of the prefab entity it is a copy of. Saved in scene files.
struct PrefabInstance {
    asset_path prefab{};
    std::int64_t node = 0;
};

class prefab {
public:
    prefab() = default;
    prefab(const prefab& other);
    prefab& operator=(const prefab& other);
    prefab(prefab&&) noexcept = default;
    prefab& operator=(prefab&&) noexcept = default;
    ~prefab() = default;

    /// Takes `contents` (entities with EntityId, Name, Parent and their components) and
    /// orders them. Fails with a message unless exactly one entity is a root and every id is
    /// unique and >= 1 (cycles count as no root). `table` says which fields are references.
    [[nodiscard]] static std::optional<std::string> make(std::string name, scene contents,
                                                         const component_table& table, prefab& out);

    [[nodiscard]] const std::string& name() const noexcept { return name_; }
    void rename(std::string name) { name_ = std::move(name); }

    /// The prefab's own entities (read only: make() a new prefab to change them).
    [[nodiscard]] const scene& contents() const noexcept { return contents_; }
    /// The entities of contents() in spawn order: root first, parents before children.
    [[nodiscard]] std::span<const entity> nodes() const noexcept { return nodes_; }
    [[nodiscard]] std::size_t size() const noexcept { return nodes_.size(); }
    [[nodiscard]] entity root() const noexcept { return nodes_.empty() ? null_entity : nodes_[0]; }
    /// The file id of node `i`.
    [[nodiscard]] std::uint64_t id_of(std::size_t i) const;
    /// The node with file id `id`, or size() when none.
    [[nodiscard]] std::size_t node_of(std::uint64_t id) const noexcept;
    /// The node whose entity (in contents()) is `e`, or size() when none.
    [[nodiscard]] std::size_t index_of(entity e) const noexcept;
    /// The node index of node `i`'s parent (size() for the root).
    [[nodiscard]] std::size_t parent_index(std::size_t i) const noexcept;

    /// The prefab's world, to change the components of its nodes (apply_to_prefab): not
    /// which entities it holds or their parents (make() a new prefab for that).
    [[nodiscard]] world& node_world() noexcept { return contents_.world; }

    /// Copies node `i` (all its components but EntityId) onto `to` in `w`; references are
    /// left for remap().
    void copy_node(std::size_t i, world& w, entity to) const;
    /// Points the reference fields of `made[i]`'s components at `made` (node order): a
    /// reference to node j becomes made[j]; anything else becomes null.
    void remap(world& w, std::span<const entity> made) const;

private:
    struct ref_field {
        type_id type;
        std::size_t offset;
        std::uint32_t count;
    };

    std::string name_;
    scene contents_;
    std::vector<entity> nodes_;
    std::vector<std::uint64_t> ids_;    // file id of each node
    std::vector<std::size_t> parents_;  // node index of each node's parent (size(): root)
    std::vector<ref_field> refs_;
};

/// Makes a prefab of `root` and its descendants in `w`: ids 1, 2, ... in spawn order, the
/// components files store (not_saved and unregistered ones are left out), references inside
/// the tree kept, references leaving it cleared. Entities that are instances of other
/// prefabs keep their PrefabInstance: the new prefab nests them (made of an instance's
/// root, it is a variant of that instance's prefab).
[[nodiscard]] prefab make_prefab(std::string name, const world& w, entity root,
                                 const component_table& table);

/// Creates the prefab's entities in `w`; returns them in node order (made[0]: the root).
std::vector<entity> spawn(world& w, const prefab& p);
/// The same onto an existing root entity (created by a command buffer).
std::vector<entity> spawn_onto(world& w, const prefab& p, entity root);
/// Records a spawn of the whole tree: returns the root's placeholder, which later commands
/// of the same buffer can use (place it with add_or_replace<Transform>). `p` must outlive
/// the buffer's apply().
entity spawn(command_buffer& commands, const prefab& p);

}  // namespace mosaic
