// clang-format off
#include <cereal/archives/json.hpp>  // first, as in the engine: how rapidjson asserts
// clang-format on
#include "asset_index.hpp"

#include <rapidjson/document.h>

#include <charconv>
#include <cstdio>
#include <set>

#include <mosaic/engine/scene/atomic_file.hpp>

#include "asset_browser.hpp"
#include "thumbnail_cache.hpp"

namespace mosaic::editor {

namespace fs = std::filesystem;

namespace {

constexpr int index_version = 1;
/// Files larger than this are indexed by size and time stamp alone (hash 0): a reference to
/// a 256 MiB file moved outside the editor is not worth reading it on every open.
constexpr std::uintmax_t max_hashed_bytes = std::uintmax_t{64} << 20;

bool indexed_kind(asset_kind k) {
    return k != asset_kind::folder && k != asset_kind::other;
}

std::string hex(std::uint64_t v) {
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(v));
    return text;
}

std::string json_quoted(std::string_view text) {
    std::string out = "\"";
    for (const char c : text) {
        if (c == '"' || c == '\\') out += '\\';
        if (static_cast<unsigned char>(c) < 0x20) continue;  // no path of ours has one
        out += c;
    }
    return out + "\"";
}

// Member lookup through a helper (clang's -Wambiguous-reversed-operator on rapidjson's
// iterators, as in the engine's image_import.cpp).
const rapidjson::Value* member(const rapidjson::Value& object, const char* name) {
    if (!object.IsObject()) return nullptr;
    for (auto m = object.MemberBegin(); m != object.MemberEnd(); ++m)
        if (std::string_view(m->name.GetString(), m->name.GetStringLength()) == name)
            return &m->value;
    return nullptr;
}

}  // namespace

fs::path asset_index_file(const fs::path& project) {
    return project / ".mosaic" / "asset_index.json";
}

asset_index load_asset_index(const fs::path& project, std::string* error) {
    asset_index out;
    const fs::path file = asset_index_file(project);
    std::error_code ec;
    if (!fs::exists(file, ec)) return out;
    const file_contents contents = read_file(file);
    const auto fail = [&](const std::string& why) {
        if (error) *error = "'" + file.string() + "': " + why + " (it is made again)";
        return asset_index{};
    };
    if (!contents.ok()) return fail(contents.message);
    rapidjson::Document doc;
    doc.Parse<rapidjson::kParseIterativeFlag>(contents.bytes.data(), contents.bytes.size());
    if (doc.HasParseError() || !doc.IsObject()) return fail("not a JSON object");
    const rapidjson::Value* version = member(doc, "version");
    if (version == nullptr || !version->IsInt() || version->GetInt() != index_version)
        return fail("not version " + std::to_string(index_version));
    const rapidjson::Value* files = member(doc, "files");
    if (files == nullptr || !files->IsObject()) return fail("no \"files\" object");
    for (auto m = files->MemberBegin(); m != files->MemberEnd(); ++m) {
        const rapidjson::Value& row = m->value;
        if (!row.IsArray() || row.Size() != 3 || !row[0].IsUint64() || !row[1].IsInt64() ||
            !row[2].IsString())
            return fail("the row of '" + std::string(m->name.GetString()) +
                        "' is not [bytes, time, \"hash\"]");
        std::uint64_t hash = 0;
        const std::string_view h(row[2].GetString(), row[2].GetStringLength());
        const auto [ptr, ec2] = std::from_chars(h.data(), h.data() + h.size(), hash, 16);
        if (ec2 != std::errc{} || ptr != h.data() + h.size())
            return fail("the hash of '" + std::string(m->name.GetString()) + "' is not hex");
        out[std::string(m->name.GetString(), m->name.GetStringLength())] = {
            row[0].GetUint64(), row[1].GetInt64(), hash};
    }
    return out;
}

asset_index scan_asset_index(const fs::path& project, const asset_index& previous) {
    asset_browser browser;
    browser.scan(project);
    asset_index out;
    for (const asset_entry& e : browser.entries()) {
        if (!indexed_kind(e.kind)) continue;
        asset_index_row row{e.bytes, e.modified, 0};
        const auto known = previous.find(e.relative);
        if (known != previous.end() && known->second.bytes == row.bytes &&
            known->second.modified == row.modified) {
            row.hash = known->second.hash;
        } else if (row.bytes <= max_hashed_bytes) {
            const file_contents contents = read_file(e.path);
            if (!contents.ok()) continue;
            const auto* data = reinterpret_cast<const std::uint8_t*>(contents.bytes.data());
            row.hash = content_hash(std::vector<std::uint8_t>(data, data + contents.bytes.size()));
        }
        out[e.relative] = row;
    }
    return out;
}

bool save_asset_index(const fs::path& project, const asset_index& index, std::string* error) {
    std::string text = "{\n  \"version\": " + std::to_string(index_version) + ",\n  \"files\": {";
    bool first = true;
    for (const auto& [path, row] : index) {
        text += first ? "\n    " : ",\n    ";
        first = false;
        text += json_quoted(path) + ": [" + std::to_string(row.bytes) + ", " +
                std::to_string(row.modified) + ", \"" + hex(row.hash) + "\"]";
    }
    text += "\n  }\n}\n";
    const fs::path file = asset_index_file(project);
    std::error_code ec;
    fs::create_directories(file.parent_path(), ec);
    if (auto why = write_file_atomically(file, text, keep_backup::no)) {
        if (error) *error = *why;
        return false;
    }
    return true;
}

std::vector<outside_rename> find_outside_renames(const fs::path& project, const asset_index& before,
                                                 const asset_index& now,
                                                 const component_table* table) {
    // The files that appeared, by hash; a hash shared by two new files says nothing.
    std::map<std::uint64_t, std::string> appeared;
    std::set<std::uint64_t> ambiguous;
    for (const auto& [path, row] : now) {
        if (before.contains(path) || row.hash == 0) continue;
        if (!appeared.emplace(row.hash, path).second) ambiguous.insert(row.hash);
    }
    std::vector<outside_rename> out;
    for (const auto& [path, row] : before) {
        if (now.contains(path) || row.hash == 0 || ambiguous.contains(row.hash)) continue;
        const auto found = appeared.find(row.hash);
        if (found == appeared.end()) continue;
        outside_rename r;
        r.move = {path, found->second};
        const project_rewrite refs =
            rewrite_project_references(project, r.move, table, /*dry_run=*/true);
        for (const file_references& f : refs.files) {
            if (f.references == 0) continue;
            r.references += f.references;
            r.files.push_back(f.file);
        }
        if (r.references > 0) out.push_back(std::move(r));
    }
    return out;
}

}  // namespace mosaic::editor
