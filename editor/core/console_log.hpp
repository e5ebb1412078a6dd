#pragma once
// console_log: what the Console panel shows. Load and save errors, warnings about unknown
// components, script output: every message the user should see lands here with a level.

#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include <mosaic/engine/scene/diagnostic.hpp>

namespace mosaic::editor {

enum class log_level { info, warning, error };

struct log_line {
    log_level level = log_level::info;
    std::string text;
};

class console_log {
public:
    /// Lines beyond this drop the oldest (a runaway system cannot eat the memory).
    static constexpr std::size_t max_lines = 5000;

    void add(log_level level, std::string text);
    void info(std::string text) { add(log_level::info, std::move(text)); }
    void warning(std::string text) { add(log_level::warning, std::move(text)); }
    void error(std::string text) { add(log_level::error, std::move(text)); }
    /// Each diagnostic as a line of its severity.
    void add(const std::vector<diagnostic>& diagnostics);
    void clear() noexcept;

    [[nodiscard]] const std::vector<log_line>& lines() const noexcept { return lines_; }
    /// Lines of `level` since the last clear (the count badges).
    [[nodiscard]] std::size_t count(log_level level) const noexcept {
        return counts_[static_cast<std::size_t>(level)];
    }

private:
    std::vector<log_line> lines_;
    std::array<std::size_t, 3> counts_{};
};

}  // namespace mosaic::editor
