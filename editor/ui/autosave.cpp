#include "ui/autosave.hpp"

#include <imgui.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iterator>
#include <random>
#include <sstream>
#include <system_error>

#include <mosaic/engine/crash_report.hpp>
#include <mosaic/engine/display_path.hpp>
#include <mosaic/engine/scene/scene_file.hpp>

#include "ui/commands.hpp"

namespace mosaic::editor {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view data_suffix = ".scene.bin";
constexpr std::string_view crash_suffix = ".crash.txt";
constexpr std::string_view backup_suffix = ".bak";  // what save_scene_file keeps of the last

/// Removes a session's files (those that exist).
void remove_session_files(const fs::path& folder, const std::string& id) {
    std::error_code ec;
    const std::string data = id + std::string(data_suffix);
    fs::remove(folder / data, ec);
    fs::remove(folder / (data + std::string(backup_suffix)), ec);
    fs::remove(folder / (id + ".txt"), ec);
    fs::remove(folder / (id + std::string(crash_suffix)), ec);
}

std::string local_time(std::time_t t, const char* format) {
    std::tm tm{};
    localtime_r(&t, &tm);
    char text[64];
    return std::strftime(text, sizeof text, format, &tm) > 0 ? text : "";
}

/// ID.txt: "pid=..", "started=..", then "scene=" and the raw path to the end of the file (a
/// file name may hold a newline). An older editor wrote only the path, on one line.
struct note {
    std::string pid;
    std::string scene;
};

std::string note_text(const std::string& started, const fs::path& scene) {
    return "pid=" + std::to_string(::getpid()) + "\nstarted=" + started +
           "\nscene=" + scene.string() + "\n";
}

note read_note(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    note n;
    if (!text.starts_with("pid=")) {
        n.scene = text.substr(0, text.find('\n'));
        return n;
    }
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t end = std::min(text.find('\n', at), text.size());
        const std::string_view line(text.data() + at, end - at);
        if (line.starts_with("scene=")) {
            n.scene = text.substr(at + 6);
            if (n.scene.ends_with('\n')) n.scene.pop_back();
            break;
        }
        if (line.starts_with("pid=")) n.pid = std::string(line.substr(4));
        at = end + 1;
    }
    return n;
}

/// NAME.recovered.scene.bin next to the original, or NAME.recovered-2.scene.bin and on when
/// an earlier recovery is there (several crashed sessions may have had the same scene).
fs::path recovery_target(const fs::path& original, const fs::path& folder) {
    const std::string file = original.filename().string();
    const std::string stem = original.empty() ? "untitled" : file.substr(0, file.find('.'));
    const fs::path dir = original.empty() ? folder : original.parent_path();
    std::error_code ec;
    for (int n = 1; n < 100; ++n) {
        std::string name = stem + ".recovered";
        if (n > 1) name += "-" + std::to_string(n);
        name += ".scene.bin";
        fs::path target = dir / name;  // not const: returned by move
        if (!fs::exists(target, ec)) return target;
    }
    return dir / (stem + ".recovered.scene.bin");
}

std::string size_text(std::uintmax_t bytes) {
    if (bytes < 1024) return std::to_string(bytes) + " B";
    constexpr std::uintmax_t mebibyte = std::uintmax_t{1024} * 1024;
    if (bytes < mebibyte) return std::to_string(bytes / 1024) + " KB";
    return std::to_string(bytes / mebibyte) + " MB";
}

}  // namespace

// --- this session ----------------------------------------------------------------------------

autosave::autosave(fs::path folder) : folder_(std::move(folder)) {
    if (folder_.empty()) return;
    std::error_code ec;
    fs::create_directories(folder_, ec);
    const std::time_t now = std::time(nullptr);
    started_ = local_time(now, "%Y-%m-%d %H:%M:%S");
    std::random_device random;
    char tag[16];
    std::snprintf(tag, sizeof tag, "%04x", random() & 0xffffu);
    const std::string id = "session-" + std::to_string(::getpid()) + "-" +
                           local_time(now, "%Y%m%d-%H%M%S") + "-" + tag;
    lock_ = file_lock::try_lock(folder_ / (id + ".lock"));
    if (!lock_) {  // cannot lock (a read-only folder): autosave is off, as without a folder
        folder_.clear();
        return;
    }
    lock_->write("pid=" + std::to_string(::getpid()) + "\nstarted=" + started_ + "\n");
    file_ = folder_ / (id + std::string(data_suffix));
    note_ = folder_ / (id + ".txt");
    crash_ = folder_ / (id + std::string(crash_suffix));
    claim_crashed_sessions();
}

autosave::~autosave() {
    // Files written and not discarded are what a crash would leave: keep them for the next
    // start (the lock goes with this object, as it would with the process).
    if (lock_ && !written_) lock_->remove_and_unlock();
}

