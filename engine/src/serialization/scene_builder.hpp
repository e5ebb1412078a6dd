#pragma once
// Internal: the one place that turns what a scene file says into a scene, whatever the format.
//
// The JSON reader (scene_json_read.cpp) and the binary reader (binary_loader.cpp) each parse
// their own syntax, then hand every system, entity, name, parent and component to the
// builder, which applies the scene rules and says what is wrong: the format version, names
// without NUL, rates that run, ids >= 1 and used once, names cut to fit, no entity its own
// parent, references to ids the file lacks cleared, components of unknown types kept
// verbatim, types the files do not store skipped, older component versions upgraded, parent
// cycles broken. Each rule and each of its messages is written here once;
// a new rule goes here too, and tests/engine/scene_cross_format_test.cpp shows both formats
// still agree. (The readers keep what only their syntax needs: JSON's types and keys, the
// binary layout's lengths and counts checked before allocating. The rules on field values
// live in each format's field reader, with their words once in field_messages.hpp.)
//
// The builder fills a scene of its own: the caller's world is touched only when finish()
// hands it over, after the last check; an error (read_context::fail throws) drops it whole.

#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "mosaic/ecs/component_table.hpp"
#include "mosaic/engine/scene/scene.hpp"
#include "read_context.hpp"

namespace mosaic::detail {

/// The name under which binary files store a placeholder's overrides among its kept unknown
/// components: not a name a component can be registered under in a C++ project.
inline constexpr const char* binary_prefab_overrides_key = "(prefab overrides)";

/// Where a reader is in its file. The builder says what is wrong; the place says where: a
/// JSON path (located to a line and column later), or a binary path with the byte offset.
class file_place {
public:
    /// Records the error and stops the load.
    [[noreturn]] void fail(std::string message) {
        raise(std::move(message));
        std::terminate();  // not reached: raise() throws
    }
    /// `member`, when not empty, names a part of the place ("version" of a component).
    virtual void warn(std::string message, std::string_view member) = 0;
    /// The place as a path, for read_context::resolve.
    [[nodiscard]] virtual std::string path() const = 0;

protected:
    ~file_place() = default;
    /// Records the error and throws.
    virtual void raise(std::string message) = 0;
};

/// A place that is a JSON-style path of its own (the JSON reader's places).
class path_place final : public file_place {
public:
    path_place(read_context& ctx, std::string path) : ctx_(&ctx), path_(std::move(path)) {}
    void warn(std::string message, std::string_view member) override {
        ctx_->warn(member.empty() ? path_ : path_ + "." + std::string(member), std::move(message));
    }
    [[nodiscard]] std::string path() const override { return path_; }

private:
    void raise(std::string message) override { ctx_->fail(path_, std::move(message)); }
    read_context* ctx_;
    std::string path_;
};

/// The version rule for one component value, for code outside a scene load too (hot
/// reload): an older version goes through the type's upgrade hook, which reads the file's own
/// values through `legacy`; a newer one is read as far as possible and the warning returned.
std::optional<std::string> upgrade_component(const component_info& info, void* value,
                                             std::uint32_t file_version,
                                             const legacy_fields& legacy);

class scene_builder final : public entity_lookup {
public:
    explicit scene_builder(read_context& ctx);
    ~scene_builder() { ctx_.lookup = nullptr; }
    scene_builder(const scene_builder&) = delete;
    scene_builder& operator=(const scene_builder&) = delete;

    /// The scene being built: its settings and systems are the readers' to fill.
    [[nodiscard]] scene& draft() noexcept { return draft_; }

    // --- the file as a whole --------------------------------------------------------------

    /// Fails unless this build reads scene format `version` (1 to `newest`).
    static void check_format_version(std::uint32_t version, std::uint32_t newest, file_place& at);

    // --- systems --------------------------------------------------------------------------------

