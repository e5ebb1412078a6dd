#pragma once
// Internal: what the loaders share while reading one file: where diagnostics go, and how
// an error stops the load (an exception caught by the loader's entry point, so a half-read
// scene is simply dropped and the caller's world is never touched).

#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "mosaic/ecs/entity.hpp"
#include "mosaic/ecs/fwd.hpp"
#include "mosaic/engine/scene/diagnostic.hpp"

namespace mosaic::detail {

struct load_failed {};  // thrown by read_context::fail after recording the error

/// Finds the entity with a file id: the scene builder, while a scene loads.
class entity_lookup {
public:
    [[nodiscard]] virtual entity find(std::uint64_t id) const = 0;

protected:
    ~entity_lookup() = default;
};

class read_context {
public:
    static constexpr std::size_t max_warnings = 200;

    read_context(std::string file, std::string_view text, std::vector<diagnostic>& out)
        : file_(std::move(file)), text_(text), out_(&out), located_(out.size()) {}

    /// Records an error at `path` and stops the load.
    [[noreturn]] void fail(std::string path, std::string message);
    /// Records an error at a byte offset (parse errors) and stops the load.
    [[noreturn]] void fail_at(std::size_t offset, std::string message);
    void warn(std::string path, std::string message);

    /// Where progress goes (see load_progress); none by default.
    void report_progress_to(const std::function<bool(double)>* progress) { progress_ = progress; }
    /// Reports how far the load is (0 to 1); stops it with "loading was cancelled" when the
    /// caller asks to.
    void progress(double fraction);
    /// Whether the caller asks to cancel, for code that cannot throw (the JSON parser).
    [[nodiscard]] bool keep_going(double fraction) const;

    [[nodiscard]] const std::string& file() const noexcept { return file_; }

    /// File id -> entity: the scene builder while a scene loads (it knows faster ways than a
    /// map for ids in order), else `entities` (filled by code reading kept components).
    const entity_lookup* lookup = nullptr;
    std::unordered_map<std::uint64_t, entity> entities;
    /// Resolves a reference; an id the file does not have loads as null with a warning.
    entity resolve(std::uint64_t id, const std::string& path);

    /// Called by the loader when done: adds the "... and N more warnings" line.
    void finish();

private:
    diagnostic make(diagnostic::level level, std::string path, std::string message);
    // Gives the diagnostics recorded since the last call their line and column, all in one
    // reading of the text (a file with hundreds of warnings is read twice, not hundreds of
    // times).
    void locate_pending();

    std::string file_;
    std::string_view text_;  // empty for binary files (no line/column)
    std::vector<diagnostic>* out_;
    std::size_t located_;  // out_'s diagnostics before this index have their place
    std::size_t warnings_ = 0;
    const std::function<bool(double)>* progress_ = nullptr;
};

/// The error for an exception our checks should have left nothing to throw (rapidjson's,
/// cereal's): the user still gets a message, and the load still changes nothing.
diagnostic unexpected_error(const std::string& file, std::string path, const std::exception& e);

}  // namespace mosaic::detail
