// libFuzzer target for rows of whole numbers, the form scene files give a TileChunk's tiles
// (number_rows.hpp), and for a TileChunk component read from such rows. The input's first
// line is a row read on its own; the rest, one row a line, is a chunk's `tiles`.
// Properties: a row that reads has at most the numbers asked for (a huge run costs nothing),
// writes text that reads back as the same numbers, and that text is canonical (writing it
// again gives the same text); a chunk either loads with a message-free result or fails with
// an error naming the file; a chunk that loads saves and loads again to the same text.
#include <mosaic/engine/builtin_components.hpp>
#include <mosaic/engine/scene/number_rows.hpp>
#include <mosaic/engine/scene/scene_json.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace {

[[noreturn]] void broken(const char* what, std::string_view detail) {
    std::fprintf(stderr, "property broken: %s\n%.*s\n", what, static_cast<int>(detail.size()),
                 detail.data());
    std::abort();
}

void check_row(std::string_view row) {
    constexpr std::size_t most = 64;
    std::vector<std::int64_t> numbers;
    if (mosaic::read_number_row(row, most, numbers)) {
        if (numbers.size() > most) broken("a failed row takes no more than asked", row);
        return;
    }
    if (numbers.size() > most) broken("a row takes at most `most` numbers", row);
    const std::string text = mosaic::write_number_row(numbers);
    std::vector<std::int64_t> again;
    if (const auto error = mosaic::read_number_row(text, most, again)) {
        broken("a written row reads", text + "\n" + *error);
    }
    if (again != numbers) broken("a written row reads as the same numbers", text);
    if (mosaic::write_number_row(again) != text) broken("a written row is canonical", text);
}

std::string json_string(std::string_view text) {
    std::string out = "\"";
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (u < 0x20) {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\u%04x", u);
            out += escaped;
        } else {
            out += c;
        }
    }
    return out + "\"";
}

void check_chunk(std::string_view rows) {
    std::string tiles;
    while (!rows.empty()) {
        const std::size_t end = std::min(rows.find('\n'), rows.size());
        tiles += (tiles.empty() ? "" : ", ") + json_string(rows.substr(0, end));
        rows.remove_prefix(std::min(end + 1, rows.size()));
    }
    const std::string text =
        R"({"format": "mosaic.scene", "version": 2, "entities": [{"id": 1, "components": {"Tilemap":
        {"version": 1}}}, {"id": 2, "parent": 1, "components": {"TileChunk": {"version": 1,
        "tiles": [)" +
        tiles + "]}}}]}";
    static const mosaic::component_table table = [] {
        mosaic::component_table t;
        mosaic::register_builtin_components(t);
        return t;
    }();
    auto loaded = mosaic::load_scene_json(text, table, "fuzz.scene.json");
    if (!loaded.ok()) {
        const std::string message = mosaic::to_string(loaded.diagnostics);
        if (message.find("fuzz.scene.json") == std::string::npos)
            broken("a failed load names the file", message);
        return;
    }
    std::ostringstream saved;
    if (!mosaic::save_scene_json(*loaded.value, table, saved).empty()) broken("it saves", text);
    auto again = mosaic::load_scene_json(saved.str(), table, "again.scene.json");
    if (!again.ok()) broken("what it saves loads", saved.str());
    std::ostringstream resaved;
    (void)mosaic::save_scene_json(*again.value, table, resaved);
    if (resaved.str() != saved.str()) broken("saving again gives the same text", saved.str());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const std::size_t first_line = std::min(input.find('\n'), input.size());
    check_row(input.substr(0, first_line));
    if (first_line < input.size()) check_chunk(input.substr(first_line + 1));
    return 0;
}
