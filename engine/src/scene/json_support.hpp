#pragma once
// Internal: cereal's JSON archive (writing) and rapidjson (reading) with the settings both
// need. cereal's json.hpp must come first: it makes rapidjson's assertions throw instead of
// abort, and every file must see the same definition.

// clang-format off
#include <cereal/archives/json.hpp>
// clang-format on
#include <rapidjson/document.h>
#include <rapidjson/error/en.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace mosaic::detail {

/// Nesting deeper than this is refused before parsing: rapidjson's DOM destroys values
/// recursively, so a file of a million '[' would overflow the stack.
inline constexpr std::size_t max_json_depth = 64;

/// Parse flags for every file: full-precision numbers, NaN/Infinity (cereal writes them),
/// iterative parsing (no recursion on hostile input).
inline constexpr unsigned json_parse_flags = rapidjson::kParseFullPrecisionFlag |
                                             rapidjson::kParseNanAndInfFlag |
                                             rapidjson::kParseIterativeFlag;

struct json_parse_failure {
    std::size_t offset = 0;
    std::string message;
    bool cancelled = false;  // `keep_going` said stop
};

/// Parses `text` into `doc`; on failure returns where and why. `keep_going`, if given, is
/// asked every few megabytes with the share of the text read so far; false stops the parse.
std::optional<json_parse_failure> parse_json(std::string_view text, rapidjson::Document& doc,
                                             const std::function<bool(double)>& keep_going = {});

/// 1-based line and column of a byte offset.
std::pair<std::size_t, std::size_t> line_column(std::string_view text, std::size_t offset);

/// The cap on a JSON file's amplification: while a file is read, each of its values (number,
/// string, key, bracket) becomes a 16-byte node, so "1,2,3,..." would take 8 times the file's
/// size, and twice that while its arrays are built. parse_json refuses a file whose nodes
/// would pass json_memory_factor times its size plus 64 MiB; scene files as Mosaic writes
/// them need about 1.1 times (engine/README.md, "What bad input gets").
inline constexpr std::size_t json_memory_factor = 4;
[[nodiscard]] constexpr std::size_t json_memory_budget(std::size_t text_bytes) {
    return json_memory_factor * text_bytes + (std::size_t{64} << 20);
}

/// Offset of the value at `path` (e.g. "entities[3].components.Transform.position"), found by
/// re-reading `text`: the position just after the member's key for object members, after
/// the value for array elements. nullopt when the path is not in the text.
std::optional<std::size_t> locate_json_path(std::string_view text, std::string_view path);
/// The offsets of many paths (as locate_json_path gives them) in one reading of `text`, so
/// that locating every warning of a large file costs one pass, not one per warning. Paths not
/// in the text are not in the result.
std::unordered_map<std::string, std::size_t> locate_json_paths(
    std::string_view text, const std::vector<std::string>& paths);
/// line_column for many offsets in one pass: `offsets` in, {line, column} out, same order.
std::vector<std::pair<std::size_t, std::size_t>> line_columns(
    std::string_view text, const std::vector<std::size_t>& offsets);

/// True when the string value holds a NUL byte. Names with one cannot be written back
/// faithfully (cereal takes names as C strings) nor stored in binary files.
bool has_nul(const rapidjson::Value& text);
/// True when any object key inside `v` holds a NUL byte.
bool has_nul_key(const rapidjson::Value& v);

/// A key that appears twice in one object: rapidjson keeps both members and every reader
/// would see only the first, silently losing the second (a level lost its second
/// "components"). `path` is the object's, as locate_json_path takes it ("" for the root).
struct duplicate_key {
    std::string path;
    std::string key;
};
/// The first duplicate key in `v`, depth first.
std::optional<duplicate_key> find_duplicate_key(const rapidjson::Value& v);

/// "a string", "an array", ... for messages.
std::string_view describe(const rapidjson::Value& value);

/// Compact JSON text of a value.
std::string to_json_text(const rapidjson::Value& value);

/// Member `name` of an object, or nullptr (also when `object` is not an object). (Comparing
/// FindMember() with MemberEnd() directly is ambiguous in C++20 for clang: rapidjson's operator!=,
/// reversed; the fuzz build is clang.)
const rapidjson::Value* member(const rapidjson::Value& object, const char* name);

/// The shortest decimal text that reads back as the same number ("0.1"), for files written
/// by hand rather than through an archive.
std::string number_text(float v);
std::string number_text(double v);

/// Writes a float as the shortest decimal that reads back as the same float ("0.1", not
/// "0.10000000149011612").
void save_float(cereal::JSONOutputArchive& ar, float value);

/// Writes any rapidjson value through the archive (for unknown components kept verbatim).
/// Its name, if it is an object member, must be pending (ar.setNextName).
void save_json_value(cereal::JSONOutputArchive& ar, const rapidjson::Value& value);

// How cereal's archive is driven by hand (it has no public writer): a named scalar is
// setNextName + writeName + saveValue; a named object or array is setNextName + startNode
// (+ makeArray) ... finishNode; inside arrays, writeName writes no name.

/// The next saveValue is member `name` of the current object.
inline void key(cereal::JSONOutputArchive& ar, const char* name) {
    ar.setNextName(name);
    ar.writeName();
}
/// Opens an object: member `name` of the current object, or an element (name nullptr).
inline void begin_object(cereal::JSONOutputArchive& ar, const char* name) {
    if (name) ar.setNextName(name);
    ar.startNode();
}
inline void begin_array(cereal::JSONOutputArchive& ar, const char* name) {
    if (name) ar.setNextName(name);
    ar.startNode();
    ar.makeArray();
}
inline void end_node(cereal::JSONOutputArchive& ar) {
    ar.finishNode();
}
/// An element of the current array.
template <class T>
void element(cereal::JSONOutputArchive& ar, const T& value) {
    ar.writeName();
    ar.saveValue(value);
}

}  // namespace mosaic::detail
