#include "ui/autosave.hpp"

#include <imgui.h>

#include <fstream>
#include <system_error>

#include <mosaic/engine/scene/scene_file.hpp>

#include "ui/commands.hpp"

namespace mosaic::editor {

namespace fs = std::filesystem;

autosave::autosave(fs::path folder) : folder_(std::move(folder)) {
    if (folder_.empty()) return;
    file_ = folder_ / "recovery.scene.bin";
    note_ = folder_ / "recovery.txt";
    std::error_code ec;
    if (fs::exists(file_, ec)) {
        offer_ = true;
        std::ifstream in(note_);
        std::getline(in, original_);
    }
}

std::string autosave::write_now(editor_state& s, when w) {
    if (folder_.empty() || !s.dirty()) return {};
    if (s.playing() && w != when::entering_play) return {};
    std::error_code ec;
    fs::create_directories(folder_, ec);
    for (const diagnostic& d : save_scene_file(s.scene(), s.table(), file_)) {
        if (d.severity == diagnostic::level::error) return d.to_string();
    }
    std::ofstream(note_, std::ios::trunc) << s.scene_path().string() << "\n";
    written_ = true;
    return {};
}

void autosave::tick(editor_state& s, double now, int minutes) {
    if (folder_.empty() || offer_) return;  // an old recovery file waits for an answer
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
    fs::remove(note_, ec);
    written_ = false;
}

void autosave::draw_offer(editor_state& s, ui_state& ui) {
    if (!offer_) return;
    if (!offer_opened_) {
        ImGui::OpenPopup("Recover unsaved changes?");
        offer_opened_ = true;
    }
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing,
                            {0.5f, 0.5f});
    if (!ImGui::BeginPopupModal("Recover unsaved changes?", nullptr,
                                ImGuiWindowFlags_AlwaysAutoResize))
        return;
    ImGui::TextUnformatted("The editor did not close normally last time.");
    ImGui::Text("Unsaved changes to %s were autosaved.",
                original_.empty() ? "an untitled scene" : original_.c_str());
    ImGui::Spacing();
    if (ImGui::Button("Recover", {120, 0})) {
        // Next to the original (or in the settings folder for an untitled scene).
        const fs::path original = original_;
        const fs::path target =
            original.empty()
                ? folder_ / "untitled.recovered.scene.bin"
                : original.parent_path() / (original.filename().string().substr(
                                                0, original.filename().string().find('.')) +
                                            ".recovered.scene.bin");
        std::error_code ec;
        fs::copy_file(file_, target, fs::copy_options::overwrite_existing, ec);
        if (ec) {
            s.log().error("cannot write " + target.string() + ": " + ec.message());
        } else if (open_scene_now(s, ui, target)) {
            s.log().info("recovered the autosaved changes into " + target.string() +
                         " (Save As to replace the original)");
            discard();
        }
        offer_ = false;
        ImGui::CloseCurrentPopup();
    }
    ui.record("recovery/Recover");
    ImGui::SameLine();
    if (ImGui::Button("Discard", {120, 0})) {
        discard();
        offer_ = false;
        ImGui::CloseCurrentPopup();
    }
    ui.record("recovery/Discard");
    ImGui::EndPopup();
}

}  // namespace mosaic::editor
