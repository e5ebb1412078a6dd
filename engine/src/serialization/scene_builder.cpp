#include "scene_builder.hpp"

#include <algorithm>
#include <cstring>
#include <limits>
#include <unordered_map>

#include "field_messages.hpp"
#include "mosaic/engine/components.hpp"
#include "mosaic/engine/scene/prefab.hpp"
#include "scene/identity.hpp"

namespace mosaic::detail {

namespace {

// A file may say A is B's parent and B is A's: such links are dropped with a warning, so the
// hierarchy the engine sees is always a forest.
void break_parent_cycles(world& w, read_context& ctx) {
    std::unordered_map<std::uint32_t, int> state;  // 1: on the current path, 2: done
    std::vector<entity> path;
    w.each([&](entity start) {
        path.clear();
        for (entity at = start; !at.is_null() && state[at.index] == 0;) {
            state[at.index] = 1;
            path.push_back(at);
            const Parent* p = w.try_get<Parent>(at);
            const entity next = p ? p->entity : null_entity;
            if (!next.is_null() && state[next.index] == 1) {
                const EntityId* id = w.try_get<EntityId>(at);
                ctx.warn("entities", "entity " + std::to_string(id ? id->value : 0) +
                                         " is its own ancestor; its parent link is dropped");
                w.remove<Parent>(at);
                break;
            }
            at = next;
        }
        for (const entity e : path) state[e.index] = 2;
    });
}

}  // namespace

std::optional<std::string> upgrade_component(const component_info& info, void* value,
                                             std::uint32_t file_version,
                                             const legacy_fields& legacy) {
    if (file_version > info.version) {
        return "written by a newer version (" + std::to_string(file_version) + ") of " + info.name +
               " than this build knows (" + std::to_string(info.version) +
               "); read as far as possible";
    }
    if (file_version < info.version) info.upgrade(value, file_version, legacy);
    return std::nullopt;
}

scene_builder::scene_builder(read_context& ctx) : ctx_(ctx) {
    ctx_.lookup = this;
}

// --- the file as a whole ---------------------------------------------------------------------

void scene_builder::check_format_version(std::uint32_t version, std::uint32_t newest,
                                         file_place& at) {
    if (version == 0 || version > newest) {
        at.fail("format version " + std::to_string(version) +
                " is not one this build reads (1 to " + std::to_string(newest) +
                "); written by a newer Mosaic?");
    }
}

// --- systems ---------------------------------------------------------------------------------

void scene_builder::add_system(system_setting setting, file_place& name_at) {
    if (setting.name.find('\0') != std::string::npos) {
        name_at.fail("the name contains a NUL character");
    }
    draft_.systems.push_back(std::move(setting));
}

rate scene_builder::ticks_rate(std::uint64_t ticks, file_place& at) {
    if (ticks == 0 || ticks > std::numeric_limits<std::uint32_t>::max()) {
        at.fail("expected a whole number of ticks >= 1");
    }
    return rate::every_n_ticks(static_cast<std::uint32_t>(ticks));
}

rate scene_builder::seconds_rate(double seconds, file_place& at) {
    if (!(seconds > 0)) at.fail("expected a number of seconds > 0");
    return rate::interval(seconds);
}

// --- entities --------------------------------------------------------------------------------

void scene_builder::create_entities(std::vector<std::uint64_t> ids,
                                    const std::function<file_place&(std::size_t)>& place_of) {
    const std::size_t n = ids.size();
    file_ids_ = std::move(ids);
    created_.resize(n);
    draft_.world.create(created_);
    draft_.world.assure<EntityId>().reserve(n);
    dense_ = sorted_ = true;
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint64_t id = file_ids_[i];
        if (id == 0) place_of(i).fail("expected the entity's id (a whole number >= 1), found 0");
        dense_ = dense_ && id == i + 1;
        sorted_ = sorted_ && (i == 0 || id > file_ids_[i - 1]);
        draft_.world.add<EntityId>(created_[i], id);
    }
    // Ids in increasing order (as Mosaic writes them) cannot repeat, and find() needs no map
    // for them; any other order goes through one, which also finds ids used twice.
    if (sorted_) return;
    ctx_.entities.reserve(n);
    std::unordered_map<std::uint64_t, std::size_t> first_use;
    first_use.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        if (const auto [it, fresh] = first_use.emplace(file_ids_[i], i); !fresh) {
            place_of(i).fail("id " + std::to_string(file_ids_[i]) +
                             " is used twice (also by entities[" + std::to_string(it->second) +
                             "])");
        }
        ctx_.entities.emplace(file_ids_[i], created_[i]);
    }
}

entity scene_builder::find(std::uint64_t id) const {
    if (dense_) return id >= 1 && id <= created_.size() ? created_[id - 1] : null_entity;
    if (sorted_) {
        const auto it = std::lower_bound(file_ids_.begin(), file_ids_.end(), id);
        return it != file_ids_.end() && *it == id ? created_[it - file_ids_.begin()] : null_entity;
    }
    const auto it = ctx_.entities.find(id);
    return it == ctx_.entities.end() ? null_entity : it->second;
}