    /// A system's setting. Its name must hold no NUL: names are read back as C strings.
    void add_system(system_setting setting, file_place& name_at);
    /// A rate of `ticks` ticks; fails unless >= 1 (readers pass 0 for what is not a count).
    static rate ticks_rate(std::uint64_t ticks, file_place& at);
    /// A rate of `seconds` seconds; fails unless > 0 (readers pass NaN for what is not a number).
    static rate seconds_rate(double seconds, file_place& at);

    // --- entities ---------------------------------------------------------------------------

    /// Creates the file's entities, with their ids in file order, before anything else is
    /// read: every reference can be resolved after this. `place_of(i)` is where entity i's id
    /// is; an id 0 or one used twice fails there.
    void create_entities(std::vector<std::uint64_t> ids,
                         const std::function<file_place&(std::size_t)>& place_of);
    [[nodiscard]] std::size_t entity_count() const noexcept { return created_.size(); }
    [[nodiscard]] entity entity_at(std::size_t index) const { return created_[index]; }
    [[nodiscard]] std::uint64_t id_at(std::size_t index) const { return file_ids_[index]; }
    /// The entity with file id `id`, or null.
    [[nodiscard]] entity find(std::uint64_t id) const override;
    /// A reference: 0 is none; an id the file does not have loads as null with a warning.
    entity resolve(std::uint64_t id, file_place& at);

    void set_name(entity e, std::string_view text, file_place& at);
    void set_enabled(entity e, bool enabled);
    /// Links `e` to the entity with file id `parent_id` (0: none).
    void set_parent(entity e, std::uint64_t parent_id, file_place& at);
    /// `e` is an instance's entity stored as a link (prefab path, node id) plus its
    /// overrides (compact JSON, empty for none), kept until resolve_prefab_instances. The
    /// path must fit a PrefabInstance and hold no NUL; the node id is >= 1.
    void set_prefab_link(std::size_t entity_index, std::string_view path, std::uint64_t node,
                         std::string overrides, file_place& at);
    /// The stored overrides of a missing prefab's placeholder, for a reader that reads the
    /// link as a PrefabInstance component (binary files); fails when the entity has none.
    void keep_prefab_overrides(std::size_t entity_index, std::string overrides, file_place& at);

    // --- components ---------------------------------------------------------------------------

    /// Whether files store components of this type (registered ones may not be: the identity
    /// components are entity keys, and some types are never saved). For archetypes, Name is a
    /// component like any other.
    [[nodiscard]] static bool is_stored(const component_info& info, bool archetype = false);
    /// A component of a type files do not store: warns once per type.
    void skip_not_stored(const component_info& info, file_place& at);
    /// `value` (a component of `info`'s type written in `file_version`) goes through the
    /// version rule, once per type warned about when newer.
    void upgrade(const component_info& info, void* value, std::uint32_t file_version,
                 const legacy_fields& legacy, file_place& at);
    /// Upgrades `value` and adds it to `e`; fails if `e` has one already.
    void add_component(entity e, const component_info& info, void* value, bool enabled,
                       std::uint32_t file_version, const legacy_fields& legacy, file_place& at);
    /// A component of a type the table does not know, as compact JSON text: kept verbatim
    /// and saved back, with a warning once per type. Fails on a second one of the same name.
    void keep_unknown(std::size_t entity_index, std::string name, std::string json, file_place& at);
    /// The same for a reader that keeps none (archetypes): the component is dropped.
    void drop_unknown(const std::string& name, file_place& at);

    // --- commit -------------------------------------------------------------------------------

    /// Breaks parent cycles, closes the diagnostics and hands the scene over.
    [[nodiscard]] scene finish();

private:
    bool first_time(const char* rule, std::string_view type_name);

    read_context& ctx_;
    scene draft_;
    std::vector<std::uint64_t> file_ids_;        // by entity index in the file
    std::vector<entity> created_;                // likewise
    bool dense_ = false;                         // file_ids_[i] == i + 1
    bool sorted_ = false;                        // file_ids_ strictly increasing
    std::set<std::string, std::less<>> warned_;  // "rule:type" warned about once per file
};

}  // namespace mosaic::detail
