#include "mosaic/engine/project/game_module.hpp"

#include <dlfcn.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <exception>
#include <system_error>

#include <mosaic/ecs/component_table.hpp>
#include <mosaic/ecs/scheduler.hpp>
#include <mosaic/ecs/type_id.hpp>
#include <mosaic/ecs/world.hpp>
#include <mosaic/engine/crash_report.hpp>

#include "mosaic/engine/display_path.hpp"
#include "mosaic/engine/project/module_file.hpp"

namespace mosaic {

namespace fs = std::filesystem;

namespace {

/// This process's folder of module copies; removed when empty at unload.
fs::path copies_folder() {
    return fs::temp_directory_path() / ("mosaic-modules-" + std::to_string(::getpid()));
}

/// Removes the copies folders of processes that are gone (a crash leaves them behind).
void remove_folders_of_dead_processes() {
    std::error_code ec;
    for (const fs::directory_entry& entry : fs::directory_iterator(fs::temp_directory_path(), ec)) {
        const std::string name = entry.path().filename().string();
        constexpr std::string_view prefix = "mosaic-modules-";
        if (!name.starts_with(prefix)) continue;
        const std::string pid_text = name.substr(prefix.size());
        if (pid_text.empty() || pid_text.find_first_not_of("0123456789") != std::string::npos)
            continue;
        const long pid = std::stol(pid_text);
        if (pid == ::getpid()) continue;
        const fs::path proc = fs::path("/proc") / pid_text;
        if (!fs::exists(proc, ec)) fs::remove_all(entry.path(), ec);
    }
}

std::string version_text(const mosaic_module_build& b) {
    return std::to_string(b.version_major) + "." + std::to_string(b.version_minor) + "." +
           std::to_string(b.version_patch);
}

}  // namespace

const mosaic_module_build& host_build_info() noexcept {
    static const mosaic_module_build info = MOSAIC_MODULE_BUILD_INFO;
    return info;
}

std::string build_mismatch(const mosaic_module_build& host, const mosaic_module_build& module) {
    if (module.abi != host.abi) {
        return "it uses module interface " + std::to_string(module.abi) + ", this Mosaic uses " +
               std::to_string(host.abi);
    }
    if (module.version_major != host.version_major || module.version_minor != host.version_minor ||
        module.version_patch != host.version_patch) {
        return "it was built against Mosaic " + version_text(module) + ", this is Mosaic " +
               version_text(host) + ": rebuild it against this SDK";
    }
    if (std::strcmp(module.compiler ? module.compiler : "", host.compiler ? host.compiler : "") !=
        0) {
        return std::string("it was built with compiler ") +
               (module.compiler ? module.compiler : "?") + ", this Mosaic with " + host.compiler +
               ": use the same compiler";
    }
    if (module.debug != host.debug) {
        return std::string("it is a ") + (module.debug ? "debug" : "release (NDEBUG)") +
               " build and this Mosaic a " + (host.debug ? "debug" : "release (NDEBUG)") +
               " one: build both the same way";
    }
    if (module.sanitized != host.sanitized) {
        return std::string("it was built ") + (module.sanitized ? "with" : "without") +
               " AddressSanitizer and this Mosaic " + (host.sanitized ? "with" : "without") + " it";
    }
    const struct {
        const char* name;
        std::uint32_t host, module;
    } sizes[] = {{"world", host.sizeof_world, module.sizeof_world},
                 {"component_table", host.sizeof_component_table, module.sizeof_component_table},
                 {"component_info", host.sizeof_component_info, module.sizeof_component_info},
                 {"scheduler", host.sizeof_scheduler, module.sizeof_scheduler},
                 {"system", host.sizeof_system, module.sizeof_system},
                 {"type_info", host.sizeof_type_info, module.sizeof_type_info}};
    for (const auto& s : sizes) {
        if (s.host != s.module) {
            return std::string("its headers differ from this Mosaic's (sizeof(mosaic::") + s.name +
                   ") is " + std::to_string(s.module) + ", here " + std::to_string(s.host) +
                   "): rebuild it against this SDK";
        }
    }
    return {};
}

game_module::load_result game_module::load(const fs::path& requested) {
    std::error_code ec;
    const fs::path file = fs::absolute(requested, ec).lexically_normal();
    const std::string where = "game module " + display_path(file);
    if (!fs::is_regular_file(file, ec)) {
        return {nullptr, where + ": no such file (build the project first)"};
    }
    static std::atomic<unsigned> counter{0};
    static const bool cleaned = (remove_folders_of_dead_processes(), true);
    (void)cleaned;
    const fs::path folder = copies_folder();
    fs::create_directories(folder, ec);
    fs::path copy = folder / (file.stem().string() + "." + std::to_string(counter++) +
                              file.extension().string());
    if (ec || !fs::copy_file(file, copy, fs::copy_options::overwrite_existing, ec)) {
        return {nullptr, where + ": cannot copy it to " + copy.string() + ": " + ec.message()};
    }
    // The copy is what is mapped: checked whole, it cannot change under dlopen.
    if (std::string why = module_file_problem(copy); !why.empty()) {
        fs::remove(copy, ec);
        return {nullptr, where + ": refused: " + why};
    }
    void* handle = ::dlopen(copy.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char* why = ::dlerror();
        fs::remove(copy, ec);
        return {nullptr,
                where + ": the dynamic loader refused it: " + (why ? why : "unknown error")};
    }
    const auto fail = [&](const std::string& why) -> load_result {
        ::dlclose(handle);
        fs::remove(copy, ec);
        return {nullptr, where + ": " + why};
    };
    using entry_fn = const mosaic_module* (*)(std::uint32_t);
    auto* entry_symbol = ::dlsym(handle, MOSAIC_MODULE_ENTRY);
    if (!entry_symbol) {
        return fail("it has no " MOSAIC_MODULE_ENTRY
                    " entry point (a game module ends with MOSAIC_GAME_MODULE(...))");
    }
    entry_fn entry = nullptr;
    std::memcpy(&entry, &entry_symbol, sizeof entry);  // object pointer -> function pointer
    // Game code: what it throws is its failure, reported like a registration that throws.
    const mosaic_module* info = nullptr;
    try {
        info = entry(MOSAIC_MODULE_ABI);
    } catch (const std::exception& e) {
        return fail(std::string("its entry point threw: ") + e.what());
    } catch (...) {
        return fail("its entry point threw an exception that is not a std::exception");
    }
    if (!info) return fail("its entry point returned nothing");
    if (std::string why = build_mismatch(host_build_info(), info->build); !why.empty()) {
        return fail("refused: " + why);
    }
    Dl_info where_mapped{};
    if (!::dladdr(entry_symbol, &where_mapped) || !where_mapped.dli_fbase) {
        return fail("cannot tell where it was loaded");
    }
    std::shared_ptr<game_module> module(new game_module());
    module->handle_ = handle;
    module->base_ = where_mapped.dli_fbase;
    module->entry_ = info;
    module->file_ = file;
    module->copy_ = copy;
    module->name_ = info->name ? info->name : file.stem().string();
    module->summary_ = info->summary ? info->summary : "";
    module->project_ = project{.name = module->name_,
                               .summary = module->summary_,
                               .register_components = info->register_components,
                               .register_systems = info->register_systems,
                               .register_panels = info->register_panels};
    crash_report::set_module(module->name_ + " (" + file.string() + ")");
    return {std::move(module), {}};
}

game_module::~game_module() {
    // Whoever held the module let go of everything of it (pools, tables, systems): its
    // types' functions are about to vanish, so the registry forgets them first.
    for (const type_id type : types()) retire_type(type);
    if (handle_) ::dlclose(handle_);
    std::error_code ec;
    fs::remove(copy_, ec);
    fs::remove(copy_.parent_path(), ec);  // only when empty: other modules may still be loaded
}

void* game_module::symbol(const char* name) const noexcept {
    return handle_ && name ? ::dlsym(handle_, name) : nullptr;
}

bool game_module::contains(const void* address) const noexcept {
    Dl_info info{};
    return address && ::dladdr(address, &info) && info.dli_fbase == base_;
}

std::vector<type_id> game_module::types() const {
    std::vector<type_id> owned;
    const std::size_t count = type_count();
    for (std::size_t id = 0; id < count; ++id) {
        const type_info* info = find_type(static_cast<type_id>(id));
        if (!info || info->retired) continue;
        // The functions of a type are instantiated where its id was first asked for; when
        // that is the module, they die with it.
        void* code = nullptr;
        static_assert(sizeof code == sizeof info->destroy);
        std::memcpy(&code, &info->destroy, sizeof code);
        if (contains(code)) owned.push_back(info->id);
    }
    return owned;
}

}  // namespace mosaic
