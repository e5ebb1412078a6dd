// Reading and writing sprite sheet files: Mosaic's *.sheet.json and the Aseprite and
// TexturePacker exports (sheet_json.hpp describes the formats). Sections:
//   1. reading helpers (a value's type checked, with a message naming where it is)
//   2. *.sheet.json
//   3. Aseprite / TexturePacker
//   4. writing *.sheet.json
#include "../scene/json_support.hpp"  // first: cereal sets how rapidjson asserts

#include <mosaic/engine/assets/sheet_json.hpp>

#include <array>
#include <charconv>
#include <climits>
#include <cmath>
#include <exception>
#include <string>

namespace mosaic {

namespace {

// --- 1. reading helpers ----------------------------------------------------------------------

using json = rapidjson::Value;

// The first problem found, with the path of the value ("frames[3].rect").
struct read_error {
    std::string message;
};

using detail::member;

int to_int(const json& v, const std::string& path) {
    if (!v.IsNumber())
        throw read_error{path + " should be a number, not " + std::string(detail::describe(v))};
    const double d = v.GetDouble();
    if (!std::isfinite(d) || d != std::floor(d) || d < INT_MIN || d > INT_MAX) {
        throw read_error{path + " should be a whole number within 32 bits"};
    }
    return static_cast<int>(d);
}

float to_float(const json& v, const std::string& path) {
    if (!v.IsNumber())
        throw read_error{path + " should be a number, not " + std::string(detail::describe(v))};
    const double d = v.GetDouble();
    if (!std::isfinite(d)) throw read_error{path + " should be a finite number"};
    return static_cast<float>(d);
}

std::string to_string(const json& v, const std::string& path) {
    if (!v.IsString())
        throw read_error{path + " should be a text, not " + std::string(detail::describe(v))};
    if (detail::has_nul(v)) throw read_error{path + " holds a NUL character"};
    if (v.GetStringLength() > 4096) throw read_error{path + " is longer than 4096 bytes"};
    return {v.GetString(), v.GetStringLength()};
}

const json& required(const json& object, const char* name, const std::string& path) {
    const json* v = member(object, name);
    if (v == nullptr)
        throw read_error{(path.empty() ? std::string() : path + ".") + name + " is missing"};
    return *v;
}

std::string join(const std::string& path, const char* name) {
    return path.empty() ? std::string(name) : path + "." + name;
}

// [a, b] or [a, b, c, d] of whole numbers.
template <std::size_t N>
std::array<int, N> int_array(const json& v, const std::string& path) {
    if (!v.IsArray() || v.Size() != N) {
        throw read_error{path + " should be a list of " + std::to_string(N) + " numbers"};
    }
    std::array<int, N> out{};
    for (rapidjson::SizeType i = 0; i < N; ++i)
        out[i] = to_int(v[i], path + "[" + std::to_string(i) + "]");
    return out;
}

glm::ivec2 ivec2_of(const json& v, const std::string& path) {
    const auto a = int_array<2>(v, path);
    return {a[0], a[1]};
}

// {"x": .., "y": ..} (TexturePacker, Aseprite) as int or float.
int xy_int(const json& object, const char* name, const std::string& path) {
    return to_int(required(object, name, path), join(path, name));
}

sheet_tag::direction direction_of(const json& v, const std::string& path) {
    const std::string text = to_string(v, path);
    if (text == "forward") return sheet_tag::direction::forward;
    if (text == "reverse") return sheet_tag::direction::reverse;
    if (text == "pingpong" || text == "ping-pong") return sheet_tag::direction::pingpong;
    throw read_error{path + " should be \"forward\", \"reverse\" or \"pingpong\", not \"" + text +
                     "\""};
}

std::string_view direction_name(sheet_tag::direction d) {
    switch (d) {
        case sheet_tag::direction::forward:
            return "forward";
        case sheet_tag::direction::reverse:
            return "reverse";
        case sheet_tag::direction::pingpong:
            return "pingpong";
    }
    return "forward";
}

// Parses `text` into `doc`, or the failure as a message with line:column.
std::optional<std::string> parse(std::string_view text, rapidjson::Document& doc) {
    if (text.size() > sheet_limits::max_file_bytes) {
        return "the file is " + std::to_string(text.size()) + " bytes, more than the cap of " +
               std::to_string(sheet_limits::max_file_bytes);
    }
    if (const auto failure = detail::parse_json(text, doc)) {
        const auto [line, column] = detail::line_column(text, failure->offset);
        return "line " + std::to_string(line) + ":" + std::to_string(column) + ": " +
               failure->message;
    }
    if (!doc.IsObject()) return std::string("the file should hold an object {...}");
    if (const auto duplicate = detail::find_duplicate_key(doc)) {
        return "the key \"" + duplicate->key + "\" appears twice in " +
               (duplicate->path.empty() ? std::string("the document") : duplicate->path);
    }
    return std::nullopt;
}

asset_result<sprite_sheet> checked(sprite_sheet sheet, std::string_view file) {
    const std::vector<std::string> problems = validate_sheet(sheet, sheet.image_size, file);
    if (problems.empty()) return asset_result<sprite_sheet>::success(std::move(sheet));
    // validate_sheet's messages already name the file; keep why free of it.
    std::string why = problems.front().substr(problems.front().find(':') + 2);
    if (problems.size() > 1) why += " (and " + std::to_string(problems.size() - 1) + " more)";
    asset_result<sprite_sheet> r;
    r.why = why;
    r.error = problems.front();
    if (problems.size() > 1) r.error += " (and " + std::to_string(problems.size() - 1) + " more)";
    return r;
}

// --- 2. *.sheet.json -------------------------------------------------------------------------

sprite_sheet read_native(const json& doc) {
    sprite_sheet sheet;
    const int version = to_int(required(doc, "version", ""), "version");
    if (version != 1)
        throw read_error{"version " + std::to_string(version) +
                         " is newer than this Mosaic reads (1)"};
    sheet.image = to_string(required(doc, "image", ""), "image");
    if (const json* size = member(doc, "image_size"))
        sheet.image_size = ivec2_of(*size, "image_size");
    if (const json* grid = member(doc, "grid")) {
        sheet_grid g;
        g.cell = ivec2_of(required(*grid, "cell", "grid"), "grid.cell");
        if (const json* v = member(*grid, "offset")) g.offset = ivec2_of(*v, "grid.offset");
        if (const json* v = member(*grid, "spacing")) g.spacing = ivec2_of(*v, "grid.spacing");
        sheet.grid = g;
    }
    const json& frames = required(doc, "frames", "");
    if (!frames.IsArray()) throw read_error{"frames should be a list [...]"};
    if (frames.Size() > sheet_limits::max_frames) {
        throw read_error{"frames: more than the cap of " +
                         std::to_string(sheet_limits::max_frames)};
    }
    for (rapidjson::SizeType i = 0; i < frames.Size(); ++i) {
        const std::string path = "frames[" + std::to_string(i) + "]";
        const json& f = frames[i];
        if (!f.IsObject()) throw read_error{path + " should be an object {...}"};
        sheet_frame frame;
        frame.name = to_string(required(f, "name", path), path + ".name");
        const auto rect = int_array<4>(required(f, "rect", path), path + ".rect");
        frame.x = rect[0];
        frame.y = rect[1];
        frame.w = rect[2];
        frame.h = rect[3];
        if (const json* pivot = member(f, "pivot")) {
            if (!pivot->IsArray() || pivot->Size() != 2)
                throw read_error{path + ".pivot should be a list of 2 numbers"};
            frame.pivot = {to_float((*pivot)[0], path + ".pivot[0]"),
                           to_float((*pivot)[1], path + ".pivot[1]")};
        }
        if (const json* d = member(f, "duration_ms"))
            frame.duration_ms = to_int(*d, path + ".duration_ms");
        sheet.frames.push_back(std::move(frame));
    }
    if (const json* tags = member(doc, "tags")) {
        if (!tags->IsArray()) throw read_error{"tags should be a list [...]"};
        for (rapidjson::SizeType i = 0; i < tags->Size() && i < sheet_limits::max_frames; ++i) {
            const std::string path = "tags[" + std::to_string(i) + "]";
            const json& t = (*tags)[i];
            sheet_tag tag;
            tag.name = to_string(required(t, "name", path), path + ".name");
            tag.from = to_int(required(t, "from", path), path + ".from");
            tag.to = to_int(required(t, "to", path), path + ".to");
            if (const json* d = member(t, "direction"))
                tag.dir = direction_of(*d, path + ".direction");
            sheet.tags.push_back(std::move(tag));
        }
    }
    return sheet;
}

// --- 3. Aseprite / TexturePacker -------------------------------------------------------------

sheet_frame packed_frame(const json& entry, std::string name, const std::string& path) {
    if (!entry.IsObject()) throw read_error{path + " should be an object {...}"};
    if (const json* rotated = member(entry, "rotated"); rotated != nullptr && rotated->IsTrue()) {
        throw read_error{path + " ('" + name +
                         "') is rotated in the sheet; export without rotation"};
    }
    const json& rect = required(entry, "frame", path);
    const std::string rect_path = path + ".frame";
    sheet_frame frame;
    frame.name = std::move(name);
    frame.x = xy_int(rect, "x", rect_path);
    frame.y = xy_int(rect, "y", rect_path);
    frame.w = xy_int(rect, "w", rect_path);
    frame.h = xy_int(rect, "h", rect_path);
    if (const json* d = member(entry, "duration"))
        frame.duration_ms = to_int(*d, path + ".duration");
    if (const json* pivot = member(entry, "pivot")) {
        frame.pivot = {to_float(required(*pivot, "x", path + ".pivot"), path + ".pivot.x"),
                       to_float(required(*pivot, "y", path + ".pivot"), path + ".pivot.y")};
    }
    return frame;
}

sprite_sheet read_packed(const json& doc) {
    sprite_sheet sheet;
    const json& frames = required(doc, "frames", "");
    if (frames.IsObject()) {
        if (frames.MemberCount() > sheet_limits::max_frames) {
            throw read_error{"frames: more than the cap of " +
                             std::to_string(sheet_limits::max_frames)};
        }
        for (auto it = frames.MemberBegin(); it != frames.MemberEnd(); ++it) {
            const std::string name = to_string(it->name, "a frame name");
            sheet.frames.push_back(packed_frame(it->value, name, "frames." + name));
        }
    } else if (frames.IsArray()) {
        if (frames.Size() > sheet_limits::max_frames) {
            throw read_error{"frames: more than the cap of " +
                             std::to_string(sheet_limits::max_frames)};
        }
        for (rapidjson::SizeType i = 0; i < frames.Size(); ++i) {
            const std::string path = "frames[" + std::to_string(i) + "]";
            const std::string name =
                to_string(required(frames[i], "filename", path), path + ".filename");
            sheet.frames.push_back(packed_frame(frames[i], name, path));
        }
    } else {
        throw read_error{"frames should be an object {...} or a list [...], not " +
                         std::string(detail::describe(frames))};
    }
    const json* meta = member(doc, "meta");
    if (meta == nullptr || !meta->IsObject())
        throw read_error{"meta is missing (it names the image)"};
    sheet.image = to_string(required(*meta, "image", "meta"), "meta.image");
    if (const json* size = member(*meta, "size")) {
        sheet.image_size = {xy_int(*size, "w", "meta.size"), xy_int(*size, "h", "meta.size")};
    }
    if (const json* tags = member(*meta, "frameTags")) {
        if (!tags->IsArray()) throw read_error{"meta.frameTags should be a list [...]"};
        for (rapidjson::SizeType i = 0; i < tags->Size() && i < sheet_limits::max_frames; ++i) {
            const std::string path = "meta.frameTags[" + std::to_string(i) + "]";
            const json& t = (*tags)[i];
            sheet_tag tag;
            tag.name = to_string(required(t, "name", path), path + ".name");
            tag.from = to_int(required(t, "from", path), path + ".from");
            tag.to = to_int(required(t, "to", path), path + ".to");
            if (const json* d = member(t, "direction"))
                tag.dir = direction_of(*d, path + ".direction");
            sheet.tags.push_back(std::move(tag));
        }
    }
    return sheet;
}

template <class Read>
asset_result<sprite_sheet> read_with(std::string_view text, std::string_view file, Read read) {
    rapidjson::Document doc;
    if (const auto failure = parse(text, doc))
        return asset_result<sprite_sheet>::failure(file, *failure);
    try {
        return checked(read(doc), file);
    } catch (const read_error& e) {
        return asset_result<sprite_sheet>::failure(file, e.message);
    } catch (const std::exception& e) {  // rapidjson's checks, made exceptions by cereal
        return asset_result<sprite_sheet>::failure(file, std::string("unreadable: ") + e.what());
    }
}

bool looks_native(const json& doc) {
    const json* frames = member(doc, "frames");
    return member(doc, "version") != nullptr && frames != nullptr && frames->IsArray() &&
           (frames->Empty() || member((*frames)[0], "rect") != nullptr);
}

}  // namespace

asset_result<sprite_sheet> read_sheet_json(std::string_view text, std::string_view file) {
    return read_with(text, file, read_native);
}

asset_result<sprite_sheet> import_packed_sheet_json(std::string_view text, std::string_view file) {
    return read_with(text, file, read_packed);
}

asset_result<sprite_sheet> read_any_sheet_json(std::string_view text, std::string_view file) {
    return read_with(text, file, [](const json& doc) {
        return looks_native(doc) ? read_native(doc) : read_packed(doc);
    });
}

// --- 4. writing ------------------------------------------------------------------------------

std::string write_sheet_json(const sprite_sheet& sheet) {
    // One frame a line: written by hand, as a pretty writer would spread each over ten lines.
    const auto quoted = [](const std::string& s) {
        rapidjson::StringBuffer b;
        rapidjson::Writer<rapidjson::StringBuffer> w(b);
        w.String(s.c_str(), static_cast<rapidjson::SizeType>(s.size()));
        return std::string(b.GetString(), b.GetSize());
    };
    const auto number = [](float f) {
        // The shortest text that reads back as the same float: saving again changes nothing.
        char buffer[32];
        const auto end = std::to_chars(buffer, buffer + sizeof(buffer), f).ptr;
        return std::string(buffer, end);
    };
    const auto pair = [](glm::ivec2 v) {
        return "[" + std::to_string(v.x) + ", " + std::to_string(v.y) + "]";
    };
    std::string out = "{\n  \"version\": 1,\n  \"image\": " + quoted(sheet.image) + ",\n";
    out += "  \"image_size\": " + pair(sheet.image_size) + ",\n";
    if (sheet.grid) {
        out += "  \"grid\": {\"cell\": " + pair(sheet.grid->cell) +
               ", \"offset\": " + pair(sheet.grid->offset) +
               ", \"spacing\": " + pair(sheet.grid->spacing) + "},\n";
    }
    out += "  \"frames\": [";
    for (std::size_t i = 0; i < sheet.frames.size(); ++i) {
        const sheet_frame& f = sheet.frames[i];
        out += i == 0 ? "\n" : ",\n";
        out += "    {\"name\": " + quoted(f.name) + ", \"rect\": [" + std::to_string(f.x) + ", " +
               std::to_string(f.y) + ", " + std::to_string(f.w) + ", " + std::to_string(f.h) +
               "], \"pivot\": [" + number(f.pivot.x) + ", " + number(f.pivot.y) +
               "], \"duration_ms\": " + std::to_string(f.duration_ms) + "}";
    }
    out += sheet.frames.empty() ? "]" : "\n  ]";
    if (!sheet.tags.empty()) {
        out += ",\n  \"tags\": [";
        for (std::size_t i = 0; i < sheet.tags.size(); ++i) {
            const sheet_tag& t = sheet.tags[i];
            out += i == 0 ? "\n" : ",\n";
            out += "    {\"name\": " + quoted(t.name) + ", \"from\": " + std::to_string(t.from) +
                   ", \"to\": " + std::to_string(t.to) + ", \"direction\": \"" +
                   std::string(direction_name(t.dir)) + "\"}";
        }
        out += "\n  ]";
    }
    out += "\n}\n";
    return out;
}

}  // namespace mosaic
