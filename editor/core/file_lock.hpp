#pragma once
// file_lock: an exclusive flock(2) on a small file, held while the object lives. The kernel
// drops it when the process ends in any way (exit, crash, kill -9), so "the lock is free"
// means "its owner is gone" without trusting a pid that may have been reused.
//
// A lock file may be removed by the holder (remove_and_unlock) or by whoever takes a free
// one: try_lock checks after locking that the name still refers to the file it locked and
// tries again otherwise, so two processes never both believe they hold the same name.

#include <filesystem>
#include <optional>
#include <string>

namespace mosaic::editor {

class file_lock {
public:
    /// Creates `path` if needed and locks it without waiting. Nothing when another open file
    /// (in this process or another) holds it, or when the file cannot be created.
    [[nodiscard]] static std::optional<file_lock> try_lock(const std::filesystem::path& path);
    /// True when some live process holds `path`'s lock (a missing file is not held). Takes
    /// and drops the lock to find out: never call it on a lock you hold.
    [[nodiscard]] static bool held_by_other(const std::filesystem::path& path);

    file_lock(file_lock&& other) noexcept;
    file_lock& operator=(file_lock&& other) noexcept;
    file_lock(const file_lock&) = delete;
    file_lock& operator=(const file_lock&) = delete;
    ~file_lock();

    /// Replaces the file's contents (who holds it, for the curious reader).
    void write(const std::string& text);
    /// Deletes the lock file, then unlocks.
    void remove_and_unlock();
    [[nodiscard]] const std::filesystem::path& path() const noexcept { return path_; }

private:
    file_lock(int fd, std::filesystem::path path) : fd_(fd), path_(std::move(path)) {}
    void release() noexcept;

    int fd_ = -1;
    std::filesystem::path path_;
};

}  // namespace mosaic::editor
