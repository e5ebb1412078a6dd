// The Game tab (remote_panel.hpp) and its commands: File > Attach to Game... and Detach from
// Game, and the script verbs `attach ADDR:PORT [TOKEN]` and `detach`, one registration each.
#include "ui/remote_panel.hpp"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cstdio>

#include "core/child_play.hpp"
#include "core/command_table.hpp"
#include "ui/theme.hpp"
#include "ui/ui_state.hpp"

namespace mosaic::editor {

namespace {

bool attached_or_connecting(const command_context& c) {
    (void)c;
    return (attached_game().state() == remote_game::status::attached ||
            attached_game().state() == remote_game::status::connecting);
}

MOSAIC_EDITOR_COMMAND({.id = "file.attach",
                       .label = "Attach to Game...",
                       .verb = "attach",
                       .usage = "ADDR:PORT [TOKEN]",
                       .help = "Attach to a game running with mosaic-run --listen",
                       .menu = "File",
                       .order = 250,
                       .run = [](command_context& c) {
                           if (c.ui == nullptr) return std::string("attach: needs the window");
                           c.ui->events.post(show_panel{"remote"});
                           if (!c.from_script()) {
                               (void)attached().free_one();  // a tab with the attach form
                               return std::string();
                           }
                           if (std::string missing = c.need(1); !missing.empty()) return missing;
                           // Another game beside those attached: a tab of its own.
                           const std::string error = attached().free_one().attach(
                               c.args[0], c.args.size() > 1 ? c.args[1] : "");
                           return error.empty() ? error : "attach: " + error;
                       }});
MOSAIC_EDITOR_COMMAND({.id = "file.detach",
                       .label = "Detach from Game",
                       .verb = "detach",
                       .help = "Detach from the shown game (it keeps running); its tab closes",
                       .menu = "File",
                       .order = 260,
                       .enabled = attached_or_connecting,
                       .run = [](command_context&) {
                           attached().close(attached().current_index());
                           return std::string();
                       }});

const char* status_text(remote_game::status s) {
    switch (s) {
        case remote_game::status::detached:
            return "Not attached";
        case remote_game::status::connecting:
            return "Connecting...";
        case remote_game::status::attached:
            return "Attached";
        case remote_game::status::failed:
            return "Failed";
    }
    return "";
}

}  // namespace

remote_game& attached_games::current() {
    if (games_.empty()) return add();
    return *games_[std::min(current_, games_.size() - 1)];
}

void attached_games::show(std::size_t index) {
    if (index < games_.size()) current_ = index;
}

remote_game& attached_games::add() {
    games_.push_back(std::make_unique<remote_game>());
    current_ = games_.size() - 1;
    select_next_ = static_cast<int>(current_);
    return *games_.back();
}

remote_game& attached_games::free_one() {
    remote_game& g = current();
    const bool busy =
        g.state() == remote_game::status::attached || g.state() == remote_game::status::connecting;
    return busy ? add() : g;
}

void attached_games::close(std::size_t index) {
    if (index >= games_.size()) return;
    games_[index]->detach();
    if (games_.size() > 1) games_.erase(games_.begin() + static_cast<std::ptrdiff_t>(index));
    if (current_ >= games_.size()) current_ = games_.size() - 1;
}

void attached_games::update(double now) {
    for (const auto& g : games_) g->update(now);
}

attached_games& attached() {
    static attached_games games;
    return games;
}

remote_game& attached_game() {
    return attached().current();
}

void remote_panel::every_frame(panel_context& ctx) {
    (void)ctx;
    attached().update(ImGui::GetTime());
}

void remote_panel::draw(panel_context& ctx) {
    ctx_ = &ctx;
    ui_state& ui = ctx.ui;
    attached_games& games = attached();
    (void)games.current();  // at least one tab
    if (!ImGui::BeginTabBar("##games", ImGuiTabBarFlags_AutoSelectNewTabs)) return;
    // A game played in a separate process (the toolbar's Play with "Separate process" on) is
    // the first tab while it runs; the toolbar's Pause, Step and Stop drive it.
    child_play& child = ctx.child_player();
    if (child.active() || child.state() == child_play::status::ended) {
        const std::string label =
            std::string(child.adopted() ? "Shown in editor" : "Played here") + "###child";
        if (ImGui::BeginTabItem(label.c_str())) {
            if (ui.test.record_items) ui.test.record("remote/tab/child");
            if (child.active() && child.adopted()) {
                ImGui::Text("Shown in the editor (Stop detaches; the game keeps running)");
                draw_attached(child.remote(), ui, false);
            } else if (child.active()) {
                ImGui::Text("Playing in a separate process (process %d)", child.pid());
                if (child.state() == child_play::status::starting) {
                    ImGui::TextDisabled("%s", child.message().c_str());
                } else {
                    draw_attached(child.remote(), ui, false);
                }
            } else {  // crashed, failed: the Console has more
                ImGui::TextColored(colors::error, "Played in a separate process: %s",
                                   child.message().c_str());
            }
            ImGui::EndTabItem();
        }
    }
    const int select = games.take_tab_to_select();
    // Its run instances (a server and its clients), one tab each, numbered from 2.
    for (std::size_t i = 0; i < child.instances().size(); ++i) {
        child_play& instance = *child.instances()[i];
        const std::string name = "Instance " + std::to_string(i + 2);
        if (ImGui::BeginTabItem((name + "###instance" + std::to_string(i)).c_str())) {
            if (ui.test.record_items) ui.test.record("remote/tab/" + name);
            draw_instance(instance, child.instance_args.size() > i ? child.instance_args[i] : "",
                          ui);
            ImGui::EndTabItem();
        } else if (ui.test.record_items) {
            ui.test.record("remote/tab/" + name);
        }
    }
    if (ImGui::BeginTabItem("Run Instances###instances")) {
        draw_instance_list(child, ui);
        ImGui::EndTabItem();
    }
    for (std::size_t i = 0; i < games.size(); ++i) {
        remote_game& g = games.at(i);
        const std::string name = g.address().empty() ? "New" : g.address();
        const std::string label = name + "###game" + std::to_string(i);
        bool open = true;
        const ImGuiTabItemFlags flags =
            select == static_cast<int>(i) ? ImGuiTabItemFlags_SetSelected : 0;
        if (ImGui::BeginTabItem(label.c_str(), games.size() > 1 ? &open : nullptr, flags)) {
            if (ui.test.record_items) ui.test.record("remote/tab/" + name);
            games.show(i);
            draw_tab(g, ui);
            ImGui::EndTabItem();
        } else if (ui.test.record_items) {
            ui.test.record("remote/tab/" + name);
        }
        if (!open) {
            games.close(i);
            break;
        }
    }
    if (ImGui::TabItemButton("+", ImGuiTabItemFlags_Trailing)) games.add();
    if (ui.test.record_items) ui.test.record("remote/add");
    ImGui::EndTabBar();
}

void remote_panel::draw_instance(child_play& instance, const std::string& args, ui_state& ui) {
    ImGui::TextDisabled("mosaic-run options: %s", args.empty() ? "(none)" : args.c_str());
    if (instance.active() && instance.state() == child_play::status::running) {
        ImGui::Text("Process %d", instance.pid());
        draw_attached(instance.remote(), ui, false);
    } else if (instance.state() == child_play::status::ended) {
        ImGui::TextColored(colors::error, "Ended: %s", instance.message().c_str());
    } else {
        ImGui::TextDisabled("%s", instance.message().c_str());
    }
}

void remote_panel::draw_instance_list(child_play& child, ui_state& ui) {
    ImGui::TextWrapped(
        "With Separate process on, Play also starts one more game per line below, on the same "
        "scene, each with its own mosaic-run options (e.g. --seed 2): a server and its "
        "clients. The editor shows the first game; each instance has a tab here. Pause, Step "
        "and Stop act on all of them.");
    ImGui::BeginDisabled(child.active());
    std::vector<std::string>& lines = child.instance_args;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        ImGui::PushID(static_cast<int>(i));
        std::array<char, 256> text{};
        std::snprintf(text.data(), text.size(), "%s", lines[i].c_str());
        ImGui::Text("Instance %zu", i + 2);
        ImGui::SameLine();
        ImGui::SetNextItemWidth(-40);
        if (ImGui::InputText("##args", text.data(), text.size())) lines[i] = text.data();
        if (ui.test.record_items) ui.test.record("remote/instance/" + std::to_string(i + 2));
        ImGui::SameLine();
        const bool remove = ImGui::SmallButton("x");
        ImGui::PopID();
        if (remove) {
            lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(i));
            break;
        }
    }
    if (ImGui::Button("Add Instance")) lines.emplace_back();
    if (ui.test.record_items) ui.test.record("remote/add_instance");
    ImGui::EndDisabled();
}

