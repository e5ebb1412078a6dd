#pragma once
// module_watcher: notices that a game module's file was rebuilt behind the editor's back
// (from the user's IDE or a terminal) by polling its modification time and size, without
// loading anything. A linker writes the file in several steps, so a change counts only once
// the file has kept its new state for one more poll, and only when its ELF headers fit in
// its size (module_file_cut_short): a file cut short is never reported, so never dlopen()ed.
//
//   module_watcher w;
//   w.watch(module_path, now);
//   each frame: if (w.poll(now)) reload();
//
// Times are seconds on any clock the caller likes (tests pass made-up values).

#include <cstdint>
#include <filesystem>

namespace mosaic::editor {

class module_watcher {
public:
    explicit module_watcher(double interval_seconds = 0.5) : interval_(interval_seconds) {}

    /// Watches `file` from now on, its current state the baseline; empty: watches nothing.
    void watch(const std::filesystem::path& file, double now);
    /// The file as it is now is the baseline (it was just loaded by someone else).
    void rebaseline(double now) { watch(file_, now); }
    [[nodiscard]] const std::filesystem::path& file() const noexcept { return file_; }

    /// Looks at the file when `interval` has passed since the last look. True once per
    /// change: the file differs from the baseline and did not change since the previous look
    /// (it then becomes the baseline). A missing or empty file (being written) never counts.
    bool poll(double now);

private:
    struct signature {
        bool exists = false;
        std::int64_t mtime = 0;  // nanoseconds since the file clock's epoch
        std::uintmax_t size = 0;
        friend bool operator==(const signature&, const signature&) = default;
    };
    [[nodiscard]] signature read() const;

    double interval_;
    std::filesystem::path file_;
    signature baseline_;
    signature pending_;  // a change seen on the last look, not yet stable
    bool has_pending_ = false;
    double last_look_ = 0;
};

}  // namespace mosaic::editor
