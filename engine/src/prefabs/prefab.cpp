// prefab: the entity tree, its spawn order and its spawns. The file format is read and
// written with scene files' code (scene_json_read.cpp, scene_json_write.cpp).
#include "mosaic/engine/scene/prefab.hpp"

#include <algorithm>
#include <map>
#include <unordered_map>
#include <utility>

#include "mosaic/engine/components.hpp"
#include "mosaic/engine/hierarchy.hpp"
#include "mosaic/engine/scene/prefab_tree.hpp"
#include "scene/identity.hpp"

namespace mosaic {

namespace {

std::uint64_t file_id(const world& w, entity e) {
    const EntityId* id = w.try_get<EntityId>(e);
    return id ? id->value : 0;
}

// Whether spawns and prefab files carry components of this type: what scene files store,
// plus the entity keys (Name, Parent) and the inactive tag.
bool carried(const component_table& table, type_id type) {
    if (type == type_id_of<EntityId>() || type == type_id_of<resource_entity>()) return false;
    if (detail::is_identity_component(type)) return true;  // Name, Parent, inactive
    const component_info* info = table.find(type);
    return info && !info->flags.not_saved;
}

}  // namespace

prefab::prefab(const prefab& other)
    : name_(other.name_),
      contents_(other.contents_.clone()),
      nodes_(other.nodes_),  // clone() keeps the entity ids
      ids_(other.ids_),
      parents_(other.parents_),
      refs_(other.refs_) {}

prefab& prefab::operator=(const prefab& other) {
    if (this != &other) *this = prefab(other);
    return *this;
}

std::optional<std::string> prefab::make(std::string name, scene contents,
                                        const component_table& table, prefab& out) {
    world& w = contents.world;
    // Children of each entity, in file id order; the roots likewise.
    std::map<std::uint64_t, entity> by_id;
    std::string problem;
    w.each([&](entity e) {
        if (!detail::is_scene_entity(w, e)) return;
        const std::uint64_t id = file_id(w, e);
        if (id == 0 && problem.empty()) problem = "an entity of the prefab has no file id";
        if (!by_id.emplace(id, e).second && problem.empty())
            problem = "the file id " + std::to_string(id) + " is used twice";
    });
    if (!problem.empty()) return problem;
    if (by_id.empty()) return "the prefab has no entities: it needs a root entity";
    std::vector<entity> roots;
    std::unordered_map<entity_index, std::vector<entity>> children;
    for (const auto& [id, e] : by_id) {
        const entity up = parent_of(w, e);
        if (up.is_null()) {
            roots.push_back(e);
        } else {
            children[up.index].push_back(e);
        }
    }
    if (roots.size() != 1) {
        return roots.empty()
                   ? std::string("the prefab has no root entity (its parent links form a loop)")
                   : "the prefab has " + std::to_string(roots.size()) + " root entities (ids " +
                         std::to_string(file_id(w, roots[0])) + " and " +
                         std::to_string(file_id(w, roots[1])) +
                         "): a prefab is one entity and its children";
    }
    prefab made;
    made.name_ = std::move(name);
    // Depth first, children in id order: parents come before their children.
    std::vector<entity> stack{roots[0]};
    while (!stack.empty()) {
        const entity e = stack.back();
        stack.pop_back();
        made.nodes_.push_back(e);
        const auto it = children.find(e.index);
        if (it == children.end()) continue;
        for (auto child = it->second.rbegin(); child != it->second.rend(); ++child)
            stack.push_back(*child);
    }
    if (made.nodes_.size() != by_id.size()) {
        return "entities of the prefab are not below its root (their parent links form a loop)";
    }
    for (const entity e : made.nodes_) made.ids_.push_back(file_id(w, e));
    for (const entity e : made.nodes_) {
        const entity up = parent_of(w, e);
        const auto at = std::find(made.nodes_.begin(), made.nodes_.end(), up);
        made.parents_.push_back(up.is_null() ? made.nodes_.size()
                                             : static_cast<std::size_t>(at - made.nodes_.begin()));
    }
    for (const component_info* info : table.all()) {
        if (info->flags.opaque) continue;
        for (const field_info& f : info->fields) {
            if (f.kind == field_kind::entity_ref)
                made.refs_.push_back({info->type, f.offset, f.count});
        }
    }
    made.contents_ = std::move(contents);
    out = std::move(made);
    return std::nullopt;
}

std::uint64_t prefab::id_of(std::size_t i) const {
    return ids_.at(i);
}

std::size_t prefab::node_of(std::uint64_t id) const noexcept {
    return static_cast<std::size_t>(std::find(ids_.begin(), ids_.end(), id) - ids_.begin());
}

std::size_t prefab::index_of(entity e) const noexcept {
    return static_cast<std::size_t>(std::find(nodes_.begin(), nodes_.end(), e) - nodes_.begin());
}

std::size_t prefab::parent_index(std::size_t i) const noexcept {
    return i < parents_.size() ? parents_[i] : nodes_.size();
}

void prefab::copy_node(std::size_t i, world& w, entity to) const {
    const world& from = contents_.world;
    for (const type_id type : from.components_of(nodes_[i])) {
        if (type == type_id_of<EntityId>()) continue;
        from.copy_component(type, nodes_[i], w, to);
    }
}

void prefab::remap(world& w, std::span<const entity> made) const {
    const auto target = [&](entity ref) {
        for (std::size_t j = 0; j < nodes_.size() && j < made.size(); ++j) {
            if (nodes_[j] == ref) return made[j];
        }
        return null_entity;
    };
    for (const entity e : made) {
        for (const ref_field& f : refs_) {
            void* value = w.try_get(e, f.type);
            if (!value) continue;
            auto* refs = reinterpret_cast<entity*>(static_cast<std::byte*>(value) + f.offset);
            for (std::uint32_t k = 0; k < f.count; ++k) {
                if (!refs[k].is_null()) refs[k] = target(refs[k]);
            }
        }
    }
}

std::vector<entity> prefab_tree_order(const world& w, entity root) {
    // The tree depth first, children in scene order (file id): the prefab's ids follow it.
    std::vector<entity> tree;
    std::vector<entity> stack{root};
    while (!stack.empty()) {
        const entity e = stack.back();
        stack.pop_back();
        tree.push_back(e);
        std::vector<std::pair<std::uint64_t, entity>> children;
        w.view<const Parent>(exclude<>, include_disabled).each([&](entity child, const Parent& p) {
            if (p.entity == e) children.emplace_back(file_id(w, child), child);
        });
        std::sort(children.begin(), children.end(), [](const auto& a, const auto& b) {
            return a.first != b.first ? a.first < b.first : a.second.index < b.second.index;
        });
        for (auto it = children.rbegin(); it != children.rend(); ++it) stack.push_back(it->second);
    }
    return tree;
}

prefab make_prefab(std::string name, const world& w, entity root, const component_table& table) {
    const std::vector<entity> tree = prefab_tree_order(w, root);
    scene contents;
    world& to = contents.world;
    std::vector<entity> made;
    for (const entity e : tree) {
        const entity copy = to.create();
        for (const type_id type : w.components_of(e)) {
            // A PrefabInstance is kept: the new prefab nests that instance.
            if (carried(table, type)) w.copy_component(type, e, to, copy);
        }
        made.push_back(copy);
    }
    to.remove<Parent>(made[0]);  // the root leaves its old parent
    // References inside the tree point at the copies; the rest are cleared.
    for (const component_info* info : table.all()) {
        if (info->flags.opaque) continue;
        for (const field_info& f : info->fields) {
            if (f.kind != field_kind::entity_ref) continue;
            for (const entity copy : made) {
                void* value = to.try_get(copy, info->type);
                if (!value) continue;
                auto* refs = reinterpret_cast<entity*>(static_cast<std::byte*>(value) + f.offset);
                for (std::uint32_t k = 0; k < f.count; ++k) {
                    const auto it = std::find(tree.begin(), tree.end(), refs[k]);
                    refs[k] = it == tree.end() ? null_entity : made[it - tree.begin()];
                }
            }
        }
    }
    std::uint64_t id = 1;
    for (const entity copy : made) to.add<EntityId>(copy, EntityId{id++});
    prefab out;
    (void)prefab::make(std::move(name), std::move(contents), table, out);  // one root: fine
    return out;
}

std::vector<entity> spawn_onto(world& w, const prefab& p, entity root) {
    std::vector<entity> made;
    made.reserve(p.size());
    for (std::size_t i = 0; i < p.size(); ++i) {
        const entity e = i == 0 ? root : w.create();
        p.copy_node(i, w, e);
        made.push_back(e);
    }
    p.remap(w, made);
    return made;
}

std::vector<entity> spawn(world& w, const prefab& p) {
    if (p.size() == 0) return {};
    return spawn_onto(w, p, w.create());
}

entity spawn(command_buffer& commands, const prefab& p) {
    const entity root = commands.create();
    commands.call(
        root,
        [](world& w, entity made_root, const void* context) {
            spawn_onto(w, *static_cast<const prefab*>(context), made_root);
        },
        &p);
    return root;
}

}  // namespace mosaic
