#include "core/file_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <utility>

namespace mosaic::editor {

std::optional<file_lock> file_lock::try_lock(const std::filesystem::path& path) {
    // Another process may remove a free lock file between our open and our flock: then we
    // hold a lock on a file without a name. Compare the inode with the name's and retry.
    for (int attempt = 0; attempt < 8; ++attempt) {
        const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        if (fd < 0) return std::nullopt;
        if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
            ::close(fd);
            return std::nullopt;
        }
        struct stat by_fd {};
        struct stat by_name {};
        if (::fstat(fd, &by_fd) == 0 && ::stat(path.c_str(), &by_name) == 0 &&
            by_fd.st_dev == by_name.st_dev && by_fd.st_ino == by_name.st_ino)
            return file_lock(fd, path);
        ::close(fd);
    }
    return std::nullopt;
}

bool file_lock::held_by_other(const std::filesystem::path& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    const bool held = ::flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
    ::close(fd);
    return held;
}

file_lock::file_lock(file_lock&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), path_(std::move(other.path_)) {}

file_lock& file_lock::operator=(file_lock&& other) noexcept {
    if (this != &other) {
        release();
        fd_ = std::exchange(other.fd_, -1);
        path_ = std::move(other.path_);
    }
    return *this;
}

file_lock::~file_lock() {
    release();
}

void file_lock::write(const std::string& text) {
    if (fd_ < 0) return;
    if (::ftruncate(fd_, 0) != 0) return;
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n =
            ::pwrite(fd_, text.data() + done, text.size() - done, static_cast<off_t>(done));
        if (n <= 0) return;
        done += static_cast<std::size_t>(n);
    }
}

void file_lock::remove_and_unlock() {
    if (fd_ < 0) return;
    ::unlink(path_.c_str());  // while locked: nobody can have taken it in between
    release();
}

void file_lock::release() noexcept {
    if (fd_ >= 0) ::close(fd_);  // closing the last descriptor drops the flock
    fd_ = -1;
}

}  // namespace mosaic::editor
