// read_file and write_file_atomically: contents, the .bak, and failures that really happen
// (a read-only folder, a full disk, the file size limit) or are injected at every step,
// each proving the old file and its .bak stay byte for byte as they were.
#include <mosaic/engine/scene/atomic_file.hpp>

#include <gtest/gtest.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>

namespace mosaic {
namespace {

namespace fs = std::filesystem;
using failure = detail::injected_write_failure;

std::string contents_of(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_plain(const fs::path& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary) << bytes;
}

std::set<std::string> names_in(const fs::path& folder) {
    std::set<std::string> names;
    for (const auto& entry : fs::directory_iterator(folder))
        names.insert(entry.path().filename().string());
    return names;
}

// While alive, the effective user is "nobody" if we were root, so permissions apply to us.
struct unprivileged {
    unprivileged() : was_root(::geteuid() == 0) { ok = !was_root || ::seteuid(65534) == 0; }
    ~unprivileged() {
        if (was_root && ok) (void)::seteuid(0);
    }
    unprivileged(const unprivileged&) = delete;
    unprivileged& operator=(const unprivileged&) = delete;

    bool was_root;
    bool ok = false;  // false: running as root and could not drop it
};

class AtomicFile : public ::testing::Test {
protected:
    AtomicFile() {
        const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
        folder = fs::temp_directory_path() /
                 ("mosaic-atomic-" + std::to_string(::getpid()) + "-" + test->name());
        fs::remove_all(folder);
        fs::create_directories(folder);
        target = folder / "tanks.scene.json";
    }
    ~AtomicFile() override {
        detail::set_write_failure_for_testing(std::nullopt);
        if (mounted) ::umount2(folder.c_str(), MNT_DETACH);
        std::error_code ec;
        fs::permissions(folder, fs::perms::owner_all, ec);
        fs::remove_all(folder, ec);
    }

    // A small tmpfs on the test folder (needs root and a kernel that lets us mount).
    bool mount_tmpfs(const char* size) {
        const std::string options = std::string("size=") + size;
        mounted = ::mount("tmpfs", folder.c_str(), "tmpfs", 0, options.c_str()) == 0;
        return mounted;
    }

    // Writes two versions so the target and its .bak both exist.
    void save_two_versions() {
        ASSERT_EQ(write_file_atomically(target, "version 1\n"), std::nullopt);
        ASSERT_EQ(write_file_atomically(target, "version 2\n"), std::nullopt);
    }
    void expect_untouched() {
        EXPECT_EQ(contents_of(target), "version 2\n");
        EXPECT_EQ(contents_of(backup_path(target)), "version 1\n");
        EXPECT_EQ(names_in(folder),
                  (std::set<std::string>{"tanks.scene.json", "tanks.scene.json.bak"}))
            << "no temporary file may be left behind";
    }

