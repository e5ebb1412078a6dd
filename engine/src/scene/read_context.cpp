#include "read_context.hpp"

#include "json_support.hpp"

namespace mosaic::detail {

diagnostic read_context::make(diagnostic::level level, std::string path,
                              std::string message) const {
    diagnostic d;
    d.severity = level;
    d.file = file_;
    d.message = std::move(message);
    if (!text_.empty()) {
        if (const auto offset = locate_json_path(text_, path)) {
            const auto [line, column] = line_column(text_, *offset);
            d.line = line;
            d.column = column;
        }
    }
    d.path = std::move(path);
    return d;
}

void read_context::fail(std::string path, std::string message) {
    out_->push_back(make(diagnostic::level::error, std::move(path), std::move(message)));
    throw load_failed{};
}

void read_context::fail_at(std::size_t offset, std::string message) {
    diagnostic d;
    d.file = file_;
    d.message = std::move(message);
    const auto [line, column] = line_column(text_, offset);
    d.line = line;
    d.column = column;
    out_->push_back(std::move(d));
    throw load_failed{};
}

void read_context::warn(std::string path, std::string message) {
    // Locating a path re-reads the file: only the first warnings get line numbers, and a
    // file with thousands of problems does not flood the console.
    if (++warnings_ > max_warnings) return;
    out_->push_back(make(diagnostic::level::warning, std::move(path), std::move(message)));
}

void read_context::finish() {
    if (warnings_ > max_warnings) {
        diagnostic d;
        d.severity = diagnostic::level::warning;
        d.file = file_;
        d.message = "... and " + std::to_string(warnings_ - max_warnings) + " more warnings";
        out_->push_back(std::move(d));
    }
}

entity read_context::resolve(std::uint64_t id, const std::string& path) {
    if (id == 0) return null_entity;
    const auto it = entities.find(id);
    if (it != entities.end()) return it->second;
    warn(path, "refers to entity " + std::to_string(id) +
                   ", which is not in the file; the reference is cleared");
    return null_entity;
}

}  // namespace mosaic::detail
