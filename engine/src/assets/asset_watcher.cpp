// Polling asset files for changes that have settled (asset_watcher.hpp).
#include <mosaic/engine/assets/asset_watcher.hpp>

#include <system_error>

namespace mosaic {

asset_watcher::stamp asset_watcher::stamp_of(const std::filesystem::path& file) {
    std::error_code ec;
    stamp s;
    const auto time = std::filesystem::last_write_time(file, ec);
    if (ec) return s;
    const std::uintmax_t bytes = std::filesystem::file_size(file, ec);
    if (ec) return s;
    s.exists = true;
    s.time = static_cast<std::int64_t>(time.time_since_epoch().count());
    s.bytes = bytes;
    return s;
}

void asset_watcher::watch(const std::filesystem::path& file) {
    const stamp now = stamp_of(file);
    files_[file] = {now, now};
}

void asset_watcher::forget(const std::filesystem::path& file) {
    files_.erase(file);
}

std::vector<std::filesystem::path> asset_watcher::poll() {
    std::vector<std::filesystem::path> changed;
    settling_ = false;
    for (auto& [file, s] : files_) {
        const stamp now = stamp_of(file);
        const bool settled = now == s.seen;
        s.seen = now;
        if (!now.exists || now.bytes == 0 || now == s.loaded) continue;
        if (settled) {
            s.loaded = now;
            changed.push_back(file);
        } else {
            settling_ = true;
        }
    }
    return changed;
}

}  // namespace mosaic