    fs::path folder;
    fs::path target;
    bool mounted = false;
};

// --- writing ---------------------------------------------------------------------------------

TEST_F(AtomicFile, WritesANewFileWithoutBackup) {
    const std::string bytes("binary\0data\xff\n", 13);
    ASSERT_EQ(write_file_atomically(target, bytes), std::nullopt);
    EXPECT_EQ(contents_of(target), bytes);
    EXPECT_EQ(names_in(folder), std::set<std::string>{"tanks.scene.json"});
}

TEST_F(AtomicFile, BackupHoldsThePreviousVersion) {
    EXPECT_EQ(backup_path(target), folder / "tanks.scene.json.bak");
    save_two_versions();
    EXPECT_EQ(contents_of(target), "version 2\n");
    EXPECT_EQ(contents_of(backup_path(target)), "version 1\n");
    ASSERT_EQ(write_file_atomically(target, "version 3\n"), std::nullopt);
    EXPECT_EQ(contents_of(target), "version 3\n");
    EXPECT_EQ(contents_of(backup_path(target)), "version 2\n");
    EXPECT_EQ(names_in(folder),
              (std::set<std::string>{"tanks.scene.json", "tanks.scene.json.bak"}));
}

TEST_F(AtomicFile, LeftoversOfKilledSavesGoWithTheNextSaveButNotThoseOfLiveOnes) {
    // kill -9 during a save leaves its temporary file; the next save of the same file removes
    // the leftovers of processes that are gone, and never touches a running save's file.
    const pid_t dead = ::fork();
    if (dead == 0) ::_exit(0);
    ASSERT_GT(dead, 0);
    ASSERT_EQ(::waitpid(dead, nullptr, 0), dead);
    const pid_t alive = 1;  // init: always there
    const std::string of_dead = ".tanks.scene.json.mosaic-save-" + std::to_string(dead) + "-3.tmp";
    const std::string of_dead_backup =
        ".tanks.scene.json.mosaic-save-" + std::to_string(dead) + "-4.bak-tmp";
    const std::string of_alive =
        ".tanks.scene.json.mosaic-save-" + std::to_string(alive) + "-1.tmp";
    const std::string other_file =
        ".level.scene.json.mosaic-save-" + std::to_string(dead) + "-1.tmp";
    for (const std::string& name : {of_dead, of_dead_backup, of_alive, other_file})
        std::ofstream(folder / name) << "half a save";

    save_two_versions();
    EXPECT_EQ(names_in(folder), (std::set<std::string>{"tanks.scene.json", "tanks.scene.json.bak",
                                                       of_alive, other_file}))
        << "the dead writer's files of this target go; a live writer's and other targets' stay";
}

TEST_F(AtomicFile, WritesAnEmptyFile) {
    ASSERT_EQ(write_file_atomically(target, ""), std::nullopt);
    EXPECT_TRUE(fs::exists(target));
    EXPECT_EQ(fs::file_size(target), 0u);
}

TEST_F(AtomicFile, KeepsThePermissionsOfThePreviousVersion) {
    write_plain(target, "old");
    fs::permissions(target, fs::perms::owner_read | fs::perms::owner_write);
    ASSERT_EQ(write_file_atomically(target, "new"), std::nullopt);
    EXPECT_EQ(fs::status(target).permissions(), fs::perms::owner_read | fs::perms::owner_write);
}

TEST_F(AtomicFile, FollowsASymbolicLink) {
    const fs::path real = folder / "real.scene.json";
    write_plain(real, "old");
    fs::create_symlink(real.filename(), target);
    ASSERT_EQ(write_file_atomically(target, "new"), std::nullopt);
    EXPECT_TRUE(fs::is_symlink(target));
    EXPECT_EQ(contents_of(real), "new");
    EXPECT_EQ(contents_of(folder / "real.scene.json.bak"), "old");
}

TEST_F(AtomicFile, ADanglingSymbolicLinkIsFollowedNotReplaced) {
    // The link names a file that does not exist yet: the save creates it, the link stays.
    const fs::path real = folder / "real.scene.json";
    fs::create_symlink(real.filename(), target);
    ASSERT_EQ(write_file_atomically(target, "new"), std::nullopt);
    EXPECT_TRUE(fs::is_symlink(target));
    EXPECT_EQ(contents_of(real), "new");
}

TEST_F(AtomicFile, ALoopOfSymbolicLinksIsRefused) {
    const fs::path other = folder / "other.scene.json";
    fs::create_symlink(other.filename(), target);
    fs::create_symlink(target.filename(), other);
    const auto error = write_file_atomically(target, "new");
    ASSERT_NE(error, std::nullopt);
    EXPECT_NE(error->find("a loop?"), std::string::npos) << *error;
    EXPECT_TRUE(fs::is_symlink(target) && fs::is_symlink(other));
}

TEST_F(AtomicFile, WritesInTheCurrentFolderForABareName) {
    const fs::path previous = fs::current_path();
    fs::current_path(folder);
    const auto error = write_file_atomically("bare.scene.json", "bytes");
    fs::current_path(previous);
    ASSERT_EQ(error, std::nullopt);
    EXPECT_EQ(contents_of(folder / "bare.scene.json"), "bytes");
}

// --- failures that really happen -------------------------------------------------------------

TEST_F(AtomicFile, ReadOnlyFolderLeavesTheOldFilesIntact) {
    save_two_versions();
    fs::permissions(folder, fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                                fs::perms::group_exec | fs::perms::others_read |
                                fs::perms::others_exec);
    std::optional<std::string> error;
    {
        const unprivileged as_nobody;
        if (!as_nobody.ok) GTEST_SKIP() << "running as root and cannot switch to another user";
        error = write_file_atomically(target, "version 3\n");
    }
    ASSERT_TRUE(error.has_value());
    EXPECT_NE(error->find(target.string()), std::string::npos) << *error;
    EXPECT_NE(error->find("Permission denied"), std::string::npos) << *error;
    EXPECT_NE(error->find("the file was not changed"), std::string::npos) << *error;
    expect_untouched();
}

TEST_F(AtomicFile, ReadOnlyFileSystemLeavesTheOldFilesIntact) {
    if (!mount_tmpfs("1m")) GTEST_SKIP() << "cannot mount a tmpfs here (needs root)";
    save_two_versions();
    ASSERT_EQ(::mount("tmpfs", folder.c_str(), "tmpfs", MS_REMOUNT | MS_RDONLY, "size=1m"), 0)
        << std::strerror(errno);
    const auto error = write_file_atomically(target, "version 3\n");
    ASSERT_TRUE(error.has_value());
    EXPECT_NE(error->find("Read-only file system"), std::string::npos) << *error;
    expect_untouched();
}

TEST_F(AtomicFile, FullDiskLeavesTheOldFilesIntact) {
    if (!mount_tmpfs("64k")) GTEST_SKIP() << "cannot mount a tmpfs here (needs root)";
    save_two_versions();
    const std::string huge(256 * 1024, 'x');
    const auto error = write_file_atomically(target, huge);
    ASSERT_TRUE(error.has_value());
    EXPECT_NE(error->find("No space left on device"), std::string::npos) << *error;
    expect_untouched();
    // Space freed by the removed temporary file: a small save works again.
    EXPECT_EQ(write_file_atomically(target, "version 3\n"), std::nullopt);
}

TEST_F(AtomicFile, FileSizeLimitLeavesTheOldFilesIntact) {
    // Works for any user: the kernel refuses writes past RLIMIT_FSIZE with EFBIG.
    save_two_versions();
    rlimit saved{};
    ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &saved), 0);
    const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
    rlimit limited = saved;
    limited.rlim_cur = 4096;
    ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &limited), 0);
    const auto error = write_file_atomically(target, std::string(64 * 1024, 'x'));
    ::setrlimit(RLIMIT_FSIZE, &saved);
    std::signal(SIGXFSZ, old_handler);
    ASSERT_TRUE(error.has_value());
    EXPECT_NE(error->find("File too large"), std::string::npos) << *error;
    expect_untouched();
}

