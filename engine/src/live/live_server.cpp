// The live link's socket side, on standalone asio (Debian's libasio-dev): an acceptor and
// one reader/writer per client on a network thread. Lines cross to the game's thread
// through `inbox` (under a mutex); replies come back as posted handlers, so every
// connection object is only ever touched by the network thread.
#include <mosaic/engine/live/live_server.hpp>

#include <asio.hpp>

#include <charconv>
#include <chrono>
#include <deque>
#include <mutex>
#include <random>
#include <stdexcept>
#include <thread>
#include <unordered_map>
#include <utility>
#include <vector>

namespace mosaic::live {

std::variant<listen_address, std::string> parse_listen_address(std::string_view text) {
    listen_address out;
    std::string_view port = text;
    if (const std::size_t colon = text.rfind(':'); colon != std::string_view::npos) {
        std::string_view host = text.substr(0, colon);
        port = text.substr(colon + 1);
        if (host.size() >= 2 && host.front() == '[' && host.back() == ']') {
            host = host.substr(1, host.size() - 2);
        }
        if (host.empty()) return std::string("'" + std::string(text) + "': empty address");
        out.host = host == "localhost" ? "127.0.0.1" : std::string(host);
        asio::error_code ec;
        (void)asio::ip::make_address(out.host, ec);
        if (ec) return "'" + std::string(host) + "': not an IP address";
    }
    unsigned value = 0;
    const auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), value);
    if (port.empty() || ec != std::errc{} || end != port.data() + port.size() || value > 65535) {
        return "'" + std::string(port) + "': expected a port number, 0 to 65535";
    }
    out.port = static_cast<std::uint16_t>(value);
    return out;
}

namespace {

std::string make_token() {
    std::random_device random;
    constexpr char digits[] = "0123456789abcdef";
    std::string token;
    for (int i = 0; i < 32; ++i) token += digits[random() % 16];
    return token;
}

}  // namespace

struct server::impl {
    struct event {
        enum class kind { opened, line, closed } what;
        std::uint64_t client;
        std::string text;
    };

    struct connection : std::enable_shared_from_this<connection> {
        connection(impl& owner, asio::ip::tcp::socket s, std::uint64_t id)
            : owner(&owner), socket(std::move(s)), id(id) {}

        void read() {
            asio::async_read_until(
                socket, asio::dynamic_buffer(buffer, max_message_bytes + 1), '\n',
                [self = shared_from_this()](const asio::error_code& ec, std::size_t n) {
                    self->on_read(ec, n);
                });
        }

        void on_read(const asio::error_code& ec, std::size_t n) {
            if (ec == asio::error::not_found) {  // no newline within the limit
                send(protocol::error_reply(too_large, "message longer than " +
                                                          std::to_string(max_message_bytes) +
                                                          " bytes; closing"));
                closing = true;
                return;
            }
            if (ec) return close();
            std::string line = buffer.substr(0, n - 1);
            buffer.erase(0, n);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            if (!line.empty()) owner->arrived(*this, std::move(line));
            read();
        }

        void send(std::string text) {
            text += '\n';
            unsent += text.size();
            if (unsent > owner->options.max_unsent_bytes) return close();
            queue.push_back(std::move(text));
            if (queue.size() == 1) write();
        }

        void write() {
            asio::async_write(socket, asio::buffer(queue.front()),
                              [self = shared_from_this()](const asio::error_code& ec, std::size_t) {
                                  if (ec) return self->close();
                                  self->unsent -= self->queue.front().size();
                                  self->queue.pop_front();
                                  if (!self->queue.empty()) {
                                      self->write();
                                  } else if (self->closing) {
                                      self->close();
                                  }
                              });
        }

        void close() {
            if (closed) return;
            closed = true;
            asio::error_code ignored;
            socket.shutdown(asio::ip::tcp::socket::shutdown_both, ignored);
            socket.close(ignored);
            owner->closed(id);
        }

        impl* owner;
        asio::ip::tcp::socket socket;
        std::uint64_t id;
        std::string buffer;
        std::deque<std::string> queue;
        std::size_t unsent = 0;
        bool closing = false;
        bool closed = false;
    };

    explicit impl(server_options o)
        : options(std::move(o)), acceptor(io), guard(asio::make_work_guard(io)) {
        asio::error_code ec;
        const asio::ip::address address = asio::ip::make_address(options.address.host, ec);
        if (ec) throw std::runtime_error("'" + options.address.host + "': not an IP address");
        token_required = !address.is_loopback();
        if (token_required && options.token.empty()) options.token = make_token();
        const asio::ip::tcp::endpoint endpoint(address, options.address.port);
        acceptor.open(endpoint.protocol(), ec);
        if (!ec) acceptor.set_option(asio::ip::tcp::acceptor::reuse_address(true), ec);
        if (!ec) acceptor.bind(endpoint, ec);
        if (!ec) acceptor.listen(asio::socket_base::max_listen_connections, ec);
        if (ec) {
            throw std::runtime_error("cannot listen on " + options.address.host + ":" +
                                     std::to_string(options.address.port) + ": " + ec.message());
        }
        port = acceptor.local_endpoint().port();
        accept();
        thread = std::thread([this] { io.run(); });
    }

    ~impl() {
        io.stop();
        if (thread.joinable()) thread.join();
    }

