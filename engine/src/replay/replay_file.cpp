// Replay files: sections in, sections out (layout: engine/README.md, "Replays").
//
//   "MOSAICRP", u32 version, then sections: 4-byte tag, u64 payload size, payload.
//   HEAD  the origin and the settings        INIT  the initial world_state
//   INPT  the input track                    CHKP  one checkpoint (any number, by tick)
//   END!  the last section (empty): a file cut at a section boundary is still refused
//
// A reader skips sections it does not know, with a warning (a newer writer's additions that
// an older player can do without); a change that an older reader must not ignore bumps the
// format version.
#include <cmath>

#include "mosaic/engine/replay/replay.hpp"
#include "mosaic/engine/scene/atomic_file.hpp"
#include "replay_codec.hpp"

namespace mosaic {

namespace {

constexpr std::size_t section_header_bytes = 12;

void put_text(detail::byte_writer& out, std::string_view text) {
    out.put_string(text);
}

void put_section(std::string& file, const char (&tag)[5], const detail::byte_writer& payload) {
    file.append(tag, 4);
    detail::byte_writer size;
    size.put(static_cast<std::uint64_t>(payload.size()));
    file.append(reinterpret_cast<const char*>(size.data()), size.size());
    file.append(reinterpret_cast<const char*>(payload.data()), payload.size());
}

void write_head(detail::byte_writer& out, const replay& r) {
    put_text(out, r.origin.project);
    put_text(out, r.origin.module_version);
    put_text(out, r.origin.mosaic_version);
    put_text(out, r.origin.scene);
    out.put(r.settings.seed);
    out.put(r.settings.tick_seconds);
    out.put(static_cast<std::uint32_t>(r.settings.threads));
    out.put(r.settings.checkpoint_every);
    out.put(r.initial.tick);
}

void read_head(detail::replay_cursor& in, replay& r) {
    constexpr std::uint32_t limit = replay_limits::max_text_bytes;
    r.origin.project = in.text("the project's name", limit);
    r.origin.module_version = in.text("the module version", limit);
    r.origin.mosaic_version = in.text("the Mosaic version", limit);
    r.origin.scene = in.text("the scene's name", limit);
    r.settings.seed = in.read<std::uint64_t>("the seed");
    r.settings.tick_seconds = in.read<double>("the tick length");
    if (!std::isfinite(r.settings.tick_seconds) || r.settings.tick_seconds <= 0 ||
        r.settings.tick_seconds > 1) {
        in.fail("tick length " + std::to_string(r.settings.tick_seconds) +
                ": expected seconds above 0 and at most 1");
    }
    r.settings.threads = in.read<std::uint32_t>("the thread count");
    if (r.settings.threads < 1 || r.settings.threads > 64)
        in.fail("thread count " + std::to_string(r.settings.threads) + ": expected 1 to 64");
    r.settings.checkpoint_every = in.read<std::uint32_t>("the checkpoint interval");
    if (r.settings.checkpoint_every == 0 ||
        r.settings.checkpoint_every > replay_limits::max_checkpoint_every) {
        in.fail("checkpoint interval " + std::to_string(r.settings.checkpoint_every) +
                ": expected 1 to " + std::to_string(replay_limits::max_checkpoint_every));
    }
    r.initial.tick = in.read<std::uint64_t>("the start tick");
    if (r.initial.tick > replay_limits::max_ticks) {
        in.fail("start tick " + std::to_string(r.initial.tick) + ", more than " +
                std::to_string(replay_limits::max_ticks));
    }
}

void write_checkpoint(detail::byte_writer& out, const replay_checkpoint& c) {
    out.put(static_cast<std::uint8_t>(c.kind));
    out.put(c.tick);
    out.put(c.hash);
    out.put(static_cast<std::uint8_t>(c.state ? 1 : 0));
    if (c.state) detail::write_state(out, *c.state);
}

replay_checkpoint read_checkpoint(detail::replay_cursor& in) {
    replay_checkpoint c;
    const auto kind = in.read<std::uint8_t>("the checkpoint's kind");
    if (kind != static_cast<std::uint8_t>(checkpoint_kind::verify) &&
        kind != static_cast<std::uint8_t>(checkpoint_kind::replace)) {
        in.fail("checkpoint kind " + std::to_string(kind) + ": expected 1 (verify) or 2 (replace)");
    }
    c.kind = static_cast<checkpoint_kind>(kind);
    c.tick = in.read<std::uint64_t>("the checkpoint's tick");
    c.hash = in.read<std::uint64_t>("the checkpoint's hash");
    const auto has_state = in.read<std::uint8_t>("the state flag");
    if (has_state > 1) in.fail("state flag " + std::to_string(has_state) + ": expected 0 or 1");
    if (has_state) {
        c.state = detail::read_state(in);
        if (c.state->tick != c.tick) {
            in.fail("the state is of tick " + std::to_string(c.state->tick) +
                    ", the checkpoint of tick " + std::to_string(c.tick));
        }
    }
    if (c.kind == checkpoint_kind::replace && !c.state)
        in.fail("a replace checkpoint without a state");
    return c;
}

}  // namespace

namespace detail {

void write_state(byte_writer& out, const world_state& s) {
    out.put(s.tick);
    std::string resources;
    encode_resources(s.resources, resources);
    out.put_bytes(resources.data(), resources.size());
    out.put(static_cast<std::uint64_t>(s.scene.size()));
    out.put_bytes(s.scene.data(), s.scene.size());
}

world_state read_state(replay_cursor& in) {
    world_state s;
    s.tick = in.read<std::uint64_t>("the state's tick");
    s.resources = decode_resources(in.take(encoded_resources_bytes, "the resources").data());
    const auto n = in.read<std::uint64_t>("the scene's size");
    in.check_count(n, "bytes of scene", scene_limits::max_file_bytes, 1);
    s.scene = std::string(in.take(static_cast<std::size_t>(n), "the scene"));
    return s;
}

}  // namespace detail

std::string write_replay(const replay& r) {
    std::string file(replay_magic);
    detail::byte_writer version;
    version.put(replay_format_version);
    file.append(reinterpret_cast<const char*>(version.data()), version.size());
    detail::byte_writer payload;
    write_head(payload, r);
    put_section(file, "HEAD", payload);
    payload.clear();
    detail::write_state(payload, r.initial);
    put_section(file, "INIT", payload);
    payload.clear();
    detail::write_input(payload, r.input);
    put_section(file, "INPT", payload);
    for (const replay_checkpoint& c : r.checkpoints) {
        payload.clear();
        write_checkpoint(payload, c);
        put_section(file, "CHKP", payload);
    }
    payload.clear();
    put_section(file, "END!", payload);
    return file;
}

load_result<replay> read_replay(std::string_view bytes, const std::string& file_name) {
    load_result<replay> result;
    const auto error = [&](std::string path, std::string message) {
        result.diagnostics.push_back(
            {diagnostic::level::error, file_name, std::move(path), 0, 0, std::move(message)});
        return result;
    };
    if (bytes.size() < replay_magic.size() + 4 ||
        bytes.substr(0, replay_magic.size()) != replay_magic)
        return error("", "not a Mosaic replay (the file does not start with MOSAICRP)");
    const std::uint32_t version =
        detail::load_le<std::uint32_t>(reinterpret_cast<const std::uint8_t*>(bytes.data() + 8));
    if (version == 0 || version > replay_format_version) {
        return error("", "replay format version " + std::to_string(version) +
                             (version == 0 ? " does not exist"
                                           : " is newer than this build reads (" +
                                                 std::to_string(replay_format_version) +
                                                 "): update Mosaic"));
    }
    replay r;
    bool head = false, init = false, input = false, end = false;
    std::size_t at = replay_magic.size() + 4;
    try {
        while (at < bytes.size() && !end) {
            detail::replay_cursor header(bytes.substr(at), at, "sections");
            const std::string tag(header.take(4, "a section's tag"));
            const auto size = header.read<std::uint64_t>("a section's size");
            const std::string path = "section " + tag;
            if (size > header.left()) {
                header.fail("truncated: section " + tag + " declares " + std::to_string(size) +
                            " bytes, " + std::to_string(header.left()) + " left");
            }
            const std::size_t start = at + section_header_bytes;
            detail::replay_cursor in(bytes.substr(start, static_cast<std::size_t>(size)), start,
                                     path);
            const auto once = [&](bool& seen) {
                if (seen) in.fail("a second " + tag + " section");
                seen = true;
            };
            if (tag == "HEAD") {
                once(head);
                read_head(in, r);
            } else if (tag == "INIT") {
                once(init);
                if (!head) in.fail("INIT before HEAD");
                const std::uint64_t start_tick = r.initial.tick;
                in.at("initial state");
                r.initial = detail::read_state(in);
                if (r.initial.tick != start_tick) {
                    in.fail("the initial state is of tick " + std::to_string(r.initial.tick) +
                            ", the header says " + std::to_string(start_tick));
                }
            } else if (tag == "INPT") {
                once(input);
                in.at("input");
                r.input = detail::read_input(in);
            } else if (tag == "CHKP") {
                if (!init || !input) in.fail("a checkpoint before the INIT and INPT sections");
                in.at("checkpoints[" + std::to_string(r.checkpoints.size()) + "]");
                replay_checkpoint c = read_checkpoint(in);
                const std::uint64_t after =
                    r.checkpoints.empty() ? r.initial.tick : r.checkpoints.back().tick;
                // A replace may share its tick with the verify before it (the state the
                // recording had, then the edit), or be at the start tick.
                const bool shared =
                    c.kind == checkpoint_kind::replace && c.tick == after &&
                    (r.checkpoints.empty() || r.checkpoints.back().kind == checkpoint_kind::verify);
                if ((c.tick <= after && !shared) || c.tick > r.end_tick()) {
                    in.fail("checkpoint at tick " + std::to_string(c.tick) +
                            ": checkpoints must be at increasing ticks after " +
                            std::to_string(after) + " and at most " + std::to_string(r.end_tick()));
                }
                r.checkpoints.push_back(std::move(c));
            } else if (tag == "END!") {
                end = true;
            } else {
                result.diagnostics.push_back({diagnostic::level::warning, file_name, path, 0, 0,
                                              "unknown section skipped (" + std::to_string(size) +
                                                  " bytes): made by a newer Mosaic?"});
                in.take(static_cast<std::size_t>(size), "the section");
            }
            if (in.left() != 0) {
                in.fail(std::to_string(in.left()) + " bytes left over at the end of the section");
            }
            at = start + static_cast<std::size_t>(size);
        }
    } catch (const detail::replay_error& e) {
        return error(e.path, e.message + " (at byte " + std::to_string(e.offset) + ")");
    }
    if (!end) {
        return error("", "truncated: the file ends after " + std::to_string(bytes.size()) +
                             " bytes, before its END! section");
    }
    if (at != bytes.size()) {
        return error("", std::to_string(bytes.size() - at) +
                             " bytes after the END! section (at byte " + std::to_string(at) + ")");
    }
    if (head && init && input) {
        // What a recording holds: a checkpoint at least every checkpoint_every ticks, up to
        // its end. A file declaring more ticks than its checkpoints cover (a 30 KB file of a
        // billion ticks with none: hours of play) is not one.
        std::uint64_t covered = r.initial.tick;
        for (const replay_checkpoint& c : r.checkpoints) {
            if (c.tick - covered > r.settings.checkpoint_every) break;
            covered = c.tick;
        }
        if (r.end_tick() - covered > r.settings.checkpoint_every) {
            return error("input", "the input runs to tick " + std::to_string(r.end_tick()) +
                                      ", but there is no checkpoint after tick " +
                                      std::to_string(covered) +
                                      " (a recording has one at least "
                                      "every " +
                                      std::to_string(r.settings.checkpoint_every) +
                                      " ticks): not a whole recording");
        }
    }
    if (!head || !init || !input) {
        return error("", std::string("no ") +
                             (!head   ? "HEAD"
                              : !init ? "INIT"
                                      : "INPT") +
                             " section: the replay is incomplete");
    }
    result.value.emplace(std::move(r));
    return result;
}

std::vector<diagnostic> save_replay_file(const replay& r, const std::filesystem::path& path) {
    std::vector<diagnostic> problems;
    if (auto failed = write_file_atomically(path, write_replay(r))) {
        problems.push_back({diagnostic::level::error, path.string(), "", 0, 0, *failed});
    }
    return problems;
}

load_result<replay> load_replay_file(const std::filesystem::path& path) {
    const file_contents contents = read_file(path);
    if (!contents.ok()) {
        load_result<replay> result;
        result.diagnostics.push_back(
            {diagnostic::level::error, path.string(), "", 0, 0, contents.message});
        return result;
    }
    return read_replay(contents.bytes, path.string());
}

}  // namespace mosaic
