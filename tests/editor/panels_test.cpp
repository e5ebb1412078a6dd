// Panels are plug-ins: a panel added with editor_ui::add_panel is drawn in its dock (a tab
// when the dock has others), the requests between panels arrive through one queue of typed
// events, each once and in order, and a game module's panels come and go with its code (never
// called after their module is unloaded), down to a real sample's (Tiny Tanks' Teams tab and
// its Tanks > Heal All Tanks command, from the menu and its shortcut).
#include <imgui_internal.h>  // FindWindowByName

#include <algorithm>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/project/loaded_project.hpp>

#include "../editor_core/reload_project.hpp"
#include "core/command_table.hpp"
#include "core/module_commands.hpp"
#include "editor_ui_test_support.hpp"
#include "ui/command_items.hpp"
#include "ui/module_panel.hpp"

namespace mosaic::testing {
namespace {

using namespace mosaic::editor;
namespace fs = std::filesystem;

/// A panel that counts its draws, records a button and keeps the events it is handed.
class probe_panel : public panel {
public:
    probe_panel(std::string id, std::string title, dock where)
        : panel({.id = std::move(id), .title = std::move(title), .where = where}) {}
    void draw(panel_context& ctx) override {
        ++draws;
        ImGui::Button("probe");
        ctx.ui.test.record(info().id + "/button");
    }
    void on_event(const panel_event& e, panel_context& ctx) override {
        (void)ctx;
        events.push_back(e);
    }
    int draws = 0;
    std::vector<panel_event> events;
};

class PanelsTest : public EditorUiTest {
protected:
    probe_panel& add_probe(dock where, const std::string& id = "probe",
                           const std::string& title = "Probe") {
        return ui.emplace_panel<probe_panel>(id, title, where);
    }
    [[nodiscard]] bool inside(const item_rect& r, const panel_rect& area) const {
        return r.min.x >= area.pos.x && r.min.y >= area.pos.y &&
               r.max.x <= area.pos.x + area.size.x && r.max.y <= area.pos.y + area.size.y;
    }
    [[nodiscard]] std::vector<std::string> view_menu() {
        std::vector<std::string> ids;
        for (const view_menu_state::entry& entry : ui.state().view.panels) ids.push_back(entry.id);
        return ids;
    }
};

TEST_F(PanelsTest, TheBuiltInPanelsKeepTheirWindowsAndTabs) {
    imgui.frames(2);
    // Alone in their docks: titled windows, as before panels were plug-ins.
    EXPECT_NE(ImGui::FindWindowByName("Hierarchy###hierarchy"), nullptr);
    EXPECT_NE(ImGui::FindWindowByName("Scene###scene"), nullptr);
    EXPECT_NE(ImGui::FindWindowByName("Inspector###inspector"), nullptr);
    EXPECT_TRUE(has_item("tab/Console") && has_item("tab/Project") && has_item("tab/Profiler") &&
                has_item("tab/Tiles") && has_item("tab/Animation"));
    EXPECT_FALSE(has_item("tab/Hierarchy"));
    EXPECT_EQ(view_menu(), (std::vector<std::string>{"console", "project", "profiler", "query",
                                                     "remote", "tiles", "animation"}));
    EXPECT_EQ(ui.shown_panel(dock::bottom), "console");
}

TEST_F(PanelsTest, ARegisteredPanelIsDrawnInItsDockTab) {
    probe_panel& probe = add_probe(dock::bottom);
    imgui.frames(2);
    ASSERT_TRUE(has_item("tab/Probe")) << "a tab in the bottom strip";
    EXPECT_LE(item("tab/Profiler").max.x, item("tab/Probe").min.x) << "after the built-in tabs";
    EXPECT_EQ(probe.draws, 0) << "the Console is the tab shown";
    EXPECT_EQ(view_menu().back(), "probe") << "the View menu lists it";

    imgui.click(at("tab/Probe"));
    imgui.frames(2);
    EXPECT_GT(probe.draws, 0);
    ASSERT_TRUE(has_item("probe/button"));
    EXPECT_TRUE(inside(item("probe/button"), ui.layout().bottom));
    EXPECT_EQ(ui.shown_panel(dock::bottom), "probe");
    EXPECT_FALSE(has_item("console/Clear")) << "one tab at a time";
}

TEST_F(PanelsTest, ASecondPanelInASideColumnMakesTabsThere) {
    probe_panel& probe = add_probe(dock::left);
    imgui.frames(2);
    ASSERT_TRUE(has_item("tab/Hierarchy"));
    ASSERT_TRUE(has_item("tab/Probe"));
    EXPECT_TRUE(has_item("hierarchy/+")) << "the Hierarchy stays the tab shown";
    EXPECT_EQ(probe.draws, 0);
    imgui.click(at("tab/Probe"));
    imgui.frames(2);
    EXPECT_GT(probe.draws, 0);
    EXPECT_TRUE(inside(item("probe/button"), ui.layout().hierarchy));
    EXPECT_FALSE(has_item("hierarchy/+"));
    // The View menu brings the Hierarchy back.
    ui.state().events.post(show_panel{"hierarchy"});
    imgui.frames(2);
    EXPECT_TRUE(has_item("hierarchy/+"));
    EXPECT_EQ(ui.shown_panel(dock::left), "hierarchy");
}

TEST_F(PanelsTest, IdsAreUniqueAndARemovedPanelIsNoLongerDrawn) {
    EXPECT_THROW(add_probe(dock::bottom, "console"), std::invalid_argument);
    EXPECT_THROW(ui.add_panel(nullptr), std::invalid_argument);
    probe_panel& probe = add_probe(dock::bottom);
    ui.state().events.post(show_panel{"probe"});
    imgui.frames(2);
    ASSERT_GT(probe.draws, 0);
    EXPECT_TRUE(ui.remove_panel("probe"));
    EXPECT_FALSE(ui.remove_panel("probe"));
    EXPECT_EQ(ui.find_panel("probe"), nullptr);
    imgui.frames(3);
    EXPECT_FALSE(has_item("tab/Probe"));
    EXPECT_EQ(ui.shown_panel(dock::bottom), "console") << "the first tab again";
}

TEST(PanelEvents, EachIsDeliveredOnceInPostingOrder) {
    event_queue queue;
    const entity e = entity::from_bits(42);
    queue.post(scene_changed{});
    queue.post(reveal_in_hierarchy{e});
    queue.post(show_panel{"console"});
    std::vector<panel_event> got;
    queue.deliver([&](const panel_event& event) {
        got.push_back(event);
        if (got.size() == 1) queue.post(frame_on_selection{});  // waits for the next delivery
    });
    ASSERT_EQ(got.size(), 3u);
    EXPECT_TRUE(std::holds_alternative<scene_changed>(got[0]));
    ASSERT_TRUE(std::holds_alternative<reveal_in_hierarchy>(got[1]));
    EXPECT_EQ(std::get<reveal_in_hierarchy>(got[1]).e, e);
    ASSERT_TRUE(std::holds_alternative<show_panel>(got[2]));
    EXPECT_EQ(std::get<show_panel>(got[2]).id, "console");

    got.clear();
    queue.deliver([&](const panel_event& event) { got.push_back(event); });
    ASSERT_EQ(got.size(), 1u);
    EXPECT_TRUE(std::holds_alternative<frame_on_selection>(got[0]));
    got.clear();
    queue.deliver([&](const panel_event& event) { got.push_back(event); });
    EXPECT_TRUE(got.empty());
    EXPECT_TRUE(queue.empty());
}

TEST_F(PanelsTest, EveryPanelGetsEachEventOnceBeforeItDraws) {
    probe_panel& probe = add_probe(dock::bottom);
    imgui.frames(2);
    probe.events.clear();
    const entity runner = state.find_by_name("Camera");
    ui.state().events.post(rename_in_hierarchy{runner});
    ui.state().events.post(scene_changed{});
    imgui.frames(1);
    ASSERT_EQ(probe.events.size(), 2u);
    EXPECT_TRUE(std::holds_alternative<rename_in_hierarchy>(probe.events[0]));
    EXPECT_TRUE(std::holds_alternative<scene_changed>(probe.events[1]));
    imgui.frames(3);
    EXPECT_EQ(probe.events.size(), 2u) << "delivered once";
}

TEST_F(PanelsTest, ASceneChangePostedFromOutsideRebuildsTheHierarchyOnce) {
    imgui.frames(2);
    const std::uint64_t before = ui.hierarchy().rebuilds();
    ui.state().events.post(scene_changed{});
    imgui.frames(3);
    EXPECT_EQ(ui.hierarchy().rebuilds(), before + 1);
}

/// An editor (state + UI) that opens projects whose modules have panels; `wrote()` looks at
/// what a module panel wrote the last time it was drawn.
class ModulePanelsTest : public ::testing::Test {
protected:
    ModulePanelsTest() {
        state = std::make_unique<editor_state>();
        ui = std::make_unique<editor_ui>();
        ui->state().test.record_items = true;
        imgui.contents = [this] {
            ui->state().test.items.clear();
            ui->frame(*state);
        };
        imgui.frames(2);
    }
    ~ModulePanelsTest() override {
        imgui.contents = nullptr;
        ui.reset();
        state.reset();
        drop_module_commands();  // the table is the process's
    }
    bool has_item(const std::string& name) { return ui->state().test.items.contains(name); }
    ImVec2 at(const std::string& name) {
        const auto found = ui->state().test.items.find(name);
        EXPECT_NE(found, ui->state().test.items.end())
            << "no item '" << name << "' in the last frame";
        return found == ui->state().test.items.end() ? ImVec2{-100, -100} : found->second.center();
    }
    /// A test project whose module is `module` (a test module's name).
    static void use_module(const reload_project& p, const std::string& module) {
        fs::copy_file(test_module(module), p.module(), fs::copy_options::overwrite_existing);
    }
    bool wrote(const std::string& panel_id, const std::string& what) {
        text = ui->state().test.module_text[panel_id];
        return text.find(what) != std::string::npos;
    }

