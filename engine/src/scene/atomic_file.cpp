// Whole-file reads and atomic writes on POSIX (open/write/fsync/rename).
//
// Sections: 1. helpers and the test hook  2. read_file  3. write_file_atomically
#include "mosaic/engine/scene/atomic_file.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <mutex>
#include <string_view>
#include <utility>

#include "mosaic/engine/display_path.hpp"
namespace mosaic {

namespace fs = std::filesystem;

namespace {

// --- 1. helpers and the test hook ------------------------------------------------------------

std::mutex injected_mutex;
std::optional<detail::injected_write_failure> injected;

std::optional<detail::injected_write_failure> current_injection() {
    const std::lock_guard lock(injected_mutex);
    return injected;
}

bool injected_at(const std::optional<detail::injected_write_failure>& failure,
                 detail::injected_write_failure::step step) {
    return failure && failure->at == step;
}

std::string os_error(int error) {
    return std::generic_category().message(error);
}

std::string quoted(const fs::path& path) {
    return "'" + display_path(path) + "'";
}

// Closes on scope exit unless released; never throws.
class file_descriptor {
public:
    explicit file_descriptor(int fd) noexcept : fd_(fd) {}
    file_descriptor(const file_descriptor&) = delete;
    file_descriptor& operator=(const file_descriptor&) = delete;
    ~file_descriptor() {
        if (fd_ >= 0) ::close(fd_);
    }
    [[nodiscard]] int get() const noexcept { return fd_; }
    /// Closes now and reports the error (0 when closed fine).
    int close() noexcept {
        const int fd = std::exchange(fd_, -1);
        return ::close(fd) == 0 ? 0 : errno;
    }

private:
    int fd_;
};

}  // namespace

namespace detail {

void set_write_failure_for_testing(std::optional<injected_write_failure> failure) {
    const std::lock_guard lock(injected_mutex);
    injected = failure;
}

}  // namespace detail

// --- 2. read_file ----------------------------------------------------------------------------

file_contents read_file(const fs::path& path) {
    file_contents result;
    const auto fail = [&](int error, const std::string& why) {
        result.bytes.clear();
        result.error = std::error_code(error, std::generic_category());
        result.message = "cannot read " + quoted(path) + ": " + why;
        return std::move(result);
    };

    // O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused below).
    file_descriptor fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK));
    if (fd.get() < 0) return fail(errno, os_error(errno));
    struct stat info {};
    if (::fstat(fd.get(), &info) != 0) return fail(errno, os_error(errno));
    if (S_ISDIR(info.st_mode)) return fail(EISDIR, "it is a folder, not a file");
    // Pipes and devices could block forever or never end.
    if (!S_ISREG(info.st_mode)) return fail(EINVAL, "it is not a regular file");
    const auto size = static_cast<std::uintmax_t>(info.st_size);
    const auto too_large = [&](std::uintmax_t bytes) {
        return fail(EFBIG, "the file is " + std::to_string(bytes) +
                               " bytes, more than the limit of " + std::to_string(max_file_size) +
                               " bytes (1 GiB)");
    };
    if (size > max_file_size) return too_large(size);

    // Exactly the size fstat gave, then a read into a small buffer to find the end: growing
    // the big buffer to find it would copy it, and reading a file would take twice its size.
    result.bytes.resize(static_cast<std::size_t>(size));
    std::size_t filled = 0;
    const auto read_some = [&](char* into, std::size_t room) -> ssize_t {
        for (;;) {
            const ssize_t n = ::read(fd.get(), into, room);
            if (n >= 0 || errno != EINTR) return n;
        }
    };
    while (filled < result.bytes.size()) {
        const ssize_t n = read_some(result.bytes.data() + filled, result.bytes.size() - filled);
        if (n < 0) return fail(errno, os_error(errno));
        if (n == 0) break;  // it shrank since fstat
        filled += static_cast<std::size_t>(n);
    }
    result.bytes.resize(filled);
    // It may have grown since fstat: read on until the end, within the limit.
    for (char more[64 * 1024];;) {
        const ssize_t n = read_some(more, sizeof more);
        if (n < 0) return fail(errno, os_error(errno));
        if (n == 0) break;
        if (filled + static_cast<std::size_t>(n) > max_file_size)
            return too_large(filled + static_cast<std::size_t>(n));
        result.bytes.append(more, static_cast<std::size_t>(n));
        filled += static_cast<std::size_t>(n);
    }
    return result;
}

