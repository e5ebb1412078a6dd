// JPEG decoding with libjpeg-turbo's TurboJPEG API (jpeg_decoder.hpp says why not stb_image).
#include "jpeg_decoder.hpp"

#include <turbojpeg.h>

#include <memory>

namespace mosaic::jpeg {

namespace {

struct handle_closer {
    void operator()(void* handle) const noexcept { tjDestroy(handle); }
};
using decompressor = std::unique_ptr<void, handle_closer>;

decompressor open_decompressor(std::string& why) {
    decompressor handle(tjInitDecompress());
    if (!handle) why = std::string("libjpeg-turbo cannot start: ") + tjGetErrorStr2(nullptr);
    return handle;
}

// TurboJPEG takes a non-const pointer in 2.1 (it never writes through it).
unsigned char* source(std::span<const std::uint8_t> bytes) {
    return const_cast<unsigned char*>(bytes.data());
}

}  // namespace

bool read_size(std::span<const std::uint8_t> bytes, int& width, int& height, std::string& why) {
    const decompressor handle = open_decompressor(why);
    if (!handle) return false;
    int subsampling = 0;
    int colorspace = 0;
    if (tjDecompressHeader3(handle.get(), source(bytes), static_cast<unsigned long>(bytes.size()),
                            &width, &height, &subsampling, &colorspace) != 0) {
        why = tjGetErrorStr2(handle.get());
        return false;
    }
    return true;
}

bool decode_rgba(std::span<const std::uint8_t> bytes, int width, int height,
                 std::vector<std::uint8_t>& pixels, std::string& why) {
    const decompressor handle = open_decompressor(why);
    if (!handle) return false;
    pixels.assign(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4, 0);
    // LIMITSCANS: a progressive JPEG of thousands of tiny scans takes minutes to decode (a
    // denial of service); libjpeg-turbo then stops at 500 scans with an error.
    const int flags = TJFLAG_ACCURATEDCT | TJFLAG_LIMITSCANS;
    if (tjDecompress2(handle.get(), source(bytes), static_cast<unsigned long>(bytes.size()),
                      pixels.data(), width, width * 4, height, TJPF_RGBA, flags) != 0 &&
        tjGetErrorCode(handle.get()) != TJERR_WARNING) {
        why = tjGetErrorStr2(handle.get());
        pixels.clear();
        return false;
    }
    return true;
}

}  // namespace mosaic::jpeg
