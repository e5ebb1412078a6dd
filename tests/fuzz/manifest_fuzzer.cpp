// libFuzzer target for project manifests (tests/fuzz/README.md): the input is written as a
// mosaic.project.json and loaded; what loads has its module path expanded, with variables set
// to long values (MOSAIC_FUZZ_LONG is 3,000 bytes, MOSAIC_FUZZ_RAW holds a newline and an
// escape). Checked: a load gives a manifest or exactly one error with a message; an expansion
// never passes max_expanded_size; no message holds a raw control byte.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include <mosaic/engine/project/manifest.hpp>

#include "fuzz_support.hpp"

namespace {

namespace fs = std::filesystem;

const fs::path& manifest_file() {
    static const fs::path f = [] {
        const fs::path folder =
            fs::temp_directory_path() / ("mosaic-manifest-fuzz-" + std::to_string(::getpid()));
        fs::create_directories(folder);
        ::setenv("MOSAIC_FUZZ_LONG", std::string(3000, 'x').c_str(), 1);
        ::setenv("MOSAIC_FUZZ_RAW", "a\nb\x1b[2J", 1);
        return folder / mosaic::manifest_file_name;
    }();
    return f;
}

bool has_control_byte(std::string_view text) {
    for (const char c : text) {
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return true;
    }
    return false;
}

void check(std::string_view bytes) {
    using namespace mosaic;
    std::ofstream(manifest_file(), std::ios::binary | std::ios::trunc) << bytes;
    const load_result<project_manifest> loaded = load_manifest(manifest_file());
    std::size_t errors = 0;
    for (const diagnostic& d : loaded.diagnostics) {
        errors += d.severity == diagnostic::level::error;
        fuzz::require(!d.message.empty(), "a diagnostic with no message");
        fuzz::require(!has_control_byte(d.to_string()), "a raw control byte in a message",
                      d.to_string());
    }
    fuzz::require(errors == (loaded.ok() ? 0u : 1u), "one error exactly when it fails",
                  to_string(loaded.diagnostics));
    if (!loaded.ok()) return;
    std::string error;
    const fs::path module = loaded.value->module_path(&error);
    fuzz::require(
        module.native().size() <= loaded.value->folder.native().size() + 1 + max_expanded_size,
        "an expansion past the cap");
    fuzz::require(!has_control_byte(error), "a raw control byte in an expansion error", error);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        check({reinterpret_cast<const char*>(data), size});
    } catch (const mosaic::fuzz::property_broken& broken) {
        mosaic::fuzz::report_and_abort(broken);
    }
    return 0;
}