TEST_F(AtomicFile, ParentThatIsAFileIsReported) {
    write_plain(folder / "plain", "x");
    const auto error = write_file_atomically(folder / "plain" / "a.scene.json", "bytes");
    ASSERT_TRUE(error.has_value());
    EXPECT_NE(error->find("Not a directory"), std::string::npos) << *error;
    EXPECT_EQ(contents_of(folder / "plain"), "x");
}

TEST_F(AtomicFile, TargetThatIsAFolderIsReported) {
    fs::create_directory(target);
    const auto error = write_file_atomically(target, "bytes");
    ASSERT_TRUE(error.has_value());
    EXPECT_NE(error->find("folder"), std::string::npos) << *error;
    EXPECT_TRUE(fs::is_directory(target));
    EXPECT_EQ(names_in(folder), std::set<std::string>{"tanks.scene.json"});
}

// --- injected failures, at every step --------------------------------------------------------

TEST_F(AtomicFile, InjectedFailureMidWriteLeavesTheOldFilesIntact) {
    save_two_versions();
    detail::set_write_failure_for_testing(failure{failure::step::write, ENOSPC, 3});
    const auto error = write_file_atomically(target, "version 3, longer than three bytes\n");
    ASSERT_TRUE(error.has_value());
    EXPECT_NE(error->find("'" + target.string() + "'"), std::string::npos) << *error;
    EXPECT_NE(error->find("No space left on device"), std::string::npos) << *error;
    expect_untouched();
}

