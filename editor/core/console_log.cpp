#include "console_log.hpp"

namespace mosaic::editor {

void console_log::add(log_level level, std::string text) {
    if (lines_.size() >= max_lines) lines_.erase(lines_.begin(), lines_.begin() + max_lines / 10);
    lines_.push_back({level, std::move(text)});
    ++counts_[static_cast<std::size_t>(level)];
}

void console_log::add(const std::vector<diagnostic>& diagnostics) {
    for (const diagnostic& d : diagnostics) {
        add(d.severity == diagnostic::level::error ? log_level::error : log_level::warning,
            d.to_string());
    }
}

void console_log::clear() noexcept {
    lines_.clear();
    counts_ = {};
}

}  // namespace mosaic::editor
