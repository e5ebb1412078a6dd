// make_seeds FUZZ_DIR (tests/fuzz): writes the generated inputs of the fuzz tests (README.md).
//
//   corpus/json/gen_*.scene.json   scenes built here, saved with save_scene_json
//   corpus/binary/*.scene.bin      every JSON seed in corpus/json that loads (the hand-written
//                                  ones too), saved with save_scene_binary, plus a few cut and
//                                  corrupted copies
//   regressions/binary/*_nul.scene.bin
//                                  the binary reproducers of findings (regressions/README.md),
//                                  built here so that a change of the binary layout only
//                                  needs a rerun
//
// Built only in the fuzz build (tests/fuzz/standalone). Rerun it when the formats change and
// commit what it writes; keep the corpus a few KB.
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/scene/scene_binary.hpp>
#include <mosaic/engine/scene/scene_json.hpp>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz_support.hpp"

namespace fs = std::filesystem;
using namespace mosaic;

namespace {

void write_file(const fs::path& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary);
    out << bytes;
    if (!out) {
        std::fprintf(stderr, "make_seeds: cannot write %s\n", path.c_str());
        std::exit(1);
    }
    std::printf("  %-40s %5zu bytes\n", path.filename().c_str(), bytes.size());
}

std::string file_bytes(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

Name name(const char* text) {
    Name n;
    std::strncpy(n.value, text, sizeof n.value - 1);
    return n;
}

// Every built-in saved component, the test component with every field kind, parents three
// deep, references between entities, an inactive entity, a disabled component, a component
// of an unknown type, non-default settings and one system of each rate kind.
scene everything() {
    scene s;
    world& w = s.world;
    const entity root = w.create();
    w.add<Name>(root, name("Root"));
    w.add<Transform>(root, Transform{{1.5f, -2.0f}, 30.0f, {2.0f, 0.5f}});
    w.add<Sprite>(root, Sprite{{0.2f, 0.4f, 0.6f, 0.8f}, {3.0f, 1.0f}, {"textures/root.png"}, 2});
    w.add<Camera>(root, Camera{2.5f, true});

    const entity child = w.create();
    w.add<Name>(child, name("Child"));
    w.add<Parent>(child, root);
    w.add<Transform>(child);
    w.add<RigidBody>(child, RigidBody{{1.0f, 0.0f}, {0.0f, -1.0f}, 0.25f, 1.0f});
    w.add<Collider>(child, Collider{ColliderShape::box, {0.5f, 1.0f}, 2u, 0xF0F0F0F0u});
    w.add<Health>(child, Health{40.0f, 120.0f});
    w.add<Team>(child, Team{3});
    w.set_enabled<Health>(child, false);

    const entity grandchild = w.create();
    w.add<Name>(grandchild, name("Grandchild"));
    w.add<Parent>(grandchild, child);
    w.add<Lifetime>(grandchild, Lifetime{0.75f});
    w.add<Collider>(grandchild);
    w.set_active(grandchild, false);

    const entity other = w.create();  // no name, no parent
    testing::EveryKind every;
    every.flag = true;
    every.i32 = -7;
    every.u32 = 4000000000u;
    every.i64 = -9000000000000000000;
    every.f32 = 0.1f;
    every.f64 = 1e-300;
    every.v2 = {1, 2};
    every.v3 = {1, 2, 3};
    every.v4 = {1, 2, 3, 4};
    every.tint = {0.5f, 0.5f, 0.5f, 1.0f};
    std::strcpy(every.label, "label");
    every.mood = testing::Mood::calm;
    every.target = child;
    std::strcpy(every.texture.path, "sounds/boom.wav");
    every.weights[0] = -1.0f;
    every.weights[2] = 1e30f;
    every.friends[0] = root;
    w.add<testing::EveryKind>(other, every);
    w.add<testing::Marker>(other);

    s.ensure_id(root);
    s.ensure_id(child);
    s.ensure_id(grandchild);
    const std::uint64_t other_id = s.ensure_id(other);
    s.unknown[other_id].push_back(
        {"OldSpawner", R"({"version":3,"rate":[1,2.5],"prefab":"enemy","on":true,"x":null})"});

    s.settings.gravity = {0.5f, -20.0f};
    s.settings.background = {0.0f, 0.1f, 0.2f, 1.0f};
    s.settings.camera_position = {4.0f, -3.0f};
    s.settings.camera_zoom = 0.5f;
    s.systems.push_back({"movement", true, rate::every_tick()});
    s.systems.push_back({"physics", false, rate::every_n_ticks(4)});
    s.systems.push_back({"ai", true, rate::interval(0.25)});
    return s;
}

// Ids that are not 1..n (kept as they are), a reference to an entity saved later.
scene sparse_ids() {
    scene s;
    world& w = s.world;
    const entity a = w.create();
    const entity b = w.create();
    w.add<EntityId>(a, std::uint64_t{900});
    w.add<EntityId>(b, std::uint64_t{18446744073709551615u});
    w.add<Parent>(a, b);
    w.add<Transform>(b);
    testing::EveryKind every;
    every.target = b;
    every.friends[1] = a;
    every.mood = static_cast<testing::Mood>(5);  // a value without a name: saved as a number
    w.add<testing::EveryKind>(a, every);
    return s;
}

std::string save_json(scene& s) {
    std::ostringstream out;
    (void)save_scene_json(s, fuzz::table(), out);
    return std::move(out).str();
}

std::string save_binary(scene& s) {
    std::ostringstream out;
    save_scene_binary(s, fuzz::table(), out);
    return std::move(out).str();
}

// Names with a NUL inside: the binary format keeps them, the JSON reader or writer cut them.
void write_nul_regressions(const fs::path& dir) {
    std::printf("%s:\n", dir.c_str());
    {
        scene s;
        const std::uint64_t id = s.ensure_id(s.world.create());
        s.unknown[id].push_back({std::string("Old\0Spawner", 11), "{}"});
        write_file(dir / "unknown_component_name_with_nul.scene.bin", save_binary(s));
    }
    {
        scene s;
        const std::uint64_t id = s.ensure_id(s.world.create());
        s.unknown[id].push_back({"Old", R"({"a\u0000b":1})"});
        write_file(dir / "unknown_component_key_with_nul.scene.bin", save_binary(s));
    }
    {
        scene s;
        s.systems.push_back({std::string("ai\0x", 4), true, rate::every_tick()});
        write_file(dir / "system_name_with_nul.scene.bin", save_binary(s));
    }
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: make_seeds FUZZ_DIR (tests/fuzz)\n");
        return 2;
    }
    const fs::path fuzz_dir = argv[1];
    const fs::path json_dir = fuzz_dir / "corpus" / "json";
    const fs::path binary_dir = fuzz_dir / "corpus" / "binary";
    fs::create_directories(json_dir);
    fs::create_directories(binary_dir);
    fs::create_directories(fuzz_dir / "regressions" / "binary");

    std::printf("%s:\n", json_dir.c_str());
    {
        scene s = everything();
        write_file(json_dir / "gen_everything.scene.json", save_json(s));
    }
    {
        scene s = sparse_ids();
        write_file(json_dir / "gen_sparse_ids.scene.json", save_json(s));
    }
    {
        scene s;
        write_file(json_dir / "gen_empty.scene.json", save_json(s));
    }

    std::vector<fs::path> json_seeds;
    for (const auto& entry : fs::directory_iterator(json_dir)) json_seeds.push_back(entry.path());
    std::sort(json_seeds.begin(), json_seeds.end());

    std::printf("%s:\n", binary_dir.c_str());
    std::string biggest;
    for (const fs::path& path : json_seeds) {
        load_result<scene> r = load_scene_json(file_bytes(path), fuzz::table(), path.string());
        if (!r.ok()) continue;  // the malformed JSON seeds have no binary twin
        std::string stem = path.filename().string();
        stem = stem.substr(0, stem.find('.'));
        const std::string bytes = save_binary(*r.value);
        write_file(binary_dir / (stem + ".scene.bin"), bytes);
        if (bytes.size() > biggest.size()) biggest = bytes;
    }
    // Broken files: the loader must refuse them with one error, not crash.
    write_file(binary_dir / "bad_truncated_half.scene.bin", biggest.substr(0, biggest.size() / 2));
    write_file(binary_dir / "bad_header_only.scene.bin", biggest.substr(0, 12));
    std::string flipped = biggest;
    for (std::size_t i = 16; i < flipped.size(); i += 37)
        flipped[i] = static_cast<char>(~flipped[i]);
    write_file(binary_dir / "bad_flipped_bytes.scene.bin", flipped);

    write_nul_regressions(fuzz_dir / "regressions" / "binary");
    return 0;
}
