#include "mosaic/engine/runtime/code_reload.hpp"

#include <algorithm>
#include <cstring>

#include "serialization/component_json.hpp"
#include "serialization/json_support.hpp"
#include "serialization/read_context.hpp"
#include "serialization/scene_builder.hpp"

namespace mosaic {

namespace {

/// A copy of `info` that points into nothing the module owns: its upgrade hook is module
/// code and its tooltips are the module's string literals.
component_info detached_copy(const component_info& info) {
    component_info copy = info;
    copy.upgrade = [](void*, std::uint32_t, const legacy_fields&) {};
    for (field_info& f : copy.fields) f.hints.tooltip = {};
    return copy;
}

std::string kind_text(const field_info& f) {
    std::string text(to_string(f.kind));
    if (f.count != 1) text += "[" + std::to_string(f.count) + "]";
    return text;
}

}  // namespace

code_migration::code_migration(const component_table& old_table, std::span<const type_id> leaving) {
    for (const type_id type : leaving) {
        const component_info* info = old_table.find(type);
        if (info && !info->flags.opaque) {
            old_.emplace(type, detached_copy(*info));
        } else {
            unregistered_.insert(type);
        }
    }
}

void code_migration::detach(scene& s) {
    detached_scene& out = scenes_.emplace_back(detached_scene{&s, {}});
    world& w = s.world;
    for (auto& [leaving, leaving_info] : old_) {
        // Named copies: lambdas may not capture structured bindings before C++20's fix in clang.
        const type_id type = leaving;
        const auto& info = leaving_info;
        if (!w.pool(type)) continue;
        std::vector<detached_value>& values = out.values[type];
        w.each([&](entity e) {
            const void* value = w.try_get(e, type);
            if (!value) return;
            detached_value& v = values.emplace_back();
            v.owner = e;
            v.enabled = w.is_enabled(e, type);
            v.bytes.resize(info.size);
            std::memcpy(v.bytes.data(), value, info.size);
        });
        w.drop_pool(type);
    }
    for (const type_id type : unregistered_) {
        const sparse_set* pool = w.pool(type);
        if (!pool) continue;
        const type_info* t = find_type(type);
        report_.push_back("component type " + std::string(t ? t->name : "?") +
                          " is not registered in the component table: its " +
                          std::to_string(pool->size()) + " value(s) could not be kept");
        w.drop_pool(type);
    }
}

code_migration::plan code_migration::make_plan(const component_info& from,
                                               const component_table& new_table, bool report) {
    plan p;
    p.to = new_table.find(from.name);
    if (p.to && p.to->flags.opaque) p.to = nullptr;
    if (!p.to) return p;
    const component_info& to = *p.to;
    for (const field_info& f : to.fields) {
        const field_info* old = from.find_field(f.name);
        if (!old) {
            if (report) {
                report_.push_back(from.name + ": new field '" + f.name +
                                  "' takes its default value");
            }
            continue;
        }
        if (old->kind != f.kind || old->size != f.size) {
            if (report) {
                report_.push_back(from.name + ": field '" + f.name + "' changed from " +
                                  kind_text(*old) + " to " + kind_text(f) +
                                  ": it takes its default value");
            }
            continue;
        }
        if (report && old->count != f.count) {
            report_.push_back(from.name + ": field '" + f.name + "' changed from " +
                              kind_text(*old) + " to " + kind_text(f) +
                              ": the elements both have are kept");
        }
        const std::size_t elements = std::min(old->count, f.count);
        p.copies.push_back({old->offset, f.offset, elements * f.size});
    }
    if (report) {
        for (const field_info& old : from.fields) {
            if (!to.find_field(old.name)) {
                report_.push_back(from.name + ": field '" + old.name + "' was removed");
            }
        }
    }
    return p;
}

std::vector<std::byte> code_migration::apply(const plan& p, std::span<const std::byte> from) const {
    std::vector<std::byte> bytes(p.to->prototype);
    for (const plan::copy& c : p.copies) {
        if (c.from + c.bytes > from.size() || c.to + c.bytes > bytes.size()) continue;
        std::memcpy(bytes.data() + c.to, from.data() + c.from, c.bytes);
    }
    return bytes;
}

void code_migration::revive_unknown(scene& s, const component_table& table) {
    std::vector<diagnostic> problems;
    detail::read_context ctx("reload", {}, problems);
    const auto resolve_all = [&] {  // entity references inside the kept values
        s.world.each([&](entity e) {
            if (const EntityId* id = s.world.try_get<EntityId>(e); id && id->value != 0)
                ctx.entities[id->value] = e;
        });
    };
    bool resolved = false;
    for (auto& [id, kept] : s.unknown) {
        const entity owner = s.find(id);
        if (owner.is_null()) continue;
        std::erase_if(kept, [&](const unknown_component& u) {
            const component_info* info = table.find(std::string_view(u.name));
            if (!info || s.world.has(owner, info->type)) return false;
            if (!resolved) resolve_all();
            resolved = true;
            rapidjson::Document doc;
            doc.Parse<detail::json_parse_flags>(u.json.c_str());
            if (doc.HasParseError() || !doc.IsObject()) return false;
            std::vector<std::byte> value(info->prototype);
            try {
                const detail::component_header header =
                    detail::read_component(doc, *info, value.data(), ctx, u.name, false);
                detail::upgrade_component(*info, value.data(), header.version,
                                          detail::json_legacy_values(doc));
                if (!s.world.add_copy(owner, info->type, value.data())) return false;
                if (!header.enabled) s.world.set_enabled(owner, info->type, false);
            } catch (const detail::load_failed&) {
                return false;  // does not fit the new code: stays verbatim
            }
            ++revived_;
            return true;
        });
    }
    std::erase_if(s.unknown, [](const auto& entry) { return entry.second.empty(); });
}

const std::vector<std::string>& code_migration::attach(const component_table& new_table) {
    for (const auto& [type, info] : old_) plans_[type] = make_plan(info, new_table, true);
    for (detached_scene& d : scenes_) {
        scene& s = *d.target;
        revive_unknown(s, new_table);
        for (auto& [type, values] : d.values) {
            const component_info& from = old_.at(type);
            const plan& p = plans_.at(type);
            if (!p.to) {
                // Gone from the code: keep the values verbatim, as a file would.
                const auto id_of = [&](entity e) -> std::uint64_t {
                    return s.world.alive(e) ? s.ensure_id(e) : 0;
                };
                for (const detached_value& v : values) {
                    if (!s.world.alive(v.owner)) continue;
                    s.unknown[s.ensure_id(v.owner)].push_back(
                        {from.name,
                         detail::component_json_text(from, v.bytes.data(), v.enabled, id_of)});
                    ++migrated_;
                }
                continue;
            }
            for (const detached_value& v : values) {
                const std::vector<std::byte> bytes = apply(p, v.bytes);
                if (!s.world.add_copy(v.owner, p.to->type, bytes.data())) continue;
                if (!v.enabled) s.world.set_enabled(v.owner, p.to->type, false);
                ++migrated_;
            }
        }
    }
    for (const auto& [type, info] : old_) {
        if (plans_.at(type).to) continue;
        std::size_t kept = 0;
        for (const detached_scene& d : scenes_) {
            if (auto it = d.values.find(type); it != d.values.end()) kept += it->second.size();
        }
        report_.push_back(
            "component " + info.name +
            " is no longer registered by the game: " + std::to_string(kept) +
            " value(s) kept verbatim (saved with the scene, like unknown components)");
    }
    if (revived_ > 0) {
        report_.push_back(std::to_string(revived_) +
                          " value(s) kept verbatim are components again: the code registers "
                          "their types");
    }
    scenes_.clear();
    return report_;
}

std::optional<code_migration::converted> code_migration::convert(
    type_id old_type, std::span<const std::byte> bytes) const {
    const auto it = plans_.find(old_type);
    if (it == plans_.end() || !it->second.to) return std::nullopt;
    return converted{it->second.to->type, apply(it->second, bytes)};
}

std::string code_migration::old_name(type_id old_type) const {
    if (const auto it = old_.find(old_type); it != old_.end()) return it->second.name;
    const type_info* t = find_type(old_type);
    return t ? std::string(t->name) : std::string();
}

}  // namespace mosaic
