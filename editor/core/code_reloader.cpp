#include "code_reloader.hpp"

#include <algorithm>
#include <cctype>
#include <string>

#include <mosaic/engine/project/manifest.hpp>

#include "editor_state.hpp"

namespace mosaic::editor {

namespace fs = std::filesystem;

namespace {

/// `word` (lower case) as a word of `lower`: "error:", "Error 1", "3 errors" count;
/// "-Werror", "-Wno-error=x" and "error_codes.cpp" (a compiler's command line, a file name)
/// do not, or every compile command would show in red.
bool has_word(std::string_view lower, std::string_view word) {
    const auto name_char = [&](std::size_t i) {
        const char c = lower[i];
        if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '=')
            return true;
        // A dot inside a name ("errors.cpp"), not at the end of a sentence.
        return c == '.' && i + 1 < lower.size() &&
               std::isalnum(static_cast<unsigned char>(lower[i + 1]));
    };
    for (std::size_t at = lower.find(word); at != std::string_view::npos;
         at = lower.find(word, at + 1)) {
        std::size_t end = at + word.size();
        if (end < lower.size() && lower[end] == 's') ++end;  // "errors", "warnings"
        const bool starts = at == 0 || !name_char(at - 1);
        const bool ends = end == lower.size() || !name_char(end);
        if (starts && ends) return true;
    }
    return false;
}

}  // namespace

log_level build_line_level(std::string_view line) {
    std::string lower(line);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (has_word(lower, "error")) return log_level::error;
    if (has_word(lower, "warning")) return log_level::warning;
    return log_level::info;
}

bool code_reloader::start_build(editor_state& s) {
    const auto& manifest = s.opened_project().manifest;
    if (!manifest) {
        s.log().error("build: no project is open");
        return false;
    }
    if (building()) {
        s.log().warning("build: a build is already running");
        return false;
    }
    std::string command = manifest->build_command;
    if (command.empty()) {
        s.log().error("build: " + manifest->file.string() + " has no \"build\" command");
        return false;
    }
    if (std::string error; !expand_environment(command, &error)) {
        s.log().error("build: " + manifest->file.string() + ": " + error);
        return false;
    }
    s.log().info("build: " + command + "  (in " + manifest->folder.string() + ")");
    if (std::string error; !runner_.start(command, manifest->folder, &error)) {
        s.log().error("build: " + error);
        return false;
    }
    build_manifest_ = manifest->file;
    return true;
}

void code_reloader::poll_build(editor_state& s) {
    if (!building()) return;
    for (std::string& line : runner_.poll()) {
        const log_level level = build_line_level(line);  // before the line is moved away
        s.log().add(level, std::move(line));
    }
    if (!building() && runner_.exit_code()) end_build(s, *runner_.exit_code());
}

void code_reloader::end_build(editor_state& s, int exit_code) {
    rebaseline_ = true;
    last_build_ = build_result{.exit_code = exit_code, .reloaded = false};
    if (exit_code != 0) {
        s.log().error("build failed (exit " + std::to_string(exit_code) +
                      "): the running code stays");
        return;
    }
    const auto& manifest = s.opened_project().manifest;
    if (!manifest || manifest->file != build_manifest_) {
        s.log().warning("build finished, but another project is open now: nothing reloaded");
        return;
    }
    s.log().info("build finished: reloading the code");
    last_build_->reloaded = s.reload_code();
}

void code_reloader::update(editor_state& s, double now) {
    poll_build(s);
    watch(s, now);
}

void code_reloader::watch(editor_state& s, double now) {
    fs::path module;
    if (const auto& manifest = s.opened_project().manifest) module = manifest->module_path();
    if (module != watcher_.file()) {  // another project (or the first frame)
        watcher_.watch(module, now);
        seen_reloads_ = s.reloads();
        return;
    }
    if (building()) return;  // the build writes the file; its end reloads
    if (rebaseline_ || s.reloads() != seen_reloads_) {
        watcher_.rebaseline(now);
        seen_reloads_ = s.reloads();
        rebaseline_ = false;
        return;
    }
    if (!watcher_.poll(now)) return;
    s.log().info("the module changed on disk: reloading " + module.string());
    (void)s.reload_code();
    seen_reloads_ = s.reloads();
}

}  // namespace mosaic::editor
