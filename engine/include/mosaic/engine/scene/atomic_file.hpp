#pragma once
// Reading and writing whole files safely: a save never leaves a half-written file behind.
//
// write_file_atomically(target, bytes):
//   0. removes temporary files that earlier saves of the same target left behind when their
//      process died (never those of a live process: another editor may be saving);
//   1. writes `bytes` to a new temporary file next to the target
//      (.NAME.mosaic-save-PID-N.tmp), flushes it to the disk (fsync) and closes it, checking
//      every step;
//   2. if the target exists, gives its current version a second name (a hard link, or a copy
//      where the file system has no hard links), the target itself staying untouched;
//   3. renames the temporary file over the target (atomic: readers see the old file or the
//      new one, never a mix, and the target never goes missing);
//   4. renames the previous version to NAME.bak, replacing the older backup: the backup of
//      tanks.scene.json is tanks.scene.json.bak. Then flushes the folder.
// When any step fails, the temporary files are removed, the target and its .bak are left as
// they were (a failure at step 4 puts the previous version back), and the message says which
// file and why (the system's error text). A crash between steps 3 and 4 leaves the new
// target, the older .bak and a stray .NAME.mosaic-save-PID-N.bak-tmp file (step 0 of the
// next save removes it).
//
// read_file(path): the whole file, or a message (not found, permission denied, is a
// folder, larger than max_file_size).

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>

namespace mosaic {

/// read_file refuses files larger than this (1 GiB): no scene is that big, and a mistaken
/// path to a disk image should not exhaust memory.
inline constexpr std::size_t max_file_size = std::size_t{1} << 30;

struct file_contents {
    std::string bytes;
    std::error_code error;  // empty when the file was read
    std::string message;    // "cannot open 'x.scene.json': No such file or directory"

    [[nodiscard]] bool ok() const noexcept { return !error; }
};

[[nodiscard]] file_contents read_file(const std::filesystem::path& path);

/// Whether write_file_atomically keeps the previous version as NAME.bak (steps 2 and 4).
/// `no` is for files that are not the user's to keep, e.g. the temporary file git hands a
/// merge driver: a .bak there would be left in the work tree.
enum class keep_backup : bool { no, yes };

/// Replaces `target` with `bytes` as described above. Returns an error message, or nullopt
/// when the file was written. Symbolic links are followed: the file they point to is
/// replaced (and its .bak sits next to it).
[[nodiscard]] std::optional<std::string> write_file_atomically(
    const std::filesystem::path& target, std::string_view bytes,
    keep_backup backup = keep_backup::yes);

/// Where write_file_atomically keeps the previous version of `target`: NAME.bak.
[[nodiscard]] std::filesystem::path backup_path(const std::filesystem::path& target);

namespace detail {

/// Tests only: a failure to inject into write_file_atomically, as if the system had
/// returned `error` at step `at`.
struct injected_write_failure {
    enum class step {
        write,    // writing the temporary file, after `after_bytes` bytes were written
        sync,     // fsync of the temporary file
        close,    // closing it
        replace,  // renaming the temporary file over the target (step 3)
        backup,   // renaming the previous version to NAME.bak (step 4)
    };
    step at = step::write;
    int error = 28;  // ENOSPC
    std::size_t after_bytes = 0;
};

/// Makes every following write_file_atomically call fail as described (nullopt: stop).
void set_write_failure_for_testing(std::optional<injected_write_failure> failure);

}  // namespace detail

}  // namespace mosaic
