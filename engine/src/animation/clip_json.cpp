// Reading and writing *.clip.json (clip_json.hpp describes the format). Sections:
//   1. reading helpers (a value's type checked, with a message naming where it is)
//   2. tracks and events
//   3. sprite frames (a frameTag or a list of frames -> a constant track on Sprite.frame)
//   4. the document
//   5. writing
#include "../scene/json_support.hpp"  // first: cereal sets how rapidjson asserts

#include <mosaic/engine/animation/clip_json.hpp>

#include <algorithm>
#include <charconv>
#include <climits>
#include <cmath>
#include <optional>
#include <string>

namespace mosaic {

namespace {

// --- 1. reading helpers ----------------------------------------------------------------------

using json = rapidjson::Value;

struct read_error {
    std::string message;
};

using detail::member;

const json& required(const json& object, const char* name, const std::string& path) {
    const json* v = member(object, name);
    if (v == nullptr)
        throw read_error{(path.empty() ? std::string() : path + ".") + name + " is missing"};
    return *v;
}

std::string join(const std::string& path, const char* name) {
    return path.empty() ? std::string(name) : path + "." + name;
}

double to_number(const json& v, const std::string& path) {
    if (v.IsBool()) return v.GetBool() ? 1.0 : 0.0;  // a key of a bool field
    if (!v.IsNumber())
        throw read_error{path + " should be a number, not " + std::string(detail::describe(v))};
    const double d = v.GetDouble();
    if (!std::isfinite(d)) throw read_error{path + " should be a finite number"};
    return d;
}

float to_time(const json& v, const std::string& path) {
    const double d = to_number(v, path);
    if (d < 0.0 || d > clip_limits::max_length)
        throw read_error{path + " should be a time in seconds from 0 to " +
                         std::to_string(static_cast<long>(clip_limits::max_length))};
    return static_cast<float>(d);
}

int to_int(const json& v, const std::string& path, int low, int high) {
    const double d = to_number(v, path);
    if (d != std::floor(d) || d < low || d > high)
        throw read_error{path + " should be a whole number from " + std::to_string(low) + " to " +
                         std::to_string(high)};
    return static_cast<int>(d);
}

std::string to_text(const json& v, const std::string& path) {
    if (!v.IsString())
        throw read_error{path + " should be a text, not " + std::string(detail::describe(v))};
    if (detail::has_nul(v)) throw read_error{path + " holds a NUL character"};
    if (v.GetStringLength() > 1024) throw read_error{path + " is longer than 1024 bytes"};
    return {v.GetString(), v.GetStringLength()};
}

const json& list(const json& v, const std::string& path, std::size_t cap) {
    if (!v.IsArray()) throw read_error{path + " should be a list [...]"};
    if (v.Size() > cap)
        throw read_error{path + " has " + std::to_string(v.Size()) +
                         " entries, more than the cap of " + std::to_string(cap)};
    return v;
}

// --- 2. tracks and events --------------------------------------------------------------------

constexpr std::pair<const char*, key_interpolation> interpolations[] = {
    {"constant", key_interpolation::constant},       {"linear", key_interpolation::linear},
    {"ease_in_out", key_interpolation::ease_in_out}, {"ease_in", key_interpolation::ease_in},
    {"ease_out", key_interpolation::ease_out},
};
constexpr std::pair<const char*, clip_wrap> wraps[] = {
    {"loop", clip_wrap::loop}, {"once", clip_wrap::once}, {"ping_pong", clip_wrap::ping_pong}};

template <class E, std::size_t N>
E named(const std::pair<const char*, E> (&names)[N], const std::string& text,
        const std::string& path) {
    std::string choices;
    for (const auto& [name, value] : names) {
        if (text == name) return value;
        choices += (choices.empty() ? "\"" : ", \"") + std::string(name) + "\"";
    }
    throw read_error{path + " should be one of " + choices + ", not \"" + text + "\""};
}

template <class E, std::size_t N>
const char* name_of(const std::pair<const char*, E> (&names)[N], E value) {
    for (const auto& [name, v] : names) {
        if (v == value) return name;
    }
    return names[0].first;
}

clip_key read_key(const json& v, const std::string& path) {
    if (!v.IsArray() || v.Size() < 2 || v.Size() > 3)
        throw read_error{path + " should be [time, value] or [time, value, \"interpolation\"]"};
    clip_key key;
    key.time = to_time(v[0], path + "[0]");
    key.value = to_number(v[1], path + "[1]");
    // Beyond this, interpolating between two keys could overflow to infinity.
    if (std::abs(key.value) > clip_limits::max_value)
        throw read_error{path + "[1]: a value beyond +-1e15"};
    if (v.Size() == 3)
        key.to_next = named(interpolations, to_text(v[2], path + "[2]"), path + "[2]");
    return key;
}

clip_track read_track(const json& t, const std::string& path) {
    if (!t.IsObject()) throw read_error{path + " should be an object {...}"};
    clip_track track;
    track.component = to_text(required(t, "component", path), join(path, "component"));
    track.field = to_text(required(t, "field", path), join(path, "field"));
    if (track.component.empty() || track.field.empty())
        throw read_error{path + ": component and field must not be empty"};
    if (const json* e = member(t, "element")) {
        track.element = e->IsNumber() ? std::to_string(to_int(*e, join(path, "element"), 0, 3))
                                      : to_text(*e, join(path, "element"));
    }
    if (const json* i = member(t, "index")) track.index = to_int(*i, join(path, "index"), 0, 65535);
    const std::string keys_path = join(path, "keys");
    const json& keys = list(required(t, "keys", path), keys_path, clip_limits::max_keys);
    if (keys.Size() == 0) throw read_error{keys_path + " should hold at least one key"};
    for (rapidjson::SizeType i = 0; i < keys.Size(); ++i) {
        track.keys.push_back(read_key(keys[i], keys_path + "[" + std::to_string(i) + "]"));
        if (i > 0 && track.keys[i].time < track.keys[i - 1].time)
            throw read_error{keys_path + "[" + std::to_string(i) +
                             "]: keys should be in time order"};
    }
    return track;
}

// --- 3. sprite frames ------------------------------------------------------------------------

struct sprite_frames {
    std::vector<int> frames;
    std::vector<float> seconds;
    std::optional<clip_wrap> wrap;  // from the tag's direction
    clip_sprite source;             // as the file names them
};

sprite_frames read_sprite(const json& s, const clip_sheet_source& sheets) {
    const std::string path = "sprite";
    if (!s.IsObject()) throw read_error{"sprite should be an object {...}"};
    const std::string sheet_path = to_text(required(s, "sheet", path), "sprite.sheet");
    if (!sheets) throw read_error{"sprite.sheet: no sheets can be read here"};
    const asset_result<sprite_sheet> sheet = sheets(sheet_path);
    if (!sheet) throw read_error{"sprite.sheet '" + sheet_path + "': " + sheet.why};
    sprite_frames out;
    out.source.sheet = sheet_path;
    const auto add = [&](int frame, int duration_ms) {
        duration_ms = std::clamp(duration_ms, 1, 3'600'000);
        out.frames.push_back(frame);
        out.seconds.push_back(static_cast<float>(duration_ms) / 1000.0f);
        out.source.frames.push_back(
            {sheet.value->frames[static_cast<std::size_t>(frame)].name, duration_ms});
    };
    const json* tag = member(s, "tag");
    const json* frames = member(s, "frames");
    if ((tag == nullptr) == (frames == nullptr))
        throw read_error{"sprite should have either \"tag\" or \"frames\""};
    if (tag) {
        const std::string name = to_text(*tag, "sprite.tag");
        const auto found = std::find_if(sheet.value->tags.begin(), sheet.value->tags.end(),
                                        [&](const sheet_tag& t) { return t.name == name; });
        if (found == sheet.value->tags.end())
            throw read_error{"sprite.tag: the sheet '" + sheet_path + "' has no tag \"" + name +
                             "\""};
        const int count = static_cast<int>(sheet.value->frames.size());
        if (found->from < 0 || found->to >= count || found->from > found->to)
            throw read_error{"sprite.tag \"" + name + "\": its frames are outside the sheet"};
        for (int i = found->from; i <= found->to; ++i)
            add(i, sheet.value->frames[static_cast<std::size_t>(i)].duration_ms);
        if (found->dir == sheet_tag::direction::reverse) {
            std::reverse(out.frames.begin(), out.frames.end());
            std::reverse(out.seconds.begin(), out.seconds.end());
            std::reverse(out.source.frames.begin(), out.source.frames.end());
        }
        out.source.tag = name;
        if (found->dir == sheet_tag::direction::pingpong) out.wrap = clip_wrap::ping_pong;
        return out;
    }
    const json& names = list(*frames, "sprite.frames", clip_limits::max_keys);
    if (names.Size() == 0) throw read_error{"sprite.frames should name at least one frame"};
    for (rapidjson::SizeType i = 0; i < names.Size(); ++i) {
        const std::string at = "sprite.frames[" + std::to_string(i) + "]";
        const json& f = names[i];
        const std::string name =
            f.IsObject() ? to_text(required(f, "name", at), at + ".name") : to_text(f, at);
        const int index = sheet.value->find_frame(name);
        if (index < 0)
            throw read_error{at + ": the sheet '" + sheet_path + "' has no frame \"" + name + "\""};
        int duration = sheet.value->frames[static_cast<std::size_t>(index)].duration_ms;
        if (const json* d = member(f, "duration_ms"))
            duration = to_int(*d, at + ".duration_ms", 1, 3'600'000);
        add(index, duration);
    }
    return out;
}

// --- 4. the document -------------------------------------------------------------------------

animation_clip read_document(const json& doc, const clip_sheet_source& sheets) {
    animation_clip clip;
    const int version = to_int(required(doc, "version", ""), "version", 0, INT_MAX);
    if (version != 1)
        throw read_error{"version " + std::to_string(version) +
                         " is not one this Mosaic reads (1)"};
    float end = 0.0f;
    if (const json* tracks = member(doc, "tracks")) {
        list(*tracks, "tracks", clip_limits::max_tracks);
        for (rapidjson::SizeType i = 0; i < tracks->Size(); ++i) {
            clip.tracks.push_back(read_track((*tracks)[i], "tracks[" + std::to_string(i) + "]"));
            end = std::max(end, clip.tracks.back().keys.back().time);
        }
    }
    std::optional<clip_wrap> wrap;
    if (const json* s = member(doc, "sprite")) {
        const sprite_frames frames = read_sprite(*s, sheets);
        clip_track track;
        track.component = "Sprite";
        track.field = "frame";
        track.from_sprite = true;
        float t = 0.0f;
        for (std::size_t i = 0; i < frames.frames.size(); ++i) {
            track.keys.push_back(
                {t, static_cast<double>(frames.frames[i]), key_interpolation::constant});
            t += frames.seconds[i];
        }
        end = std::max(end, t);
        wrap = frames.wrap;
        clip.tracks.push_back(std::move(track));
        clip.sprite = frames.source;
    }
    if (clip.tracks.empty()) throw read_error{"the clip has no \"tracks\" and no \"sprite\""};
    if (const json* w = member(doc, "wrap")) wrap = named(wraps, to_text(*w, "wrap"), "wrap");
    clip.wrap = wrap.value_or(clip_wrap::loop);
    clip.length = end;
    if (const json* l = member(doc, "length")) clip.length = to_time(*l, "length");
    if (!(clip.length > 0.0f)) clip.length = 1.0f / 60.0f;  // a clip of one instant: a pose
    if (const json* events = member(doc, "events")) {
        list(*events, "events", clip_limits::max_events);
        for (rapidjson::SizeType i = 0; i < events->Size(); ++i) {
            const std::string at = "events[" + std::to_string(i) + "]";
            const json& e = (*events)[i];
            clip.events.push_back({to_time(required(e, "time", at), at + ".time"),
                                   to_text(required(e, "name", at), at + ".name")});
        }
        std::stable_sort(clip.events.begin(), clip.events.end(),
                         [](const clip_event& a, const clip_event& b) { return a.time < b.time; });
    }
    return clip;
}

// --- 5. writing ------------------------------------------------------------------------------

using detail::number_text;

std::string quoted(const std::string& text) {
    rapidjson::Value v(text.c_str(), static_cast<rapidjson::SizeType>(text.size()));
    return detail::to_json_text(v);
}

// The sprite part, one frame a line: {"sheet": ..., "tag": ...} or {"sheet": ..., "frames": [...]}.
std::string write_sprite(const clip_sprite& sprite) {
    std::string out = "  \"sprite\": {\"sheet\": " + quoted(sprite.sheet);
    if (!sprite.tag.empty()) return out + ", \"tag\": " + quoted(sprite.tag) + "},\n";
    out += ", \"frames\": [";
    for (std::size_t i = 0; i < sprite.frames.size(); ++i) {
        out += i ? ",\n" : "\n";
        out += "    {\"name\": " + quoted(sprite.frames[i].name) +
               ", \"duration_ms\": " + std::to_string(sprite.frames[i].duration_ms) + "}";
    }
    out += sprite.frames.empty() ? "]},\n" : "\n  ]},\n";
    return out;
}

}  // namespace

asset_result<animation_clip> read_clip_json(std::string_view text, std::string_view file,
                                            const clip_sheet_source& sheets) {
    using result = asset_result<animation_clip>;
    if (text.size() > clip_limits::max_file_bytes)
        return result::failure(file, "the file is " + std::to_string(text.size()) +
                                         " bytes, more than the cap of " +
                                         std::to_string(clip_limits::max_file_bytes));
    rapidjson::Document doc;
    if (const auto failure = detail::parse_json(text, doc)) {
        const auto [line, column] = detail::line_column(text, failure->offset);
        return result::failure(file, "line " + std::to_string(line) + ":" + std::to_string(column) +
                                         ": " + failure->message);
    }
    if (!doc.IsObject()) return result::failure(file, "the file should hold an object {...}");
    if (const auto duplicate = detail::find_duplicate_key(doc))
        return result::failure(
            file, "the key \"" + duplicate->key + "\" appears twice in " +
                      (duplicate->path.empty() ? std::string("the document") : duplicate->path));
    try {
        return result::success(read_document(doc, sheets));
    } catch (const read_error& e) {
        return result::failure(file, e.message);
    }
}

std::string write_clip_json(const animation_clip& clip) {
    std::string out = "{\n  \"version\": 1,\n";
    out += "  \"length\": " + number_text(clip.length) + ",\n";
    out += std::string("  \"wrap\": \"") + name_of(wraps, clip.wrap) + "\",\n";
    if (clip.sprite) out += write_sprite(*clip.sprite);
    out += "  \"tracks\": [";
    bool first = true;
    for (const clip_track& track : clip.tracks) {
        if (clip.sprite && track.from_sprite) continue;  // the sprite part above says it
        out += first ? "\n" : ",\n";
        out += "    {\"component\": " + quoted(track.component) +
               ", \"field\": " + quoted(track.field);
        if (!track.element.empty()) out += ", \"element\": " + quoted(track.element);
        if (track.index != 0) out += ", \"index\": " + std::to_string(track.index);
        out += ",\n     \"keys\": [";
        for (std::size_t k = 0; k < track.keys.size(); ++k) {
            const clip_key& key = track.keys[k];
            out += k ? ",\n       [" : "\n       [";
            out += number_text(key.time) + ", " + number_text(key.value) + ", \"" +
                   name_of(interpolations, key.to_next) + "\"]";
        }
        out += "\n     ]}";
        first = false;
    }
    out += first ? "]" : "\n  ]";
    if (!clip.events.empty()) {
        out += ",\n  \"events\": [";
        for (std::size_t e = 0; e < clip.events.size(); ++e) {
            out += e ? ",\n" : "\n";
            out += "    {\"time\": " + number_text(clip.events[e].time) +
                   ", \"name\": " + quoted(clip.events[e].name) + "}";
        }
        out += "\n  ]";
    }
    out += "\n}\n";
    return out;
}

bool is_clip_path(std::string_view path) noexcept {
    constexpr std::string_view suffix = ".clip.json";
    return path.size() > suffix.size() && path.substr(path.size() - suffix.size()) == suffix;
}

}  // namespace mosaic
