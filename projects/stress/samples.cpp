// The sample files: the sprite archetype and the 100k and 10k scenes, built in code
// (mosaic-make-samples saves them).
#include <cmath>
#include <cstring>

#include <mosaic/projects/samples.hpp>

#include "stress.hpp"

namespace mosaic::stress {

namespace {

Name named(const char* text) {
    Name n;
    std::strncpy(n.value, text, sizeof n.value - 1);
    return n;
}

// `count` sprites at the same density whatever the count: 100,000 fill 400 x 400 units.
scene stress_scene(std::int32_t count) {
    const float half = 200.0f * std::sqrt(static_cast<float>(count) / 100000.0f);
    scene s;
    s.settings.gravity = {0.0f, 0.0f};
    s.settings.background = {0.06f, 0.06f, 0.08f, 1.0f};
    s.settings.camera_zoom = 10.0f / (2.0f * half + 10.0f);  // the whole box in view
    world& w = s.world;

    const entity camera = w.create();
    w.add<Name>(camera, named("Camera"));
    w.add<Transform>(camera);
    w.add<Camera>(camera, Camera{.zoom = s.settings.camera_zoom});

    const entity spawner = w.create();
    w.add<Name>(spawner, named("Spawner"));
    w.add<Transform>(spawner);
    w.add<StressSpawner>(spawner, StressSpawner{.count = count, .half_size = {half, half}});

    const entity floor = w.create();  // shows the box the sprites bounce in
    w.add<Name>(floor, named("Floor"));
    w.add<Transform>(floor);
    w.add<Sprite>(floor, Sprite{.tint = {0.12f, 0.12f, 0.16f, 1.0f},
                                .size = {2.0f * half, 2.0f * half},
                                .layer = -10});
    return s;
}

}  // namespace

projects::sample_files stress_samples() {
    projects::sample_files files;
    files.archetypes.push_back(sprite_archetype());
    files.scenes.push_back({"scenes/stress.scene.json", stress_scene(100000)});
    files.scenes.push_back({"scenes/stress_10k.scene.json", stress_scene(10000)});
    return files;
}

}  // namespace mosaic::stress
