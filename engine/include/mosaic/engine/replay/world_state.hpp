#pragma once
// world_state: the whole state of a played world at one tick, as bytes: the scene (the binary
// scene format: entities, components, systems' settings) plus the resources a scene file
// does not hold but the next ticks depend on (the Random generator, Input with its edges,
// Physics, Contacts' counters) and the scheduler's tick. Replays start from one, checkpoints
// hash one, and a divergence is told by comparing two.
//
//   world_state s = capture_state(g);                 // g unchanged
//   std::uint64_t h = world_state_hash(s);
//   auto restored = restore_scene(s, g.table());      // the scene, as a fresh world
//   g.start(std::move(*restored.value)); apply_resources(s, g);
//
// Not in it: the contacts' list (the collision system rebuilds it every tick), the GameLog
// (messages for the user), Archetypes (the project's files) and resources a game module adds
// (a module that keeps simulation state in a resource of its own is not reproduced).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <mosaic/ecs/component_table.hpp>

#include "../input.hpp"
#include "../math.hpp"
#include "../scene/diagnostic.hpp"
#include "../scene/scene.hpp"
#include "../scene/scene_json.hpp"  // load_result

namespace mosaic {

class game;

/// The resources of a world that a scene file leaves out and a replay needs.
struct resource_state {
    std::uint64_t random = 0;  // Random::state
    glm::vec2 gravity{0.0f, 0.0f};
    Input input;
    std::uint64_t max_contacts = 0;
    bool contacts_truncated = false;
    std::uint64_t truncated_ticks = 0;
    std::uint64_t ignored_colliders = 0;
};

struct world_state {
    std::uint64_t tick = 0;  // scheduler::ticks()
    resource_state resources;
    std::string scene;  // binary scene bytes (scene_binary.hpp)
};

/// The game's state now. Saving works on a copy: the game's world is not touched (entities
/// without a file id get theirs in the copy only).
[[nodiscard]] world_state capture_state(game& g);
/// The state's scene as a fresh scene (entities, components, systems' settings). Errors
/// (a corrupt replay) name `file_name` and `where` ("initial state", "checkpoint at tick 60").
[[nodiscard]] load_result<scene> restore_scene(const world_state& s, const component_table& table,
                                               const std::string& file_name = {},
                                               const std::string& where = {});
/// Writes the state's resources into the game's world (after game::start). The scheduler's
/// tick is not written here (start_from_state sets it).
void apply_resources(const world_state& s, game& g);

/// The resources as the bytes the replay file holds (fixed size), and back.
void encode_resources(const resource_state& r, std::string& out);
inline constexpr std::size_t encoded_resources_bytes =
    8 + 8 + 4 * key_count + mouse_button_count + 5 * 4 + 8 + 1 + 8 + 8;
/// Reads encoded_resources_bytes from `bytes`.
[[nodiscard]] resource_state decode_resources(const char* bytes);

/// A 64-bit hash of the tick, the resources and the scene bytes (the same on every machine).
[[nodiscard]] std::uint64_t world_state_hash(const world_state& s);
/// Hash and equality of a state's scene bytes that read the binary format version as 1, so
/// recordings made before format 2 still verify (world_state.cpp says why).
[[nodiscard]] std::uint64_t hash_scene_bytes(std::string_view scene, std::uint64_t seed);
[[nodiscard]] bool same_scene_bytes(std::string_view a, std::string_view b);
/// The same over any bytes (module versions use it).
[[nodiscard]] std::uint64_t hash_bytes(std::string_view bytes,
                                       std::uint64_t seed = 0x6d6f7361'69637270ull);

/// Where two states first differ, in words: "tick", a resource ("Random.state: recorded
/// 123, now 456"), an entity only one side has, or the first entity (by file id), component
/// (in table order) and field (in declaration order) whose values differ, with both values.
struct state_difference {
    std::string entity;     // "'Tank' (id 3)", empty for a resource or the tick
    std::string component;  // "Transform", a resource's name, empty for the entity itself
    std::string field;      // "position", empty when the whole component or entity differs
    std::string recorded;   // the values as JSON text, or what the side has ("absent")
    std::string now;

    /// "entity 'Tank' (id 3), component Transform, field position: recorded [1.5,0.1],
    /// replay [2.0,0.1]"
    [[nodiscard]] std::string to_string() const;
};
/// The first difference between `recorded` and `now`, nullopt when they are the same state.
/// A scene that does not load gives an error diagnostic in `problems`.
[[nodiscard]] std::optional<state_difference> first_difference(const world_state& recorded,
                                                               const world_state& now,
                                                               const component_table& table,
                                                               std::vector<diagnostic>& problems);

}  // namespace mosaic
