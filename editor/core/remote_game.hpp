#pragma once
// remote_game: the editor attached to a game running in another process (issue #30 §3) over
// the live link (engine/README.md, "Live link"). Read-only until allow_edits is set; Detach
// (or destroying it) closes the connection and the game goes on.
//
// Nothing here waits on the network: attach() and the requests return at once, update()
// (once a frame) takes in what the game answered or pushed, and the views below are what
// it said last. The UI (ui/remote_panel.cpp) draws them; tests drive it headless.
//
//   remote_game g;
//   g.attach("127.0.0.1:40423", "");
//   each frame: g.update();   then g.rows(), g.inspected(), g.tick()...

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <mosaic/engine/live/live_client.hpp>

namespace mosaic::editor {

class remote_game {
public:
    enum class status { detached, connecting, attached, failed };

    struct row {
        std::uint64_t id = 0;
        std::string name;  // its Name, or "Entity ID"
    };
    struct field_value {
        std::string name;
        std::string json;  // the value as the scene files write it: 50.0, [1.0, 2.0], "box"
    };
    struct component_value {
        std::string name;
        std::vector<field_value> fields;
    };

    /// Rows per page of the remote hierarchy.
    static constexpr std::size_t page_size = 100;
    /// Seconds between two refreshes of the page: 12 a second asked, so that with the
    /// editor's frames (a refresh starts on a frame) and the round trip at least 10 arrive.
    static constexpr double refresh_seconds = 1.0 / 12.0;

    remote_game();
    ~remote_game();
    remote_game(const remote_game&) = delete;
    remote_game& operator=(const remote_game&) = delete;

    /// Starts attaching to "ADDR:PORT" (or "PORT": this machine) with `token` ("" when the
    /// game needs none). "" or what is wrong with the address; the rest is said by status().
    std::string attach(std::string_view address, std::string token);
    /// Closes the connection; the game keeps running.
    void detach();
    /// Takes in what arrived; refreshes the page every refresh_seconds (`now`: seconds).
    void update(double now);

    [[nodiscard]] status state() const noexcept { return status_; }
    [[nodiscard]] const std::string& message() const noexcept { return message_; }
    [[nodiscard]] const std::string& address() const noexcept { return address_; }
    [[nodiscard]] std::uint64_t tick() const noexcept { return tick_; }
    [[nodiscard]] bool paused() const noexcept { return paused_; }
    /// The components the game has and their fields, as its hello said.
    [[nodiscard]] const std::unordered_map<std::string, std::vector<std::string>>& components()
        const noexcept {
        return components_;
    }

    // The remote hierarchy: one page of the game's entities.
    void show_page(std::size_t offset);
    [[nodiscard]] const std::vector<row>& rows() const noexcept { return rows_; }
    [[nodiscard]] std::size_t total() const noexcept { return total_; }
    [[nodiscard]] std::size_t page_offset() const noexcept { return offset_; }
    /// Pages of the hierarchy received so far (each refresh is one).
    [[nodiscard]] std::uint64_t pages_received() const noexcept { return pages_received_; }

    // The remote inspector: the selected entity's values, kept current by the game's pushes.
    void select(std::uint64_t id);
    [[nodiscard]] std::uint64_t selected() const noexcept { return selected_; }
    [[nodiscard]] const std::vector<component_value>& inspected() const noexcept {
        return inspected_;
    }

    /// Edits are refused until this is set (the default is read-only).
    bool allow_edits = false;
    /// Sets one field of the selected entity: `json` in the scene files' form ("7", "[1, 2]").
    /// "" when sent (the game's answer comes as message() if it refuses), or why not.
    std::string set_field(std::string_view component, std::string_view field,
                          std::string_view json);

    void pause();
    void resume();
    void step();

    /// Runs a query on the game (the live link's `query`, values included); `done` gets the
    /// result's JSON text or "" and the game's error.
    void query(std::string_view text,
               std::function<void(const std::string& result, const std::string& error)> done);

    /// Any live-link request (method, params as a JSON object's text); `then` gets the
    /// reply. Nothing is sent when not attached or attaching.
    void send(std::string_view method, std::string params,
              std::function<void(const live::client_message&)> then = {}) {
        request(method, std::move(params), std::move(then));
    }

private:
    void hello_done(const live::client_message& m);
    void read_page(const std::string& result);
    void read_inspected(const std::string& entity_json);
    void request(std::string_view method, std::string params,
                 std::function<void(const live::client_message&)> then = {});

    std::unique_ptr<live::client> client_;
    status status_ = status::detached;
    std::string message_;
    std::string address_;
    std::string token_;
    std::uint64_t tick_ = 0;
    bool paused_ = false;
    std::unordered_map<std::string, std::vector<std::string>> components_;
    std::vector<row> rows_;
    std::size_t total_ = 0;
    std::size_t offset_ = 0;
    double last_refresh_ = -1e9;
    bool page_pending_ = false;
    std::uint64_t pages_received_ = 0;
    std::uint64_t selected_ = 0;
    std::vector<component_value> inspected_;
    std::unordered_map<std::uint64_t, std::function<void(const live::client_message&)>> waiting_;
};

}  // namespace mosaic::editor
