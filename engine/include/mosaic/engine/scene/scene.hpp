#pragma once
// scene: what a scene file holds, in memory.
//
//   - the world: entities and their components (Name, Parent and EntityId included: scene
//     files store them as each entity's "name", "parent" and "id");
//   - settings: gravity, background colour, the scene camera;
//   - the systems' enabled flags and rates, by system name;
//   - components the component table does not know (a type renamed or removed, another
//     project's), kept as JSON text and written back on save so nothing is lost.
//
// Every entity a scene saves gets a file-stable id (EntityId) so that files diff well in git
// and references between entities survive saving and loading.

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

#include <mosaic/ecs/field.hpp>
#include <mosaic/ecs/scheduler.hpp>
#include <mosaic/ecs/world.hpp>

#include "../math.hpp"

namespace mosaic {

/// The id an entity has in scene files (0: none yet; assigned on save).
struct EntityId {
    std::uint64_t value = 0;
};

struct scene_settings {
    glm::vec2 gravity{0.0f, -9.81f};
    mosaic::color background{0.16f, 0.17f, 0.20f, 1.0f};
    glm::vec2 camera_position{0.0f, 0.0f};
    float camera_zoom = 1.0f;

    friend bool operator==(const scene_settings&, const scene_settings&) = default;
};

/// How a scene wants one system to run (applied to the scheduler by name).
struct system_setting {
    std::string name;
    bool enabled = true;
    mosaic::rate rate = mosaic::rate::every_tick();

    friend bool operator==(const system_setting& a, const system_setting& b) noexcept {
        return a.name == b.name && a.enabled == b.enabled && a.rate.type == b.rate.type &&
               a.rate.ticks == b.rate.ticks && a.rate.seconds == b.rate.seconds;
    }
};

/// A component of a type the table does not know, as read from a file.
struct unknown_component {
    std::string name;
    std::string json;  // the component's JSON object, compact

    friend bool operator==(const unknown_component&, const unknown_component&) = default;
};

class prefab_library;

struct scene {
    mosaic::world world;
    scene_settings settings;
    std::vector<system_setting> systems;
    /// Unknown components by the EntityId of the entity they belong to.
    std::map<std::uint64_t, std::vector<unknown_component>> unknown;
    /// Instance entities read as a link plus overrides whose prefab is not resolved (yet, or
    /// at all: a missing prefab), by EntityId: their overrides as compact JSON
    /// ({"components": {...}, "removed": [...]}), written back verbatim (prefab_link.hpp).
    std::map<std::uint64_t, std::string> prefab_overrides;
    /// The prefabs instances link to (set by resolve_prefab_instances; not owned): when set,
    /// JSON saves write an instance's link and overrides instead of a full copy.
    prefab_library* prefabs = nullptr;

    scene() = default;
    scene(scene&&) noexcept = default;
    scene& operator=(scene&&) noexcept = default;

    /// The entity with this file id, or null.
    [[nodiscard]] entity find(std::uint64_t id) const;
    /// The entity's file id, assigning the next free one if it has none.
    std::uint64_t ensure_id(entity e);
    /// Gives every live entity without an EntityId one (ids stay unique).
    void assign_missing_ids();
    /// An independent copy (world.clone() and the rest).
    [[nodiscard]] scene clone() const;
    /// Reads the systems' enabled flags and rates from a scheduler / applies them to one
    /// (settings for systems the scheduler does not have are kept and ignored). A system
    /// named in `unlisted` (the settings the systems the scene did not list had when it
    /// started: game::system_defaults) is left out of the list while it still has them, so
    /// saving a scene nobody changed writes the list it was loaded with.
    void capture_systems(const scheduler& s, std::span<const system_setting> unlisted = {});
    void apply_systems(scheduler& s) const;
};

}  // namespace mosaic
