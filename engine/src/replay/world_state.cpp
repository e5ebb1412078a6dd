// world_state: capture, restore, encode and hash (the comparison is in state_difference.cpp).
#include "mosaic/engine/replay/world_state.hpp"

#include <array>
#include <cstring>
#include <sstream>

#include "../scene/binary_io.hpp"
#include "mosaic/engine/resources.hpp"
#include "mosaic/engine/runtime/game.hpp"
#include "mosaic/engine/scene/scene_binary.hpp"

namespace mosaic {

world_state capture_state(game& g) {
    world_state s;
    s.tick = g.systems().ticks();
    const world& w = g.world();
    if (const Random* r = w.try_resource<Random>()) s.resources.random = r->state;
    if (const Physics* p = w.try_resource<Physics>()) s.resources.gravity = p->gravity;
    if (const Input* in = w.try_resource<Input>()) s.resources.input = *in;
    if (const Contacts* c = w.try_resource<Contacts>()) {
        s.resources.max_contacts = c->max_contacts;
        s.resources.contacts_truncated = c->truncated;
        s.resources.truncated_ticks = c->truncated_ticks;
        s.resources.ignored_colliders = c->ignored_colliders;
    }
    // A copy, so that the file ids saving assigns to spawned entities stay out of the game
    // (the game's own save at the end must not depend on when checkpoints were taken).
    scene copy = g.current().clone();
    copy.capture_systems(g.systems(), g.system_defaults());
    std::ostringstream out;
    const std::vector<diagnostic> problems =
        save_scene_binary(copy, g.table(), out, scene_limits::max_file_bytes);
    s.scene = std::move(out).str();
    (void)problems;  // warnings (unregistered types); an over-limit scene hashes its prefix
    return s;
}

load_result<scene> restore_scene(const world_state& s, const component_table& table,
                                 const std::string& file_name, const std::string& where) {
    load_result<scene> loaded = load_scene_binary(s.scene, table, file_name);
    if (!where.empty()) {
        for (diagnostic& d : loaded.diagnostics)
            d.path = where + (d.path.empty() ? "" : ": " + d.path);
    }
    return loaded;
}

void apply_resources(const world_state& s, game& g) {
    world& w = g.world();
    w.resource<Random>().state = s.resources.random;
    w.resource<Physics>().gravity = s.resources.gravity;
    w.resource<Input>() = s.resources.input;
    Contacts& c = w.resource<Contacts>();
    c.max_contacts = s.resources.max_contacts;
    c.truncated = s.resources.contacts_truncated;
    c.truncated_ticks = s.resources.truncated_ticks;
    c.ignored_colliders = s.resources.ignored_colliders;
}

void encode_resources(const resource_state& r, std::string& out) {
    detail::byte_writer w;
    w.put(r.random);
    w.put_numbers(&r.gravity.x, 8, 4);
    w.put_bytes(r.input.down.data(), key_count);
    w.put_bytes(r.input.pressed.data(), key_count);
    w.put_bytes(r.input.released.data(), key_count);
    w.put_bytes(r.input.previous.data(), key_count);
    w.put_bytes(r.input.mouse_down.data(), mouse_button_count);
    w.put_numbers(&r.input.mouse_position.x, 8, 4);
    w.put_numbers(&r.input.mouse_pixels.x, 8, 4);
    w.put(r.input.scroll);
    w.put(r.max_contacts);
    w.put(static_cast<std::uint8_t>(r.contacts_truncated ? 1 : 0));
    w.put(r.truncated_ticks);
    w.put(r.ignored_colliders);
    out.append(reinterpret_cast<const char*>(w.data()), w.size());
}

resource_state decode_resources(const char* bytes) {
    detail::byte_cursor in(reinterpret_cast<const std::uint8_t*>(bytes), encoded_resources_bytes);
    resource_state r;
    const auto copy = [&](void* to, std::size_t n) { std::memcpy(to, in.take(n), n); };
    const auto floats = [&](float* to, std::size_t n) {
        for (std::size_t i = 0; i < n; ++i) to[i] = in.get<float>();
    };
    r.random = in.get<std::uint64_t>();
    floats(&r.gravity.x, 2);
    copy(r.input.down.data(), key_count);
    copy(r.input.pressed.data(), key_count);
    copy(r.input.released.data(), key_count);
    copy(r.input.previous.data(), key_count);
    copy(r.input.mouse_down.data(), mouse_button_count);
    floats(&r.input.mouse_position.x, 2);
    floats(&r.input.mouse_pixels.x, 2);
    r.input.scroll = in.get<float>();
    r.max_contacts = in.get<std::uint64_t>();
    r.contacts_truncated = in.get<std::uint8_t>() != 0;
    r.truncated_ticks = in.get<std::uint64_t>();
    r.ignored_colliders = in.get<std::uint64_t>();
    return r;
}

namespace {

// Recordings made before binary format 2 hashed and stored version 1 bytes; a scene without
// run-packed fields (no TileChunk) is the same bytes but for the version field, so hashes and
// comparisons read that field as 1 and old recordings still verify. Where the field sits:
// after the magic and the byte order mark (scene_binary.hpp).
constexpr std::size_t version_at = 9;
constexpr std::size_t version_end = version_at + 4;

// The first 16 bytes of `bytes` with the version field read as 1 (the hash reads 8-byte
// words, so the field lies in the first two; the rest of the scene is never copied).
std::array<std::uint8_t, 16> head_as_version_one(std::string_view bytes) {
    std::array<std::uint8_t, 16> head{};
    std::memcpy(head.data(), bytes.data(), head.size());
    head[version_at] = 1;
    head[version_at + 1] = head[version_at + 2] = head[version_at + 3] = 0;
    return head;
}

// hash_bytes, with the first head.size() bytes read from `head` instead (null: none).
std::uint64_t hash_words(std::string_view bytes, std::uint64_t seed,
                         const std::array<std::uint8_t, 16>* head) {
    // 8 bytes at a time, multiply and rotate, then a final avalanche (splitmix64's): fast
    // enough for a 10 MB state at every checkpoint, the same on every machine.
    std::uint64_t h = seed ^ (bytes.size() * 0x9E37'79B9'7F4A'7C15ull);
    std::size_t i = 0;
    const auto* data = reinterpret_cast<const std::uint8_t*>(bytes.data());
    const std::size_t head_size = head ? head->size() : 0;
    for (; i + 8 <= bytes.size(); i += 8) {
        const std::uint8_t* at = i < head_size ? head->data() + i : data + i;
        const std::uint64_t word = detail::load_le<std::uint64_t>(at);
        h = (h ^ (word * 0xBF58'476D'1CE4'E5B9ull)) * 0x94D0'49BB'1331'11EBull;
        h = (h << 29) | (h >> 35);
    }
    std::uint64_t tail = 0;
    for (std::size_t k = 0; i < bytes.size(); ++i, ++k) {
        const std::uint8_t byte = i < head_size ? (*head)[i] : data[i];
        tail |= std::uint64_t{byte} << (8 * k);
    }
    h = (h ^ (tail * 0xBF58'476D'1CE4'E5B9ull)) * 0x94D0'49BB'1331'11EBull;
    h ^= h >> 30;
    h *= 0xBF58'476D'1CE4'E5B9ull;
    h ^= h >> 27;
    h *= 0x94D0'49BB'1331'11EBull;
    return h ^ (h >> 31);
}

}  // namespace

std::uint64_t hash_bytes(std::string_view bytes, std::uint64_t seed) {
    return hash_words(bytes, seed, nullptr);
}

std::uint64_t hash_scene_bytes(std::string_view scene, std::uint64_t seed) {
    if (scene.size() < 16) return hash_words(scene, seed, nullptr);
    const std::array<std::uint8_t, 16> head = head_as_version_one(scene);
    return hash_words(scene, seed, &head);
}

bool same_scene_bytes(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    if (a.size() < version_end) return a == b;
    return a.substr(0, version_at) == b.substr(0, version_at) &&
           a.substr(version_end) == b.substr(version_end);
}

std::uint64_t world_state_hash(const world_state& s) {
    std::string head;
    detail::byte_writer tick;
    tick.put(s.tick);
    head.append(reinterpret_cast<const char*>(tick.data()), tick.size());
    encode_resources(s.resources, head);
    return hash_scene_bytes(s.scene, hash_bytes(head));
}

}  // namespace mosaic