// --- 3. write_file_atomically ----------------------------------------------------------------

fs::path backup_path(const fs::path& target) {
    fs::path backup = target;
    backup += ".bak";
    return backup;
}

namespace {

// Temporary files of a save of NAME by process PID: .NAME.mosaic-save-PID-N.KIND (KIND: tmp
// for the new bytes, bak-tmp for the previous version). Dot-prefixed, so file lists and globs
// such as *.scene.json skip them; the name says what made them and which process.
constexpr std::string_view save_marker = ".mosaic-save-";

std::string temporary_prefix(const std::string& name) {
    return "." + name.substr(0, 200) + std::string(save_marker);  // within NAME_MAX (255)
}

fs::path temporary_path(const fs::path& folder, const std::string& name, const char* kind) {
    static std::atomic<unsigned> counter{0};
    return folder / (temporary_prefix(name) + std::to_string(::getpid()) + "-" +
                     std::to_string(counter.fetch_add(1) + 1) + "." + kind);
}

// Removes the temporary files earlier saves of `name` left in `folder` when their process was
// killed (kill -9, a crash, a power loss): only those of processes that no longer exist, so a
// save running in another process is never disturbed.
void remove_stale_temporaries(const fs::path& folder, const std::string& name) {
    const std::string prefix = temporary_prefix(name);
    std::error_code ec;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string file = it->path().filename().string();
        if (file.compare(0, prefix.size(), prefix) != 0) continue;
        const std::size_t dash = file.find('-', prefix.size());
        if (dash == std::string::npos || dash == prefix.size()) continue;
        pid_t pid = 0;
        bool digits = true;
        for (std::size_t i = prefix.size(); i < dash && digits; ++i) {
            digits = file[i] >= '0' && file[i] <= '9' && pid < 100'000'000;
            pid = pid * 10 + (file[i] - '0');
        }
        if (!digits || pid <= 0 || pid == ::getpid()) continue;
        if (::kill(pid, 0) == 0 || errno != ESRCH) continue;  // alive (or not ours to ask)
        ::unlink(it->path().c_str());
    }
}

struct write_failure {
    std::string what;  // "writing the temporary file '...'"
    int error = 0;
};

int write_all(int fd, std::string_view bytes,
              const std::optional<detail::injected_write_failure>& failure) {
    std::size_t limit = bytes.size();
    if (injected_at(failure, detail::injected_write_failure::step::write))
        limit = std::min(limit, failure->after_bytes);
    std::size_t written = 0;
    while (written < limit) {
        const ssize_t n = ::write(fd, bytes.data() + written, limit - written);
        if (n < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        written += static_cast<std::size_t>(n);
    }
    return injected_at(failure, detail::injected_write_failure::step::write) ? failure->error : 0;
}

// Creates `path` (which must not exist) holding `bytes`, flushed to the disk. On failure the
// file is removed.
std::optional<write_failure> write_new_file(
    const fs::path& path, std::string_view bytes, std::optional<mode_t> mode,
    const std::optional<detail::injected_write_failure>& failure) {
    using step = detail::injected_write_failure::step;
    const std::string name = quoted(path.filename());
    file_descriptor fd(::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666));
    if (fd.get() < 0) return write_failure{"creating the temporary file " + name, errno};
    const auto fail = [&](std::string what, int error) {
        fd.close();
        ::unlink(path.c_str());
        return write_failure{std::move(what), error};
    };
    // Keep the permissions the previous version had (best effort: some file systems have
    // none to set).
    if (mode) (void)::fchmod(fd.get(), *mode);
    if (const int error = write_all(fd.get(), bytes, failure))
        return fail("writing the temporary file " + name, error);
    if (injected_at(failure, step::sync)) return fail("flushing " + name, failure->error);
    if (::fsync(fd.get()) != 0) return fail("flushing " + name, errno);
    if (injected_at(failure, step::close)) return fail("closing " + name, failure->error);
    if (const int error = fd.close()) {
        ::unlink(path.c_str());
        return write_failure{"closing " + name, error};
    }
    return std::nullopt;
}

// Makes `copy` (new) hold the same bytes as `original`: a hard link, or a copy where the
// file system has no hard links.
std::optional<write_failure> duplicate_file(const fs::path& original, const fs::path& copy) {
    if (::link(original.c_str(), copy.c_str()) == 0) return std::nullopt;
    const file_contents old = read_file(original);
    if (!old.ok()) return write_failure{"reading the previous version", old.error.value()};
    return write_new_file(copy, old.bytes, std::nullopt, std::nullopt);
}

