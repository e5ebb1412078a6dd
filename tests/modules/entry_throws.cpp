// A shared library whose mosaic_module_v1 throws: game code failing before it registers
// anything (the loader reports it like a registration that throws).
#include <cstdint>
#include <stdexcept>

extern "C" const void* mosaic_module_v1(std::uint32_t) {
    throw std::runtime_error("the game's entry point gave up");
}
