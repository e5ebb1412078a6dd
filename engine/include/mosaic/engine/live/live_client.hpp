#pragma once
// The live link's client side (issue #30 §3): what the editor uses to attach to a running
// mosaic-run --listen, or any C++ tool. Networking runs on a thread of its own (standalone
// asio); nothing here blocks the caller: connect() and request() return at once, and poll()
// hands over what arrived since (replies by id, pushed notifications), so an editor calls it
// once a frame.
//
//   mosaic::live::client c;
//   c.connect("127.0.0.1", 4000);
//   const auto id = c.request("hello", "{}");
//   for (auto& m : c.poll()) if (m.id == id) use(m.result);   // later frames

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace mosaic::live {

/// One message from the game: a reply (id != 0: `result` or `error`) or a notification
/// (id == 0: `method` and `params`). JSON members are kept as their JSON text.
struct client_message {
    std::uint64_t id = 0;
    std::string method;  // notifications
    std::string params;  // notifications
    std::string result;  // replies that succeeded
    std::string error;   // replies that failed: the error's message
    int error_code = 0;
};

class client {
public:
    enum class status { idle, connecting, connected, closed };

    client();
    ~client();  // closes the connection (the game goes on)
    client(const client&) = delete;
    client& operator=(const client&) = delete;

    /// Starts connecting to `host`:`port` (an IP address or "localhost"); status() says how
    /// it went. A second call drops the first connection.
    void connect(const std::string& host, std::uint16_t port);
    /// Sends a request (params: a JSON object's text) and returns its id (never 0). Requests
    /// made before the connection is up wait for it.
    std::uint64_t request(std::string_view method, std::string_view params = "{}");
    /// What arrived since the last call, in order.
    [[nodiscard]] std::vector<client_message> poll();
    /// Closes the connection now.
    void close();

    [[nodiscard]] status state() const;
    /// Why the connection failed or closed ("" while it is fine).
    [[nodiscard]] std::string failure() const;

private:
    struct impl;
    std::unique_ptr<impl> impl_;
};

/// A mosaic-run --listen on this machine, as its registry file says (listen_registry).
struct listening_game {
    int pid = 0;
    std::string address;  // "127.0.0.1:40423"
    std::string scene;
    bool token_required = false;
};

/// Where each --listen run notes itself: $XDG_RUNTIME_DIR/mosaic-live, else
/// <temp>/mosaic-live-<uid>.
[[nodiscard]] std::string registry_folder();

/// Writes this process's entry while it lives (removed by the destructor).
class listen_registry {
public:
    listen_registry(const std::string& address, const std::string& scene, bool token_required);
    ~listen_registry();
    listen_registry(const listen_registry&) = delete;
    listen_registry& operator=(const listen_registry&) = delete;

private:
    std::string path_;
};

/// The games listening on this machine now (entries of processes that died are removed).
[[nodiscard]] std::vector<listening_game> listening_games();

}  // namespace mosaic::live
