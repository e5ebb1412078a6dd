// libFuzzer target for load_scene_binary (tests/fuzz/README.md); the properties it checks on
// every input are in scene_properties.hpp.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "scene_properties.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        mosaic::fuzz::check_binary_input({reinterpret_cast<const char*>(data), size});
    } catch (const mosaic::fuzz::property_broken& broken) {
        mosaic::fuzz::report_and_abort(broken);
    }
    return 0;
}
