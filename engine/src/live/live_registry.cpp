// The registry of games listening on this machine (live_client.hpp): one small text file per
// mosaic-run --listen, named after its process id, holding its address, scene and whether it
// wants a token (never the token). Files of processes that are gone (killed before they could
// remove theirs) are removed by whoever lists them.
#include <mosaic/engine/live/live_client.hpp>

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <system_error>

namespace mosaic::live {

namespace fs = std::filesystem;

namespace {

std::string one_line(std::string text) {
    for (char& c : text) {
        if (c == '\n' || c == '\r') c = ' ';
    }
    return text;
}

}  // namespace

std::string registry_folder() {
    if (const char* runtime = std::getenv("XDG_RUNTIME_DIR"); runtime && *runtime) {
        return (fs::path(runtime) / "mosaic-live").string();
    }
    std::error_code ec;
    const fs::path temp = fs::temp_directory_path(ec);
    return ((ec ? fs::path("/tmp") : temp) / ("mosaic-live-" + std::to_string(getuid()))).string();
}

listen_registry::listen_registry(const std::string& address, const std::string& scene,
                                 bool token_required) {
    std::error_code ec;
    const fs::path folder = registry_folder();
    fs::create_directories(folder, ec);
    if (ec) return;  // listing is a convenience: the game serves without it
    const fs::path file = folder / (std::to_string(getpid()) + ".txt");
    std::ofstream out(file);
    out << one_line(address) << '\n' << one_line(scene) << '\n' << (token_required ? 1 : 0) << '\n';
    if (out) path_ = file.string();
}

listen_registry::~listen_registry() {
    if (path_.empty()) return;
    std::error_code ec;
    fs::remove(path_, ec);
}

std::vector<listening_game> listening_games() {
    std::vector<listening_game> out;
    std::error_code ec;
    for (const fs::directory_entry& entry : fs::directory_iterator(registry_folder(), ec)) {
        if (entry.path().extension() != ".txt") continue;
        listening_game g;
        try {
            g.pid = std::stoi(entry.path().stem().string());
        } catch (const std::exception&) {
            continue;
        }
        if (g.pid <= 0) continue;
        if (kill(g.pid, 0) != 0 && errno == ESRCH) {
            std::error_code ignored;
            fs::remove(entry.path(), ignored);
            continue;
        }
        std::ifstream in(entry.path());
        std::string token;
        if (!std::getline(in, g.address) || !std::getline(in, g.scene)) continue;
        std::getline(in, token);
        g.token_required = token == "1";
        out.push_back(std::move(g));
    }
    return out;
}

}  // namespace mosaic::live
