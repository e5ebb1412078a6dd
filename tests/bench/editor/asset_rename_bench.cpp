// What renaming an asset and finding files moved outside the editor cost, in a project of
// 1,000 images (128 x 128 PNGs) and 20 scene files of 100 sprites each, a quarter of them
// showing the image renamed; the open scene holds 1,000 sprites too.
//
//   asset_index_scan/cold   the project's asset index made from nothing: every file hashed
//                           (the first open of a project)
//   asset_index_scan/warm   made again with the last one (the next opens: only new or
//                           changed files are read)
//   asset_rename            rename_asset there and back: the file moved, 20 scene files and
//                           the open scene rewritten (two renames a round); the wall time
//                           is mostly the files' fsync (written atomically)
//
// Run: ./mosaic-editor-bench --benchmark_filter='asset_index|asset_rename'
#include <benchmark/benchmark.h>
#include <stb_image_write.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <mosaic/engine/components.hpp>

#include "core/asset_index.hpp"
#include "core/asset_rename.hpp"
#include "core/editor_state.hpp"

namespace {

using namespace mosaic;
using namespace mosaic::editor;
namespace fs = std::filesystem;

constexpr int images = 1000;
constexpr int side = 128;
constexpr int scene_files = 20;
constexpr int sprites_per_file = 100;

std::string image_name(int i) {
    return "art/image_" + std::to_string(i) + ".png";
}

/// The project (made once per run).
const fs::path& project() {
    static const fs::path folder = [] {
        const fs::path f =
            fs::temp_directory_path() / ("mosaic-bench-rename-" + std::to_string(::getpid()));
        fs::remove_all(f);
        fs::create_directories(f / "art");
        fs::create_directories(f / "scenes");
        std::vector<std::uint8_t> pixels(side * side * 4);
        for (int i = 0; i < images; ++i) {
            for (int p = 0; p < side * side; ++p) {
                pixels[p * 4 + 0] = static_cast<std::uint8_t>(p * 5 + i);
                pixels[p * 4 + 1] = static_cast<std::uint8_t>(i * 11);
                pixels[p * 4 + 2] = static_cast<std::uint8_t>(p / side);
                pixels[p * 4 + 3] = 255;
            }
            stbi_write_png((f / image_name(i)).c_str(), side, side, 4, pixels.data(), side * 4);
        }
        // Scene-like files: what the rewrite reads are their strings.
        for (int n = 0; n < scene_files; ++n) {
            std::ofstream out(f / "scenes" / ("level_" + std::to_string(n) + ".scene.json"));
            out << "{\n  \"format\": \"mosaic.scene\",\n  \"entities\": [\n";
            for (int e = 0; e < sprites_per_file; ++e) {
                out << "    {\"id\": " << e + 1 << ", \"components\": {\"Sprite\": {\"texture\": \""
                    << image_name(e % 4 == 0 ? 0 : e) << "\"}}}"
                    << (e + 1 < sprites_per_file ? ",\n" : "\n");
            }
            out << "  ]\n}\n";
        }
        return f;
    }();
    return folder;
}

struct cleanup {
    ~cleanup() {
        std::error_code ec;
        fs::remove_all(
            fs::temp_directory_path() / ("mosaic-bench-rename-" + std::to_string(::getpid())), ec);
    }
} const remove_project_at_exit;

void asset_index_cold(benchmark::State& st) {
    (void)project();  // made before the timing
    asset_index index;
    for (auto _ : st) {
        index = scan_asset_index(project());
        benchmark::DoNotOptimize(index);
    }
    st.counters["files"] = static_cast<double>(index.size());
}

void asset_index_warm(benchmark::State& st) {
    const asset_index previous = scan_asset_index(project());
    asset_index index;
    for (auto _ : st) {
        index = scan_asset_index(project(), previous);
        benchmark::DoNotOptimize(index);
    }
    st.counters["files"] = static_cast<double>(index.size());
}

void asset_rename(benchmark::State& st) {
    editor_state s;
    if (!s.save_as(project() / "main.scene.json")) st.SkipWithError("cannot save the scene");
    for (int i = 0; i < images; ++i) {
        const entity e = s.world().create();
        Sprite sprite;
        const std::string path = image_name(i % 4 == 0 ? 0 : i);
        std::memcpy(sprite.texture.path, path.data(), path.size());
        s.world().add<Sprite>(e, sprite);
    }
    rename_result r;
    for (auto _ : st) {
        r = rename_asset(s, image_name(0), "art/renamed.png");
        benchmark::DoNotOptimize(r);
        r = rename_asset(s, "art/renamed.png", image_name(0));
        if (!r.done) st.SkipWithError(r.message.c_str());
    }
    st.counters["files_updated"] = static_cast<double>(r.files.files_updated());
    st.counters["references"] = static_cast<double>(r.files.references() + r.in_memory);
}

BENCHMARK(asset_index_cold)->Name("asset_index_scan/cold")->Unit(benchmark::kMillisecond);
BENCHMARK(asset_index_warm)->Name("asset_index_scan/warm")->Unit(benchmark::kMillisecond);
BENCHMARK(asset_rename)->Unit(benchmark::kMillisecond);

}  // namespace