void remote_panel::draw_tab(remote_game& g, ui_state& ui) {
    const remote_game::status status = g.state();
    ImGui::TextUnformatted(status_text(status));
    if (!g.message().empty()) {
        ImGui::SameLine();
        ImGui::TextDisabled("%s", g.message().c_str());
    }
    if (ui.test.record_items) ui.test.record("remote/status");
    if (status == remote_game::status::attached) {
        draw_attached(g, ui, true);
    } else {
        if (status == remote_game::status::connecting && ImGui::Button("Cancel")) g.detach();
        draw_attach_form(g, ui);
    }
}

void remote_panel::draw_attach_form(remote_game& g, ui_state& ui) {
    if (ImGui::GetTime() - listed_at_ > 1.0) {  // the registry, once a second
        games_ = live::listening_games();
        listed_at_ = ImGui::GetTime();
    }
    ImGui::Separator();
    ImGui::TextDisabled("Games on this machine");
    if (games_.empty()) ImGui::TextDisabled("none (start one with mosaic-run SCENE --listen 0)");
    for (const live::listening_game& listed : games_) {
        const std::string label = listed.address + "  " + listed.scene + "  (pid " +
                                  std::to_string(listed.pid) +
                                  (listed.token_required ? ", token)" : ")");
        if (ImGui::Selectable(label.c_str(), address_.data() == listed.address)) {
            std::snprintf(address_.data(), address_.size(), "%s", listed.address.c_str());
        }
    }
    ImGui::Separator();
    ImGui::TextDisabled("Attach to");
    ImGui::SetNextItemWidth(-1);
    ImGui::InputTextWithHint("##address", "ADDR:PORT (e.g. 127.0.0.1:4000)", address_.data(),
                             address_.size());
    if (ui.test.record_items) ui.test.record("remote/address");
    ImGui::SetNextItemWidth(-1);
    ImGui::InputTextWithHint("##token", "token (only for a non-loopback address)", token_.data(),
                             token_.size(), ImGuiInputTextFlags_Password);
    if (ImGui::Button("Attach")) error_ = g.attach(address_.data(), token_.data());
    if (ui.test.record_items) ui.test.record("remote/attach");
    if (!error_.empty()) ImGui::TextColored(colors::error, "%s", error_.c_str());
}

