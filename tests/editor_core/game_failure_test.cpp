// Game code cannot lose the user's work: a project's system that throws, fails a check or
// runs out of memory during Play or Step stops the game, the edit-time scene comes back
// exactly, and the console and an alert name the system and the message. A project whose
// registration throws leaves the editor with the built-in components and systems.
#include <gtest/gtest.h>

#include <limits>
#include <new>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <mosaic/ecs/assert.hpp>
#include <mosaic/ecs/view.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/scene/scene_json.hpp>

#include "core/actions.hpp"
#include "core/editor_state.hpp"

namespace {

using namespace mosaic;
using namespace mosaic::editor;

// --- the test projects -----------------------------------------------------------------------

struct Turret {
    float angle = 0;
};

void register_turret_components(component_table& table) {
    table.component<Turret>("Turret").field("angle", &Turret::angle);
}

// "turret" turns every Turret a little each tick and fails on tick 10, in the way `failure`
// says. Which one is a global: a project is plain function pointers.
enum class failure_kind { exception, check, out_of_memory };
failure_kind failure = failure_kind::exception;

void turn_turrets_then_fail(system_context& ctx) {
    ctx.view<Turret>().each([](Turret& t) { t.angle += 1; });
    if (ctx.tick() != 10) return;
    switch (failure) {
        case failure_kind::exception:
            throw std::runtime_error("the turret lost its target");
        case failure_kind::check:
            MOSAIC_CHECK(ctx.tick() != 10, "turret: no target on tick 10");
            break;
        case failure_kind::out_of_memory:
            throw std::bad_alloc();
    }
}

void register_turret_systems(scheduler& s) {
    s.add("turret", &turn_turrets_then_fail).writes<Turret>();
}

// Two systems that run side by side (no shared writes): the failing one on either thread.
void register_parallel_systems(scheduler& s) {
    s.add("radar", [](system_context& ctx) {
         ctx.view<const Transform>().each([](const Transform&) {});
     }).reads<Transform>();
    s.add("turret", &turn_turrets_then_fail).writes<Turret>();
}

const project turret_project{.name = "turrets",
                             .summary = "a turret that fails on tick 10",
                             .register_components = &register_turret_components,
                             .register_systems = &register_turret_systems};
const project parallel_project{.name = "turrets",
                               .summary = "two systems in one wave",
                               .register_components = &register_turret_components,
                               .register_systems = &register_parallel_systems};

void registration_throws(scheduler& s) {
    s.add("turret", &turn_turrets_then_fail).writes<Turret>();
    throw std::runtime_error("missing config file turrets.cfg");
}
const project broken_registration{.name = "turrets",
                                  .summary = "registration throws halfway",
                                  .register_components = &register_turret_components,
                                  .register_systems = &registration_throws};

// --- helpers ---------------------------------------------------------------------------------

std::string scene_text(editor_state& s) {
    std::ostringstream out;
    save_scene_json(s.scene(), s.table(), out);
    return out.str();
}

entity add_turret(editor_state& s) {
    const entity e = create_entity(s, "Turret 1");
    EXPECT_TRUE(add_component(s, std::vector{e}, s.table().find("Turret")->type));
    s.world().get<Transform>(e).position = {3, 4};
    return e;
}

bool console_has_error_with(editor_state& s, const std::string& a, const std::string& b) {
    for (const log_line& line : s.log().lines()) {
        if (line.level == log_level::error && line.text.find(a) != std::string::npos &&
            line.text.find(b) != std::string::npos)
            return true;
    }
    return false;
}

/// Plays until the game stops by itself; returns the ticks that ran.
int play_until_stopped(editor_state& s) {
    s.player().play();
    int ticks = 0;
    for (int frame = 0; frame < 60 && s.playing(); ++frame) ticks += s.player().frame(1.0 / 60);
    return ticks;
}

class GameFailure : public ::testing::Test {
protected:
    // The default handler, whatever another test left installed: it is what users get.
    GameFailure() : previous_(set_assert_handler(nullptr)) {}
    ~GameFailure() override {
        set_assert_handler(previous_);
        failure = failure_kind::exception;
    }

