// The live link's methods about the game as a whole: hello (version, components, the token
// check), pause / step / resume, and the systems' timings.
#include <mosaic/ecs/system.hpp>

#include "live_methods.hpp"

namespace mosaic::live::internal {

namespace {

void write_state(const call& c) {
    c.out.Key("tick");
    c.out.Uint64(c.g.systems().ticks());
    c.out.Key("paused");
    c.out.Bool(c.g.clock().paused());
}

void write_state_object(const call& c) {
    c.out.StartObject();
    write_state(c);
    c.out.EndObject();
}

// Compared in full whatever the first difference, so timing tells nothing.
bool same_token(std::string_view given, const std::string& expected) {
    bool same = given.size() == expected.size() && !expected.empty();
    unsigned char diff = 0;
    for (std::size_t i = 0; i < expected.size(); ++i) {
        diff |= static_cast<unsigned char>(expected[i] ^ (i < given.size() ? given[i] : 0));
    }
    return same && diff == 0;
}

}  // namespace

void hello(const call& c) {
    if (c.s.options.token_required && !same_token(c.p.text("token", ""), c.s.options.token)) {
        ++c.s.token_failures;
        if (c.s.token_failures >= c.s.options.max_token_failures) {
            fail(not_ready, "wrong or missing token; " + std::to_string(c.s.token_failures) +
                                " failures, closing");
        }
        fail(not_ready, "wrong or missing token");
    }
    c.s.ready = true;
    c.out.StartObject();
    c.out.Key("protocol");
    c.out.String("mosaic-live");
    c.out.Key("version");
    c.out.Int(protocol_version);
    write_state(c);
    c.out.Key("components");
    c.out.StartArray();
    for (const component_info* info : c.table().all()) {
        if (info->flags.opaque) continue;
        c.out.StartObject();
        c.out.Key("name");
        write_text(c.out, info->name);
        c.out.Key("fields");
        c.out.StartArray();
        for (const field_info& f : info->fields) write_text(c.out, f.name);
        c.out.EndArray();
        c.out.EndObject();
    }
    c.out.EndArray();
    c.out.EndObject();
}

void game_pause(const call& c) {
    c.g.clock().pause();
    write_state_object(c);
}

void game_resume(const call& c) {
    c.g.clock().resume();
    write_state_object(c);
}

void game_step(const call& c) {
    if (!c.g.clock().paused()) fail(refused, "the game is running: pause it before stepping");
    c.g.clock().step();  // the run loop's next frame runs exactly one tick
    write_state_object(c);
}

void systems_timings(const call& c) {
    c.out.StartObject();
    write_state(c);
    c.out.Key("systems");
    c.out.StartArray();
    for (const system* s : c.g.systems().ordered()) {
        const system_timing t = s->timing();
        c.out.StartObject();
        c.out.Key("name");
        write_text(c.out, s->name());
        c.out.Key("enabled");
        c.out.Bool(s->enabled());
        c.out.Key("last_ms");
        c.out.Double(t.last_ms);
        c.out.Key("mean_ms");
        c.out.Double(t.mean_ms);
        c.out.Key("max_ms");
        c.out.Double(t.max_ms);
        c.out.Key("calls");
        c.out.Uint64(t.calls);
        c.out.EndObject();
    }
    c.out.EndArray();
    c.out.EndObject();
}

}  // namespace mosaic::live::internal
