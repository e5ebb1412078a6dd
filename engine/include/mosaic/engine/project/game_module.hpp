#pragma once
// game_module: a game's code, loaded from its shared library (see module.hpp for the entry
// point a module defines).
//
// load() copies the library to a file name of its own before dlopen (the dynamic loader
// caches libraries by name: loading a rebuilt module under the same name would give back
// the old code), checks the module's build info against the host's, and keeps the copy
// until the module is unloaded. Everything the module put into the process (pools of its
// types, systems, archetype prototypes) must be gone before the last shared_ptr to it goes
// (mosaic::game takes care of that, also in game::replace_code); the module then retires its
// types from the type registry (a reloaded module gets their ids back) and is unloaded.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <mosaic/ecs/fwd.hpp>

#include "../module.hpp"
#include "../project.hpp"

namespace mosaic {

class game_module {
public:
    struct load_result {
        std::shared_ptr<game_module> module;  // null on failure
        std::string error;                    // names the file and the reason
    };
    /// Loads the module at `file`. Never throws for bad files: a missing file, a library the
    /// dynamic loader refuses, a missing entry point and a mismatched build are errors.
    [[nodiscard]] static load_result load(const std::filesystem::path& file);

    ~game_module();
    game_module(const game_module&) = delete;
    game_module& operator=(const game_module&) = delete;

    /// Name, summary and the registration functions (they point into the module).
    [[nodiscard]] const project& description() const noexcept { return project_; }
    [[nodiscard]] const std::filesystem::path& file() const noexcept { return file_; }
    /// The private copy the process runs (unlinked when the module is unloaded).
    [[nodiscard]] const std::filesystem::path& loaded_copy() const noexcept { return copy_; }
    /// The module's own build info (the loader checked it matches the host's).
    [[nodiscard]] const mosaic_module_build& build() const noexcept { return entry_->build; }

    /// An exported symbol of the module, or null. Hosts may look up optional entry points of
    /// their own with it without the engine knowing them.
    [[nodiscard]] void* symbol(const char* name) const noexcept;
    /// True when `address` (code or data) lies inside this module.
    [[nodiscard]] bool contains(const void* address) const noexcept;
    /// The registered component types whose code lives in this module (retired when the
    /// module is unloaded).
    [[nodiscard]] std::vector<type_id> types() const;

private:
    game_module() = default;

    void* handle_ = nullptr;
    const void* base_ = nullptr;  // where the dynamic loader mapped it
    const mosaic_module* entry_ = nullptr;
    std::filesystem::path file_, copy_;
    std::string name_, summary_;
    project project_;
};

/// The host's build info (what a module must match).
[[nodiscard]] const mosaic_module_build& host_build_info() noexcept;
/// Why a module built as `module` cannot run in a host built as `host`, or "" when it can.
[[nodiscard]] std::string build_mismatch(const mosaic_module_build& host,
                                         const mosaic_module_build& module);

}  // namespace mosaic
