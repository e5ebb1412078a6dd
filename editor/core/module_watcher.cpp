#include "module_watcher.hpp"

#include <chrono>
#include <system_error>

#include <mosaic/engine/project/module_file.hpp>

namespace mosaic::editor {

namespace fs = std::filesystem;

module_watcher::signature module_watcher::read() const {
    signature s;
    if (file_.empty()) return s;
    std::error_code ec;
    const auto time = fs::last_write_time(file_, ec);
    if (ec) return s;
    const auto size = fs::file_size(file_, ec);
    if (ec) return s;
    s.exists = true;
    s.mtime = std::chrono::duration_cast<std::chrono::nanoseconds>(time.time_since_epoch()).count();
    s.size = size;
    return s;
}

void module_watcher::watch(const fs::path& file, double now) {
    file_ = file;
    baseline_ = read();
    has_pending_ = false;
    last_look_ = now;
}

bool module_watcher::poll(double now) {
    if (file_.empty() || now - last_look_ < interval_) return false;
    last_look_ = now;
    const signature current = read();
    if (current == baseline_) {
        has_pending_ = false;  // changed and changed back: nothing to load
        return false;
    }
    if (!has_pending_ || !(current == pending_)) {
        pending_ = current;  // still being written, or a first sight: look again next time
        has_pending_ = true;
        return false;
    }
    // Stable, but cut short (a linker that stopped between writes, a copy still running):
    // not a change yet. It counts once the file is whole and has kept that state.
    if (current.exists && module_file_cut_short(file_)) return false;
    has_pending_ = false;
    baseline_ = current;
    return current.exists && current.size > 0;
}

}  // namespace mosaic::editor
