#include "mosaic/engine/scene/diagnostic.hpp"

#include "mosaic/engine/display_path.hpp"

namespace mosaic {

std::string diagnostic::to_string() const {
    std::string text = file.empty() ? std::string("<memory>") : display_path(file);
    if (line > 0) text += ":" + std::to_string(line) + ":" + std::to_string(column);
    text += severity == level::error ? ": error: " : ": warning: ";
    if (!path.empty()) text += path + ": ";
    return text + message;
}

std::string to_string(const std::vector<diagnostic>& diagnostics) {
    std::string text;
    for (const diagnostic& d : diagnostics) text += d.to_string() + "\n";
    return text;
}

bool has_error(const std::vector<diagnostic>& diagnostics) noexcept {
    for (const diagnostic& d : diagnostics) {
        if (d.severity == diagnostic::level::error) return true;
    }
    return false;
}

}  // namespace mosaic
