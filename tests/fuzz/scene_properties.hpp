#pragma once
// The properties every scene file input must keep, checked by the fuzz targets on random
// inputs and by tests/engine/scene_corpus_test.cpp on every file of the corpus. Each check
// throws fuzz::property_broken when one breaks.
//
// For a JSON input (check_json_input) and a binary one (check_binary_input), beyond "no
// crash, leak or sanitizer report":
//   - a failed load reports exactly one error, with a message; a successful one none;
//   - a loaded scene saves without an error (the writers accept what the loaders accept),
//     the saved file loads again, and saving that gives the same bytes;
//   - JSON only: a clone of the loaded scene saves to the same text as the scene, and with
//     one more entity (as the editor adds one) to a file that loads: new entities get free
//     ids;
//   - the scene survives a trip through the other format: saved in it, loaded, saved in
//     the input's format again, it gives the same bytes (the formats hold the same content);
//   - JSON only, the same input read as a prefab (load_prefab_json): one error or none, a
//     loaded prefab saves and loads again to the same bytes, and spawns its whole tree with
//     every parent link inside it.
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/scene/scene_binary.hpp>
#include <mosaic/engine/scene/scene_json.hpp>

#include <algorithm>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"

namespace mosaic::fuzz {

namespace properties {

enum class format { json, binary };

inline std::string save(scene& s, format f) {
    std::ostringstream out;
    const std::vector<diagnostic> diagnostics =
        f == format::json ? save_scene_json(s, table(), out) : save_scene_binary(s, table(), out);
    for (const diagnostic& d : diagnostics) {
        require(d.severity != diagnostic::level::error,
                std::string("the ") + (f == format::json ? "JSON" : "binary") +
                    " writer refuses a scene that loaded",
                to_string(diagnostics));
    }
    return std::move(out).str();
}

inline load_result<scene> load(std::string_view bytes, format f, const std::string& name) {
    return f == format::json ? load_scene_json(bytes, table(), name + ".scene.json")
                             : load_scene_binary(bytes, table(), name + ".scene.bin");
}

// Bytes as hex lines, for the report of a broken property about binary files.
inline std::string shown(std::string_view bytes, format f) {
    if (f == format::json) return std::string(bytes) + "\n";
    static constexpr char digits[] = "0123456789abcdef";
    std::string text;
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        const auto b = static_cast<unsigned char>(bytes[i]);
        text += digits[b >> 4];
        text += digits[b & 15];
        text += (i % 32 == 31) ? '\n' : ' ';
    }
    return text + "\n";
}

inline std::string error_text(const load_result<scene>& r) {
    return r.error() ? r.error()->to_string() : std::string();
}

inline void check_input(std::string_view bytes, format f) {
    const format other = f == format::json ? format::binary : format::json;
    const char* loader = f == format::json ? "load_scene_json" : "load_scene_binary";

    load_result<scene> loaded = load(bytes, f, "fuzz");
    check_diagnostics(loaded, loader);
    if (!loaded.ok()) return;

    const std::string first = save(*loaded.value, f);
    load_result<scene> reloaded = load(first, f, "saved");
    check_diagnostics(reloaded, loader);
    require(reloaded.ok(), "the saved scene does not load again",
            error_text(reloaded) + "\n--- saved:\n" + shown(first, f));
    const std::string second = save(*reloaded.value, f);
    require(first == second, "saving the reloaded scene changes the bytes",
            "--- first save:\n" + shown(first, f) + "--- second save:\n" + shown(second, f));

    if (f == format::json) {
        scene copy = loaded.value->clone();
        const std::string cloned = save(copy, f);
        require(first == cloned, "a clone saves differently from the scene",
                "--- scene:\n" + first + "--- clone:\n" + cloned);
        (void)copy.world.create();
        const std::string grown = save(copy, f);
        const load_result<scene> grown_loaded = load(grown, f, "grown");
        require(grown_loaded.ok(),
                "with one more entity, the scene saves to a file that does not load",
                error_text(grown_loaded) + "\n--- saved:\n" + grown);
    }

    const std::string converted = save(*reloaded.value, other);
    load_result<scene> from_other = load(converted, other, "converted");
    check_diagnostics(from_other, "loading the converted scene");
    require(from_other.ok(), "the scene converted to the other format does not load",
            error_text(from_other) + "\n--- converted:\n" + shown(converted, other));
    const std::string back = save(*from_other.value, f);
    require(first == back, "a trip through the other format changes the bytes",
            "--- before:\n" + shown(first, f) + "--- after:\n" + shown(back, f) +
                "--- converted:\n" + shown(converted, other));
}

inline void check_prefab_input(std::string_view text) {
    const auto saved = [](const prefab& p) {
        std::ostringstream out;
        const std::vector<diagnostic> diagnostics = save_prefab_json(p, table(), out);
        for (const diagnostic& d : diagnostics) {
            require(d.severity != diagnostic::level::error,
                    "the prefab writer refuses a prefab that loaded", to_string(diagnostics));
        }
        return std::move(out).str();
    };
    const load_result<prefab> loaded = load_prefab_json(text, table(), "fuzz.prefab.json");
    check_diagnostics(loaded, "load_prefab_json");
    if (!loaded.ok()) return;
    const std::string first = saved(*loaded.value);
    const load_result<prefab> reloaded = load_prefab_json(first, table(), "saved.prefab.json");
    check_diagnostics(reloaded, "load_prefab_json");
    require(reloaded.ok(), "the saved prefab does not load again", first);
    const std::string second = saved(*reloaded.value);
    require(first == second, "saving the reloaded prefab changes the bytes",
            "--- first save:\n" + first + "--- second save:\n" + second);

    world w;
    const std::vector<entity> made = spawn(w, *loaded.value);
    require(made.size() == loaded.value->size() && w.size() == made.size(),
            "spawning a prefab does not make one entity per prefab entity", first);
    for (std::size_t i = 1; i < made.size(); ++i) {
        const Parent* up = w.try_get<Parent>(made[i]);
        require(up != nullptr && std::find(made.begin(), made.end(), up->entity) != made.end(),
                "a spawned prefab entity is not under another of the same spawn", first);
    }
}

}  // namespace properties

inline void check_json_input(std::string_view text) {
    properties::check_input(text, properties::format::json);
    properties::check_prefab_input(text);
}
inline void check_binary_input(std::string_view bytes) {
    properties::check_input(bytes, properties::format::binary);
}

}  // namespace mosaic::fuzz
