#pragma once
// A problem found while reading a file: where (file, JSON path, line and column when the
// parser knows them) and what. Errors stop a load; warnings are collected and the load goes
// on (an unknown component, a reference to an entity the file does not have).

#include <cstddef>
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

}  // namespace mosaic
