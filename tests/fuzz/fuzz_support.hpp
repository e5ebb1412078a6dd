#pragma once
// Shared by the scene-file fuzz targets (tests/fuzz/README.md) and the corpus test
// (tests/engine/scene_corpus_test.cpp): the component table they load with, and how a broken
// property is reported (an exception: the fuzz targets turn it into a crash libFuzzer saves,
// the corpus test into a test failure).

#include <mosaic/ecs/component_table.hpp>
#include <mosaic/engine/scene/diagnostic.hpp>
#include <mosaic/engine/scene/scene_json.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

// The built-in components plus the engine tests' EveryKind (one field of every kind: entity
// references inside components, fixed arrays, strings, 64-bit and enum fields) and Marker.
#include "engine/scene_test_support.hpp"

namespace mosaic::fuzz {

/// Registered once per process (libFuzzer calls the target millions of times).
inline const component_table& table() {
    static component_table t;
    [[maybe_unused]] static const bool registered = (testing::register_test_components(t), true);
    return t;
}

/// A property of the loaders and writers that an input broke: what, and the evidence.
struct property_broken {
    std::string what;
    std::string detail;
};

[[noreturn]] inline void fail(const std::string& what, std::string_view detail = {}) {
    throw property_broken{what, std::string(detail)};
}

inline void require(bool condition, const std::string& what, std::string_view detail = {}) {
    if (!condition) fail(what, detail);
}

/// For the fuzz targets: prints what went wrong and aborts, so libFuzzer saves the input.
[[noreturn]] inline void report_and_abort(const property_broken& broken) {
    std::fprintf(stderr, "\n*** scene fuzz property broken: %s\n", broken.what.c_str());
    if (!broken.detail.empty()) std::fprintf(stderr, "%s\n", broken.detail.c_str());
    std::abort();
}

/// A load either succeeds with no error, or fails with exactly one error that says something.
template <class T>
void check_diagnostics(const load_result<T>& r, const char* loader) {
    std::size_t errors = 0;
    for (const diagnostic& d : r.diagnostics) {
        if (d.severity != diagnostic::level::error) continue;
        ++errors;
        require(!d.message.empty(), std::string(loader) + ": an error with an empty message",
                to_string(r.diagnostics));
    }
    if (r.ok()) {
        require(errors == 0, std::string(loader) + ": succeeded but reported an error",
                to_string(r.diagnostics));
    } else {
        require(errors == 1,
                std::string(loader) + ": failed with " + std::to_string(errors) +
                    " errors (expected exactly one)",
                to_string(r.diagnostics));
    }
}

}  // namespace mosaic::fuzz
