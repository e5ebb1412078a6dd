#include "core/open_scene_lock.hpp"

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <system_error>

#include <mosaic/engine/display_path.hpp>

namespace mosaic::editor {

namespace fs = std::filesystem;

fs::path open_scene_lock::marker(const fs::path& folder, const fs::path& scene) {
    std::error_code ec;
    fs::path canonical = fs::weakly_canonical(fs::absolute(scene, ec), ec);
    if (ec) canonical = scene;
    // FNV-1a: the same name in every build of the editor, so two versions see each other.
    std::uint64_t hash = 14695981039346656037ull;
    for (const char c : canonical.native()) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 1099511628211ull;
    }
    char name[40];
    std::snprintf(name, sizeof name, "scene-%016llx.lock", static_cast<unsigned long long>(hash));
    return folder / name;
}

void open_scene_lock::follow(editor_state& s) {
    if (folder_.empty() || s.scene_path() == followed_) return;
    followed_ = s.scene_path();
    if (lock_) lock_->remove_and_unlock();
    lock_.reset();
    if (followed_.empty()) return;  // untitled: nobody else can have it open
    std::error_code ec;
    fs::create_directories(folder_, ec);
    const fs::path file = marker(folder_, followed_);
    lock_ = file_lock::try_lock(file);
    if (lock_) {
        lock_->write("pid=" + std::to_string(::getpid()) + "\nscene=" + followed_.string() + "\n");
        return;
    }
    if (!file_lock::held_by_other(file)) return;  // could not create the marker: say nothing
    std::ifstream in(file, std::ios::binary);
    std::string holder{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    holder = holder.starts_with("pid=") ? holder.substr(4, holder.find('\n') - 4) : "";
    const std::string who =
        holder.empty() ? "another editor" : "another editor (process " + display_path(holder) + ")";
    const std::string text = display_path(followed_) + " is open in " + who +
                             " too: whichever saves last overwrites the other's changes.";
    s.log().warning(text);
    s.alert("Scene open in another editor", text);
}

}  // namespace mosaic::editor
