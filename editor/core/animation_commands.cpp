// The Animation window's verbs (animation_editor.hpp is what they drive): one registration
// each, in the Animation menu and as anim_* script verbs, so a headless test records keys
// exactly as a click does. The window adds only how it shows itself (ui/animation_panel.cpp).
#include "animation_commands.hpp"

#include <charconv>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "animation_editor.hpp"
#include "animation_events.hpp"
#include "editor_state.hpp"

namespace mosaic::editor {

namespace {

std::optional<double> number_of(const std::string& text) {
    double v = 0.0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc{} || ptr != text.data() + text.size() || !std::isfinite(v))
        return std::nullopt;
    return v;
}

std::optional<bool> on_off(const command_context& c, bool now) {
    if (c.args.empty()) return !now;  // a menu item or a bare verb toggles
    if (c.args[0] == "on" || c.args[0] == "1" || c.args[0] == "true") return true;
    if (c.args[0] == "off" || c.args[0] == "0" || c.args[0] == "false") return false;
    return std::nullopt;
}

bool has_clip(const command_context& c) {
    return c.state.animation().has_clip() && !c.state.playing();
}

bool has_keys_selected(const command_context& c) {
    return has_clip(c) && !c.state.animation().selected.empty();
}

// "Transform.position.x", "Sprite.tint.a", "Glow.radius", "Path.points[2].y".
std::optional<track_target> parse_target(const std::string& text) {
    track_target t;
    const std::size_t dot = text.find('.');
    if (dot == std::string::npos || dot == 0) return std::nullopt;
    t.component = text.substr(0, dot);
    std::string rest = text.substr(dot + 1);
    if (const std::size_t last = rest.find('.'); last != std::string::npos) {
        t.element = rest.substr(last + 1);
        rest = rest.substr(0, last);
    }
    if (const std::size_t open = rest.find('['); open != std::string::npos) {
        const std::size_t close = rest.find(']', open);
        if (close == std::string::npos || close != rest.size() - 1) return std::nullopt;
        const std::string digits = rest.substr(open + 1, close - open - 1);
        const auto [ptr, ec] =
            std::from_chars(digits.data(), digits.data() + digits.size(), t.index);
        if (ec != std::errc{} || ptr != digits.data() + digits.size() || t.index < 0)
            return std::nullopt;
        rest = rest.substr(0, open);
    }
    t.field = rest;
    if (t.field.empty()) return std::nullopt;
    return t;
}

std::string bad_target(const std::string& verb, const std::string& text) {
    return verb + ": expected COMPONENT.FIELD[.ELEMENT] (Transform.position.x), got '" + text + "'";
}

// A track by its number or its label.
std::optional<std::size_t> track_of(const animation_editor& a, const std::string& text) {
    if (!a.has_clip()) return std::nullopt;
    std::size_t n = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (ec == std::errc{} && ptr == text.data() + text.size()) {
        if (n < a.clip().tracks.size()) return n;
        return std::nullopt;
    }
    if (const auto target = parse_target(text)) return find_track(a.clip(), *target);
    return std::nullopt;
}

// An event of the open clip by its number (in time order).
std::optional<std::size_t> event_of(const animation_editor& a, const std::string& text) {
    if (!a.has_clip()) return std::nullopt;
    std::size_t n = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (ec != std::errc{} || ptr != text.data() + text.size() || n >= a.clip().events.size())
        return std::nullopt;
    return n;
}

std::string with_verb(const command_context& c, std::string error) {
    if (error.empty() || c.verb.empty() || error.rfind(c.verb, 0) == 0) return error;
    return c.verb + ": " + error;
}

}  // namespace