    void accept() {
        acceptor.async_accept([this](const asio::error_code& ec, asio::ip::tcp::socket s) {
            if (ec) return;  // stopped
            std::string refusal;
            if (connections.size() >= options.max_connections) {
                refusal =
                    protocol::error_reply(busy, "too many clients (at most " +
                                                    std::to_string(options.max_connections) + ")");
            } else if (locked_out(s)) {
                refusal = protocol::error_reply(
                    not_ready, "too many wrong tokens from this address; try again later");
            }
            if (!refusal.empty()) {
                auto refused = std::make_shared<std::string>(std::move(refusal) + "\n");
                auto socket = std::make_shared<asio::ip::tcp::socket>(std::move(s));
                asio::async_write(*socket, asio::buffer(*refused),
                                  [socket, refused](const asio::error_code&, std::size_t) {
                                      asio::error_code ignored;
                                      socket->close(ignored);
                                  });
            } else {
                const std::uint64_t id = ++last_id;
                auto c = std::make_shared<connection>(*this, std::move(s), id);
                connections.emplace(id, c);
                push({event::kind::opened, id, {}});
                c->read();
            }
            accept();
        });
    }

    // Network thread: whether `s`'s address gave too many wrong tokens lately.
    bool locked_out(const asio::ip::tcp::socket& s) {
        asio::error_code ec;
        const asio::ip::address address = s.remote_endpoint(ec).address();
        if (ec) return false;
        const auto it = lockouts.find(address.to_string());
        if (it == lockouts.end()) return false;
        if (std::chrono::steady_clock::now() < it->second) return true;
        lockouts.erase(it);
        return false;
    }

    // From the game's thread: the reply to a wrong token, sent after token_failure_delay;
    // with `close`, the connection then closes and its address is locked out.
    void send_token_failure(std::uint64_t id, std::string text, bool close) {
        auto timer = std::make_shared<asio::steady_timer>(io, options.token_failure_delay);
        timer->async_wait(
            [this, timer, id, close, text = std::move(text)](const asio::error_code& ec) mutable {
                if (ec) return;
                const auto it = connections.find(id);
                if (it == connections.end()) return;
                connection& c = *it->second;
                if (close) {
                    asio::error_code ignored;
                    const auto address = c.socket.remote_endpoint(ignored).address();
                    if (!ignored) {
                        lockouts[address.to_string()] =
                            std::chrono::steady_clock::now() + options.token_lockout;
                    }
                    c.closing = true;
                }
                c.send(std::move(text));
            });
    }

    void arrived(connection& c, std::string line) {
        {
            const std::lock_guard lock(mutex);
            std::size_t& waiting = pending[c.id];
            if (waiting < options.max_pending) {
                ++waiting;
                inbox.push_back({event::kind::line, c.id, std::move(line)});
                return;
            }
        }
        c.send(protocol::error_reply(busy, "too many requests waiting; wait for replies"));
    }

    void closed(std::uint64_t id) {
        connections.erase(id);
        push({event::kind::closed, id, {}});
    }

    void push(event e) {
        const std::lock_guard lock(mutex);
        if (e.what == event::kind::closed) pending.erase(e.client);
        inbox.push_back(std::move(e));
    }

    // From the game's thread: hands `text` to the network thread for client `id`.
    void send(std::uint64_t id, std::string text) {
        asio::post(io, [this, id, text = std::move(text)]() mutable {
            if (const auto it = connections.find(id); it != connections.end()) {
                it->second->send(std::move(text));
            }
        });
    }

    server_options options;
    bool token_required = false;
    std::uint16_t port = 0;
    asio::io_context io;
    asio::ip::tcp::acceptor acceptor;
    asio::executor_work_guard<asio::io_context::executor_type> guard;
    std::thread thread;
    // Network thread only:
    std::unordered_map<std::uint64_t, std::shared_ptr<connection>> connections;
    std::uint64_t last_id = 0;
    std::unordered_map<std::string, std::chrono::steady_clock::time_point> lockouts;
    // Shared, under `mutex`:
    std::mutex mutex;
    std::vector<event> inbox;
    std::unordered_map<std::uint64_t, std::size_t> pending;
    // Game's thread only:
    std::unordered_map<std::uint64_t, session> sessions;
};

server::server(server_options options) : impl_(std::make_unique<impl>(std::move(options))) {}

server::~server() = default;

std::uint16_t server::port() const noexcept {
    return impl_->port;
}

bool server::token_required() const noexcept {
    return impl_->token_required;
}

const std::string& server::token() const noexcept {
    return impl_->options.token;
}

std::size_t server::clients() const noexcept {
    return impl_->sessions.size();
}

std::size_t server::poll(protocol& p) {
    std::vector<impl::event> events;
    {
        const std::lock_guard lock(impl_->mutex);
        events.swap(impl_->inbox);
    }
    std::size_t handled = 0;
    for (impl::event& e : events) {
        switch (e.what) {
            case impl::event::kind::opened:
                impl_->sessions.emplace(
                    e.client, session({.token_required = impl_->token_required,
                                       .token = impl_->options.token,
                                       .max_token_failures = impl_->options.max_token_failures}));
                break;
            case impl::event::kind::line: {
                {
                    const std::lock_guard lock(impl_->mutex);
                    if (auto it = impl_->pending.find(e.client); it != impl_->pending.end()) {
                        --it->second;
                    }
                }
                const auto it = impl_->sessions.find(e.client);
                if (it == impl_->sessions.end()) break;
                session& s = it->second;
                const std::size_t failures = s.token_failures();
                std::string reply = p.handle(s, e.text);
                ++handled;
                if (s.token_failures() != failures) {
                    impl_->send_token_failure(e.client, std::move(reply), s.should_close());
                } else if (!reply.empty()) {
                    impl_->send(e.client, std::move(reply));
                }
                break;
            }
            case impl::event::kind::closed:
                impl_->sessions.erase(e.client);
                break;
        }
    }
    for (auto& [client, s] : impl_->sessions) {
        for (std::string& note : p.notifications(s)) impl_->send(client, std::move(note));
    }
    return handled;
}

}  // namespace mosaic::live
