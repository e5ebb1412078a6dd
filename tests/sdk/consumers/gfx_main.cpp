// A consumer linking mosaic::gfx from the installed package (no window: the camera's maths
// only), so the renderer's shared library and its private GL and GLFW dependencies link.
#include <cstdio>

#include <mosaic/engine/render/camera2d.hpp>

int main() {
    const mosaic::camera2d camera;
    const float pixels = camera.pixels_per_unit({800.0f, 600.0f});
    std::printf("gfx: %.1f pixels per unit\n", pixels);
    return pixels == 60.0f ? 0 : 1;
}
