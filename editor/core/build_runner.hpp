#pragma once
// build_runner: one shell command (a project's build) running as a child process while the
// editor keeps drawing frames. Its stdout and stderr come back through one pipe, read without
// blocking: poll() once a frame returns the whole lines that arrived since the last call.
//
//   build_runner b;
//   b.start("cmake --build build", project_folder);
//   each frame: for (auto& line : b.poll()) log(line);  if (b.exit_code()) ...done
//
// No ImGui and no editor types: the editor's hot_reload decides what the output and the exit
// code mean.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <sys/types.h>

namespace mosaic::editor {

class build_runner {
public:
    build_runner() = default;
    /// A command still running is stopped (its whole process group) and reaped.
    ~build_runner();
    build_runner(const build_runner&) = delete;
    build_runner& operator=(const build_runner&) = delete;

    /// Runs `/bin/sh -c command` in `folder`, with the editor's environment. False (and
    /// `error` says why) when a command is still running or the process cannot be started.
    bool start(const std::string& command, const std::filesystem::path& folder,
               std::string* error = nullptr);
    /// True from start() until poll() has seen the process exit.
    [[nodiscard]] bool running() const noexcept { return pid_ > 0; }
    /// Never blocks. The output lines (without '\n') that arrived since the last call; once
    /// the process has exited, the rest (a last line without '\n' too) and exit_code() is set.
    [[nodiscard]] std::vector<std::string> poll();
    /// Blocks until the process exits; returns the output poll() had not yet returned.
    [[nodiscard]] std::vector<std::string> wait();
    /// The exit status of the last command once it ended (128 + N when killed by signal N);
    /// nullopt before that and while running.
    [[nodiscard]] const std::optional<int>& exit_code() const noexcept { return exit_code_; }

private:
    void read_available(std::vector<std::string>& lines);
    void finish(int status, std::vector<std::string>& lines);

    pid_t pid_ = -1;
    int pipe_ = -1;        // the read end; the child writes stdout and stderr into the other
    std::string partial_;  // output after the last '\n'
    std::optional<int> exit_code_;
};

}  // namespace mosaic::editor
