#pragma once
// The registration table: every component type described once, as data.
//
//   table.component<Transform>("Transform")
//       .field("position", &Transform::position, {.speed = 0.1f})
//       .field("rotation", &Transform::rotation, {.min = -180, .max = 180})
//       .version(2);
//
// Per type: the stable name used as the key in files, the runtime type id, size and
// alignment, the default value (prototype), a version, flags, and its fields in declaration
// order (a flat list of {name, kind, offset, count, hints}). The scene files, the inspector,
// undo and copy/paste all work from this table; adding a component to a project means the
// struct and one registration, nothing else.
//
// Registered types must be trivially copyable and standard-layout: values are copied,
// compared and reset as bytes. A type that is not registered still works in the ECS; tools
// show it as "unregistered" and files skip it.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include "assert.hpp"
#include "field.hpp"
#include "type_id.hpp"

namespace mosaic {

struct component_flags {
    bool hidden = false;     // not shown in the editor
    bool not_saved = false;  // runtime-only state: scene files skip it
    bool resource = false;   // at most one entity has it (a resource: input, settings)
    bool opaque = false;     // not plain data (runtime_only): no fields, no prototype bytes
};

/// What an upgrade hook can read of a component saved by an older version: the values in
/// the file, by field name, whether or not the current type still has that field.
class legacy_fields {
public:
    virtual ~legacy_fields() = default;
    [[nodiscard]] virtual bool has(std::string_view field) const = 0;
    /// Numeric value (element `index` of an array or vector), if present and numeric.
    [[nodiscard]] virtual std::optional<double> number(std::string_view field,
                                                       std::size_t index = 0) const = 0;
    [[nodiscard]] virtual std::optional<std::string> text(std::string_view field) const = 0;
};

/// Called after a component saved with an older `version` was read (missing fields already
/// hold prototype values). Fix up `value` from what the old file had.
using upgrade_hook =
    std::function<void(void* value, std::uint32_t file_version, const legacy_fields& old)>;

struct component_info {
    std::string name;
    type_id type = invalid_type_id;
    std::size_t size = 0;
    std::size_t alignment = 1;
    std::uint32_t version = 1;
    component_flags flags;
    std::vector<field_info> fields;
    std::vector<std::byte> prototype;  // the default value's bytes
    upgrade_hook upgrade = [](void*, std::uint32_t, const legacy_fields&) {};

    [[nodiscard]] const field_info* find_field(std::string_view field) const noexcept;
    [[nodiscard]] const void* prototype_data() const noexcept { return prototype.data(); }
    /// Overwrites `value` with the prototype.
    void reset(void* value) const noexcept { std::memcpy(value, prototype.data(), size); }
    /// True when the two values are equal byte for byte on every field.
    [[nodiscard]] bool fields_equal(const void* a, const void* b) const noexcept;
};

template <class T>
class component_builder {
public:
    explicit component_builder(component_info& info) noexcept : info_(&info) {}

    /// Describes member `member` as field `name`. The kind comes from the member's type
    /// (field_traits); arrays become fixed arrays, char arrays strings.
    template <class M>
    component_builder& field(std::string name, M T::*member, field_hints hints = {}) {
        info_->fields.push_back(make_field<M>(std::move(name), offset_of(member), hints));
        return *this;
    }
    /// An enum member with the names of its values.
    template <class E>
    requires std::is_enum_v<E> component_builder& field(
        std::string name, E T::*member,
        std::initializer_list<std::pair<std::string_view, E>> values, field_hints hints = {}) {
        field_info f = make_field<E>(std::move(name), offset_of(member), hints);
        for (const auto& [value_name, value] : values) {
            f.enum_values.push_back(
                {std::string(value_name),
                 static_cast<std::int64_t>(static_cast<std::underlying_type_t<E>>(value))});
        }
        info_->fields.push_back(std::move(f));
        return *this;
    }
    component_builder& version(std::uint32_t v) noexcept {
        info_->version = v;
        return *this;
    }
    component_builder& hidden() noexcept {
        info_->flags.hidden = true;
        return *this;
    }
    component_builder& not_saved() noexcept {
        info_->flags.not_saved = true;
        return *this;
    }
    component_builder& resource() noexcept {
        info_->flags.resource = true;
        return *this;
    }
    /// The default value new components and missing fields get (T{} unless set).
    component_builder& prototype(const T& value) {
        std::memcpy(info_->prototype.data(), &value, sizeof(T));
        return *this;
    }
    component_builder& upgrade(upgrade_hook hook) {
        info_->upgrade = std::move(hook);
        return *this;
    }

    [[nodiscard]] const component_info& info() const noexcept { return *info_; }

private:
    template <class M>
    static std::size_t offset_of(M T::*member) noexcept {
        static const T probe{};
        return static_cast<std::size_t>(reinterpret_cast<const std::byte*>(&(probe.*member)) -
                                        reinterpret_cast<const std::byte*>(&probe));
    }

