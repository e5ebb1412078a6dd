// The real-time loop of mosaic-run --listen: poll the link (requests are handled here, on
// the game's thread, between frames), run the frame the clock says is due, push changes.
#include "run_live.hpp"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <fstream>
#include <ostream>
#include <thread>
#include <variant>

#include <mosaic/engine/live/live_client.hpp>
#include <mosaic/engine/live/live_server.hpp>
#include <mosaic/engine/runtime/game.hpp>

namespace mosaic::tools {

namespace {

volatile std::sig_atomic_t stop_requested = 0;

extern "C" void request_stop(int) {
    stop_requested = 1;
}

// Puts the previous SIGINT/SIGTERM handlers back when the loop ends.
class stop_on_signals {
public:
    stop_on_signals() {
        stop_requested = 0;
        previous_int_ = std::signal(SIGINT, request_stop);
        previous_term_ = std::signal(SIGTERM, request_stop);
    }
    ~stop_on_signals() {
        std::signal(SIGINT, previous_int_);
        std::signal(SIGTERM, previous_term_);
    }
    stop_on_signals(const stop_on_signals&) = delete;
    stop_on_signals& operator=(const stop_on_signals&) = delete;

private:
    void (*previous_int_)(int) = SIG_DFL;
    void (*previous_term_)(int) = SIG_DFL;
};

}  // namespace

std::optional<std::string> check_listen_address(const std::string& text) {
    auto parsed = live::parse_listen_address(text);
    if (auto* message = std::get_if<std::string>(&parsed)) return *message;
    return std::nullopt;
}

bool serve_live(game& g, const live_request& r, std::optional<std::uint64_t> ticks,
                const std::function<void()>& after_frame, std::ostream& out, std::ostream& err) {
    live::server_options options;
    options.address = std::get<live::listen_address>(live::parse_listen_address(r.listen));
    if (r.token_file) {
        std::ifstream in(*r.token_file);
        std::getline(in, options.token);
        if (!in && options.token.empty()) {
            err << "mosaic-run: --token-file " << r.token_file->string() << ": cannot read it\n";
            return false;
        }
        if (options.token.empty()) {
            err << "mosaic-run: --token-file " << r.token_file->string() << ": empty token\n";
            return false;
        }
    }
    std::optional<live::server> link;
    try {
        link.emplace(std::move(options));
    } catch (const std::exception& e) {
        err << "mosaic-run: --listen: " << e.what() << '\n';
        return false;
    }
    live::protocol p(g);
    const std::string address = r.listen.substr(0, r.listen.rfind(':') + 1) +
                                (r.listen.find(':') == std::string::npos ? "127.0.0.1:" : "") +
                                std::to_string(link->port());
    out << "live link: listening on " << address << " (protocol mosaic-live "
        << live::protocol_version << ")\n";
    // Lists this game in File > Attach to Game... while it runs.
    const live::listen_registry listed(address, r.scene, link->token_required());
    if (link->token_required() && !r.token_file)
        out << "live link: token " << link->token() << '\n';
    out << std::flush;

    const stop_on_signals signals;
    auto last = std::chrono::steady_clock::now();
    while (!stop_requested && !(ticks && g.systems().ticks() >= *ticks)) {
        if (r.parent && ::getppid() != *r.parent) {  // reparented: the editor is gone
            err << "mosaic-run: process " << *r.parent << " (--parent) is gone; stopping\n";
            break;
        }
        link->poll(p);
        const auto now = std::chrono::steady_clock::now();
        g.frame(std::chrono::duration<double>(now - last).count());
        last = now;
        after_frame();
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    link->poll(p);
    return true;
}

}  // namespace mosaic::tools
