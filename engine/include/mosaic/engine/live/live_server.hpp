#pragma once
// The live link's TCP server (issue #30 §1): one JSON-RPC message per line, carried by asio
// on a network thread of its own. It only moves lines: requests wait in a queue that the
// game's thread drains with poll() between ticks (protocol::handle runs there, never beside
// the systems), and replies and notifications go back through the network thread.
//
//   mosaic::live::server link({.address = *mosaic::live::parse_listen_address("4000")});
//   mosaic::live::protocol p(game);
//   while (running) { link.poll(p); game.frame(dt); }
//
// Bounds: max_connections clients at once (one more gets an error line and is closed),
// lines up to max_message_bytes (a longer one gets an error reply and the connection
// closes: the stream cannot be resynchronised), max_pending requests waiting per client
// (more get "busy" replies), and a client that does not read its replies is dropped when
// they pass max_unsent_bytes. Guessing the token is slow: each wrong token's reply waits
// token_failure_delay, the connection closes after max_token_failures of them, and its
// address is then refused for token_lockout.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <variant>

#include "live_protocol.hpp"

namespace mosaic::live {

struct listen_address {
    std::string host = "127.0.0.1";
    std::uint16_t port = 0;  // 0: any free port (server::port() says which)
};

/// "[ADDR:]PORT" (ADDR: an IPv4 address, "[IPv6]" or "localhost"; default 127.0.0.1), or a
/// message saying what is wrong with it.
[[nodiscard]] std::variant<listen_address, std::string> parse_listen_address(std::string_view text);

struct server_options {
    listen_address address;
    /// The token clients must give in "hello" when the address is not loopback. Empty: one
    /// is made up (server::token()). Ignored on loopback.
    std::string token;
    std::size_t max_connections = 8;
    std::size_t max_pending = 64;
    std::size_t max_unsent_bytes = std::size_t{64} << 20;
    std::size_t max_token_failures = 3;
    std::chrono::milliseconds token_failure_delay{500};
    std::chrono::milliseconds token_lockout{10000};
};

class server {
public:
    /// Binds the address and starts the network thread. Throws std::runtime_error naming
    /// the address when it cannot be bound or is not an address.
    explicit server(server_options options);
    ~server();
    server(const server&) = delete;
    server& operator=(const server&) = delete;

    [[nodiscard]] std::uint16_t port() const noexcept;
    [[nodiscard]] bool token_required() const noexcept;
    [[nodiscard]] const std::string& token() const noexcept;
    /// Clients connected now (as the game's thread last heard).
    [[nodiscard]] std::size_t clients() const noexcept;

    /// On the game's thread: answers every request that arrived, then sends each client the
    /// changes of the entities it watches. Returns how many requests were handled.
    std::size_t poll(protocol& p);

private:
    struct impl;
    std::unique_ptr<impl> impl_;
};

}  // namespace mosaic::live
