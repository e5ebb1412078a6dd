// input_track and its coding in replay files: the ticks where the input changed, each change
// as the fields that differ from the tick before (key by key), so an idle tick costs nothing
// and a key press three bytes.
#include <algorithm>
#include <cstring>

#include "replay_codec.hpp"

namespace mosaic {

namespace {

const tick_input no_input{};

// Bytes, not values: -0.0 and 0.0 (or two NaNs) are different inputs for a replay.
bool same(const tick_input& a, const tick_input& b) {
    return a.down == b.down && a.mouse_down == b.mouse_down &&
           std::memcmp(&a.mouse_position, &b.mouse_position, sizeof a.mouse_position) == 0 &&
           std::memcmp(&a.mouse_pixels, &b.mouse_pixels, sizeof a.mouse_pixels) == 0 &&
           std::memcmp(&a.scroll, &b.scroll, sizeof a.scroll) == 0;
}

// What a change record holds (the `what` byte).
enum change_bits : std::uint8_t {
    keys_changed = 1,
    buttons_changed = 2,
    position_changed = 4,
    pixels_changed = 8,
    scroll_changed = 16,
    all_bits = 31,
};

}  // namespace

void input_track::push_back(const tick_input& input) {
    const tick_input& last = changes_.empty() ? no_input : changes_.back().input;
    if (!same(last, input)) changes_.push_back({size_, input});
    ++size_;
}

const tick_input& input_track::at(std::uint64_t index) const {
    const auto after =
        std::upper_bound(changes_.begin(), changes_.end(), index,
                         [](std::uint64_t t, const change& c) { return t < c.tick; });
    return after == changes_.begin() ? no_input : std::prev(after)->input;
}

void input_track::truncate(std::uint64_t index) {
    if (index >= size_) return;
    while (!changes_.empty() && changes_.back().tick >= index) changes_.pop_back();
    size_ = index;
}

input_track input_track::from_changes(std::vector<change> changes, std::uint64_t ticks) {
    input_track t;
    t.changes_ = std::move(changes);
    t.size_ = ticks;
    return t;
}

namespace detail {

void write_input(byte_writer& out, const input_track& track) {
    out.put(track.size());
    out.put(static_cast<std::uint64_t>(track.changes().size()));
    const tick_input* before = &no_input;
    std::uint64_t last_tick = 0;
    for (const input_track::change& c : track.changes()) {
        out.put(c.tick - last_tick);
        last_tick = c.tick;
        const tick_input& now = c.input;
        std::uint8_t what = 0;
        if (now.down != before->down) what |= keys_changed;
        if (now.mouse_down != before->mouse_down) what |= buttons_changed;
        if (std::memcmp(&now.mouse_position, &before->mouse_position, 8) != 0)
            what |= position_changed;
        if (std::memcmp(&now.mouse_pixels, &before->mouse_pixels, 8) != 0) what |= pixels_changed;
        if (std::memcmp(&now.scroll, &before->scroll, 4) != 0) what |= scroll_changed;
        out.put(what);
        if (what & keys_changed) {
            std::uint16_t n = 0;
            for (std::size_t k = 0; k < now.down.size(); ++k) n += now.down[k] != before->down[k];
            out.put(n);
            for (std::size_t k = 0; k < now.down.size(); ++k) {
                if (now.down[k] == before->down[k]) continue;
                out.put(static_cast<std::uint16_t>(k));
                out.put(now.down[k]);
            }
        }
        if (what & buttons_changed) out.put_bytes(now.mouse_down.data(), now.mouse_down.size());
        if (what & position_changed) out.put_numbers(&now.mouse_position.x, 8, 4);
        if (what & pixels_changed) out.put_numbers(&now.mouse_pixels.x, 8, 4);
        if (what & scroll_changed) out.put(now.scroll);
        before = &now;
    }
}

input_track read_input(replay_cursor& in) {
    const auto ticks = in.read<std::uint64_t>("the tick count");
    in.check_count(ticks, "ticks", replay_limits::max_ticks, 0);
    const auto count = in.read<std::uint64_t>("the change count");
    in.check_count(count, "input changes", ticks, 9);  // a tick delta and the `what` byte
    std::vector<input_track::change> changes;
    changes.reserve(static_cast<std::size_t>(count));
    tick_input now{};
    std::uint64_t tick = 0;
    const std::string base = in.path();
    for (std::uint64_t i = 0; i < count; ++i) {
        in.at(base + ".changes[" + std::to_string(i) + "]");
        const auto delta = in.read<std::uint64_t>("the tick delta");
        if ((i > 0 && delta == 0) || delta >= ticks - tick) {
            in.fail("tick delta " + std::to_string(delta) + " after tick " + std::to_string(tick) +
                    ": changes must be at increasing ticks below " + std::to_string(ticks));
        }
        tick += delta;
        const auto what = in.read<std::uint8_t>("what changed");
        if (what == 0 || (what & ~all_bits) != 0)
            in.fail("what changed: " + std::to_string(what) + " is not a set of 1, 2, 4, 8, 16");
        if (what & keys_changed) {
            const auto n = in.read<std::uint16_t>("the key count");
            in.check_count(n, "keys", replay_limits::max_keys_per_change, 3);
            for (std::uint16_t k = 0; k < n; ++k) {
                const auto index = in.read<std::uint16_t>("a key");
                const auto down = in.read<std::uint8_t>("a key's state");
                if (index >= key_count)
                    in.fail("key " + std::to_string(index) + ": key codes are below " +
                            std::to_string(key_count));
                if (down > 1)
                    in.fail("key " + std::to_string(index) + ": state " + std::to_string(down) +
                            ": expected 0 (up) or 1 (down)");
                now.down[index] = down;
            }
        }
        if (what & buttons_changed) {
            for (std::uint8_t& b : now.mouse_down) b = in.read<std::uint8_t>("the mouse buttons");
        }
        if (what & position_changed) {
            now.mouse_position.x = in.read<float>("the mouse position");
            now.mouse_position.y = in.read<float>("the mouse position");
        }
        if (what & pixels_changed) {
            now.mouse_pixels.x = in.read<float>("the mouse pixels");
            now.mouse_pixels.y = in.read<float>("the mouse pixels");
        }
        if (what & scroll_changed) now.scroll = in.read<float>("the scroll");
        // A change to what the tick before had already is no change (a hand-made file):
        // dropped, so that what reads writes back the same.
        const tick_input& before = changes.empty() ? no_input : changes.back().input;
        if (!same(before, now)) changes.push_back({tick, now});
    }
    in.at(base);
    return input_track::from_changes(std::move(changes), ticks);
}

}  // namespace detail

}  // namespace mosaic
