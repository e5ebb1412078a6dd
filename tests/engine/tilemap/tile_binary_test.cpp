// TileChunks in binary scenes: version 2 stores the tiles as runs (binary_runs.hpp), version 1
// files (every tile as 4 bytes) still load, and corrupt runs are errors naming the file and
// the entity, never a crash or an allocation the file asks for.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

#include <mosaic/engine/builtin_components.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/scene/scene_binary.hpp>
#include <mosaic/engine/scene/scene_json.hpp>
#include <mosaic/engine/tilemap/tilemap.hpp>

namespace mosaic {
namespace {

std::string read_file(const char* path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

std::string binary_of(scene& s, const component_table& table) {
    std::ostringstream out(std::ios::binary);
    EXPECT_TRUE(save_scene_binary(s, table, out).empty());
    return out.str();
}

std::string json_of(scene& s, const component_table& table) {
    std::ostringstream out;
    save_scene_json(s, table, out);
    return out.str();
}

struct TileBinary : ::testing::Test {
    component_table table;
    TileBinary() { register_builtin_components(table); }

    // A map of `chunks` x 1 chunks: the first mostly empty with a few tiles, the rest of
    // tiles that differ one from the next.
    scene map_scene(int chunks) {
        scene s;
        const entity map = s.world.create();
        s.world.add<Tilemap>(map, Tilemap{.width = 32 * chunks, .height = 32});
        for (int c = 0; c < chunks; ++c) {
            const entity e = s.world.create();
            TileChunk chunk;
            chunk.x = 32 * c;
            for (int i = 0; i < tile_chunk_tiles; ++i) {
                chunk.tiles[i] = c == 0 ? (i < 40 ? 7 : 0) : (i * 7 + c) % 13;
            }
            if (c == 0) {
                chunk.tiles[100] = -5;
                chunk.tiles[101] = 2147483647;
            }
            s.world.add<TileChunk>(e, chunk);
            s.world.add<Parent>(e, map);
        }
        return s;
    }
};

TEST_F(TileBinary, RoundTripKeepsEveryTileAndIsCompact) {
    scene s = map_scene(3);
    const std::string bytes = binary_of(s, table);
    EXPECT_LT(bytes.size(), 3u * 1024u * 2u);  // version 1: more than 3 x 4 KiB
    auto loaded = load_scene_binary(bytes, table, "map.scene.bin");
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    EXPECT_EQ(json_of(*loaded.value, table), json_of(s, table));
    EXPECT_EQ(binary_of(*loaded.value, table), bytes);
}

TEST_F(TileBinary, VersionOneFilesStillLoad) {
    const std::string v1 = read_file(MOSAIC_TEST_DATA_DIR "/format_v1_tilemap.scene.bin");
    ASSERT_GT(v1.size(), 8000u);
    ASSERT_EQ(v1[9], '\x01');  // format version 1
    auto old = load_scene_binary(v1, table, "format_v1_tilemap.scene.bin");
    ASSERT_TRUE(old.ok()) << to_string(old.diagnostics);
    auto twin = load_scene_json(read_file(MOSAIC_TEST_DATA_DIR "/format_v1_tilemap.scene.json"),
                                table, "format_v1_tilemap.scene.json");
    ASSERT_TRUE(twin.ok()) << to_string(twin.diagnostics);
    EXPECT_EQ(json_of(*old.value, table), json_of(*twin.value, table));
    const std::string v2 = binary_of(*old.value, table);
    EXPECT_LT(v2.size(), v1.size() / 3);
}

// The file offset of the first TileChunk's tiles: after x, y, layer of chunk x = 0.
std::size_t tiles_at(const std::string& bytes) {
    // The first chunk's tiles start with a run of 40 sevens: header 80, value zigzag(7) = 14.
    const std::size_t at = bytes.find(std::string("\x50\x0e", 2));
    EXPECT_NE(at, std::string::npos);
    return at;
}

TEST_F(TileBinary, CorruptRunsAreErrorsNamingTheEntity) {
    scene s = map_scene(1);
    const std::string good = binary_of(s, table);
    const std::size_t at = tiles_at(good);
    const auto error_of = [&](std::string bytes) {
        auto r = load_scene_binary(bytes, table, "map.scene.bin");
        EXPECT_FALSE(r.ok());
        return r.error() ? r.error()->to_string() : std::string("<no error>");
    };
    {  // a run claiming 2^31 tiles: varint of 2^32 (header = 2 x copies)
        std::string bytes = good;
        bytes.replace(at, 1, std::string("\x80\x80\x80\x80\x10", 5));
        const std::string e = error_of(bytes);
        EXPECT_NE(e.find("map.scene.bin"), std::string::npos) << e;
        EXPECT_NE(e.find("entities[1].components.TileChunk.tiles[0]"), std::string::npos) << e;
        EXPECT_NE(e.find("a run of 2147483648 elements, but 1024 of the field's 1024 are left"),
                  std::string::npos)
            << e;
    }
    {  // a value past int32
        std::string bytes = good;
        bytes.replace(at + 1, 1, std::string("\xfe\xff\xff\xff\x1f", 5));
        const std::string e = error_of(bytes);
        EXPECT_NE(e.find("value 4294967295 does not fit int32"), std::string::npos) << e;
    }
    {  // a varint that never ends
        std::string bytes = good;
        bytes.replace(at, 1, std::string(12, '\xff'));
        const std::string e = error_of(bytes);
        EXPECT_NE(e.find("more than 64 bits"), std::string::npos) << e;
    }
    {  // a run of zero copies
        std::string bytes = good;
        bytes[at] = '\0';
        EXPECT_NE(error_of(bytes).find("a run of 0 elements"), std::string::npos);
    }
    // Cut anywhere: one error, never a crash.
    for (std::size_t n = 0; n < good.size(); ++n) {
        auto r = load_scene_binary(good.substr(0, n), table, "map.scene.bin");
        EXPECT_FALSE(r.ok()) << n;
    }
}

}  // namespace
}  // namespace mosaic
