// The C++ examples of engine/GUIDE.md and of the project code in README.md and
// projects/README.md, verbatim, inside code that compiles against the engine as a game module
// does and runs them (check_doc_examples.py keeps the two identical). Exits non-zero when an
// example does not do what the guide says.

#include <mosaic/ecs/ecs.hpp>            // world, views, systems, archetypes, the component table
#include <mosaic/engine/components.hpp>  // Transform, RigidBody, Sprite, Health, Team...
#include <mosaic/engine/input.hpp>       // the Input resource, mosaic::key
#include <mosaic/engine/module.hpp>      // MOSAIC_GAME_MODULE
#include <mosaic/engine/resources.hpp>   // Physics, Random, Contacts, GameLog, Archetypes, Prefabs

#include <cmath>
#include <cstdint>
#include <cstdio>

#include <mosaic/engine/builtin_components.hpp>
#include <mosaic/engine/scene/prefab.hpp>
#include <mosaic/engine/systems/builtin_systems.hpp>

// ---- README.md and projects/README.md: a project's code, in short --------------------------

struct Spin {  // components.hpp: plain data with defaults
    float degrees_per_second = 90;
};

void register_components(mosaic::component_table& table) {  // inspector, files, undo
    table.component<Spin>("Spin").field("degrees_per_second", &Spin::degrees_per_second,
                                        {.min = -720, .max = 720, .speed = 1});
}

void register_systems(mosaic::scheduler& s) {  // writes Transform, reads Spin: the types say so
    s.each<mosaic::Transform, const Spin>(
        "spin", [](mosaic::system_context& ctx, mosaic::Transform& t, const Spin& spin) {
            t.rotation += spin.degrees_per_second * static_cast<float>(ctx.dt());
        });
}

MOSAIC_GAME_MODULE("my_game", "spinning things", register_components, register_systems)

// ---- engine/GUIDE.md -----------------------------------------------------------------------

namespace guide {

// Components: plain data, one registration each.
struct Player {
    float speed = 5.0f;  // world units per second
};
struct Chaser {
    mosaic::entity target;  // a reference to another entity: saved as its file id
    float speed = 2.0f;
};
struct Score {  // game-wide state: one entity of the scene has it
    std::int32_t caught = 0;
};

void register_components(mosaic::component_table& table) {
    table.component<Player>("Player").field("speed", &Player::speed, {.min = 0, .max = 50});
    table.component<Chaser>("Chaser")
        .field("target", &Chaser::target)
        .field("speed", &Chaser::speed, {.min = 0, .max = 50, .speed = 0.1f});
    table.component<Score>("Score").field("caught", &Score::caught, {.read_only = true});
}

// One entity at a time: the types say what the system writes (Transform) and reads (Chaser).
void add_chase(mosaic::scheduler& s) {
    s.each<mosaic::Transform, const Chaser>(
        "chase", [](mosaic::system_context& ctx, mosaic::Transform& self, const Chaser& chaser) {
            // Another entity's component: ctx.try_get, null when the target is gone.
            const auto* goal = ctx.try_get<const mosaic::Transform>(chaser.target);
            if (goal == nullptr) return;
            const glm::vec2 to_goal = goal->position - self.position;
            const float distance = std::sqrt(to_goal.x * to_goal.x + to_goal.y * to_goal.y);
            const float step = chaser.speed * static_cast<float>(ctx.dt());
            self.position =
                distance <= step ? goal->position : self.position + to_goal * (step / distance);
        });
}

// Parameters instead of a context: a view (RigidBody written, Player read) and a resource.
void add_steer(mosaic::scheduler& s) {
    s.add("steer",
          [](mosaic::view_t<mosaic::RigidBody, const Player> players, const mosaic::Input& input) {
              const float x = input.axis(mosaic::key::left, mosaic::key::right);
              const float y = input.axis(mosaic::key::down, mosaic::key::up);
              players.each([&](mosaic::RigidBody& body, const Player& player) {
                  body.velocity = glm::vec2{x, y} * player.speed;
              });
          });
}

// A plain function declares what it touches by hand; phase, order and rate are settings.
void add_catch(mosaic::scheduler& s) {
    s.add("catch",
          [](mosaic::system_context& ctx) {
              const mosaic::entity keeper = ctx.view<Score>().front();
              if (keeper.is_null()) return;  // the scene has no Score entity
              Score& score = ctx.get<Score>(keeper);
              ctx.view<const mosaic::Transform, const Chaser>().each(
                  [&](mosaic::entity e, const mosaic::Transform& t, const Chaser& chaser) {
                      const auto* goal = ctx.try_get<const mosaic::Transform>(chaser.target);
                      if (goal != nullptr && goal->position == t.position) {
                          ++score.caught;
                          ctx.commands().destroy(e);  // structural: applied after the phase
                      }
                  });
          })
        .writes<Score>()
        .reads<mosaic::Transform, Chaser>()
        .in(mosaic::phase::post_update)
        .order(60)  // after the built-in lifetime system (50)
        .every(mosaic::rate::every_n_ticks(2));
}

// Spawning: a chaser from the project's archetypes once a second, sent after the player.
void add_spawner(mosaic::scheduler& s) {
    const auto spawn_chasers = [](mosaic::system_context& ctx, const mosaic::Archetypes& archetypes,
                                  mosaic::Random& random, mosaic::view_t<const Player> players) {
        const mosaic::archetype* chaser = archetypes.find("chaser");
        const mosaic::entity player = players.front();
        if (chaser == nullptr || player.is_null()) return;
        const mosaic::entity e = mosaic::spawn(ctx.commands(), *chaser);
        const glm::vec2 where{random.range(-10, 10), random.range(-10, 10)};
        ctx.commands().add_or_replace<mosaic::Transform>(e, mosaic::Transform{.position = where});
        // add_or_replace writes a whole value: start from the archetype's to keep its fields.
        const Chaser* prototype = chaser->find<Chaser>();
        Chaser chase = prototype != nullptr ? *prototype : Chaser{};
        chase.target = player;
        ctx.commands().add_or_replace<Chaser>(e, chase);
    };
    s.add("spawn_chasers", spawn_chasers).every(mosaic::rate::interval(1.0));
}

// A prefab (an entity tree) spawns the same way: one call records the whole tree.
void add_reinforcements(mosaic::scheduler& s) {
    s.add("reinforcements",
          [](mosaic::system_context& ctx) {
              const mosaic::prefab* squad = ctx.resource<const mosaic::Prefabs>().find("squad");
              if (squad == nullptr) return;
              const mosaic::entity root = mosaic::spawn(ctx.commands(), *squad);
              ctx.commands().add_or_replace<mosaic::Transform>(root, mosaic::Transform{});
          })
        .reads<mosaic::Prefabs>()
        .every(mosaic::rate::interval(5.0));
}

void register_systems(mosaic::scheduler& s) {
    add_chase(s);
    add_steer(s);
    add_catch(s);
    add_spawner(s);
    add_reinforcements(s);
}

}  // namespace guide

