#pragma once
// A problem found while reading a file: where (file, JSON path, line and column when the
// parser knows them) and what. Errors stop a load; warnings are collected and the load goes
// on (an unknown component, a reference to an entity the file does not have).

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace mosaic {

struct diagnostic {
    enum class level { warning, error };
    level severity = level::error;
    std::string file;        // as given to the loader
    std::string path;        // JSON path, e.g. entities[12].components.Transform.position
    std::size_t line = 0;    // 1-based; 0 when unknown
    std::size_t column = 0;  // 1-based; 0 when unknown
    std::string message;     // what was expected and what was found

    /// "tanks.scene.json:14:21: error: entities[3].components.Transform.position: expected
    /// an array of 2 numbers, found a string"
    [[nodiscard]] std::string to_string() const;
};

/// Joins diagnostics, one per line.
[[nodiscard]] std::string to_string(const std::vector<diagnostic>& diagnostics);

/// True when one of them is an error (not only warnings).
[[nodiscard]] bool has_error(const std::vector<diagnostic>& diagnostics) noexcept;

/// What a load gives: the value, or nothing and the error; the warnings either way.
template <class T>
struct load_result {
    std::optional<T> value;               // empty when the load failed
    std::vector<diagnostic> diagnostics;  // warnings, and the error when it failed

    [[nodiscard]] bool ok() const noexcept { return value.has_value(); }
    /// The error that stopped the load, or nullptr.
    [[nodiscard]] const diagnostic* error() const noexcept {
        for (const diagnostic& d : diagnostics) {
            if (d.severity == diagnostic::level::error) return &d;
        }
        return nullptr;
    }
};

}  // namespace mosaic
