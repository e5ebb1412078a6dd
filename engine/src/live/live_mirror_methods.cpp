// The live link's mirror: a client that keeps a copy of the whole world (the editor's Play in
// a separate process) asks "mirror.pull" again and again. The first page of a pass compares
// every entity's bytes with what this client was last sent; the pass then pages out the
// entities that changed (with their file ids, so the client can match them to its own) and
// those destroyed. Pulled, not pushed: a client that falls behind slows the passes, never
// the game, and a page stays far below the message limits whatever the world's size.
#include <mosaic/engine/scene/scene.hpp>

#include "live_methods.hpp"
#include "live_values.hpp"

namespace mosaic::live::internal {

namespace {

const std::vector<std::string> all_components;

bool is_resource_holder(const world& w, entity e) {
    return w.has(e, type_id_of<resource_entity>());
}

/// Starts a pass: what changed since the last one, what was destroyed.
void start_pass(const call& c, session_state::mirror_state& m) {
    const world& w = c.w();
    if (w.size() > max_mirrored) {
        fail(too_large, "the world holds " + std::to_string(w.size()) +
                            " entities; a mirror holds at most " + std::to_string(max_mirrored));
    }
    m.changed.clear();
    m.next = 0;
    for (auto it = m.sent.begin(); it != m.sent.end();) {
        const entity e = entity_from_wire_id(it->first);
        if (!w.alive(e) || is_resource_holder(w, e)) {
            m.destroyed.push_back(it->first);
            it = m.sent.erase(it);
        } else {
            ++it;
        }
    }
    std::vector<std::byte> now;
    w.each([&](entity e) {
        if (is_resource_holder(w, e)) return;
        const std::uint64_t id = entity_wire_id(e);
        snapshot_into(c.table(), w, e, all_components, now);
        const auto it = m.sent.find(id);
        if (it == m.sent.end() || it->second != now) m.changed.push_back(id);
    });
    m.in_pass = true;
}

void write_entity(const call& c, session_state::mirror_state& m, entity e, std::uint64_t id) {
    c.out.StartObject();
    c.out.Key("id");
    c.out.Uint64(id);
    if (const EntityId* file = c.w().try_get<EntityId>(e)) {
        c.out.Key("file");
        c.out.Uint64(file->value);
    }
    c.out.Key("components");
    write_components(c.out, c.table(), c.w(), e, all_components);
    c.out.EndObject();
    snapshot_into(c.table(), c.w(), e, all_components, m.sent[id]);
}

}  // namespace

void mirror_pull(const call& c) {
    session_state::mirror_state& m = c.s.mirror;
    const std::size_t limit = c.p.uint("limit", max_mirror_page, max_mirror_page);
    if (!m.in_pass) start_pass(c, m);
    const world& w = c.w();
    c.out.StartObject();
    c.out.Key("tick");
    c.out.Uint64(c.g.systems().ticks());
    c.out.Key("paused");
    c.out.Bool(c.g.clock().paused());
    c.out.Key("entities");
    c.out.StartArray();
    std::size_t written = 0;
    while (m.next < m.changed.size() && written < std::max<std::size_t>(limit, 1)) {
        const std::uint64_t id = m.changed[m.next++];
        const entity e = entity_from_wire_id(id);
        if (!w.alive(e) || is_resource_holder(w, e)) {  // gone since the pass started
            if (m.sent.erase(id) != 0) m.destroyed.push_back(id);
            continue;
        }
        write_entity(c, m, e, id);
        ++written;
    }
    c.out.EndArray();
    c.out.Key("destroyed");
    c.out.StartArray();
    for (const std::uint64_t id : m.destroyed) c.out.Uint64(id);
    c.out.EndArray();
    m.destroyed.clear();
    const bool more = m.next < m.changed.size();
    c.out.Key("more");
    c.out.Bool(more);
    c.out.EndObject();
    if (!more) m.in_pass = false;
}

void mirror_reset(const call& c) {
    c.s.mirror = {};
    c.out.StartObject();
    c.out.Key("ok");
    c.out.Bool(true);
    c.out.EndObject();
}

}  // namespace mosaic::live::internal