    template <class M>
    static field_info make_field(std::string name, std::size_t offset, field_hints hints) {
        field_info f;
        f.name = std::move(name);
        f.offset = offset;
        f.hints = hints;
        using Element = std::remove_extent_t<M>;
        if constexpr (std::is_array_v<M> && std::is_same_v<Element, char>) {
            f.kind = field_kind::string;  // char name[32]
            f.size = sizeof(M);
        } else if constexpr (std::is_array_v<M> && std::is_array_v<Element> &&
                             std::is_same_v<std::remove_extent_t<Element>, char>) {
            f.kind = field_kind::string;  // char names[4][32]
            f.size = sizeof(Element);
            f.count = static_cast<std::uint32_t>(std::extent_v<M>);
        } else {
            static_assert(std::rank_v<M> <= 1,
                          "component_builder::field: only one-dimensional fixed arrays");
            static_assert(
                requires { field_traits<Element>::kind; },
                "component_builder::field: no field kind for this member type; "
                "use bool, int32_t, uint32_t, int64_t, float, double, mosaic::vec2/"
                "vec3/vec4/color/entity/asset_path, an enum, a char array, or "
                "specialize mosaic::field_traits for your type");
            f.kind = field_traits<Element>::kind;
            f.size = sizeof(Element);
            f.count = std::is_array_v<M> ? static_cast<std::uint32_t>(std::extent_v<M>) : 1;
            if constexpr (std::is_enum_v<Element>) {
                f.enum_is_signed = std::is_signed_v<std::underlying_type_t<Element>>;
            } else {
                MOSAIC_CHECK(kind_size(f.kind) == sizeof(Element),
                             "field '" + f.name + "': the member's size does not match kind " +
                                 std::string(to_string(f.kind)));
            }
        }
        return f;
    }

    component_info* info_;
};

class component_table {
public:
    component_table() = default;
    component_table(const component_table&) = delete;
    component_table& operator=(const component_table&) = delete;
    // Infos live behind unique_ptrs, so the views into them (by name, by type) survive a move.
    component_table(component_table&&) noexcept = default;
    component_table& operator=(component_table&&) noexcept = default;

    /// Registers T under `name` (the key in scene files). Registering a name or a type twice
    /// is a mistake: the check fails and the second registration is ignored.
    template <class T>
    component_builder<T> component(std::string name) {
        static_assert(std::is_trivially_copyable_v<T> && std::is_standard_layout_v<T>,
                      "component_table::component<T>: registered components are plain data "
                      "(trivially copyable, standard-layout): the editor and the scene files "
                      "copy and compare them as bytes");
        static_assert(std::is_default_constructible_v<T>,
                      "component_table::component<T>: T needs a default value (prototype)");
        auto info = std::make_unique<component_info>();
        info->name = std::move(name);
        info->type = type_id_of<T>();
        info->size = sizeof(T);
        info->alignment = alignof(T);
        info->prototype.resize(sizeof(T));
        const T prototype{};
        std::memcpy(info->prototype.data(), &prototype, sizeof(T));
        return component_builder<T>(insert(std::move(info)));
    }

    /// Names a run-time type that is not plain data (this tick's contact list, a cache), so
    /// tools know what it is and scene files skip it without a warning. It is hidden, not
    /// saved and opaque: nothing copies, compares or resets it as bytes.
    template <class T>
    const component_info& runtime_only(std::string name) {
        auto info = std::make_unique<component_info>();
        info->name = std::move(name);
        info->type = type_id_of<T>();
        info->size = sizeof(T);
        info->alignment = alignof(T);
        info->flags = {.hidden = true, .not_saved = true, .resource = false, .opaque = true};
        return insert(std::move(info));
    }

    [[nodiscard]] const component_info* find(type_id type) const noexcept;
    [[nodiscard]] const component_info* find(std::string_view name) const noexcept;
    template <class T>
    [[nodiscard]] const component_info* find() const noexcept {
        return find(type_id_of<T>());
    }
    /// Every registered type, in registration order.
    [[nodiscard]] std::vector<const component_info*> all() const;
    [[nodiscard]] std::size_t size() const noexcept { return infos_.size(); }
    /// Forgets every registration (before a game's code is replaced: hooks and hints point
    /// into the code that goes).
    void clear() noexcept;

private:
    component_info& insert(std::unique_ptr<component_info> info);

    std::vector<std::unique_ptr<component_info>> infos_;
    std::vector<component_info*> by_type_;  // indexed by type id
    std::unordered_map<std::string_view, component_info*> by_name_;
    std::vector<std::unique_ptr<component_info>> rejected_;  // duplicates, kept for builders
};

}  // namespace mosaic
