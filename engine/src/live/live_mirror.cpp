// world_mirror (live_mirror.hpp): applies mirror.pull passes to a local world and turns local
// edits into live-link requests. Values go through component_json (the scene files' one
// encoder) with the game's ids translated to local entities and back.
#include <mosaic/engine/live/live_mirror.hpp>

#include <algorithm>
#include <cstring>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include <mosaic/engine/live/live_protocol.hpp>
#include <mosaic/engine/scene/scene.hpp>

#include "serialization/component_json.hpp"
#include "serialization/json_support.hpp"
#include "serialization/read_context.hpp"

namespace mosaic::live {

namespace {

bool is_resource_holder(const world& w, entity e) {
    return w.has(e, type_id_of<resource_entity>());
}

}  // namespace

struct world_mirror::impl {
    /// One component of an entity as last applied or sent: what local_edits compares.
    struct component_copy {
        type_id type = invalid_type_id;
        bool enabled = true;
        std::vector<std::byte> bytes;

        friend bool operator==(const component_copy&, const component_copy&) = default;
    };
    using entity_copy = std::vector<component_copy>;
    struct page {
        rapidjson::Document doc;
        std::uint64_t pull = 0;
    };

    world& w;
    const component_table& table;
    std::unordered_map<std::uint64_t, entity> local_of;          // game id -> local entity
    std::unordered_map<std::uint64_t, std::uint64_t> remote_of;  // local wire id -> game id
    std::unordered_map<std::uint64_t, entity_copy> baseline;     // local wire id -> values
    std::unordered_map<std::uint64_t, std::uint64_t> edited_at;  // local wire id -> pull
    std::unordered_set<std::uint64_t> creating;                  // local wire ids
    std::vector<page> pages;
    bool first_pass_done = false;
    bool applied = false;
    stats st;

    impl(world& world_, const component_table& table_) : w(world_), table(table_) {}

    [[nodiscard]] entity_copy copy_of(entity e) const {
        entity_copy out;
        for (const type_id t : w.components_of(e)) {
            const component_info* info = table.find(t);
            if (!info || info->flags.opaque) continue;
            const auto* value = static_cast<const std::byte*>(w.try_get(e, t));
            out.push_back({t, w.is_enabled(e, t), {value, value + info->size}});
        }
        return out;
    }

    void pair(std::uint64_t id, entity local) {
        local_of[id] = local;
        remote_of[entity_wire_id(local)] = id;
    }

    void unpair_local(entity local) {
        const std::uint64_t lw = entity_wire_id(local);
        if (const auto it = remote_of.find(lw); it != remote_of.end()) {
            local_of.erase(it->second);
            remote_of.erase(it);
        }
        baseline.erase(lw);
        edited_at.erase(lw);
    }