TEST_F(AtomicFile, InjectedFailureAtEveryStepLeavesTheOldFilesIntact) {
    save_two_versions();
    for (const auto step : {failure::step::write, failure::step::sync, failure::step::close,
                            failure::step::replace, failure::step::backup}) {
        SCOPED_TRACE(static_cast<int>(step));
        detail::set_write_failure_for_testing(failure{step, EIO, 0});
        const auto error = write_file_atomically(target, "version 3\n");
        ASSERT_TRUE(error.has_value());
        EXPECT_NE(error->find("Input/output error"), std::string::npos) << *error;
        expect_untouched();
    }
    detail::set_write_failure_for_testing(std::nullopt);
    EXPECT_EQ(write_file_atomically(target, "version 3\n"), std::nullopt);
    EXPECT_EQ(contents_of(backup_path(target)), "version 2\n");
}

TEST_F(AtomicFile, InjectedFailureOnANewFileLeavesNothing) {
    detail::set_write_failure_for_testing(failure{failure::step::sync, EIO, 0});
    EXPECT_TRUE(write_file_atomically(target, "bytes").has_value());
    EXPECT_TRUE(fs::is_empty(folder));
}

// --- reading ---------------------------------------------------------------------------------

TEST_F(AtomicFile, ReadsTheWholeFile) {
    std::string bytes(200 * 1024, '\0');
    for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<char>(i * 7);
    write_plain(target, bytes);
    const file_contents read = read_file(target);
    ASSERT_TRUE(read.ok()) << read.message;
    EXPECT_EQ(read.bytes, bytes);
}

TEST_F(AtomicFile, ReadingAFileTakesItsSizeInMemoryNotTwice) {
    // The buffer is sized once from the file's size; finding the end must not grow (and so
    // copy) it: a 1 GiB scene used to peak at 2 GB before its first byte was parsed.
    const std::string bytes(3 * 1024 * 1024 + 17, 'x');
    write_plain(target, bytes);
    const file_contents read = read_file(target);
    ASSERT_TRUE(read.ok()) << read.message;
    EXPECT_EQ(read.bytes.size(), bytes.size());
    EXPECT_LT(read.bytes.capacity(), bytes.size() + 64) << "the buffer was grown to find the end";
}

TEST_F(AtomicFile, ReadsAnEmptyFile) {
    write_plain(target, "");
    const file_contents read = read_file(target);
    ASSERT_TRUE(read.ok()) << read.message;
    EXPECT_TRUE(read.bytes.empty());
}

TEST_F(AtomicFile, ReadingAMissingFileSaysSo) {
    const file_contents read = read_file(target);
    EXPECT_FALSE(read.ok());
    EXPECT_EQ(read.error, std::errc::no_such_file_or_directory);
    EXPECT_EQ(read.message, "cannot read '" + target.string() + "': No such file or directory");
}

TEST_F(AtomicFile, ReadingAFolderSaysSo) {
    const file_contents read = read_file(folder);
    EXPECT_EQ(read.error, std::errc::is_a_directory);
    EXPECT_NE(read.message.find("it is a folder"), std::string::npos) << read.message;
}

TEST_F(AtomicFile, ReadingWithoutPermissionSaysSo) {
    write_plain(target, "secret");
    fs::permissions(target, fs::perms::none);
    file_contents read;
    {
        const unprivileged as_nobody;
        if (!as_nobody.ok) GTEST_SKIP() << "running as root and cannot switch to another user";
        read = read_file(target);
    }
    EXPECT_EQ(read.error, std::errc::permission_denied);
    EXPECT_NE(read.message.find("Permission denied"), std::string::npos) << read.message;
}

TEST_F(AtomicFile, ReadingAFileOverTheLimitSaysSo) {
    write_plain(target, "");
    fs::resize_file(target, max_file_size + 1);  // sparse: takes no space
    const file_contents read = read_file(target);
    EXPECT_EQ(read.error, std::errc::file_too_large);
    EXPECT_NE(read.message.find("1 GiB"), std::string::npos) << read.message;
    EXPECT_TRUE(read.bytes.empty());
}

TEST_F(AtomicFile, ReadingAPipeDoesNotBlock) {
    const fs::path pipe = folder / "pipe.scene.json";
    ASSERT_EQ(::mkfifo(pipe.c_str(), 0600), 0);
    const file_contents read = read_file(pipe);
    EXPECT_FALSE(read.ok());
    EXPECT_NE(read.message.find("not a regular file"), std::string::npos) << read.message;
}

}  // namespace
}  // namespace mosaic
