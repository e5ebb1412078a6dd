#pragma once
// child_process: a program the editor runs beside itself (posix_spawn), whose stdout and
// stderr it reads line by line without ever waiting: the pipes are non-blocking and poll()
// takes what is there. terminate() asks it to end (SIGTERM) and poll() kills it (SIGKILL)
// when it has not ended within the grace given; an ended child is reaped by poll(), so none
// is left a zombie. The destructor kills and reaps a child still running.
//
//   child_process p;
//   if (std::string error = p.start({"/path/mosaic-run", "scene.bin", "--listen", "0"}); ...)
//   each frame: p.poll(now); for (auto& line : p.take_stdout()) ...; if (p.ended()) ...

#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

namespace mosaic::editor {

/// How a child process ended.
struct process_exit {
    bool signaled = false;  // died of a signal (then `signal`), else exited with `code`
    int code = 0;
    int signal = 0;
    /// "exit status 1", "signal 11 (SIGSEGV)".
    [[nodiscard]] std::string describe() const;
};

class child_process {
public:
    child_process() = default;
    ~child_process();
    child_process(child_process&& other) noexcept;
    child_process& operator=(child_process&& other) noexcept;
    child_process(const child_process&) = delete;
    child_process& operator=(const child_process&) = delete;

    /// Starts argv[0] (a path) with `argv`, the editor's environment, stdin from /dev/null.
    /// "" when it started, else why not (the program is missing, not executable).
    std::string start(const std::vector<std::string>& argv);
    /// Reads the pipes, kills a child past its terminate() grace, reaps an ended one.
    void poll(double now);
    /// Complete lines read since the last call (without their '\n'); at the end, the last
    /// line even without one.
    [[nodiscard]] std::vector<std::string> take_stdout();
    [[nodiscard]] std::vector<std::string> take_stderr();
    /// SIGTERM now; SIGKILL from the first poll() after `now + grace` seconds.
    void terminate(double now, double grace);
    /// SIGKILL now and wait for it (a test's cleanup, the destructor).
    void kill_and_wait() noexcept;
    /// SIGTERM, wait up to `grace` seconds for it to end, then kill_and_wait() (the editor
    /// closes: the child gets to clean up, as mosaic-run removes its registry entry).
    void end_and_wait(double grace) noexcept;

    [[nodiscard]] bool started() const noexcept { return pid_ > 0; }
    /// Started and not reaped yet.
    [[nodiscard]] bool running() const noexcept { return pid_ > 0 && !exit_; }
    /// Reaped: how it ended (nothing while it runs).
    [[nodiscard]] const std::optional<process_exit>& ended() const noexcept { return exit_; }
    /// terminate() was called (an exit after it is the editor's doing, not a crash).
    [[nodiscard]] bool terminating() const noexcept { return kill_at_.has_value(); }
    [[nodiscard]] pid_t pid() const noexcept { return pid_; }

private:
    struct stream {
        int fd = -1;
        std::string partial;  // read, not yet a whole line
        std::vector<std::string> lines;
    };
    static void read_into(stream& s, bool at_end);
    void close_pipes() noexcept;

    pid_t pid_ = -1;
    stream out_;
    stream err_;
    std::optional<double> kill_at_;  // terminate()'s SIGKILL deadline
    std::optional<process_exit> exit_;
};

}  // namespace mosaic::editor
