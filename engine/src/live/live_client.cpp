// The live link's client (live_client.hpp) on standalone asio: one network thread runs the
// connect, the reads and the writes; request() posts the line to it and poll() takes what the
// reader queued, both under a mutex, so the caller never waits on the network.
// clang-format off
#include <cereal/archives/json.hpp>  // first, as in the engine: how rapidjson asserts
// clang-format on
#include <mosaic/engine/live/live_client.hpp>

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>
#include <asio.hpp>

#include <deque>
#include <mutex>
#include <optional>
#include <thread>

#include <mosaic/engine/live/live_protocol.hpp>

namespace mosaic::live {

namespace {

std::string json_of(const rapidjson::Value& v) {
    rapidjson::StringBuffer out;
    rapidjson::Writer<rapidjson::StringBuffer> w(out);
    v.Accept(w);
    return {out.GetString(), out.GetSize()};
}

client_message read_message(const std::string& line) {
    client_message m;
    rapidjson::Document doc;
    doc.Parse(line.c_str(), line.size());
    if (doc.HasParseError() || !doc.IsObject()) {
        m.error = "the game sent a line that is not JSON";
        m.error_code = parse_error;
        return m;
    }
    if (doc.HasMember("id") && doc["id"].IsUint64()) m.id = doc["id"].GetUint64();
    if (doc.HasMember("method") && doc["method"].IsString()) m.method = doc["method"].GetString();
    if (doc.HasMember("params")) m.params = json_of(doc["params"]);
    if (doc.HasMember("result")) m.result = json_of(doc["result"]);
    if (doc.HasMember("error") && doc["error"].IsObject()) {
        const auto& e = doc["error"];
        m.error =
            e.HasMember("message") && e["message"].IsString() ? e["message"].GetString() : "error";
        m.error_code = e.HasMember("code") && e["code"].IsInt() ? e["code"].GetInt() : 0;
    }
    return m;
}

}  // namespace

struct client::impl {
    impl() : guard(asio::make_work_guard(io)), thread([this] { io.run(); }) {}
    ~impl() {
        asio::post(io, [this] { shut(); });
        guard.reset();
        io.stop();
        thread.join();
    }

    // Network thread below.
    void start(std::string host, std::uint16_t port, std::uint64_t generation) {
        shut();
        sock.emplace(io);
        buffer.clear();
        if (host == "localhost") host = "127.0.0.1";
        asio::error_code ec;
        const asio::ip::address address = asio::ip::make_address(host, ec);
        if (ec) return fail("'" + host + "': not an IP address", generation);
        sock->async_connect({address, port}, [this, generation](const asio::error_code& e) {
            if (generation != current_generation()) return;
            if (e) return fail("cannot connect: " + e.message(), generation);
            set_state(status::connected, "");
            connected = true;
            read(generation);
            if (!outbox.empty()) write(generation);
        });
    }

    void read(std::uint64_t generation) {
        asio::async_read_until(*sock, asio::dynamic_buffer(buffer, max_message_bytes * 64), '\n',
                               [this, generation](const asio::error_code& e, std::size_t n) {
                                   if (generation != current_generation()) return;
                                   if (e)
                                       return fail(e == asio::error::eof
                                                       ? "the game closed the connection"
                                                       : "connection lost: " + e.message(),
                                                   generation);
                                   std::string line = buffer.substr(0, n - 1);
                                   buffer.erase(0, n);
                                   {
                                       const std::lock_guard lock(mutex);
                                       inbox.push_back(read_message(line));
                                   }
                                   read(generation);
                               });
    }

    void send(std::string line, std::uint64_t generation) {
        outbox.push_back(std::move(line));
        if (connected && outbox.size() == 1) write(generation);
    }

    void write(std::uint64_t generation) {
        asio::async_write(*sock, asio::buffer(outbox.front()),
                          [this, generation](const asio::error_code& e, std::size_t) {
                              if (generation != current_generation()) return;
                              if (e) return fail("cannot send: " + e.message(), generation);
                              outbox.pop_front();
                              if (!outbox.empty()) write(generation);
                          });
    }

    void fail(const std::string& why, std::uint64_t generation) {
        if (generation != current_generation()) return;
        set_state(status::closed, why);
        shut();
    }

    void shut() {
        connected = false;
        outbox.clear();
        if (sock) {
            asio::error_code ignored;
            sock->shutdown(asio::ip::tcp::socket::shutdown_both, ignored);
            sock->close(ignored);
        }
    }

    // Either thread.
    void set_state(status s, std::string why) {
        const std::lock_guard lock(mutex);
        state = s;
        failure = std::move(why);
    }
    std::uint64_t current_generation() {
        const std::lock_guard lock(mutex);
        return generation;
    }

    asio::io_context io;
    asio::executor_work_guard<asio::io_context::executor_type> guard;
    // Network thread only:
    std::optional<asio::ip::tcp::socket> sock;
    std::string buffer;
    std::deque<std::string> outbox;
    bool connected = false;
    // Shared, under `mutex`:
    std::mutex mutex;
    std::vector<client_message> inbox;
    status state = status::idle;
    std::string failure;
    std::uint64_t generation = 0;
    std::uint64_t last_id = 0;
    std::thread thread;  // last: starts after everything above is built
};

client::client() : impl_(std::make_unique<impl>()) {}

client::~client() = default;

void client::connect(const std::string& host, std::uint16_t port) {
    std::uint64_t generation = 0;
    {
        const std::lock_guard lock(impl_->mutex);
        generation = ++impl_->generation;
        impl_->state = status::connecting;
        impl_->failure.clear();
        impl_->inbox.clear();
    }
    asio::post(impl_->io, [this, host, port, generation] { impl_->start(host, port, generation); });
}

std::uint64_t client::request(std::string_view method, std::string_view params) {
    std::uint64_t id = 0;
    std::uint64_t generation = 0;
    {
        const std::lock_guard lock(impl_->mutex);
        id = ++impl_->last_id;
        generation = impl_->generation;
    }
    std::string line = R"({"jsonrpc":"2.0","id":)" + std::to_string(id) + R"(,"method":")" +
                       std::string(method) + R"(","params":)" + std::string(params) + "}\n";
    asio::post(impl_->io, [this, line = std::move(line), generation]() mutable {
        impl_->send(std::move(line), generation);
    });
    return id;
}

std::vector<client_message> client::poll() {
    std::vector<client_message> out;
    const std::lock_guard lock(impl_->mutex);
    out.swap(impl_->inbox);
    return out;
}

void client::close() {
    {
        const std::lock_guard lock(impl_->mutex);
        ++impl_->generation;
        impl_->state = status::closed;
        impl_->failure = "detached";
    }
    asio::post(impl_->io, [this] { impl_->shut(); });
}

client::status client::state() const {
    const std::lock_guard lock(impl_->mutex);
    return impl_->state;
}

std::string client::failure() const {
    const std::lock_guard lock(impl_->mutex);
    return impl_->failure;
}

}  // namespace mosaic::live
