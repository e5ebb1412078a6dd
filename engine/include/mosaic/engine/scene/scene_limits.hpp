#pragma once
// What any scene file may hold, in either format. The readers refuse more; the JSON loader
// checks the same limits as the binary reader, and both writers check a scene against them
// before writing, so a file Mosaic writes always loads again (an autosave, a --convert).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "atomic_file.hpp"  // max_file_size
#include "diagnostic.hpp"

namespace mosaic {

struct scene;

struct scene_limits {
    static constexpr std::uint64_t max_entities = std::uint64_t{1} << 24;  // 16M
    static constexpr std::uint32_t max_systems = 4096;
    /// A system's name, an unknown component's type name, a string in a schema.
    static constexpr std::uint32_t max_name_bytes = 64 * 1024;
    static constexpr std::uint32_t max_unknown_per_entity = 4096;
    /// One unknown component's JSON, compact.
    static constexpr std::uint32_t max_unknown_json_bytes = 64 * 1024 * 1024;
    /// A whole file (what read_file accepts).
    static constexpr std::size_t max_file_bytes = max_file_size;
};

/// The scene's entities, systems and unknown components checked against scene_limits: the
/// errors a writer reports instead of writing a file its reader would refuse. Empty when the
/// scene fits.
[[nodiscard]] std::vector<diagnostic> check_scene_limits(const scene& s);

namespace detail {

/// "N WHAT, more than the LIMIT a scene file can hold", or nullopt when n <= limit. The
/// loaders and writers word every limit error through this.
[[nodiscard]] std::optional<std::string> over_limit(std::uint64_t n, const char* what,
                                                    std::uint64_t limit);

}  // namespace detail

}  // namespace mosaic
