#pragma once
// mosaic-run SCENE --listen [ADDR:]PORT: the scene plays in real time while the live link
// (mosaic/engine/live/live_server.hpp) serves it. Apart from run_commands.cpp so that the
// plain headless run stays as it was.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>

namespace mosaic {
class game;
}

namespace mosaic::tools {

struct live_request {
    std::string listen;                               // --listen [ADDR:]PORT
    std::optional<std::filesystem::path> token_file;  // --token-file FILE
    std::string scene;                                // what the game plays (for the registry)
    std::optional<int> parent;  // --parent PID: stop when that process (the editor) is gone
};

/// An error message when `text` is not [ADDR:]PORT.
[[nodiscard]] std::optional<std::string> check_listen_address(const std::string& text);

/// Plays `g` in real time, serving the live link between frames, until `ticks` ticks have
/// run (nullopt: until SIGINT or SIGTERM). Prints "live link: listening on HOST:PORT" (and
/// the token a non-loopback address needs) on `out` first. `after_frame` runs after each
/// frame. With `r.parent`, it also stops once this process's parent is no longer that one (the
/// editor that started it died: the game does not outlive it). False, said on `err`, when the
/// address cannot be served. A failing system throws
/// system_error as game::frame does.
bool serve_live(game& g, const live_request& r, std::optional<std::uint64_t> ticks,
                const std::function<void()>& after_frame, std::ostream& out, std::ostream& err);

}  // namespace mosaic::tools
