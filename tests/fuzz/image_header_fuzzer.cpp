// libFuzzer target for image headers and decoding (tests/fuzz/README.md): read_image_header
// and decode_image on every input. Properties: a header that passes is within image_limits;
// a decoded image has the header's size and exactly width * height * 4 bytes; failures say
// why and name the file.
//
// stb_image (PNG) is compiled into this target (instrumented, so AddressSanitizer sees its
// reads); the engine's calls resolve to this copy rather than Debian's uninstrumented libstb.
// Its asserts stay on, as in Debian's libstb: an assert a hostile file reaches is a crash of
// the editor too. JPEGs go to Debian's libjpeg-turbo (uninstrumented, fuzzed upstream).
#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_PNG
#include <stb_image.h>

#include <mosaic/engine/assets/image.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace {

[[noreturn]] void broken(const char* what, std::string_view detail) {
    std::fprintf(stderr, "property broken: %s\n%.*s\n", what, static_cast<int>(detail.size()),
                 detail.data());
    std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::span<const std::uint8_t> bytes(data, size);
    const auto header = mosaic::read_image_header(bytes, "fuzz.png");
    if (!header) {
        if (header.error.rfind("'fuzz.png': ", 0) != 0)
            broken("failures name the file", header.error);
        return 0;
    }
    const mosaic::image_header& h = *header.value;
    if (h.width <= 0 || h.height <= 0 || h.width > mosaic::image_limits::max_side ||
        h.height > mosaic::image_limits::max_side) {
        broken("a header that passes is within the caps", "");
    }
    // Decoding the largest images the caps allow takes long; the header path is what is
    // hostile, and 1 MiB images still reach every decoder path.
    if (static_cast<std::size_t>(h.width) * static_cast<std::size_t>(h.height) > (1u << 18))
        return 0;
    const auto image = mosaic::decode_image(bytes, "fuzz.png");
    if (!image) {
        if (image.why.empty()) broken("a failed decode says why", image.error);
        return 0;
    }
    if (image.value->width != h.width || image.value->height != h.height ||
        image.value->pixels.size() !=
            static_cast<std::size_t>(h.width) * static_cast<std::size_t>(h.height) * 4) {
        broken("a decoded image has the header's size", "");
    }
    return 0;
}