entity scene_builder::resolve(std::uint64_t id, file_place& at) {
    if (id == 0) return null_entity;
    if (const entity found = find(id); !found.is_null()) return found;
    return ctx_.resolve(id, at.path());  // warns
}

void scene_builder::set_name(entity e, std::string_view text, file_place& at) {
    // Names are read back as C strings (cereal's keys, ImGui): a NUL would cut them silently.
    if (text.find('\0') != std::string_view::npos) at.fail("the name contains a NUL character");
    Name n;
    const std::size_t kept = utf8_cut_length(text, sizeof n.value - 1);
    if (text.size() >= sizeof n.value) {
        at.warn("name cut to " + std::to_string(kept) + " bytes", {});
    }
    std::memcpy(n.value, text.data(), kept);
    draft_.world.add_or_replace<Name>(e, n);
}

void scene_builder::set_enabled(entity e, bool enabled) {
    draft_.world.set_active(e, enabled);
}

void scene_builder::set_parent(entity e, std::uint64_t parent_id, file_place& at) {
    if (parent_id == 0) {
        // Ids start at 1: "parent": 0 names no entity. Dropped, but not in silence.
        at.warn("parent 0 is no entity (ids start at 1): the entity has no parent", {});
        return;
    }
    const entity parent = resolve(parent_id, at);
    if (parent == e) {
        at.warn("an entity cannot be its own parent; the link is dropped", {});
    } else if (!parent.is_null()) {
        draft_.world.add_or_replace<Parent>(e, parent);
    }
}

void scene_builder::set_prefab_link(std::size_t entity_index, std::string_view path,
                                    std::uint64_t node, std::string overrides, file_place& at) {
    PrefabInstance link;
    if (path.empty()) at.fail("expected the prefab's path, found an empty one");
    if (path.find('\0') != std::string_view::npos) at.fail("the prefab's path contains a NUL");
    if (path.size() >= sizeof link.prefab.path) {
        at.fail("the prefab's path is " + std::to_string(path.size()) + " bytes, at most " +
                std::to_string(sizeof link.prefab.path - 1));
    }
    if (node == 0 || node > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
        at.fail("expected the prefab entity's id (a whole number >= 1)");
    std::memcpy(link.prefab.path, path.data(), path.size());
    link.node = static_cast<std::int64_t>(node);
    draft_.world.add_or_replace<PrefabInstance>(created_.at(entity_index), link);
    draft_.prefab_overrides[file_ids_.at(entity_index)] = std::move(overrides);
}

void scene_builder::keep_prefab_overrides(std::size_t entity_index, std::string overrides,
                                          file_place& at) {
    if (!draft_.world.has<PrefabInstance>(created_.at(entity_index)))
        at.fail("corrupt: prefab overrides on an entity that is no prefab instance");
    draft_.prefab_overrides[file_ids_.at(entity_index)] = std::move(overrides);
}

// --- components ------------------------------------------------------------------------------

bool scene_builder::first_time(const char* rule, std::string_view type_name) {
    std::string key(rule);
    key += ':';
    key += type_name;
    return warned_.insert(std::move(key)).second;
}

bool scene_builder::is_stored(const component_info& info, bool archetype) {
    if (info.flags.not_saved) return false;
    if (archetype && info.type == type_id_of<Name>()) return true;
    return !is_identity_component(info.type);
}

void scene_builder::skip_not_stored(const component_info& info, file_place& at) {
    if (!first_time("not stored", info.name)) return;
    at.warn("component '" + info.name + "' is not stored in scene files (ignored)", {});
}

void scene_builder::upgrade(const component_info& info, void* value, std::uint32_t file_version,
                            const legacy_fields& legacy, file_place& at) {
    auto newer = upgrade_component(info, value, file_version, legacy);
    if (newer && first_time("newer", info.name)) at.warn(std::move(*newer), "version");
}

void scene_builder::add_component(entity e, const component_info& info, void* value, bool enabled,
                                  std::uint32_t file_version, const legacy_fields& legacy,
                                  file_place& at) {
    upgrade(info, value, file_version, legacy, at);
    if (!draft_.world.add_copy(e, info.type, value)) {
        at.fail("corrupt: the entity has two " + info.name + " components");
    }
    if (!enabled) draft_.world.set_enabled(e, info.type, false);
}

void scene_builder::keep_unknown(std::size_t entity_index, std::string name, std::string json,
                                 file_place& at) {
    // JSON could not hold two (a key twice in one object): refused in either format.
    std::vector<unknown_component>& kept = draft_.unknown[file_ids_.at(entity_index)];
    for (const unknown_component& other : kept) {
        if (other.name == name)
            at.fail("corrupt: the entity has two components named '" + name + "'");
    }
    if (first_time("unknown", name)) {
        at.warn("unknown component type '" + name + "': kept as it is and saved back, but not used",
                {});
    }
    kept.push_back({std::move(name), std::move(json)});
}

void scene_builder::drop_unknown(const std::string& name, file_place& at) {
    if (first_time("unknown", name)) at.warn("unknown component type '" + name + "' (dropped)", {});
}

// --- commit ----------------------------------------------------------------------------------

scene scene_builder::finish() {
    break_parent_cycles(draft_.world, ctx_);
    ctx_.finish();
    return std::move(draft_);
}

}  // namespace mosaic::detail
