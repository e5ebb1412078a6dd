#pragma once
// The game-like frame of frame_bench.cpp (#31 §3): its components, which entity kinds have
// which, and the per-entity work of each system, as plain functions of plain structs. Only
// the walking over entities differs between the ways a frame is run, so every variant (and
// the peer ECS harnesses outside the repository, which include this header) computes
// exactly the same thing.
//
// Entity kinds, by index i % 8: heroes (2 in 8) and monsters (3 in 8) fight (Health,
// Damage, SpawnPoint); heroes and NPCs (2 in 8) have Data; props (1 in 8) only have
// Position and Sprite. Random state is per entity, seeded from a hash of its index (never
// from an address), so each entity's branches are its own and a frame's work does not
// depend on where the ECS stored it.
//
// One frame runs eight systems in this order: movement, data, more_complex, damage, health,
// spawn, sprite, render. health disables a dying entity's Velocity (it stops moving) and
// spawn, thirty frames later, puts it back at its spawn point and enables Velocity again:
// the state changes a frame makes, about one entity in 300 a frame.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace bench::frame {

struct Position {
    float x = 0.0f;
    float y = 0.0f;
};
struct Velocity {
    float x = 0.0f;
    float y = 0.0f;
};
struct Data {
    int thingy = 0;
    float dingy = 0.0f;
    bool mingy = false;
    std::uint32_t seed = 1;
    std::uint32_t numgy = 0;
};
enum class status : std::uint8_t { alive, dead, spawning };
struct Health {
    int hp = 100;
    int max_hp = 100;
    status state = status::alive;
    int timer = 0;
};
struct Damage {
    int atk = 10;
    int def = 2;
    std::uint32_t seed = 1;
};
enum class kind : std::uint8_t { hero, monster, npc, prop };
struct Player {
    kind type = kind::npc;
};
struct Sprite {
    char glyph = ' ';
};
struct SpawnPoint {
    float x = 0.0f;
    float y = 0.0f;
};

/// What the render pass draws into: one character per cell.
struct FrameBuffer {
    static constexpr std::uint32_t width = 320;
    static constexpr std::uint32_t height = 240;
    std::vector<char> cells = std::vector<char>(std::size_t{width} * height, ' ');
};

inline constexpr float dt = 1.0f / 60.0f;
inline constexpr int dead_frames = 30;

/// A well-mixed 32-bit hash of an entity's index (never 0: a xorshift state).
inline std::uint32_t seed_of(std::uint64_t index, std::uint64_t salt) noexcept {
    std::uint64_t z = index * 0x9E3779B97F4A7C15ull + salt;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    const auto s = static_cast<std::uint32_t>(z);
    return s == 0 ? 1u : s;
}
inline std::uint32_t next_random(std::uint32_t& state) noexcept {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    return state;
}
/// A whole number in [-5, 5] as a float.
inline float random_speed(std::uint32_t& state) noexcept {
    return static_cast<float>(next_random(state) % 11u) - 5.0f;
}

inline kind kind_of(std::uint64_t index) noexcept {
    switch (index % 8) {
        case 0:
        case 1:
            return kind::hero;
        case 2:
        case 3:
        case 4:
            return kind::monster;
        case 5:
        case 6:
            return kind::npc;
        default:
            return kind::prop;
    }
}
inline bool has_velocity(kind k) noexcept {
    return k != kind::prop;
}
inline bool has_data(kind k) noexcept {
    return k == kind::hero || k == kind::npc;
}
inline bool fights(kind k) noexcept {
    return k == kind::hero || k == kind::monster;
}

/// The starting values of entity `index` (what each kind has is given by the has_* above).
struct initial_state {
    Position position;
    Velocity velocity;
    Data data;
    Health health;
    Damage damage;
    Player player;
    Sprite sprite;
    SpawnPoint spawn;
};
inline initial_state initial(std::uint64_t index) noexcept {
    initial_state s;
    std::uint32_t r = seed_of(index, 1);
    s.position = {static_cast<float>(next_random(r) % FrameBuffer::width),
                  static_cast<float>(next_random(r) % FrameBuffer::height)};
    s.spawn = {s.position.x, s.position.y};
    s.velocity = {random_speed(r), random_speed(r)};
    s.data.thingy = static_cast<int>(next_random(r) % 1000);
    s.data.seed = seed_of(index, 2);
    const kind k = kind_of(index);
    s.player.type = k;
    s.health.max_hp = k == kind::hero ? 150 : 80;
    s.health.hp = s.health.max_hp - static_cast<int>(next_random(r) % 40);
    s.damage.atk = 8 + static_cast<int>(next_random(r) % 16);
    s.damage.def = static_cast<int>(next_random(r) % 6);
    s.damage.seed = seed_of(index, 3);
    s.sprite.glyph = k == kind::prop ? '#' : '?';
    return s;
}

// --- the per-entity work of each system ----------------------------------------------------

inline void move(Position& p, const Velocity& v) noexcept {
    p.x += v.x * dt;
    p.y += v.y * dt;
}

inline void update_data(Data& d) noexcept {
    d.thingy = (d.thingy + 1) % 1000000;
    d.dingy += 0.0001f * dt;
    d.mingy = !d.mingy;
    d.numgy = next_random(d.seed);
}

/// Every tenth step of its counter, an entity picks a new random velocity.
inline void more_complex(const Position& p, Velocity& v, Data& d) noexcept {
    if (d.thingy % 10 != 0) return;
    if (p.x > p.y) {
        v.x = random_speed(d.seed);
        v.y = random_speed(d.seed) - 1.0f;
    } else {
        v.x = random_speed(d.seed) + 1.0f;
        v.y = random_speed(d.seed);
    }
}

/// A living fighter is hit one frame in 32 (its own dice).
inline void damage(Health& h, Damage& d) noexcept {
    if (h.state != status::alive) return;
    if ((next_random(d.seed) & 31u) != 0) return;
    const int dealt = d.atk - d.def;
    h.hp -= dealt > 1 ? dealt : 1;
}

/// True when the entity died this frame (its Velocity is then disabled).
inline bool health(Health& h) noexcept {
    if (h.state == status::alive) {
        if (h.hp > 0) return false;
        h.hp = 0;
        h.state = status::dead;
        h.timer = dead_frames;
        return true;
    }
    if (h.state == status::dead && --h.timer <= 0) h.state = status::spawning;
    return false;
}

/// True when the entity came back this frame (its Velocity is then enabled).
inline bool spawn(Health& h, Position& p, const SpawnPoint& at) noexcept {
    if (h.state != status::spawning) return false;
    h.hp = h.max_hp;
    h.state = status::alive;
    p.x = at.x;
    p.y = at.y;
    return true;
}

inline void sprite(Sprite& s, const Player& pl, const Health& h) noexcept {
    switch (h.state) {
        case status::alive:
            s.glyph = pl.type == kind::hero ? '@' : 'k';
            break;
        case status::dead:
            s.glyph = '|';
            break;
        case status::spawning:
            s.glyph = '_';
            break;
    }
}

/// Draws the entity's glyph at its cell (positions wrap around the buffer).
inline void render(const Position& p, const Sprite& s, FrameBuffer& fb) noexcept {
    const auto x = static_cast<std::uint32_t>(static_cast<std::int32_t>(p.x)) % FrameBuffer::width;
    const auto y = static_cast<std::uint32_t>(static_cast<std::int32_t>(p.y)) % FrameBuffer::height;
    fb.cells[std::size_t{y} * FrameBuffer::width + x] = s.glyph;
}

}  // namespace bench::frame
