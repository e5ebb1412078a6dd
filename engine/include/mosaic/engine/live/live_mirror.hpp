#pragma once
// world_mirror: a local world kept equal to a game's world over the live link (the editor's
// Play in a separate process shows and edits the child's world in its own Hierarchy,
// Inspector and Scene view through one). It reads the pages of "mirror.pull" (live link,
// engine/README.md) and, once a pass is whole, applies it: entities created, changed and
// destroyed, component values read by the scene files' code. It also says what was edited
// locally since (values compared byte for byte with what it last applied), as the requests
// that make the game do the same.
//
// Entities: the game's and the local ones are paired. On the first pass a game entity with a
// file id (EntityId) takes the local entity with the same file id (the edit scene the game
// was started from), so selections and "Keep after Stop" find their entities; others get new
// local entities, and local entities the game does not have are destroyed (never the
// resource holder). References inside values are translated both ways.
//
//   world_mirror m(world, table);
//   each frame:
//     for (auto& r : m.local_edits(pulls)) send(r.method, r.params) (entity.create: created())
//     if no pull waits: send("mirror.pull"), ++pulls
//     on its reply: m.take_page(result, pull_number)
//
// Nothing here talks to the network: the caller sends and receives (editor/core/child_play).

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <mosaic/ecs/component_table.hpp>
#include <mosaic/ecs/world.hpp>

namespace mosaic::live {

class world_mirror {
public:
    /// One request that makes the game do what was done locally.
    struct request {
        std::string method;          // component.set, component.add, component.remove,
                                     // entity.destroy, entity.create
        std::string params;          // a JSON object's text
        entity local = null_entity;  // entity.create: the local entity to pair with the answer
    };
    struct stats {
        std::uint64_t passes = 0;      // applied
        std::size_t paired = 0;        // entities paired now
        std::size_t last_changed = 0;  // entities the last pass changed locally
        std::size_t last_destroyed = 0;
        std::uint64_t tick = 0;  // the game's tick at the last page
        bool paused = false;
    };

    world_mirror(world& w, const component_table& table);
    ~world_mirror();
    world_mirror(const world_mirror&) = delete;
    world_mirror& operator=(const world_mirror&) = delete;

    /// Takes one mirror.pull result (`pull`: the number the caller gave that request, counting
    /// up). Pages are kept until the pass's last (`"more": false`), which applies the pass.
    /// "" or what was wrong with the page (the pass is then dropped; the next starts fresh).
    std::string take_page(std::string_view result_json, std::uint64_t pull);
    /// True after the last page applied a pass (until the next page arrives).
    [[nodiscard]] bool pass_applied() const noexcept;
    /// What was done to the local world since the last call (or pass), as requests. `pull`:
    /// the number the next mirror.pull will have: pages pulled before it no longer overwrite
    /// these entities' values (the game's answer to the edits comes with a later pass).
    /// Empty until the first pass is applied.
    [[nodiscard]] std::vector<request> local_edits(std::uint64_t pull);
    /// entity.create's answer: `local` is the game's entity `id` from now on.
    void created(entity local, std::uint64_t id);
    /// entity.create was refused: the local entity is dropped.
    void not_created(entity local);

    /// The game's id of a local entity (0: none), and the reverse (null: none).
    [[nodiscard]] std::uint64_t remote_of(entity local) const;
    [[nodiscard]] entity local_of(std::uint64_t id) const;
    [[nodiscard]] const stats& statistics() const noexcept;

private:
    struct impl;
    std::unique_ptr<impl> impl_;
};

}  // namespace mosaic::live