// ---- the checks ----------------------------------------------------------------------------

namespace {

int failures = 0;
void expect(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "guide example: %s\n", what);
        ++failures;
    }
}

void project_code_in_short() {
    mosaic::component_table table;
    register_components(table);
    expect(table.find("Spin") != nullptr, "README: Spin is registered");
    mosaic::world world;
    mosaic::scheduler s;
    register_systems(s);
    const mosaic::entity e = world.create();
    world.add<mosaic::Transform>(e);
    world.add<Spin>(e);
    for (int tick = 0; tick < 60; ++tick) s.tick(world, 1.0 / 60);
    expect(std::abs(world.get<mosaic::Transform>(e).rotation - 90.0f) < 0.01f,
           "README: spin turns the sprite by 90 degrees in 60 ticks");
    const mosaic_module* module = mosaic_module_v1(MOSAIC_MODULE_ABI);
    expect(module != nullptr && module->register_systems == &register_systems,
           "README: MOSAIC_GAME_MODULE defines the entry point");
}

void the_guides_game() {
    mosaic::component_table table;
    mosaic::register_builtin_components(table);
    guide::register_components(table);
    const mosaic::component_info* chaser_info = table.find("Chaser");
    expect(chaser_info != nullptr && chaser_info->fields.size() == 2, "guide: Chaser's fields");

    mosaic::world world;
    mosaic::add_builtin_resources(world);
    mosaic::archetype chaser{"chaser"};
    guide::Chaser fast;
    fast.speed = 4.0f;
    chaser.set(fast);
    world.resource<mosaic::Archetypes>().list.push_back(chaser);
    world.resource<mosaic::Prefabs>();  // no "squad": reinforcements do nothing

    mosaic::scheduler s;
    mosaic::register_builtin_systems(s);
    guide::register_systems(s);

    const mosaic::entity player = world.create();
    world.add<mosaic::Transform>(player);
    world.add<mosaic::RigidBody>(player);
    world.add<guide::Player>(player);
    const mosaic::entity keeper = world.create();
    world.add<guide::Score>(keeper);

    world.resource<mosaic::Input>().set(mosaic::key::right, true);
    for (int tick = 0; tick < 120; ++tick) s.tick(world, 1.0 / 60);
    expect(std::abs(world.get<mosaic::Transform>(player).position.x - 10.0f) < 0.2f,
           "guide: steer moves the player right at its speed for two seconds");
    world.resource<mosaic::Input>().set(mosaic::key::right, false);

    std::size_t chasers = 0;
    world.view<const guide::Chaser>().each([&](const guide::Chaser& c) {
        ++chasers;
        expect(c.target == player && c.speed == 4.0f, "guide: a spawned chaser targets the player");
    });
    expect(chasers >= 1, "guide: spawn_chasers spawned from the archetype");

    for (int tick = 0; tick < 60 * 20; ++tick) s.tick(world, 1.0 / 60);
    expect(world.get<guide::Score>(keeper).caught >= 1, "guide: catch counts caught chasers");
}

}  // namespace

int main() {
    project_code_in_short();
    the_guides_game();
    if (failures == 0) std::puts("guide examples: all ran as the guide says");
    return failures == 0 ? 0 : 1;
}
