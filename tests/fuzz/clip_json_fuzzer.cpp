// libFuzzer target for the animation clip and tileset readers (tests/fuzz/README.md):
// read_clip_json (with a sheet source for sprite clips) and read_tileset_json on every input.
// Properties: a read gives either a clip and no message or a message naming the file; a clip
// that reads has keys in time order and a positive length, writes text that reads back, and
// writing it again gives the same text; evaluating its tracks anywhere gives a finite number.
// A tileset that reads has one property row per sheet frame.
#include <mosaic/engine/animation/clip.hpp>
#include <mosaic/engine/animation/clip_json.hpp>
#include <mosaic/engine/tilemap/tileset.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

[[noreturn]] void broken(const char* what, std::string_view detail) {
    std::fprintf(stderr, "property broken: %s\n%.*s\n", what, static_cast<int>(detail.size()),
                 detail.data());
    std::abort();
}

// One sheet of four frames with a tag, whatever the path says.
mosaic::asset_result<mosaic::sprite_sheet> sheet_of(const std::string& path) {
    if (path.empty()) return mosaic::asset_result<mosaic::sprite_sheet>::failure(path, "no file");
    mosaic::sprite_sheet s;
    s.image = "a.png";
    for (const char* name : {"idle", "run_0", "run_1", "wall"}) {
        mosaic::sheet_frame f;
        f.name = name;
        f.w = 8;
        f.h = 8;
        s.frames.push_back(f);
    }
    s.tags.push_back({"run", 1, 2, mosaic::sheet_tag::direction::pingpong});
    return mosaic::asset_result<mosaic::sprite_sheet>::success(s);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto clip = mosaic::read_clip_json(text, "fuzz.clip.json", sheet_of);
    if (!clip) {
        if (clip.error.rfind("'fuzz.clip.json'", 0) != 0 || clip.why.empty())
            broken("a failed read names the file and says why", clip.error);
    } else {
        if (!(clip.value->length > 0.0f)) broken("a clip has a positive length", text);
        for (const mosaic::clip_track& t : clip.value->tracks) {
            for (std::size_t i = 1; i < t.keys.size(); ++i) {
                if (t.keys[i].time < t.keys[i - 1].time) broken("keys are in time order", text);
            }
            for (const float at : {-1.0f, 0.0f, 0.5f, clip.value->length, 1e9f}) {
                if (!std::isfinite(mosaic::evaluate(t, at))) broken("tracks evaluate finite", text);
            }
        }
        const std::string written = mosaic::write_clip_json(*clip.value);
        const auto again = mosaic::read_clip_json(written, "fuzz.clip.json", sheet_of);
        if (!again) broken("a written clip reads back", again.error + "\n" + written);
        if (mosaic::write_clip_json(*again.value) != written)
            broken("writing a read clip again gives the same text", written);
    }
    const auto set = mosaic::read_tileset_json(text, "fuzz.tileset.json", sheet_of);
    if (!set) {
        if (set.error.rfind("'fuzz.tileset.json'", 0) != 0)
            broken("a failed tileset read names the file", set.error);
    } else if (set.value->tiles.size() != set.value->names.size() ||
               set.value->solid.size() != set.value->names.size()) {
        broken("one property row per tile", text);
    }
    return 0;
}