void remote_panel::draw_attached(remote_game& g, ui_state& ui, bool detachable) {
    ImGui::Text("%s  tick %llu%s", g.address().c_str(), static_cast<unsigned long long>(g.tick()),
                g.paused() ? "  (paused)" : "");
    if (g.paused() ? ImGui::Button("Resume") : ImGui::Button("Pause")) {
        g.paused() ? g.resume() : g.pause();
    }
    if (ui.test.record_items) ui.test.record("remote/pause");
    ImGui::SameLine();
    ImGui::BeginDisabled(!g.paused());
    if (ImGui::Button("Step")) g.step();
    ImGui::EndDisabled();
    if (detachable) {
        ImGui::SameLine();
        if (ImGui::Button("Detach")) {
            g.detach();  // the tab stays (attach again from it); its x closes it
            return;
        }
        // The editor's own panels show it (as Play in a separate process does): this tab
        // lets go of the game, the toolbar's controls drive it, Stop detaches.
        ImGui::SameLine();
        ImGui::BeginDisabled(ctx_->playing());
        if (ImGui::Button("Show in Editor")) {
            const std::string address = g.address();
            g.detach();
            error_ = ctx_->edit.run_with("play.show_game", {address, token_.data()});
            ImGui::EndDisabled();
            return;
        }
        ImGui::EndDisabled();
        if (ui.test.record_items) ui.test.record("remote/show_in_editor");
    }
    ImGui::SameLine();
    ImGui::Checkbox("Allow Edits", &g.allow_edits);
    if (ui.test.record_items) ui.test.record("remote/allow_edits");

    // The remote hierarchy, one page at a time.
    const std::size_t first = g.page_offset();
    ImGui::Text("Entities %zu-%zu of %zu", g.rows().empty() ? 0 : first + 1,
                first + g.rows().size(), g.total());
    ImGui::SameLine();
    ImGui::BeginDisabled(first == 0);
    if (ImGui::SmallButton("<")) {
        g.show_page(first >= remote_game::page_size ? first - remote_game::page_size : 0);
    }
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(first + remote_game::page_size >= g.total());
    if (ImGui::SmallButton(">")) g.show_page(first + remote_game::page_size);
    ImGui::EndDisabled();
    const float list_height = ImGui::GetContentRegionAvail().y * 0.45f;
    if (ImGui::BeginChild("##remote_entities", ImVec2(0, list_height), true)) {
        for (std::size_t i = 0; i < g.rows().size(); ++i) {
            const remote_game::row& r = g.rows()[i];
            ImGui::PushID(static_cast<int>(i));
            if (ImGui::Selectable(r.name.c_str(), r.id == g.selected())) g.select(r.id);
            if (ui.test.record_items) ui.test.record("remote/row/" + r.name);
            ImGui::PopID();
        }
    }
    ImGui::EndChild();
    draw_inspector(g, ui);
}

