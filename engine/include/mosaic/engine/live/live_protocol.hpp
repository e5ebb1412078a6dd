#pragma once
// The live link's protocol core (issue #30 §1): one JSON-RPC 2.0 request in, one reply out,
// against a running game; and the change notifications a client subscribed to. No sockets
// here: live_server carries the lines, tests and the fuzz target call handle() directly.
// Every call happens on the game's thread between ticks, never while systems run.
//
//   mosaic::live::protocol link(game);
//   mosaic::live::session s({.token_required = false});
//   std::string reply = link.handle(s, R"({"jsonrpc":"2.0","id":1,"method":"hello"})");
//   for (std::string& push : link.notifications(s)) send(push);  // after each tick
//
// Values travel as in scene files (component_json: the one encoder); entities as numbers
// (entity_wire_id). The methods, errors and limits are in engine/README.md, "Live link".

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include <mosaic/ecs/entity.hpp>

namespace mosaic {
class game;
}

namespace mosaic::live {

/// Told by "hello"; a client checks it. Bumped when a method changes incompatibly.
inline constexpr int protocol_version = 1;
/// The longest request line accepted (bytes, without the newline).
inline constexpr std::size_t max_message_bytes = std::size_t{1} << 20;
/// The most entities one list or query page returns, and one session watches.
inline constexpr std::size_t max_page = 1000;
inline constexpr std::size_t max_watched = 1000;
/// Entities a mirror.pull page carries at most, and the most a mirrored world may hold.
inline constexpr std::size_t max_mirror_page = 1000;
inline constexpr std::size_t max_mirrored = 1'000'000;

/// JSON-RPC error codes: the standard ones and the protocol's own.
enum error_code : int {
    parse_error = -32700,
    invalid_request = -32600,
    method_not_found = -32601,
    invalid_params = -32602,
    not_ready = -32001,  // no "hello" yet (out of order) or a wrong token
    no_such_entity = -32002,
    too_large = -32003,
    busy = -32004,     // too many requests waiting (live_server)
    refused = -32005,  // the request is well formed but cannot be done (step while running)
};

/// An entity on the wire: generation * 2^32 + index + 1, so that 0 means "no entity" as in
/// scene files. Stale ids (a destroyed entity's) never name a newer one.
[[nodiscard]] constexpr std::uint64_t entity_wire_id(entity e) noexcept {
    return e.is_null() ? 0 : (std::uint64_t{e.generation} << 32) | (std::uint64_t{e.index} + 1);
}
[[nodiscard]] constexpr entity entity_from_wire_id(std::uint64_t id) noexcept {
    const auto low = static_cast<std::uint32_t>(id);
    if (low == 0) return null_entity;
    return {low - 1, static_cast<entity_generation>(id >> 32)};
}

struct session_options {
    /// A non-loopback listener: "hello" must carry this token (non-empty).
    bool token_required = false;
    std::string token;
    /// Wrong tokens a session may give; at this many it is closed (should_close()) and every
    /// later request is refused. live_server closes the connection and delays the replies.
    std::size_t max_token_failures = 3;
};

namespace internal {
struct session_state {
    struct watch {
        std::vector<std::byte> last;  // the shown components' bytes as last sent
        bool sent = false;
        std::vector<std::string> components;  // empty: all
    };
    /// A mirror (mirror.pull): what this client was last sent of every entity, and the pass
    /// being paged out.
    struct mirror_state {
        std::unordered_map<std::uint64_t, std::vector<std::byte>> sent;  // by wire id
        std::vector<std::uint64_t> changed;    // this pass's entities not sent yet
        std::vector<std::uint64_t> destroyed;  // not told yet
        std::size_t next = 0;                  // into changed
        bool in_pass = false;
    };
    session_options options;
    mirror_state mirror;
    bool ready = false;
    std::size_t token_failures = 0;
    std::unordered_map<std::uint64_t, watch> watched;  // by wire id
};
}  // namespace internal

/// One client's state: whether it said hello, which entities it watches and what it was
/// last told about them.
class session {
public:
    explicit session(session_options options = {}) { state_.options = std::move(options); }
    [[nodiscard]] bool ready() const noexcept { return state_.ready; }
    [[nodiscard]] std::size_t watched() const noexcept { return state_.watched.size(); }
    /// Wrong or missing tokens given in "hello" so far.
    [[nodiscard]] std::size_t token_failures() const noexcept { return state_.token_failures; }
    /// True once max_token_failures wrong tokens were given: the connection should close.
    [[nodiscard]] bool should_close() const noexcept {
        return state_.options.token_required &&
               state_.token_failures >= state_.options.max_token_failures;
    }

private:
    friend class protocol;
    internal::session_state state_;
};

class protocol {
public:
    explicit protocol(game& g) noexcept : game_(&g) {}

    /// Handles one request line; returns the reply line (no newline). A notification (no
    /// "id") that succeeds returns "". Never throws, whatever `line` holds.
    [[nodiscard]] std::string handle(session& s, std::string_view line);

    /// The "changed" notifications for `s`: one per call, listing the watched entities whose
    /// values differ from what was last sent (or that were destroyed). Empty when nothing
    /// changed. Call after each tick (and after handling requests).
    [[nodiscard]] std::vector<std::string> notifications(session& s);

    /// A reply for a message that never reached handle() (too large, too many waiting).
    [[nodiscard]] static std::string error_reply(error_code code, std::string_view message);

private:
    game* game_;
};

}  // namespace mosaic::live