void add_animation_commands(command_table& t) {
    t.add({.id = "animation.record",
           .label = "Record Keys",
           .verb = "anim_record",
           .usage = "[on|off]",
           .help = "Record: editing an animated entity writes keys at the playhead",
           .menu = "Animation",
           .order = 100,
           .enabled = has_clip,
           .title =
               [](const command_context& c) {
                   return std::string(c.state.animation().recording() ? "Stop Recording"
                                                                      : "Record Keys");
               },
           .run = [](command_context& c) -> std::string {
               animation_editor& a = c.state.animation();
               const auto on = on_off(c, a.recording());
               if (!on) return c.verb + ": expected on or off";
               if (*on && !a.has_clip())
                   return std::string(
                       "anim_record: no clip is open (select an entity with an "
                       "Animator, or anim_open / anim_new)");
               a.set_record(c.state, *on);
               return std::string();
           }});
    t.add({.id = "animation.preview",
           .label = "Preview",
           .verb = "anim_preview",
           .usage = "[on|off]",
           .help = "Preview: entities playing the clip show its values at the playhead",
           .menu = "Animation",
           .order = 110,
           .enabled = has_clip,
           .title =
               [](const command_context& c) {
                   return std::string(c.state.animation().previewing() ? "Stop Preview"
                                                                       : "Preview");
               },
           .run = [](command_context& c) -> std::string {
               animation_editor& a = c.state.animation();
               const auto on = on_off(c, a.previewing());
               if (!on) return c.verb + ": expected on or off";
               a.set_preview(c.state, *on);
               return std::string();
           }});
    t.add({.id = "animation.open",
           .verb = "anim_open",
           .usage = "[PATH]",
           .help = "Open a *.clip.json in the Animation window (none: the selected Animator's)",
           .run = [](command_context& c) -> std::string {
               animation_editor& a = c.state.animation();
               if (c.args.empty()) {
                   if (auto e = c.need_selection(); !e.empty()) return e;
                   (void)a.follow_selection(c.state);
                   return a.has_clip() ? std::string()
                                       : std::string(
                                             "anim_open: the selection has no Animator "
                                             "with a clip");
               }
               return with_verb(c, a.open(c.state, c.args[0]));
           }});
    t.add({.id = "animation.new",
           .verb = "anim_new",
           .usage = "PATH [SECONDS]",
           .help = "A new clip (saved by anim_save); the selection gets an Animator playing it",
           .run = [](command_context& c) -> std::string {
               if (auto e = c.need(1); !e.empty()) return e;
               float length = 1.0f;
               if (c.args.size() > 1) {
                   const auto n = number_of(c.args[1]);
                   if (!n) return "anim_new: the length '" + c.args[1] + "' is not a number";
                   length = static_cast<float>(*n);
               }
               std::vector<entity> entities(c.state.selection().items().begin(),
                                            c.state.selection().items().end());
               return c.state.animation().create(c.state, c.args[0], length, entities);
           }});
    t.add({.id = "animation.time",
           .verb = "anim_time",
           .usage = "SECONDS",
           .help = "Moves the playhead",
           .run = [](command_context& c) -> std::string {
               if (auto e = c.need(1); !e.empty()) return e;
               const auto n = number_of(c.args[0]);
               if (!n) return "anim_time: '" + c.args[0] + "' is not a number";
               c.state.animation().set_playhead(c.state, static_cast<float>(*n));
               return std::string();
           }});
    t.add({.id = "animation.key",
           .verb = "anim_key",
           .usage = "COMPONENT.FIELD[.ELEMENT] [VALUE]",
           .help = "A key at the playhead (no value: the entity's current one)",
           .run = [](command_context& c) -> std::string {
               if (auto e = c.need(1); !e.empty()) return e;
               const auto target = parse_target(c.args[0]);
               if (!target) return bad_target(c.verb, c.args[0]);
               animation_editor& a = c.state.animation();
               if (c.args.size() < 2) return with_verb(c, a.key_current(c.state, *target));
               const auto value = number_of(c.args[1]);
               if (!value) return "anim_key: '" + c.args[1] + "' is not a number";
               return with_verb(c, a.key(c.state, *target, *value));
           }});
    t.add({.id = "animation.select",
           .verb = "anim_select",
           .usage = "TRACK KEY [TRACK KEY...] | all | none",
           .help = "Selects keys (TRACK: its number or COMPONENT.FIELD.ELEMENT)",
           .run = [](command_context& c) -> std::string {
               if (auto e = c.need(1); !e.empty()) return e;
               animation_editor& a = c.state.animation();
               if (!a.has_clip()) return std::string("anim_select: no clip is open");
               std::vector<key_ref> keys;
               if (c.args[0] == "all") {
                   for (std::size_t t = 0; t < a.clip().tracks.size(); ++t)
                       for (std::size_t k = 0; k < a.clip().tracks[t].keys.size(); ++k)
                           keys.push_back({t, k});
               } else if (c.args[0] != "none") {
                   if (c.args.size() % 2 != 0) return "anim_select: expected TRACK KEY pairs";
                   for (std::size_t i = 0; i + 1 < c.args.size(); i += 2) {
                       const auto track = track_of(a, c.args[i]);
                       if (!track) return "anim_select: no track '" + c.args[i] + "'";
                       const auto k = number_of(c.args[i + 1]);
                       const auto& list = a.clip().tracks[*track].keys;
                       if (!k || *k < 0 || static_cast<std::size_t>(*k) >= list.size())
                           return "anim_select: the track has no key " + c.args[i + 1];
                       keys.push_back({*track, static_cast<std::size_t>(*k)});
                   }
               }
               a.selected = std::move(keys);
               return std::string();
           }});
    t.add({.id = "animation.move_keys",
           .verb = "anim_move",
           .usage = "SECONDS",
           .help = "Moves the selected keys in time",
           .run = [](command_context& c) -> std::string {
               if (auto e = c.need(1); !e.empty()) return e;
               const auto n = number_of(c.args[0]);
               if (!n) return "anim_move: '" + c.args[0] + "' is not a number";
               return with_verb(c,
                                c.state.animation().move_selected(c.state, static_cast<float>(*n)));
           }});
    t.add({.id = "animation.delete_keys",
           .label = "Delete Keys",
           .verb = "anim_delete",
           .help = "Deletes the selected keys (a track without keys goes)",
           .menu = "Animation",
           .order = 200,
           .enabled = has_keys_selected,
           .run = [](command_context& c) -> std::string {
               return with_verb(c, c.state.animation().delete_selected(c.state));
           }});
    const auto interpolation = [](key_interpolation how) {
        return [how](command_context& c) -> std::string {
            key_interpolation chosen = how;
            if (!c.args.empty()) {
                const auto named = interpolation_named(c.args[0]);
                if (!named)
                    return "anim_interp: expected constant, linear, eased (ease_in_out), "
                           "ease_in or ease_out, not '" +
                           c.args[0] + "'";
                chosen = *named;
            }
            return with_verb(c, c.state.animation().interpolate_selected(c.state, chosen));
        };
    };
    t.add({.id = "animation.interp_constant",
           .label = "Constant Keys",
           .help = "The selected keys hold their value until the next key",
           .menu = "Animation",
           .order = 300,
           .enabled = has_keys_selected,
           .run = interpolation(key_interpolation::constant)});
    t.add({.id = "animation.interp_linear",
           .label = "Linear Keys",
           .help = "The selected keys go in a straight line to the next key",
           .menu = "Animation",
           .order = 310,
           .enabled = has_keys_selected,
           .run = interpolation(key_interpolation::linear)});
    t.add({.id = "animation.interp_eased",
           .label = "Eased Keys",
           .verb = "anim_interp",
           .usage = "constant|linear|eased|ease_in|ease_out",
           .help = "The selected keys ease in and out to the next key",
           .menu = "Animation",
           .order = 320,
           .enabled = has_keys_selected,
           .run = interpolation(key_interpolation::ease_in_out)});
    t.add({.id = "animation.remove_track",
           .verb = "anim_remove_track",
           .usage = "TRACK",
           .help = "Removes a track (its number or COMPONENT.FIELD.ELEMENT)",
           .run = [](command_context& c) -> std::string {
               if (auto e = c.need(1); !e.empty()) return e;
               animation_editor& a = c.state.animation();
               const auto track = track_of(a, c.args[0]);
               if (!track) return "anim_remove_track: no track '" + c.args[0] + "'";
               return with_verb(c, a.remove_track(c.state, *track));
           }});
    t.add({.id = "animation.length",
           .verb = "anim_length",
           .usage = "SECONDS",
           .help = "The clip's length (keys past it move to it)",
           .run = [](command_context& c) -> std::string {
               if (auto e = c.need(1); !e.empty()) return e;
               const auto n = number_of(c.args[0]);
               if (!n) return "anim_length: '" + c.args[0] + "' is not a number";
               return with_verb(c, c.state.animation().set_length(c.state, static_cast<float>(*n)));
           }});
    t.add({.id = "animation.wrap",
           .verb = "anim_wrap",
           .usage = "loop|once|ping_pong",
           .help = "What the clip does past its end",
           .run = [](command_context& c) -> std::string {
               if (auto e = c.need(1); !e.empty()) return e;
               const auto wrap = wrap_named(c.args[0]);
               if (!wrap)
                   return "anim_wrap: expected loop, once or ping_pong, not '" + c.args[0] + "'";
               return with_verb(c, c.state.animation().set_wrap(c.state, *wrap));
           }});
    // Events: the named moments a game hears (AnimationEvents). The window's Events row and
    // its bar run these with arguments, as scripts do.
    t.add({.id = "animation.add_event",
           .verb = "anim_event",
           .usage = "[SECONDS] NAME",
           .help = "Adds an event to the open clip (at the playhead unless SECONDS is given)",
           .run = [](command_context& c) -> std::string {
               if (auto e = c.need(1); !e.empty()) return e;
               animation_editor& a = c.state.animation();
               const auto at = c.args.size() >= 2 ? number_of(c.args[0]) : std::nullopt;
               const std::string name = at ? c.rest_after(2) : c.rest_after(1);
               const float seconds = at ? static_cast<float>(*at) : a.playhead();
               return with_verb(c, add_clip_event(c.state, a, seconds, name));
           }});
    t.add({.id = "animation.move_event",
           .verb = "anim_event_move",
           .usage = "EVENT SECONDS",
           .help = "Moves an event of the open clip (EVENT: its number, from 0 in time order)",
           .run = [](command_context& c) -> std::string {
               if (auto e = c.need(2); !e.empty()) return e;
               animation_editor& a = c.state.animation();
               const auto i = event_of(a, c.args[0]);
               if (!i) return "anim_event_move: no event '" + c.args[0] + "'";
               const auto n = number_of(c.args[1]);
               if (!n) return "anim_event_move: '" + c.args[1] + "' is not a number";
               return with_verb(c, set_clip_event(c.state, a, *i, static_cast<float>(*n),
                                                  a.clip().events[*i].name));
           }});
    t.add({.id = "animation.rename_event",
           .verb = "anim_event_rename",
           .usage = "EVENT NAME",
           .help = "Renames an event of the open clip",
           .run = [](command_context& c) -> std::string {
               if (auto e = c.need(2); !e.empty()) return e;
               animation_editor& a = c.state.animation();
               const auto i = event_of(a, c.args[0]);
               if (!i) return "anim_event_rename: no event '" + c.args[0] + "'";
               return with_verb(
                   c, set_clip_event(c.state, a, *i, a.clip().events[*i].time, c.rest_after(2)));
           }});
    t.add({.id = "animation.remove_event",
           .verb = "anim_event_remove",
           .usage = "EVENT",
           .help = "Removes an event of the open clip",
           .run = [](command_context& c) -> std::string {
               if (auto e = c.need(1); !e.empty()) return e;
               animation_editor& a = c.state.animation();
               const auto i = event_of(a, c.args[0]);
               if (!i) return "anim_event_remove: no event '" + c.args[0] + "'";
               return with_verb(c, remove_clip_event(c.state, a, *i));
           }});
    t.add({.id = "animation.save",
           .label = "Save Clip",
           .verb = "anim_save",
           .help = "Writes the open clip's *.clip.json",
           .menu = "Animation",
           .order = 400,
           .enabled = [](const command_context& c) { return c.state.animation().dirty(); },
           .run = [](command_context& c) -> std::string {
               return c.state.animation().save(c.state);
           }});
    t.add({.id = "animation.expect_keys",
           .verb = "anim_expect_keys",
           .usage = "TRACK N",
           .help = "Fails unless the track has N keys (0: no such track)",
           .run = [](command_context& c) -> std::string {
               if (auto e = c.need(2); !e.empty()) return e;
               const animation_editor& a = c.state.animation();
               const auto n = number_of(c.args[1]);
               if (!n) return "anim_expect_keys: '" + c.args[1] + "' is not a number";
               const auto track = track_of(a, c.args[0]);
               const std::size_t found = track ? a.clip().tracks[*track].keys.size() : 0;
               if (found != static_cast<std::size_t>(*n))
                   return "anim_expect_keys " + c.args[0] + ": expected " + c.args[1] + ", found " +
                          std::to_string(found);
               return std::string();
           }});
}

}  // namespace mosaic::editor
