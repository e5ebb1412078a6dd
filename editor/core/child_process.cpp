// child_process.hpp: posix_spawn with the child's stdout and stderr on non-blocking pipes.
#include "core/child_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

extern char** environ;

namespace mosaic::editor {

namespace {

/// A line longer than this is cut (a child printing without newlines cannot eat the memory).
constexpr std::size_t max_line = 64 * 1024;
/// What one poll() reads from a pipe at most, so a chatty child cannot stall a frame.
constexpr std::size_t max_read_per_poll = 1024 * 1024;

const char* signal_name(int sig) {
    switch (sig) {
        case SIGSEGV:
            return "SIGSEGV";
        case SIGABRT:
            return "SIGABRT";
        case SIGBUS:
            return "SIGBUS";
        case SIGFPE:
            return "SIGFPE";
        case SIGILL:
            return "SIGILL";
        case SIGKILL:
            return "SIGKILL";
        case SIGTERM:
            return "SIGTERM";
        case SIGINT:
            return "SIGINT";
        default:
            return nullptr;
    }
}

process_exit exit_of(int status) {
    process_exit e;
    if (WIFSIGNALED(status)) {
        e.signaled = true;
        e.signal = WTERMSIG(status);
    } else if (WIFEXITED(status)) {
        e.code = WEXITSTATUS(status);
    }
    return e;
}

}  // namespace

std::string process_exit::describe() const {
    if (!signaled) return "exit status " + std::to_string(code);
    const char* name = signal_name(signal);
    return "signal " + std::to_string(signal) + (name ? " (" + std::string(name) + ")" : "");
}

child_process::~child_process() {
    kill_and_wait();
}

child_process::child_process(child_process&& other) noexcept
    : pid_(std::exchange(other.pid_, -1)),
      out_(std::exchange(other.out_, {})),
      err_(std::exchange(other.err_, {})),
      kill_at_(other.kill_at_),
      exit_(other.exit_) {}

child_process& child_process::operator=(child_process&& other) noexcept {
    if (this != &other) {
        kill_and_wait();
        pid_ = std::exchange(other.pid_, -1);
        out_ = std::exchange(other.out_, {});
        err_ = std::exchange(other.err_, {});
        kill_at_ = other.kill_at_;
        exit_ = other.exit_;
    }
    return *this;
}

std::string child_process::start(const std::vector<std::string>& argv) {
    if (argv.empty()) return "no program to start";
    if (::access(argv[0].c_str(), X_OK) != 0)
        return argv[0] + ": " + std::strerror(errno) + " (not an executable file)";
    int out[2];
    int err[2];
    // Close-on-exec: the editor's ends never leak into this child or the next one.
    if (::pipe2(out, O_CLOEXEC) != 0) return std::string("pipe: ") + std::strerror(errno);
    if (::pipe2(err, O_CLOEXEC) != 0) {
        ::close(out[0]);
        ::close(out[1]);
        return std::string("pipe: ") + std::strerror(errno);
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);  // dup2 clears close-on-exec
    posix_spawn_file_actions_adddup2(&actions, err[1], 2);
    std::vector<char*> args;
    args.reserve(argv.size() + 1);
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid = -1;
    const int failed =
        ::posix_spawn(&pid, argv[0].c_str(), &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(out[1]);
    ::close(err[1]);
    if (failed != 0) {
        ::close(out[0]);
        ::close(err[0]);
        return argv[0] + ": " + std::strerror(failed);
    }
    ::fcntl(out[0], F_SETFL, ::fcntl(out[0], F_GETFL) | O_NONBLOCK);
    ::fcntl(err[0], F_SETFL, ::fcntl(err[0], F_GETFL) | O_NONBLOCK);
    pid_ = pid;
    out_ = {out[0], {}, {}};
    err_ = {err[0], {}, {}};
    kill_at_.reset();
    exit_.reset();
    return {};
}

void child_process::read_into(stream& s, bool at_end) {
    if (s.fd < 0) return;
    char buffer[16 * 1024];
    std::size_t taken = 0;
    // After the child is reaped nothing more can come: read to the end of the pipe.
    while (at_end || taken < max_read_per_poll) {
        const ssize_t n = ::read(s.fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;  // EAGAIN: nothing now; 0: the child closed it
        taken += static_cast<std::size_t>(n);
        for (ssize_t i = 0; i < n; ++i) {
            if (buffer[i] == '\n') {
                if (!s.partial.empty() && s.partial.back() == '\r') s.partial.pop_back();
                s.lines.push_back(std::move(s.partial));
                s.partial.clear();
            } else if (s.partial.size() < max_line) {
                s.partial.push_back(buffer[i]);
            }
        }
    }
    if (at_end && !s.partial.empty()) {
        s.lines.push_back(std::move(s.partial));
        s.partial.clear();
    }
}

void child_process::poll(double now) {
    if (pid_ <= 0) return;
    read_into(out_, false);
    read_into(err_, false);
    if (exit_) return;
    if (kill_at_ && now >= *kill_at_) ::kill(pid_, SIGKILL);
    int status = 0;
    const pid_t reaped = ::waitpid(pid_, &status, WNOHANG);
    if (reaped == pid_) {
        exit_ = exit_of(status);
        read_into(out_, true);
        read_into(err_, true);
        close_pipes();
    }
}

std::vector<std::string> child_process::take_stdout() {
    return std::exchange(out_.lines, {});
}

std::vector<std::string> child_process::take_stderr() {
    return std::exchange(err_.lines, {});
}

void child_process::terminate(double now, double grace) {
    if (!running()) return;
    if (!kill_at_) kill_at_ = now + grace;
    ::kill(pid_, SIGTERM);
}

void child_process::kill_and_wait() noexcept {
    if (running()) {
        ::kill(pid_, SIGKILL);
        int status = 0;
        while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
        }
        exit_ = exit_of(status);
    }
    close_pipes();
}

void child_process::end_and_wait(double grace) noexcept {
    if (running()) {
        ::kill(pid_, SIGTERM);
        for (int waited_ms = 0; waited_ms < grace * 1000; waited_ms += 10) {
            int status = 0;
            if (::waitpid(pid_, &status, WNOHANG) == pid_) {
                exit_ = exit_of(status);
                break;
            }
            ::usleep(10 * 1000);
        }
    }
    kill_and_wait();
}

void child_process::close_pipes() noexcept {
    for (stream* s : {&out_, &err_}) {
        if (s->fd >= 0) ::close(s->fd);
        s->fd = -1;
    }
}

}  // namespace mosaic::editor
