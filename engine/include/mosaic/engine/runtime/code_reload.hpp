#pragma once
// code_migration: carries component values across a change of game code (a module's hot
// reload), by field name through the registration table, the way scene files migrate.
//
//   code_migration m(old_table, module->types());   // while the old code is loaded
//   m.detach(scene);          // copies the values of the module's types out, drops the pools
//   ... unload the old module, load the new one, register its table ...
//   m.attach(new_table);      // puts them back into every detached scene
//
// A field keeps its value when the new type has a field of the same name and kind (arrays:
// the elements both have); new fields take the prototype's value; removed and changed fields
// are reported. A type the new code no longer registers is kept verbatim, as an unknown
// component of the scene (written back on save, like an unknown component read from a file).
// Entities are never recreated: handles, selection and references stay valid.

#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

#include <mosaic/ecs/component_table.hpp>

#include "../scene/scene.hpp"

namespace mosaic {

class code_migration {
public:
    /// `leaving`: the types whose code goes away; `old_table` describes them now.
    code_migration(const component_table& old_table, std::span<const type_id> leaving);

    /// Takes every component of a leaving type out of `s` (values kept here) and drops those
    /// pools. Call for every scene that holds them, before the old code is unloaded.
    void detach(scene& s);
    /// After the new code registered its types in `new_table`: puts the values back into the
    /// scenes detach() saw, migrated; values kept verbatim as unknown components (a type an
    /// earlier version removed) come back when the new code registers their type again.
    /// Returns the report (also in report()).
    const std::vector<std::string>& attach(const component_table& new_table);

    /// True when `type` was one of the leaving types.
    [[nodiscard]] bool leaving(type_id type) const noexcept { return old_.count(type) != 0; }
    /// One value of a leaving type, converted for other holders (the undo history, the
    /// clipboard): its new type and bytes, or nullopt when the type is gone.
    struct converted {
        type_id type = invalid_type_id;
        std::vector<std::byte> bytes;
    };
    [[nodiscard]] std::optional<converted> convert(type_id old_type,
                                                   std::span<const std::byte> bytes) const;
    /// The name a leaving type had (for messages), or "".
    [[nodiscard]] std::string old_name(type_id old_type) const;

    /// What changed, one line each ("Spin: new field 'axis' takes its default value").
    [[nodiscard]] const std::vector<std::string>& report() const noexcept { return report_; }
    /// Component values carried over (into the new types or kept as unknown).
    [[nodiscard]] std::size_t migrated() const noexcept { return migrated_; }

private:
    void revive_unknown(scene& s, const component_table& table);

    struct detached_value {
        entity owner;
        bool enabled = true;
        std::vector<std::byte> bytes;
    };
    struct detached_scene {
        scene* target;
        std::map<type_id, std::vector<detached_value>> values;
    };
    /// How to build a new value from an old one: the new type and byte ranges to copy.
    struct plan {
        const component_info* to = nullptr;  // null: the type is gone
        struct copy {
            std::size_t from, to, bytes;
        };
        std::vector<copy> copies;
    };
    [[nodiscard]] plan make_plan(const component_info& from, const component_table& new_table,
                                 bool report);
    [[nodiscard]] std::vector<std::byte> apply(const plan& p,
                                               std::span<const std::byte> from) const;

    std::map<type_id, component_info> old_;  // detached copies (no pointers into the module)
    std::set<type_id> unregistered_;         // leaving types the table did not describe
    std::vector<detached_scene> scenes_;
    std::map<type_id, plan> plans_;
    std::vector<std::string> report_;
    std::size_t migrated_ = 0;
    std::size_t revived_ = 0;  // unknown values that became components again
};

}  // namespace mosaic