    void expect_stopped_and_restored(editor_state& s, const std::string& before,
                                     const std::string& message) {
        EXPECT_FALSE(s.playing());
        EXPECT_EQ(scene_text(s), before) << "the edit-time scene did not come back";
        ASSERT_TRUE(s.player().last_failure().has_value());
        EXPECT_EQ(s.player().last_failure()->system, "turret");
        EXPECT_EQ(s.player().last_failure()->tick, 10u);
        EXPECT_TRUE(console_has_error_with(s, "system 'turret'", message));
        ASSERT_FALSE(s.alerts().empty());
        EXPECT_EQ(s.alerts().back().title, "Game stopped");
        EXPECT_NE(s.alerts().back().text.find("Game stopped: system 'turret' failed"),
                  std::string::npos)
            << s.alerts().back().text;
        EXPECT_NE(s.alerts().back().text.find(message), std::string::npos)
            << s.alerts().back().text;
    }

private:
    assert_handler previous_;
};

// --- Play ------------------------------------------------------------------------------------

TEST_F(GameFailure, AnExceptionStopsPlayRestoresTheSceneAndNamesTheSystem) {
    editor_state s(&turret_project);
    const entity turret = add_turret(s);
    s.selection().select(turret);
    const std::string before = scene_text(s);

    EXPECT_EQ(play_until_stopped(s), 10) << "ticks 0 to 9 completed, tick 10 failed";
    expect_stopped_and_restored(s, before, "the turret lost its target");
    EXPECT_EQ(s.selection().active(), turret);
    EXPECT_EQ(s.world().get<Turret>(turret).angle, 0.0f);

    // The editor goes on: editing, undo and another Play work.
    EXPECT_TRUE(s.undo());
    EXPECT_TRUE(s.redo());
    s.player().play();
    EXPECT_TRUE(s.playing());
    EXPECT_FALSE(s.player().last_failure().has_value()) << "Play starts afresh";
    for (int i = 0; i < 3; ++i) s.player().frame(1.0 / 60);
    EXPECT_GT(s.world().get<Turret>(turret).angle, 0.0f);
    s.player().stop();
}

TEST_F(GameFailure, AFailedCheckStopsPlayInsteadOfAbortingTheEditor) {
    failure = failure_kind::check;
    editor_state s(&turret_project);
    add_turret(s);
    const std::string before = scene_text(s);
    play_until_stopped(s);
    expect_stopped_and_restored(s, before, "turret: no target on tick 10");
}

TEST_F(GameFailure, OutOfMemoryInASystemStopsPlay) {
    failure = failure_kind::out_of_memory;
    editor_state s(&turret_project);
    add_turret(s);
    const std::string before = scene_text(s);
    play_until_stopped(s);
    expect_stopped_and_restored(s, before, "out of memory");
}

TEST_F(GameFailure, ParallelSystemsOnTwoThreads) {
    editor_state s(&parallel_project, {.threads = 2});
    ASSERT_EQ(s.game().systems().threads(), 2u);
    add_turret(s);
    const std::string before = scene_text(s);
    play_until_stopped(s);
    expect_stopped_and_restored(s, before, "the turret lost its target");
}

TEST_F(GameFailure, StepIntoTheFailingTickStopsToo) {
    editor_state s(&turret_project);
    add_turret(s);
    const std::string before = scene_text(s);
    s.player().play();
    for (int i = 0; i < 10; ++i) s.player().frame(1.0 / 60);  // ticks 0..9
    s.player().pause();
    s.player().step();
    EXPECT_EQ(s.player().frame(1.0 / 60), 0) << "tick 10 failed";
    expect_stopped_and_restored(s, before, "the turret lost its target");
}

// --- registration ----------------------------------------------------------------------------

TEST_F(GameFailure, RegistrationThatThrowsLeavesTheBuiltInsAndSaysWhy) {
    editor_state s(&broken_registration);
    EXPECT_EQ(s.table().find("Turret"), nullptr) << "half a project was registered";
    EXPECT_NE(s.table().find("Transform"), nullptr);
    EXPECT_EQ(s.game().systems().find("turret"), nullptr) << "half a project was registered";
    EXPECT_NE(s.game().systems().find("movement"), nullptr);
    ASSERT_TRUE(s.game().load_error().has_value());
    EXPECT_EQ(s.game().load_error()->project, "turrets");
    EXPECT_TRUE(console_has_error_with(s, "project 'turrets'", "missing config file turrets.cfg"));
    ASSERT_EQ(s.alerts().size(), 1u);
    EXPECT_NE(s.alerts().front().text.find("missing config file turrets.cfg"), std::string::npos);

    // Plays with the built-ins.
    const entity ball = create_entity(s, "Ball");
    add_component(s, std::vector{ball}, type_id_of<RigidBody>());
    s.world().get<RigidBody>(ball).velocity = {1, 0};
    s.player().play();
    s.player().frame(1.0 / 60);
    EXPECT_GT(s.world().get<Transform>(ball).position.x, 0.0f);
    s.player().stop();
}

void components_throw(component_table& table) {
    register_turret_components(table);
    throw std::logic_error("Turret registered twice");
}
void check_fails_in_registration(component_table& table) {
    register_turret_components(table);
    MOSAIC_CHECK(false, "register_turrets: bad hints");
}

TEST_F(GameFailure, RegistrationOfComponentsThatFailsLeavesTheBuiltIns) {
    for (auto* registration : {&components_throw, &check_fails_in_registration}) {
        const project p{.name = "turrets",
                        .summary = "registration fails",
                        .register_components = registration,
                        .register_systems = &register_turret_systems};
        editor_state s(&p);
        EXPECT_EQ(s.table().find("Turret"), nullptr);
        EXPECT_EQ(s.game().systems().find("turret"), nullptr);
        ASSERT_TRUE(s.game().load_error().has_value());
        EXPECT_EQ(s.game().load_error()->step, "register_components");
        EXPECT_FALSE(s.alerts().empty());
    }
}

// --- degenerate game data ----------------------------------------------------------------------

// "breeder" doubles the entities every tick, as a spawner reading a huge count from a file
// would: the game's entity limit turns it into that system's failure.
void register_breeder_systems(scheduler& s) {
    s.add("breeder", [](system_context& ctx) {
         world& w = ctx.world();
         std::vector<entity> more(w.size());
         w.create(more);
     }).exclusive();
}
const project breeder_project{.name = "breeder",
                              .summary = "doubles the entities every tick",
                              .register_systems = &register_breeder_systems};

TEST_F(GameFailure, TheEntityLimitStopsPlayNamingTheSystem) {
    editor_state s(&breeder_project, {.max_entities = 1'000});
    create_entity(s, "Adam");
    const std::string before = scene_text(s);
    play_until_stopped(s);
    EXPECT_FALSE(s.playing());
    EXPECT_EQ(scene_text(s), before);
    ASSERT_TRUE(s.player().last_failure().has_value());
    EXPECT_EQ(s.player().last_failure()->system, "breeder");
    EXPECT_TRUE(console_has_error_with(s, "system 'breeder'", "of at most 1000"));
}

TEST_F(GameFailure, ABrokenColliderIsOneConsoleWarningNotOnePerFrame) {
    editor_state s;
    const entity e = create_entity(s, "Ghost");
    s.world().add<Collider>(e);
    s.world().get<Transform>(e).position = {std::numeric_limits<float>::quiet_NaN(), 0};
    s.player().play();
    for (int frame = 0; frame < 30; ++frame) s.player().frame(1.0 / 60);
    EXPECT_TRUE(s.playing());
    std::size_t warnings = 0;
    for (const log_line& line : s.log().lines()) {
        if (line.level != log_level::warning) continue;
        ++warnings;
        EXPECT_NE(line.text.find("'Ghost'"), std::string::npos) << line.text;
        EXPECT_NE(line.text.find("is not finite"), std::string::npos) << line.text;
    }
    EXPECT_EQ(warnings, 1u);
    s.player().stop();
}

}  // namespace
