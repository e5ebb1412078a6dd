// Writing instances as links plus overrides (instance_json.hpp).
#include "instance_json.hpp"

#include <algorithm>
#include <set>
#include <string>

#include "prefabs/prefab_values.hpp"

namespace mosaic::detail {

namespace {

void write_link(cereal::JSONOutputArchive& ar, const PrefabInstance& link) {
    begin_object(ar, "prefab");
    key(ar, "path");
    ar.saveValue(std::string(link_path(link)));
    key(ar, "node");
    ar.saveValue(static_cast<std::uint64_t>(link.node));
    end_node(ar);
}

void write_removed(cereal::JSONOutputArchive& ar, std::vector<std::string> names) {
    if (names.empty()) return;
    std::sort(names.begin(), names.end());
    begin_array(ar, "removed");
    for (const std::string& name : names) {
        ar.writeName();
        ar.saveValue(name);
    }
    end_node(ar);
}

}  // namespace

instance_writer::instance_writer(const scene& s, const component_table& table, prefab_library* lib)
    : s_(&s), table_(&table) {
    if (!lib) return;
    std::set<std::string> paths;
    s.world.view<const PrefabInstance>(exclude<>, include_disabled)
        .each([&](entity, const PrefabInstance& link) { paths.emplace(link_path(link)); });
    for (const std::string& path : paths) {
        const prefab* p = lib->find(path);
        if (!p) continue;
        for (prefab_instance& inst : instances_of(s.world, path, *p)) {
            for (std::size_t node = 0; node < inst.members.size(); ++node) {
                if (!inst.members[node].is_null())
                    members_[inst.members[node].index] = {p, instances_.size(), node};
            }
            instances_.push_back(std::move(inst));
        }
    }
}

bool instance_writer::write(cereal::JSONOutputArchive& ar, entity e, std::uint64_t id,
                            const entity_id_fn& id_of) const {
    const world& w = s_->world;
    const PrefabInstance* link = w.try_get<PrefabInstance>(e);
    if (!link) return false;
    if (const auto stored = s_->prefab_overrides.find(id); stored != s_->prefab_overrides.end()) {
        // A placeholder: its overrides as they were read.
        write_link(ar, *link);
        if (stored->second.empty()) return true;
        rapidjson::Document doc;
        doc.Parse<json_parse_flags>(stored->second.c_str());
        if (doc.HasParseError() || !doc.IsObject()) return true;  // never stored that way
        // By index: clang rejects rapidjson's iterator != under C++20 (ambiguous reversed
        // operator), as json_merge.cpp notes.
        for (rapidjson::SizeType i = 0; i < doc.MemberCount(); ++i) {
            const auto m = doc.MemberBegin() + i;
            ar.setNextName(m->name.GetString());
            save_json_value(ar, m->value);
        }
        return true;
    }
    const auto found = members_.find(e.index);
    if (found == members_.end()) return false;
    const membership& at = found->second;
    const prefab& p = *at.p;
    const prefab_instance& inst = instances_[at.instance];
    const world& pw = p.contents().world;
    const entity node = p.nodes()[at.node];
    const ref_map refs(inst, p);

    std::vector<component_entry> entries;
    for (const type_id type : w.components_of(e)) {
        const component_info* info = table_->find(type);
        if (!is_overridable(info)) continue;
        const void* mine = w.try_get(e, type);
        const bool enabled = w.is_enabled(e, type);
        const void* theirs = pw.try_get(node, type);
        if (!pw.has(node, type)) {
            entries.push_back({info->name, info, mine, enabled, nullptr, {}});
            continue;
        }
        const bool same_flag = enabled == pw.is_enabled(node, type);
        if (!mine || !theirs || (same_flag && component_equal(*info, mine, theirs, refs))) continue;
        entries.push_back(
            {info->name, info, mine, enabled, nullptr, [mine, theirs, &refs](const field_info& f) {
                 return !field_equal(f, mine, theirs, refs);
             }});
    }
    if (const auto it = s_->unknown.find(id); it != s_->unknown.end()) {
        for (const unknown_component& u : it->second)
            entries.push_back({u.name, nullptr, nullptr, true, &u, {}});
    }
    std::vector<std::string> removed;
    for (const type_id type : pw.components_of(node)) {
        const component_info* info = table_->find(type);
        if (is_overridable(info) && !w.has(e, type)) removed.push_back(info->name);
    }
    write_link(ar, *link);
    if (!entries.empty()) write_components(ar, std::move(entries), id_of);
    write_removed(ar, std::move(removed));
    return true;
}

}  // namespace mosaic::detail
