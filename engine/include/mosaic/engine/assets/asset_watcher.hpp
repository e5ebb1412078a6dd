#pragma once
// asset_watcher: notices asset files that changed on disk, for hot reload. It polls each
// file's modification time and size (no inotify: it works the same on every file system and
// costs one stat() per file per poll), and reports a change only once the file has settled:
//   * the same time and size at two polls in a row (an editor or exporter still writing it
//     changes them between polls), and
//   * not empty (a tool that truncates first and writes after is not done yet).
// A file that disappears is not reported until it comes back: whoever loaded it keeps the
// last good version. settling() says a change was seen and waits for its second look: the
// caller may look again sooner than its usual pace (the editor polls every 250 ms, and 100 ms
// after a change is seen, so a saved image is on screen 0.1 to 0.35 s after it was written).

#include <cstdint>
#include <filesystem>
#include <map>
#include <vector>

namespace mosaic {

class asset_watcher {
public:
    /// Starts watching `file` as it is now (a later change is reported; the current state is
    /// not). Watching a file again resets it to its current state.
    void watch(const std::filesystem::path& file);
    void forget(const std::filesystem::path& file);
    void clear() noexcept { files_.clear(); }

    /// Watched files that changed and settled since they were last reported or watched.
    [[nodiscard]] std::vector<std::filesystem::path> poll();

    [[nodiscard]] std::size_t size() const noexcept { return files_.size(); }
    /// At the last poll, a watched file had changed and not settled yet (it will be reported
    /// by a later poll that finds it the same).
    [[nodiscard]] bool settling() const noexcept { return settling_; }

private:
    struct stamp {
        bool exists = false;
        std::int64_t time = 0;
        std::uintmax_t bytes = 0;
        friend bool operator==(const stamp&, const stamp&) = default;
    };
    struct state {
        stamp loaded;  // what the owner last loaded (or saw when it started watching)
        stamp seen;    // at the previous poll
    };
    static stamp stamp_of(const std::filesystem::path& file);

    std::map<std::filesystem::path, state> files_;
    bool settling_ = false;
};

}  // namespace mosaic
