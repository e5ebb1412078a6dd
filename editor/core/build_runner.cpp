#include "build_runner.hpp"

#include <cerrno>
#include <csignal>
#include <cstring>

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;  // NOLINT: POSIX declares it nowhere

namespace mosaic::editor {

namespace {

/// posix_spawn's objects, destroyed on every path out of start().
struct spawn_setup {
    posix_spawn_file_actions_t actions{};
    posix_spawnattr_t attributes{};
    spawn_setup() {
        posix_spawn_file_actions_init(&actions);
        posix_spawnattr_init(&attributes);
    }
    ~spawn_setup() {
        posix_spawn_file_actions_destroy(&actions);
        posix_spawnattr_destroy(&attributes);
    }
    spawn_setup(const spawn_setup&) = delete;
    spawn_setup& operator=(const spawn_setup&) = delete;
};

int exit_status(int status) {
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
    return -1;
}

}  // namespace

build_runner::~build_runner() {
    if (running()) {
        // The command's own process group (see start): make and the compilers it started go
        // too, not only the shell.
        ::kill(-pid_, SIGTERM);
        int status = 0;
        while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
        }
    }
    if (pipe_ >= 0) ::close(pipe_);
}

bool build_runner::start(const std::string& command, const std::filesystem::path& folder,
                         std::string* error) {
    const auto fail = [&](const std::string& why) {
        if (error) *error = why;
        return false;
    };
    if (running()) return fail("a build is already running");
    int fds[2] = {-1, -1};
    if (::pipe2(fds, O_CLOEXEC) != 0) return fail(std::string("pipe: ") + std::strerror(errno));

    spawn_setup setup;
    // Both output streams into the pipe's write end (dup2 clears close-on-exec on 1 and 2);
    // no input, so a command that asks a question fails instead of waiting forever.
    posix_spawn_file_actions_addopen(&setup.actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&setup.actions, fds[1], 1);
    posix_spawn_file_actions_adddup2(&setup.actions, fds[1], 2);
    posix_spawn_file_actions_addchdir_np(&setup.actions, folder.c_str());
    // A process group of its own, so the destructor can stop everything the build started.
    posix_spawnattr_setpgroup(&setup.attributes, 0);
    sigset_t no_signals;
    sigemptyset(&no_signals);
    posix_spawnattr_setsigmask(&setup.attributes, &no_signals);
    posix_spawnattr_setflags(&setup.attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK);

    std::string shell = "/bin/sh", dash_c = "-c", text = command;
    char* argv[] = {shell.data(), dash_c.data(), text.data(), nullptr};
    pid_t pid = -1;
    const int spawned =
        ::posix_spawn(&pid, "/bin/sh", &setup.actions, &setup.attributes, argv, environ);
    ::close(fds[1]);
    if (spawned != 0) {
        ::close(fds[0]);
        return fail("cannot run the build in " + folder.string() + ": " + std::strerror(spawned));
    }
    ::fcntl(fds[0], F_SETFL, ::fcntl(fds[0], F_GETFL) | O_NONBLOCK);
    if (pipe_ >= 0) ::close(pipe_);
    pipe_ = fds[0];
    pid_ = pid;
    partial_.clear();
    exit_code_.reset();
    return true;
}

void build_runner::read_available(std::vector<std::string>& lines) {
    char buffer[4096];
    for (;;) {
        const ssize_t n = ::read(pipe_, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;  // nothing more now (EAGAIN), or the end of the output
        partial_.append(buffer, static_cast<std::size_t>(n));
        std::size_t start = 0;
        for (std::size_t end; (end = partial_.find('\n', start)) != std::string::npos;
             start = end + 1) {
            std::string line = partial_.substr(start, end - start);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            lines.push_back(std::move(line));
        }
        partial_.erase(0, start);
    }
}

void build_runner::finish(int status, std::vector<std::string>& lines) {
    // Whatever the process wrote before it exited is in the pipe already.
    read_available(lines);
    if (!partial_.empty()) lines.push_back(std::move(partial_));
    partial_.clear();
    ::close(pipe_);
    pipe_ = -1;
    pid_ = -1;
    exit_code_ = exit_status(status);
}

std::vector<std::string> build_runner::poll() {
    std::vector<std::string> lines;
    if (!running()) return lines;
    read_available(lines);
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) finish(status, lines);
    return lines;
}

std::vector<std::string> build_runner::wait() {
    std::vector<std::string> lines;
    while (running()) {
        for (std::string& line : poll()) lines.push_back(std::move(line));
        if (!running()) break;
        // Sleep until output arrives; the timeout notices an exit while a grandchild still
        // holds the pipe open.
        pollfd ready{.fd = pipe_, .events = POLLIN, .revents = 0};
        if (::poll(&ready, 1, 20) > 0 && (ready.revents & (POLLHUP | POLLERR)) &&
            !(ready.revents & POLLIN)) {
            int status = 0;
            if (::waitpid(pid_, &status, 0) == pid_) finish(status, lines);
        }
    }
    return lines;
}

}  // namespace mosaic::editor
