#include "read_context.hpp"

#include "json_support.hpp"

#include <algorithm>
#include <vector>

namespace mosaic::detail {

diagnostic read_context::make(diagnostic::level level, std::string path, std::string message) {
    diagnostic d;
    d.severity = level;
    d.file = file_;
    d.message = std::move(message);
    d.path = std::move(path);
    return d;
}

void read_context::locate_pending() {
    const std::size_t first = located_;
    located_ = out_->size();
    if (text_.empty() || first >= out_->size()) return;
    std::vector<std::string> paths;
    for (std::size_t i = first; i < out_->size(); ++i) paths.push_back((*out_)[i].path);
    const auto offsets = locate_json_paths(text_, paths);
    std::vector<std::size_t> found;  // offsets, in the order of `located`
    std::vector<diagnostic*> located;
    for (std::size_t i = first; i < out_->size(); ++i) {
        diagnostic& d = (*out_)[i];
        if (d.line != 0) continue;
        if (const auto it = offsets.find(d.path); it != offsets.end()) {
            found.push_back(it->second);
            located.push_back(&d);
        }
    }
    const auto places = line_columns(text_, found);
    for (std::size_t k = 0; k < located.size(); ++k) {
        located[k]->line = places[k].first;
        located[k]->column = places[k].second;
    }
}

void read_context::fail(std::string path, std::string message) {
    out_->push_back(make(diagnostic::level::error, std::move(path), std::move(message)));
    locate_pending();
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
    locate_pending();
    throw load_failed{};
}

void read_context::warn(std::string path, std::string message) {
    // A file with thousands of problems does not flood the console: the first ones say
    // enough, and the rest are counted.
    if (++warnings_ > max_warnings) return;
    out_->push_back(make(diagnostic::level::warning, std::move(path), std::move(message)));
}

bool read_context::keep_going(double fraction) const {
    return !progress_ || !*progress_ || (*progress_)(std::clamp(fraction, 0.0, 1.0));
}

void read_context::progress(double fraction) {
    if (!keep_going(fraction)) fail("", "loading was cancelled");
}

void read_context::finish() {
    locate_pending();
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
    if (lookup) {
        if (const entity found = lookup->find(id); !found.is_null()) return found;
    } else if (const auto it = entities.find(id); it != entities.end()) {
        return it->second;
    }
    warn(path, "refers to entity " + std::to_string(id) +
                   ", which is not in the file; the reference is cleared");
    return null_entity;
}

diagnostic unexpected_error(const std::string& file, std::string path, const std::exception& e) {
    return {diagnostic::level::error,
            file,
            std::move(path),
            0,
            0,
            std::string("could not read the file: ") + e.what()};
}

}  // namespace mosaic::detail