void remote_panel::draw_inspector(remote_game& g, ui_state& ui) {
    if (g.selected() == 0) {
        ImGui::TextDisabled("Click an entity to see its values.");
        return;
    }
    if (!ImGui::BeginChild("##remote_inspector", ImVec2(0, 0), true)) {
        ImGui::EndChild();
        return;
    }
    if (!error_.empty()) ImGui::TextColored(colors::error, "%s", error_.c_str());
    for (const remote_game::component_value& c : g.inspected()) {
        if (!ImGui::CollapsingHeader(c.name.c_str(), ImGuiTreeNodeFlags_DefaultOpen)) continue;
        for (const remote_game::field_value& f : c.fields) {
            const std::string id = c.name + "." + f.name;
            ImGui::PushID(id.c_str());
            ImGui::TextUnformatted(f.name.c_str());
            ImGui::SameLine(140.0f);
            ImGui::SetNextItemWidth(-1);
            if (!g.allow_edits) {
                ImGui::TextUnformatted(f.json.c_str());
            } else {
                // The pushed value shows until the field is clicked; Enter sends the text.
                std::array<char, 256> shown{};
                const bool editing = editing_ == id;
                if (!editing) std::snprintf(shown.data(), shown.size(), "%s", f.json.c_str());
                char* buffer = editing ? edit_text_.data() : shown.data();
                if (ImGui::InputText("##value", buffer, 256,
                                     ImGuiInputTextFlags_EnterReturnsTrue)) {
                    error_ = g.set_field(c.name, f.name, buffer);
                    editing_.clear();
                } else if (ImGui::IsItemActive() && !editing) {
                    editing_ = id;
                    edit_text_ = shown;
                } else if (!ImGui::IsItemActive() && editing) {
                    editing_.clear();
                }
            }
            if (ui.test.record_items) ui.test.record("remote/field/" + id);
            ImGui::PopID();
        }
    }
    ImGui::EndChild();
}

}  // namespace mosaic::editor