// Flushes the folder's entries (the renames). File systems that cannot sync folders say
// EINVAL; that is not an error.
int sync_folder(const fs::path& folder) {
    file_descriptor fd(::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (fd.get() < 0) return errno;
    if (::fsync(fd.get()) != 0 && errno != EINVAL && errno != ENOTSUP) return errno;
    return fd.close();
}

}  // namespace

std::optional<std::string> write_file_atomically(const fs::path& requested, std::string_view bytes,
                                                 keep_backup backup) {
    using step = detail::injected_write_failure::step;
    const auto failure = current_injection();
    const auto not_saved = [&](const write_failure& f) {
        return "cannot save " + quoted(requested) + ": " + f.what + ": " + os_error(f.error) +
               " (the file was not changed)";
    };

    // A symbolic link is followed, hop by hop (a dangling one too: its target is written,
    // the link stays a link), so a save never replaces a link with a regular file.
    std::error_code ec;
    fs::path target = requested;
    for (int hops = 0; fs::is_symlink(fs::symlink_status(target, ec)); ++hops) {
        if (hops == 40) return not_saved({"following the symbolic links (a loop?)", ELOOP});
        const fs::path next = fs::read_symlink(target, ec);
        if (ec) return not_saved({"following the symbolic link", ec.value()});
        target = next.is_absolute() ? next : target.parent_path() / next;
    }
    if (target.filename().empty()) return not_saved({"the path names no file", EISDIR});
    const fs::path folder = target.has_parent_path() ? target.parent_path() : fs::path(".");
    const std::string name = target.filename().string();

    struct stat old_info {};
    bool had_target = false;
    if (::stat(target.c_str(), &old_info) == 0) {
        if (S_ISDIR(old_info.st_mode)) return not_saved({"it is a folder", EISDIR});
        if (!S_ISREG(old_info.st_mode)) return not_saved({"it is not a regular file", EINVAL});
        had_target = true;
    } else if (errno != ENOENT) {
        return not_saved({"looking at the existing file", errno});
    }

    remove_stale_temporaries(folder, name);
    const fs::path temp = temporary_path(folder, name, "tmp");
    if (auto f = write_new_file(
            temp, bytes,
            had_target ? std::optional<mode_t>(old_info.st_mode & 07777) : std::nullopt, failure)) {
        return not_saved(*f);
    }

    // The previous version, under a temporary name until the new file is in place.
    fs::path previous;
    const bool keep_previous = had_target && backup == keep_backup::yes;
    if (keep_previous) {
        previous = temporary_path(folder, name, "bak-tmp");
        if (auto f = duplicate_file(target, previous)) {
            ::unlink(temp.c_str());
            return not_saved({"keeping the previous version: " + f->what, f->error});
        }
    }

    const int replace_error = injected_at(failure, step::replace)           ? failure->error
                              : ::rename(temp.c_str(), target.c_str()) != 0 ? errno
                                                                            : 0;
    if (replace_error) {
        ::unlink(temp.c_str());
        if (keep_previous) ::unlink(previous.c_str());
        return not_saved({"renaming " + quoted(temp.filename()) + " over it", replace_error});
    }

    if (keep_previous) {
        const fs::path backup_file = backup_path(target);
        const int backup_error = injected_at(failure, step::backup) ? failure->error
                                 : ::rename(previous.c_str(), backup_file.c_str()) != 0 ? errno
                                                                                        : 0;
        if (backup_error) {
            // Put the previous version back so the target and its .bak stay as they were.
            if (::rename(previous.c_str(), target.c_str()) != 0) {
                return "cannot save " + quoted(requested) + ": updating the backup " +
                       quoted(backup_file) + ": " + os_error(backup_error) +
                       "; putting the previous version back failed too (" + os_error(errno) +
                       "): it is in " + quoted(previous);
            }
            return not_saved({"updating the backup " + quoted(backup_file), backup_error});
        }
    }

    if (const int error = sync_folder(folder)) {
        return "saved " + quoted(requested) + ", but flushing the folder " + quoted(folder) +
               " failed: " + os_error(error) + " (the save may not survive a power loss)";
    }
    return std::nullopt;
}

}  // namespace mosaic