    headless_imgui imgui;  // first: the context outlives the UI
    std::unique_ptr<editor_state> state;
    std::unique_ptr<editor_ui> ui;
    std::string text;
};

TEST_F(ModulePanelsTest, AModulesPanelIsDrawnInItsDockAndReplacedOnHotReload) {
    reload_project p("paneled");
    use_module(p, "panels_v1");
    ASSERT_TRUE(state->open_project(p.manifest()));
    imgui.frames(2);
    ASSERT_TRUE(has_item("tab/Panel v1")) << "next to the Hierarchy, as the module asked";
    EXPECT_TRUE(has_item("tab/Hierarchy"));
    imgui.click(at("tab/Panel v1"));
    imgui.frames(1);
    EXPECT_TRUE(wrote("reload_game.panel", "panel v1 sees")) << text;
    auto* old_panel = dynamic_cast<module_panel*>(ui->find_panel("reload_game.panel"));
    ASSERT_NE(old_panel, nullptr);
    EXPECT_TRUE(old_panel->has_code());

    // The user rebuilds: the old panel lets go of the module's code before it is unloaded
    // (its draw function is gone with it), and the new module's panel takes its place.
    use_module(p, "panels_v2");
    ASSERT_TRUE(state->reload_code());
    EXPECT_FALSE(old_panel->has_code()) << "still pointing into the unloaded module";
    imgui.frames(2);
    EXPECT_FALSE(has_item("tab/Panel v1"));
    ASSERT_TRUE(has_item("tab/Panel v2"));
    imgui.click(at("tab/Panel v2"));
    imgui.frames(1);
    EXPECT_TRUE(wrote("reload_game.panel", "panel v2 sees")) << text;
    EXPECT_FALSE(wrote("reload_game.panel", "panel v1")) << text;
}

TEST_F(ModulePanelsTest, AModulesPanelsLeaveWithItsProject) {
    reload_project paneled("paneled");
    use_module(paneled, "panels_v1");
    ASSERT_TRUE(state->open_project(paneled.manifest()));
    imgui.frames(2);
    ASSERT_TRUE(has_item("tab/Panel v1"));
    auto* old_panel = dynamic_cast<module_panel*>(ui->find_panel("reload_game.panel"));
    ASSERT_NE(old_panel, nullptr);

    reload_project plain("plain");  // reload_v1: the same game without a panel
    ASSERT_TRUE(state->open_project(plain.manifest()));
    EXPECT_FALSE(old_panel->has_code()) << "dropped before the module was unloaded";
    imgui.frames(2);
    EXPECT_EQ(ui->find_panel("reload_game.panel"), nullptr);
    EXPECT_FALSE(has_item("tab/Panel v1"));
    EXPECT_FALSE(has_item("tab/Hierarchy")) << "the Hierarchy has its window back";
    EXPECT_NE(ImGui::FindWindowByName("Hierarchy###hierarchy"), nullptr);

    // Back to the project with the panel: it is there again, from the module loaded anew.
    ASSERT_TRUE(state->open_project(paneled.manifest()));
    imgui.frames(2);
    EXPECT_TRUE(has_item("tab/Panel v1"));
}

TEST_F(ModulePanelsTest, TinyTanksShowsItsTeamsPanel) {
    default_build_dir_variable();
    ASSERT_TRUE(state->open_project(fs::path(MOSAIC_PROJECTS_DIR) / "tiny_tanks"));
    ASSERT_FALSE(state->find_by_name("Blue tank 1").is_null()) << "the battle did not load";
    imgui.frames(2);
    ASSERT_TRUE(has_item("tab/Teams")) << "the sample module's panel, in the bottom strip";
    imgui.click(at("tab/Teams"));
    imgui.frames(1);
    // Blue (team 1) and red (team 2).
    EXPECT_TRUE(wrote("tiny_tanks.teams", "Team 1")) << text;
    EXPECT_TRUE(wrote("tiny_tanks.teams", "Team 2")) << text;
    EXPECT_TRUE(wrote("tiny_tanks.teams", "tanks")) << text;
    EXPECT_FALSE(wrote("tiny_tanks.teams", "No tanks in this scene.")) << text;
}

TEST_F(ModulePanelsTest, TinyTanksCommandRunsFromItsMenuAndItsShortcut) {
    default_build_dir_variable();
    ASSERT_TRUE(state->open_project(fs::path(MOSAIC_PROJECTS_DIR) / "tiny_tanks"));
    const entity tank = state->find_by_name("Blue tank 1");
    ASSERT_FALSE(tank.is_null()) << "the battle did not load";
    imgui.frames(2);
    const auto health = [&]() -> float& { return state->world().get<Health>(tank).current; };
    const float full = state->world().get<Health>(tank).max;

    health() = 1;
    ASSERT_TRUE(has_item("menu/Tanks")) << "the module's menu, before Help";
    imgui.click(at("menu/Tanks"));
    imgui.frames(1);
    imgui.click(at("menu/Heal All Tanks"));
    imgui.frames(1);
    EXPECT_FLOAT_EQ(health(), full);

    health() = 1;
    imgui.tap(key::h, true, true);  // Ctrl+Shift+H
    EXPECT_FLOAT_EQ(health(), full);
    const std::vector<shortcut_row> rows = shortcut_rows(window_commands());
    EXPECT_TRUE(std::any_of(rows.begin(), rows.end(), [](const shortcut_row& r) {
        return r.keys == "Ctrl+Shift+H" && r.what == "Heal All Tanks";
    })) << "a row in Help > Keyboard Shortcuts";
}

}  // namespace
}  // namespace mosaic::testing
