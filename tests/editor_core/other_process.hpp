#pragma once
// other_process: runs a function in a forked child that then stays alive (like a second
// editor left open) until the test kills it, with SIGKILL as a crash would. Tests of what one
// editor process may see and do to another's files (locks, recovery files).

#include <gtest/gtest.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <functional>
#include <string>

namespace mosaic::testing {

class other_process {
public:
    /// Forks; the child runs `setup`, sends its result (a line of text) and waits to be
    /// killed. Returns once the child is ready. The child never returns into the test.
    explicit other_process(const std::function<std::string()>& setup) {
        int fds[2];
        if (::pipe(fds) != 0) return;
        pid_ = ::fork();
        if (pid_ == 0) {
            ::close(fds[0]);
            const std::string reply = setup() + "\n";
            (void)!::write(fds[1], reply.data(), reply.size());
            for (;;) ::pause();
        }
        ::close(fds[1]);
        char c = 0;
        while (::read(fds[0], &c, 1) == 1 && c != '\n') reply_ += c;
        ::close(fds[0]);
    }
    other_process(const other_process&) = delete;
    other_process& operator=(const other_process&) = delete;
    ~other_process() { kill(); }

    /// What the child's setup returned.
    [[nodiscard]] const std::string& reply() const noexcept { return reply_; }
    [[nodiscard]] pid_t pid() const noexcept { return pid_; }
    /// kill -9 (or another signal: SIGSEGV for a crash), and wait until it is gone (its locks
    /// with it).
    void kill(int signal = SIGKILL) {
        if (pid_ <= 0) return;
        ::kill(pid_, signal);
        int status = 0;
        ::waitpid(pid_, &status, 0);
        pid_ = -1;
    }

private:
    pid_t pid_ = -1;
    std::string reply_;
};

}  // namespace mosaic::testing