std::string autosave::write_now(editor_state& s, when w) {
    if (folder_.empty() || !s.dirty()) return {};
    if (s.opened_asset() != nullptr) return {};  // the scene waits aside; Save writes the asset
    if (s.playing() && w != when::entering_play) return {};
    for (const diagnostic& d : save_scene_file(s.scene(), s.table(), file_)) {
        if (d.severity == diagnostic::level::error) return d.to_string();
    }
    std::ofstream(note_, std::ios::binary | std::ios::trunc) << note_text(started_, s.scene_path());
    written_ = true;
    return {};
}

void autosave::tick(editor_state& s, double now, int minutes) {
    // While a prefab (archetype) is open dirty() is its own: the scene's recovery file stays.
    if (folder_.empty() || s.opened_asset() != nullptr) return;
    if (last_write_ < 0) last_write_ = now;
    if (!s.dirty()) {
        if (written_) discard();  // saved since: nothing to recover
        last_write_ = now;
        return;
    }
    if (minutes <= 0 || s.playing() || now - last_write_ < minutes * 60.0) return;
    last_write_ = now;
    if (std::string error = write_now(s); !error.empty())
        s.log().warning("autosave failed: " + error);
}

void autosave::discard() {
    if (folder_.empty()) return;
    std::error_code ec;
    fs::remove(file_, ec);
    fs::remove(file_.string() + std::string(backup_suffix), ec);
    fs::remove(note_, ec);
    written_ = false;
}

// --- crashed sessions ------------------------------------------------------------------------

void autosave::claim_crashed_sessions() {
    std::error_code ec;
    std::vector<fs::path> leftovers;  // lock files of sessions that never wrote a scene
    for (fs::directory_iterator it(folder_, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.ends_with(".lock")) leftovers.push_back(it->path());
        if (it->path() == file_ || it->path() == crash_) continue;
        const bool data_file = name.ends_with(data_suffix);
        const bool crash_file = name.ends_with(crash_suffix);
        if (!data_file && !crash_file) continue;
        const std::string id =
            name.substr(0, name.size() - (data_file ? data_suffix : crash_suffix).size());
        const fs::path data = folder_ / (id + std::string(data_suffix));
        // A session with both files is offered once, from its scene file.
        std::error_code exists_ec;
        if (crash_file && fs::exists(data, exists_ec)) continue;
        // A held lock is a live session (or one another editor is offering): hands off.
        std::optional<file_lock> lock = file_lock::try_lock(folder_ / (id + ".lock"));
        if (!lock) continue;
        std::error_code size_ec;
        const std::uintmax_t size = data_file ? fs::file_size(data, size_ec) : 0;
        if (size_ec) {  // recovered or discarded by another editor just now
            lock->remove_and_unlock();
            continue;
        }
        std::string crash =
            crash_report::read(folder_ / (id + std::string(crash_suffix))).value_or("");
        if (!data_file && crash.empty()) {
            lock->remove_and_unlock();
            continue;
        }
        const note n = read_note(folder_ / (id + ".txt"));
        std::string written;
        std::error_code time_ec;
        const auto mtime = fs::last_write_time(it->path(), time_ec);
        if (!time_ec) {
            const auto sys = std::chrono::file_clock::to_sys(mtime);
            written = local_time(std::chrono::system_clock::to_time_t(
                                     std::chrono::time_point_cast<std::chrono::seconds>(sys)),
                                 "%Y-%m-%d %H:%M");
        }
        offers_.push_back({id, data_file ? data : fs::path(), fs::path(n.scene), n.pid, written,
                           size, std::move(crash), data_file, std::move(*lock)});
    }
    // Sessions that ended without writing anything left only their lock file: tidy up the
    // free ones (a live session holds its own, and try_lock fails on it).
    for (const fs::path& lock_file : leftovers) {
        const fs::path data =
            lock_file.parent_path() / (lock_file.stem().string() + std::string(data_suffix));
        const fs::path crash =
            lock_file.parent_path() / (lock_file.stem().string() + std::string(crash_suffix));
        if (lock_file == lock_->path() || fs::exists(data, ec) || fs::exists(crash, ec)) continue;
        if (std::optional<file_lock> free = file_lock::try_lock(lock_file))
            free->remove_and_unlock();
    }
    std::sort(offers_.begin(), offers_.end(), [](const recovery_offer& a, const recovery_offer& b) {
        return a.written > b.written;
    });
}

