#pragma once
// Internal: the schema table of a binary scene and the one place that knows how each field
// kind looks in a binary file (the binary counterpart of component_json.hpp).
//
// Writing encodes a component from its current registration. Reading goes through the
// schema the file carries: map_type() matches the file's fields to the current registration
// by name once per type, and the decoders walk that mapping for every component.

#include <cstddef>
#include <cstdint>
#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "binary_io.hpp"
#include "legacy_values.hpp"
#include "mosaic/ecs/component_table.hpp"
#include "mosaic/ecs/field_kinds.hpp"
#include "mosaic/ecs/world.hpp"
#include "mosaic/engine/scene/scene.hpp"
#include "mosaic/engine/scene/scene_binary.hpp"

namespace mosaic::detail {

/// No element index (a field with count 1): paths get no "[i]".
inline constexpr std::uint32_t no_element = 0xFFFF'FFFFu;

/// Bytes one element of a kind takes in the file; 0 for strings (a length, then the bytes).
[[nodiscard]] inline std::size_t binary_element_bytes(field_kind kind) noexcept {
    return info_of(kind).file_size;
}
/// Bytes an element takes at least (strings: their length).
[[nodiscard]] inline std::size_t binary_min_element_bytes(field_kind kind) noexcept {
    const std::size_t n = binary_element_bytes(kind);
    return n == 0 ? sizeof(std::uint32_t) : n;
}

/// One field as a file describes it and, when reading, what it maps to now.
struct binary_field {
    std::string name;
    field_kind kind = field_kind::int32;
    std::uint32_t count = 1;
    std::uint32_t element_size = 0;       // in memory when written; a string's capacity
    std::vector<enum_entry> enum_values;  // enumerations: the writer's names for values
    bool runs = false;  // stored as runs of whole numbers (binary_runs.hpp), by the version

    // Reading only (map_type):
    const field_info* target = nullptr;  // nullptr: the type has no such field now
    bool raw_copy = false;               // numbers with the same layout: one memcpy
    /// Enumerations whose names or values changed: file value -> current value, by name.
    /// `mapped` false for a name the current type does not have.
    struct enum_mapping {
        std::int64_t file_value;
        std::int64_t value;
        bool mapped;
    };
    std::vector<enum_mapping> enum_map;  // empty when values mean the same as now
    bool warned_unknown = false;
};

/// One component type as a file describes it and, when reading, what it maps to now.
struct binary_type {
    std::string name;
    std::uint32_t version = 1;
    std::uint32_t components = 0;  // how many the file has (lets the reader reserve)
    std::vector<binary_field> fields;

    // Reading only (map_type):
    const component_info* info = nullptr;  // nullptr: unknown type, kept as JSON text
    bool dropped = false;                  // registered but not stored in scene files
    std::size_t fixed_size = 0;            // field data bytes, when no field is a string
    bool variable = false;                 // some field is a string: size varies
    /// Set when a field cannot be read into the current type (kind or count changed):
    /// the first component of this type fails with it.
    std::optional<std::size_t> mismatch_field;
    std::string mismatch;
    bool warned = false;  // the type-level warning (unknown, dropped, newer) was given

    /// The common case, decoded with a few memcpy: fixed size, every field still there with
    /// the same kind and count, all of them numbers (no bool to check, no enum to map, no
    /// reference to resolve), on a little-endian machine. Adjacent runs are merged.
    struct copy_run {
        std::size_t from;  // offset in the field data
        std::size_t to;    // offset in the component
        std::size_t bytes;
    };
    std::vector<copy_run> copy_plan;  // empty: decode field by field
    bool covers_all = false;          // the runs write every byte of the component
};

/// The schema entry for a registered type, as the writer describes it (in the newest format).
[[nodiscard]] binary_type describe_type(const component_info& info);
void write_type(byte_writer& out, const binary_type& type);

/// Matches a type read from a file against the table (sets the reading-only members).
void map_type(binary_type& type, const component_table& table);

/// File id of an entity (0 for null or dead ones, or ones without an id).
class file_ids {
public:
    explicit file_ids(const world& w) noexcept : world_(&w) {}
    [[nodiscard]] std::uint64_t operator()(entity e) const noexcept {
        const EntityId* id = world_->try_get<EntityId>(e);
        return id ? id->value : 0;
    }

private:
    const world* world_;
};

/// Appends the field data of `value` (a component of `info`'s type) to `out`.
void encode_fields(byte_writer& out, const component_info& info, const void* value,
                   const file_ids& ids);

/// What the decoders need from the loader: failing and warning at a field's path, and
/// resolving entity references.
class decode_context {
public:
    /// Records the error and stops the load (raise() throws).
    [[noreturn]] void fail(const binary_field* field, std::uint32_t element, std::string message) {
        raise(field, element, std::move(message));
        std::terminate();  // not reached
    }
    virtual void warn(const binary_field* field, std::uint32_t element, std::string message) = 0;
    virtual entity resolve(std::uint64_t id, const binary_field& field, std::uint32_t element) = 0;

    /// Charges what run field `f` expands to (binary_runs.hpp) against the file's budget
    /// before it is read; fails past binary_scene_limits::max_run_bytes.
    void expand_runs(const binary_field& f) {
        const std::uint64_t bytes = std::uint64_t{f.count} * binary_element_bytes(f.kind);
        if (bytes > run_bytes_left_) {
            fail(&f, no_element,
                 "the file's runs of numbers expand to more than " +
                     std::to_string(binary_scene_limits::max_run_bytes) +
                     " bytes in all (what a version 1 file could hold at most)");
        }
        run_bytes_left_ -= bytes;
    }

protected:
    ~decode_context() = default;
    /// Records the error and throws.
    virtual void raise(const binary_field* field, std::uint32_t element, std::string message) = 0;

private:
    std::uint64_t run_bytes_left_ = binary_scene_limits::max_run_bytes;
};

/// Reads field data into `value` through the mapping. `value` must hold the prototype unless
/// the type's copy plan covers all of it. The cursor must be at the start of the component's
/// data; fails unless it all fits exactly.
void decode_fields(byte_cursor& in, binary_type& type, void* value, decode_context& ctx);

/// The field data as the JSON object the JSON writer would have written for the component
/// ({"version": N, "enabled": false, "field": ...}), for types the table does not know.
[[nodiscard]] std::string fields_to_json(byte_cursor& in, const binary_type& type, bool enabled,
                                         decode_context& ctx);

/// The field data as an upgrade hook sees it (by name, whatever the type has now).
[[nodiscard]] legacy_values binary_legacy_values(byte_cursor in, const binary_type& type,
                                                 decode_context& ctx);
}  // namespace mosaic::detail
