#include "mosaic/engine/project/manifest.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <system_error>

#include <sys/stat.h>

#include "mosaic/engine/display_path.hpp"
#include "mosaic/engine/scene/atomic_file.hpp"
#include "mosaic/engine/scene/file_formats.hpp"
#include "serialization/json_support.hpp"

namespace mosaic {

namespace fs = std::filesystem;

namespace {

/// A manifest is a few lines; anything bigger is not one.
constexpr std::size_t max_manifest_size = 1 << 20;

diagnostic error_at(const fs::path& file, std::string_view text, std::size_t offset,
                    std::string path, std::string message) {
    diagnostic d;
    d.file = display_path(file);
    d.path = std::move(path);
    std::tie(d.line, d.column) = detail::line_column(text, offset);
    d.message = std::move(message);
    return d;
}

}  // namespace

bool expand_environment(std::string& text, std::string* error) {
    std::string out;
    std::size_t at = 0;
    const auto too_long = [&] {
        if (error) {
            *error = "the expanded text is longer than " + std::to_string(max_expanded_size) +
                     " bytes (a path; check the variables it uses)";
        }
        return false;
    };
    while (at < text.size()) {
        const std::size_t open = text.find("${", at);
        if (open == std::string::npos) break;
        const std::size_t close = text.find('}', open + 2);
        if (close == std::string::npos) break;
        if (out.size() + (open - at) > max_expanded_size) return too_long();
        out.append(text, at, open - at);
        const std::string name = text.substr(open + 2, close - open - 2);
        const char* value = std::getenv(name.c_str());
        if (!value) {
            if (error) *error = "the environment variable " + display_path(name) + " is not set";
            return false;
        }
        // Checked before appending: a long variable used many times never builds a huge text.
        if (std::strlen(value) > max_expanded_size - out.size()) return too_long();
        out += value;
        at = close + 1;
    }
    if (out.size() + (text.size() - std::min(at, text.size())) > max_expanded_size)
        return too_long();
    out.append(text, std::min(at, text.size()), std::string::npos);
    text = std::move(out);
    return true;
}

fs::path project_manifest::module_path(std::string* error) const {
    if (module.empty()) return {};
    std::string expanded = module;
    if (!expand_environment(expanded, error)) return {};
    return (folder / expanded).lexically_normal();
}

fs::path project_manifest::default_scene_path() const {
    return default_scene.empty() ? fs::path{} : (folder / default_scene).lexically_normal();
}

std::vector<fs::path> project_manifest::scene_files() const {
    std::vector<fs::path> files;
    std::error_code ec;
    const fs::path root = scenes_folder();
    if (!fs::is_directory(root, ec)) return files;
    for (fs::recursive_directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
        const file_format* format = file_format_of(it->path());
        if (format && format->is_scene()) {
            files.push_back(it->path().lexically_normal());
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

load_result<project_manifest> load_manifest(const fs::path& requested) {
    load_result<project_manifest> result;
    std::error_code ec;
    // A folder means the manifest in it; a path naming the manifest is the manifest even when
    // it is a folder (then refused below, not looked into).
    const bool folder =
        requested.filename() != manifest_file_name && fs::is_directory(requested, ec);
    const fs::path file =
        fs::absolute(folder ? requested / manifest_file_name : requested).lexically_normal();
    const auto problem = [&](std::string message) {
        diagnostic d;
        d.file = display_path(file);
        d.message = std::move(message);
        return d;
    };
    const auto fail = [&](diagnostic d) {
        result.diagnostics.push_back(std::move(d));
        return result;
    };
    const file_contents contents = read_file(file);
    if (!contents.ok()) return fail(problem(contents.message));
    const std::string& text = contents.bytes;
    if (text.size() > max_manifest_size) {
        return fail(problem("a project manifest is a few lines; this file has " +
                            std::to_string(text.size()) + " bytes"));
    }
    rapidjson::Document doc;
    if (auto failure = detail::parse_json(text, doc)) {
        return fail(error_at(file, text, failure->offset, "", failure->message));
    }
    // A key twice: the first would win silently ("name", "module" ...).
    if (auto twice = detail::find_duplicate_key(doc)) {
        const std::string where = twice->path.empty() ? twice->key : twice->path + "." + twice->key;
        return fail(error_at(
            file, text, detail::locate_json_path(text, where).value_or(0), where,
            "the key \"" + display_path(twice->key) + "\" appears twice (which one is meant?)"));
    }
    if (!doc.IsObject()) {
        return fail(error_at(file, text, 0, "",
                             "expected an object, found " + std::string(detail::describe(doc))));
    }
    const rapidjson::Value& root = doc;  // const iterators compare unambiguously under clang
    project_manifest m;
    m.file = file;
    m.folder = file.parent_path();
    // Each member: where it is (for the message) and a string value.
    const auto text_member = [&](const char* key, bool required,
                                 std::string& out) -> std::optional<diagnostic> {
        const auto member = root.FindMember(key);
        if (member == root.MemberEnd()) {
            if (!required) return std::nullopt;
            return error_at(file, text, 0, key, std::string("the manifest needs \"") + key + "\"");
        }
        if (!member->value.IsString() || detail::has_nul(member->value)) {
            const std::size_t offset = detail::locate_json_path(text, key).value_or(0);
            return error_at(
                file, text, offset, key,
                member->value.IsString()
                    ? std::string("the string has a NUL character (\\u0000)")
                    : "expected a string, found " + std::string(detail::describe(member->value)));
        }
        out.assign(member->value.GetString(), member->value.GetStringLength());
        return std::nullopt;
    };
    std::string scenes = m.scenes.string(), archetypes = m.archetypes.string(), default_scene;
    for (auto [key, required, out] :
         {std::tuple{"name", true, &m.name}, std::tuple{"module", false, &m.module},
          std::tuple{"scenes", false, &scenes}, std::tuple{"archetypes", false, &archetypes},
          std::tuple{"default_scene", false, &default_scene},
          std::tuple{"build", false, &m.build_command}}) {
        if (auto error = text_member(key, required, *out)) return fail(std::move(*error));
    }
    if (m.name.empty()) {
        return fail(error_at(file, text, detail::locate_json_path(text, "name").value_or(0), "name",
                             "the project's name is empty"));
    }
    for (const auto& member : root.GetObject()) {
        const std::string_view key(member.name.GetString(), member.name.GetStringLength());
        static constexpr std::string_view known[] = {"name",       "module",        "scenes",
                                                     "archetypes", "default_scene", "build"};
        if (std::find(std::begin(known), std::end(known), key) == std::end(known)) {
            diagnostic d = error_at(file, text, detail::locate_json_path(text, key).value_or(0),
                                    display_path(key), "unknown field (ignored)");
            d.severity = diagnostic::level::warning;
            result.diagnostics.push_back(std::move(d));
        }
    }
    m.scenes = scenes;
    m.archetypes = archetypes;
    m.default_scene = default_scene;
    result.value = std::move(m);
    return result;
}

std::optional<fs::path> find_manifest(const fs::path& path) {
    std::error_code ec;
    fs::path folder = fs::absolute(path, ec).lexically_normal();
    if (ec) return std::nullopt;
    if (!fs::is_directory(folder, ec)) folder = folder.parent_path();
    for (; !folder.empty(); folder = folder.parent_path()) {
        const fs::path candidate = folder / manifest_file_name;
        // Anything by that name is the project's manifest: a folder, a FIFO, a device or a
        // symlink loop is returned too, so that loading it says what is wrong with it.
        struct stat info {};
        if (::lstat(candidate.c_str(), &info) == 0) return candidate;
        if (folder == folder.root_path()) break;
    }
    return std::nullopt;
}

}  // namespace mosaic