bool autosave::recover(std::size_t i, editor_state& s, ui_state& ui) {
    recovery_offer& offer = offers_.at(i);
    const fs::path target = recovery_target(offer.original, folder_);
    std::error_code ec;
    fs::copy_file(offer.data, target, fs::copy_options::overwrite_existing, ec);
    if (ec) {
        s.log().error("cannot write " + display_path(target) + ": " + ec.message() +
                      " (the autosaved changes stay offered)");
        return false;
    }
    if (!open_scene_now(s, ui, target)) return false;
    s.log().info("recovered the autosaved changes into " + display_path(target) +
                 " (Save As to replace the original)");
    discard_offer(i);
    return true;
}

void autosave::discard_offer(std::size_t i) {
    recovery_offer& offer = offers_.at(i);
    remove_session_files(folder_, offer.id);
    offer.lock.remove_and_unlock();
    offers_.erase(offers_.begin() + static_cast<std::ptrdiff_t>(i));
}

void autosave::later() {
    offers_.clear();  // the locks go: the next editor to start offers them again
}

void autosave::draw_offer(editor_state& s, ui_state& ui) {
    if (offers_.empty()) return;
    if (!offer_opened_) {
        ImGui::OpenPopup("Recover unsaved changes?");
        offer_opened_ = true;
    }
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing,
                            {0.5f, 0.5f});
    if (!ImGui::BeginPopupModal("Recover unsaved changes?", nullptr,
                                ImGuiWindowFlags_AlwaysAutoResize))
        return;
    if (offers_.size() == 1) {
        ImGui::TextUnformatted(
            "An editor did not close normally; its unsaved changes were "
            "autosaved.");
    } else {
        ImGui::Text("%zu editors did not close normally; their unsaved changes were autosaved.",
                    offers_.size());
    }
    ImGui::TextDisabled("Recover writes NAME.recovered.scene.bin next to the scene and opens it.");
    const bool any_crash = std::any_of(offers_.begin(), offers_.end(),
                                       [](const recovery_offer& o) { return !o.crash.empty(); });
    if (any_crash) {
        ImGui::TextUnformatted(
            "It crashed: the report below says which module and system were running.");
    }
    ImGui::Spacing();
    enum class choice { none, recover, discard };
    choice chosen = choice::none;
    std::size_t which = 0;
    if (ImGui::BeginTable("##recoveries", 4, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg)) {
        ImGui::TableSetupColumn("Scene");
        ImGui::TableSetupColumn("Autosaved");
        ImGui::TableSetupColumn("Size");
        ImGui::TableSetupColumn("");
        ImGui::TableHeadersRow();
        for (std::size_t i = 0; i < offers_.size(); ++i) {
            const recovery_offer& o = offers_[i];
            ImGui::PushID(static_cast<int>(i));
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            std::string scene =
                o.original.empty() ? std::string("Untitled") : display_path(o.original);
            if (!o.has_scene) scene = "(no unsaved changes)";
            ImGui::TextUnformatted(scene.c_str());
            if (!o.pid.empty() && ImGui::IsItemHovered())
                ImGui::SetTooltip("editor process %s", o.pid.c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(o.written.c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(size_text(o.size).c_str());
            ImGui::TableNextColumn();
            if (o.has_scene) {
                if (ImGui::Button("Recover")) chosen = choice::recover, which = i;
                ui.test.record("recovery/Recover/" + std::to_string(i));
                ImGui::SameLine();
            }
            if (ImGui::Button(o.has_scene ? "Discard" : "Dismiss"))
                chosen = choice::discard, which = i;
            ui.test.record("recovery/Discard/" + std::to_string(i));
            ImGui::PopID();
        }
        ImGui::EndTable();
    }
    for (std::size_t i = 0; i < offers_.size(); ++i) {
        recovery_offer& o = offers_[i];
        if (o.crash.empty()) continue;
        ImGui::PushID(static_cast<int>(i));
        const std::string title =
            "Crash report" + (o.pid.empty() ? "" : " (process " + o.pid + ")");
        if (ImGui::CollapsingHeader(title.c_str(), ImGuiTreeNodeFlags_DefaultOpen)) {
            // Read-only text: selectable and copyable for a bug report.
            ImGui::InputTextMultiline("##crash", o.crash.data(), o.crash.size() + 1,
                                      {ImGui::GetFontSize() * 48, ImGui::GetTextLineHeight() * 12},
                                      ImGuiInputTextFlags_ReadOnly);
            ui.test.record("recovery/crash/" + std::to_string(i));
        }
        ImGui::PopID();
    }
    ImGui::Spacing();
    if (ImGui::Button("Later", {120, 0})) later();
    ui.test.record("recovery/Later");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Keep them and ask again at the next start");
    if (chosen == choice::recover) (void)recover(which, s, ui);
    if (chosen == choice::discard) discard_offer(which);
    if (offers_.empty()) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
}

}  // namespace mosaic::editor
