#pragma once
// Internal: the live link's methods, one function each, grouped by what they touch:
// live_entity_methods.cpp (entities, components, queries), live_game_methods.cpp (hello,
// the clock, timings), live_watch_methods.cpp (subscriptions and their notifications).
// live_protocol.cpp holds the table of names and the envelope around a call.

#include <string>
#include <string_view>

#include <mosaic/engine/live/live_protocol.hpp>
#include <mosaic/engine/runtime/game.hpp>

#include "live_rpc.hpp"

namespace mosaic::live::internal {

/// One request being answered. A method writes its result (one JSON value) to `out` after
/// every check has passed, so a refused request leaves the world as it was.
struct call {
    game& g;
    session_state& s;
    const params& p;
    writer& out;

    [[nodiscard]] world& w() const { return g.world(); }
    [[nodiscard]] const component_table& table() const { return g.table(); }
};

struct method {
    std::string_view name;
    void (*run)(const call&);
};

/// The method called `name`, or nullptr.
[[nodiscard]] const method* find_method(std::string_view name);

// live_game_methods.cpp
void hello(const call& c);
void game_pause(const call& c);
void game_resume(const call& c);
void game_step(const call& c);
void systems_timings(const call& c);

// live_entity_methods.cpp
void entities_list(const call& c);
void query(const call& c);
void entity_get(const call& c);
void entity_create(const call& c);
void entity_destroy(const call& c);
void component_set(const call& c);
void component_add(const call& c);
void component_remove(const call& c);

// live_input_methods.cpp
void input_set(const call& c);
void input_get(const call& c);

// live_mirror_methods.cpp
void mirror_pull(const call& c);
void mirror_reset(const call& c);

// live_watch_methods.cpp
void subscribe(const call& c);
void unsubscribe(const call& c);
/// The "changed" notification for `s` (watched entities whose values differ from what was
/// last sent, or that were destroyed), or "" when nothing changed.
[[nodiscard]] std::string changed_notification(game& g, session_state& s);

}  // namespace mosaic::live::internal