    void apply_pass();
    void apply_values(entity e, const rapidjson::Value& components);
    [[nodiscard]] std::string value_json(const component_info& info, entity e) const;
};

namespace {

// Game ids in values -> the paired local entities (null when not paired).
class game_ids final : public detail::entity_lookup {
public:
    explicit game_ids(const std::unordered_map<std::uint64_t, entity>& map) : map_(&map) {}
    [[nodiscard]] entity find(std::uint64_t id) const override {
        const auto it = map_->find(id);
        return it == map_->end() ? null_entity : it->second;
    }

private:
    const std::unordered_map<std::uint64_t, entity>* map_;
};

}  // namespace

void world_mirror::impl::apply_values(entity e, const rapidjson::Value& components) {
    std::vector<type_id> seen;
    std::vector<std::byte> value;
    const game_ids lookup(local_of);
    for (const auto& m : components.GetObject()) {
        const component_info* info =
            table.find(std::string_view(m.name.GetString(), m.name.GetStringLength()));
        if (!info || info->flags.opaque || !m.value.IsObject()) continue;
        const void* current = w.try_get(e, info->type);
        const auto* start =
            static_cast<const std::byte*>(current ? current : info->prototype_data());
        value.assign(start, start + info->size);
        std::vector<diagnostic> problems;
        detail::read_context ctx("", "", problems);
        ctx.lookup = &lookup;
        detail::component_header header;
        try {
            header = detail::read_component(m.value, *info, value.data(), ctx, info->name, false);
        } catch (const detail::load_failed&) {
            continue;  // a value this side cannot read: the entity keeps its own
        }
        if (current) {
            w.set_copy(e, info->type, value.data());
        } else if (!w.add_copy(e, info->type, value.data())) {
            continue;
        }
        w.set_enabled(e, info->type, !m.value.HasMember("enabled") || header.enabled);
        seen.push_back(info->type);
    }
    for (const type_id t : w.components_of(e)) {
        const component_info* info = table.find(t);
        if (info && !info->flags.opaque && std::find(seen.begin(), seen.end(), t) == seen.end())
            w.remove(e, t);
    }
    baseline[entity_wire_id(e)] = copy_of(e);
}

void world_mirror::impl::apply_pass() {
    std::size_t changed = 0;
    std::size_t destroyed = 0;
    for (const page& p : pages) {
        for (const auto& id : p.doc["destroyed"].GetArray()) {
            const auto it = local_of.find(id.GetUint64());
            if (it == local_of.end()) continue;
            const entity local = it->second;
            unpair_local(local);
            if (w.destroy(local)) ++destroyed;
        }
    }
    // Pair every entity of the pass first: values may name entities of later pages.
    std::unordered_map<std::uint64_t, entity> by_file;
    if (!first_pass_done) {
        w.each([&](entity e) {
            if (const EntityId* file = w.try_get<EntityId>(e); file && !is_resource_holder(w, e))
                by_file.emplace(file->value, e);
        });
    }
    for (const page& p : pages) {
        for (const auto& item : p.doc["entities"].GetArray()) {
            const std::uint64_t id = item["id"].GetUint64();
            if (local_of.contains(id)) continue;
            entity local = null_entity;
            if (item.HasMember("file")) {
                if (const auto it = by_file.find(item["file"].GetUint64()); it != by_file.end()) {
                    local = it->second;
                    by_file.erase(it);
                }
            }
            if (local.is_null()) local = w.create();
            pair(id, local);
        }
    }
    for (const page& p : pages) {
        for (const auto& item : p.doc["entities"].GetArray()) {
            const entity local = local_of.at(item["id"].GetUint64());
            if (!w.alive(local)) continue;  // deleted here: local_edits tells the game
            // Edited here after this page was pulled: the game's answer comes later.
            const auto edited = edited_at.find(entity_wire_id(local));
            if (edited != edited_at.end() && edited->second > p.pull) continue;
            apply_values(local, item["components"]);
            ++changed;
        }
    }
    if (!first_pass_done) {
        // What the game does not have is not in its world: the edit scene's leftovers go.
        std::vector<entity> extra;
        w.each([&](entity e) {
            if (!is_resource_holder(w, e) && !remote_of.contains(entity_wire_id(e)))
                extra.push_back(e);
        });
        for (const entity e : extra) w.destroy(e);
        destroyed += extra.size();
        first_pass_done = true;
    }
    pages.clear();
    applied = true;
    ++st.passes;
    st.paired = local_of.size();
    st.last_changed = changed;
    st.last_destroyed = destroyed;
}

std::string world_mirror::impl::value_json(const component_info& info, entity e) const {
    const detail::entity_id_fn id_of = [this](entity r) -> std::uint64_t {
        const auto it = remote_of.find(entity_wire_id(r));
        return it == remote_of.end() ? 0 : it->second;
    };
    return detail::component_json_text(info, w.try_get(e, info.type), w.is_enabled(e, info.type),
                                       id_of);
}

world_mirror::world_mirror(world& w, const component_table& table)
    : impl_(std::make_unique<impl>(w, table)) {}
world_mirror::~world_mirror() = default;

std::string world_mirror::take_page(std::string_view result_json, std::uint64_t pull) {
    impl& m = *impl_;
    m.applied = false;
    impl::page p;
    p.pull = pull;
    if (detail::parse_json(result_json, p.doc) || !p.doc.IsObject()) {
        m.pages.clear();
        return "mirror.pull: the game's answer is not a JSON object";
    }
    const rapidjson::Value& d = p.doc;
    const auto bad = [&](const char* what) {
        m.pages.clear();
        return std::string("mirror.pull: ") + what;
    };
    if (!d.HasMember("entities") || !d["entities"].IsArray() || !d.HasMember("destroyed") ||
        !d["destroyed"].IsArray() || !d.HasMember("more") || !d["more"].IsBool())
        return bad("expected entities, destroyed and more");
    for (const auto& item : d["entities"].GetArray()) {
        if (!item.IsObject() || !item.HasMember("id") || !item["id"].IsUint64() ||
            !item.HasMember("components") || !item["components"].IsObject() ||
            (item.HasMember("file") && !item["file"].IsUint64()))
            return bad("an entity without a numeric id and a components object");
    }
    for (const auto& id : d["destroyed"].GetArray()) {
        if (!id.IsUint64()) return bad("a destroyed id that is not a number");
    }
    if (d.HasMember("tick") && d["tick"].IsUint64()) m.st.tick = d["tick"].GetUint64();
    if (d.HasMember("paused") && d["paused"].IsBool()) m.st.paused = d["paused"].GetBool();
    const bool last = !d["more"].GetBool();
    m.pages.push_back(std::move(p));
    if (last) m.apply_pass();
    return {};
}

bool world_mirror::pass_applied() const noexcept {
    return impl_->applied;
}

std::vector<world_mirror::request> world_mirror::local_edits(std::uint64_t pull) {
    impl& m = *impl_;
    std::vector<request> out;
    if (!m.first_pass_done) return out;
    const auto component_params = [&](std::uint64_t id, const component_info& info, entity e,
                                      bool with_value) {
        std::string params = R"({"id":)" + std::to_string(id) + R"(,"component":)";
        params += '"' + info.name + '"';
        if (with_value) params += R"(,"value":)" + m.value_json(info, e);
        return params + "}";
    };
    std::vector<std::pair<entity, std::uint64_t>> gone;
    for (const auto& [lw, id] : m.remote_of) {
        const entity e = m.local_of.at(id);
        if (!m.w.alive(e)) {
            gone.emplace_back(e, id);
            continue;
        }
        impl::entity_copy now = m.copy_of(e);
        impl::entity_copy& base = m.baseline[lw];
        if (now == base) continue;
        for (const impl::component_copy& c : now) {
            const component_info& info = *m.table.find(c.type);
            const auto b =
                std::find_if(base.begin(), base.end(),
                             [&](const impl::component_copy& x) { return x.type == c.type; });
            if (b == base.end()) {
                out.push_back({"component.add", component_params(id, info, e, true), null_entity});
            } else if (!(*b == c)) {
                out.push_back({"component.set", component_params(id, info, e, true), null_entity});
            }
        }
        for (const impl::component_copy& b : base) {
            if (std::none_of(now.begin(), now.end(),
                             [&](const impl::component_copy& x) { return x.type == b.type; })) {
                out.push_back({"component.remove",
                               component_params(id, *m.table.find(b.type), e, false), null_entity});
            }
        }
        base = std::move(now);
        m.edited_at[lw] = pull;
    }
    for (const auto& [e, id] : gone) {
        out.push_back({"entity.destroy", R"({"id":)" + std::to_string(id) + "}", null_entity});
        m.unpair_local(e);
    }
    // Entities made here (created, pasted, duplicated): the game makes its own, paired with
    // them when it answers.
    std::vector<entity> made;
    m.w.each([&](entity e) {
        const std::uint64_t lw = entity_wire_id(e);
        if (!is_resource_holder(m.w, e) && !m.remote_of.contains(lw) && !m.creating.contains(lw))
            made.push_back(e);
    });
    for (const entity e : made) {
        std::string params = R"({"components":{)";
        bool first = true;
        for (const type_id t : m.w.components_of(e)) {
            const component_info* info = m.table.find(t);
            if (!info || info->flags.opaque) continue;
            if (!first) params += ',';
            first = false;
            params += '"' + info->name + "\":" + m.value_json(*info, e);
        }
        params += "}}";
        out.push_back({"entity.create", std::move(params), e});
        m.creating.insert(entity_wire_id(e));
        m.baseline[entity_wire_id(e)] = m.copy_of(e);
        m.edited_at[entity_wire_id(e)] = pull;
    }
    return out;
}

void world_mirror::created(entity local, std::uint64_t id) {
    impl& m = *impl_;
    m.creating.erase(entity_wire_id(local));
    if (m.w.alive(local)) m.pair(id, local);
}

void world_mirror::not_created(entity local) {
    impl& m = *impl_;
    m.creating.erase(entity_wire_id(local));
    m.unpair_local(local);
    m.w.destroy(local);
}

std::uint64_t world_mirror::remote_of(entity local) const {
    const auto it = impl_->remote_of.find(entity_wire_id(local));
    return it == impl_->remote_of.end() ? 0 : it->second;
}

entity world_mirror::local_of(std::uint64_t id) const {
    const auto it = impl_->local_of.find(id);
    return it == impl_->local_of.end() ? null_entity : it->second;
}

const world_mirror::stats& world_mirror::statistics() const noexcept {
    return impl_->st;
}

}  // namespace mosaic::live
