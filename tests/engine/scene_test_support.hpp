#pragma once
// Shared by the scene-file tests: a component with one field of every kind, a table with it
// and the built-ins, and a generator of random scenes.

#include <mosaic/ecs/component_table.hpp>
#include <mosaic/engine/builtin_components.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/scene/scene.hpp>

#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <type_traits>

namespace mosaic::testing {

enum class Mood : std::int16_t { calm = -1, curious = 0, angry = 7 };

/// One field of every kind the registration table knows.
struct EveryKind {
    bool flag = false;
    std::int32_t i32 = 0;
    std::uint32_t u32 = 0;
    std::int64_t i64 = 0;
    float f32 = 0;
    double f64 = 0;
    vec2 v2{};
    vec3 v3{};
    vec4 v4{};
    color tint{};
    char label[16] = {};
    Mood mood = Mood::curious;
    entity target{};
    asset_path texture{};
    float weights[3] = {};
    entity friends[2] = {};
};

/// A tag-like component with no fields.
struct Marker {
    std::uint8_t unused = 0;
};

inline void register_test_components(component_table& table) {
    register_builtin_components(table);
    table.component<EveryKind>("EveryKind")
        .field("flag", &EveryKind::flag)
        .field("i32", &EveryKind::i32)
        .field("u32", &EveryKind::u32)
        .field("i64", &EveryKind::i64)
        .field("f32", &EveryKind::f32)
        .field("f64", &EveryKind::f64)
        .field("v2", &EveryKind::v2)
        .field("v3", &EveryKind::v3)
        .field("v4", &EveryKind::v4)
        .field("tint", &EveryKind::tint)
        .field("label", &EveryKind::label)
        .field("mood", &EveryKind::mood,
               {{"calm", Mood::calm}, {"curious", Mood::curious}, {"angry", Mood::angry}})
        .field("target", &EveryKind::target)
        .field("texture", &EveryKind::texture)
        .field("weights", &EveryKind::weights)
        .field("friends", &EveryKind::friends);
    table.component<Marker>("Marker");
}

/// Builds a random scene from `seed`: up to `max_entities` entities with random registered
/// components and field values, disabled components, inactive entities, parents (a forest)
/// and references.
inline scene random_scene(std::uint32_t seed, const component_table& table, int max_entities = 24) {
    std::mt19937 rng(seed);
    auto chance = [&](int percent) { return static_cast<int>(rng() % 100) < percent; };
    auto real = [&] { return std::uniform_real_distribution<float>(-1000.f, 1000.f)(rng); };
    scene s;
    const int count = static_cast<int>(rng() % static_cast<std::uint32_t>(max_entities + 1));
    std::vector<entity> made;
    for (int i = 0; i < count; ++i) made.push_back(s.world.create());
    auto pick = [&]() -> entity {
        return made.empty() || chance(20) ? null_entity : made[rng() % made.size()];
    };
    std::vector<std::byte> buffer;
    for (std::size_t i = 0; i < made.size(); ++i) {
        const entity e = made[i];
        if (chance(70)) {
            Name n;
            const std::string text = "entity " + std::to_string(rng() % 1000);
            std::memcpy(n.value, text.data(), text.size());
            s.world.add<Name>(e, n);
        }
        if (i > 0 && chance(30)) s.world.add<Parent>(e, made[rng() % i]);  // earlier: a forest
        if (chance(10)) s.world.set_active(e, false);
        for (const component_info* info : table.all()) {
            if (info->flags.not_saved || info->name == "Name" || info->name == "Parent") continue;
            if (!chance(35)) continue;
            buffer.assign(info->prototype.begin(), info->prototype.end());
            for (const field_info& f : info->fields) {
                for (std::uint32_t k = 0; k < f.count; ++k) {
                    void* at = f.address(buffer.data(), k);
                    visit_kind(f.kind, [&](auto kind) {
                        using K = decltype(kind);
                        using T = typename K::type;
                        if constexpr (std::is_same_v<T, bool>) {
                            *static_cast<bool*>(at) = chance(50);
                        } else if constexpr (std::is_same_v<T, std::int32_t>) {
                            *static_cast<std::int32_t*>(at) = static_cast<std::int32_t>(rng());
                        } else if constexpr (std::is_same_v<T, std::uint32_t>) {
                            *static_cast<std::uint32_t*>(at) = rng();
                        } else if constexpr (std::is_same_v<T, std::int64_t>) {
                            *static_cast<std::int64_t*>(at) =
                                (static_cast<std::int64_t>(rng()) << 32) ^ rng();
                        } else if constexpr (std::is_same_v<T, float>) {
                            *static_cast<float*>(at) = real();
                        } else if constexpr (std::is_same_v<T, double>) {
                            *static_cast<double*>(at) = real() / 3.0;
                        } else if constexpr (K::info.float_count > 0) {
                            for (std::size_t c = 0; c < K::info.float_count; ++c)
                                static_cast<float*>(at)[c] = real();
                        } else if constexpr (std::is_same_v<T, fixed_text>) {
                            f.write_string(buffer.data(), "text " + std::to_string(rng() % 100000),
                                           k);
                        } else if constexpr (std::is_same_v<T, asset_path>) {
                            std::snprintf(static_cast<asset_path*>(at)->path,
                                          sizeof(asset_path::path), "textures/%u.png",
                                          static_cast<unsigned>(rng() % 100));
                        } else if constexpr (std::is_same_v<T, enum_number>) {
                            if (!f.enum_values.empty())
                                f.write_enum(buffer.data(),
                                             f.enum_values[rng() % f.enum_values.size()].value, k);
                        } else if constexpr (std::is_same_v<T, entity>) {
                            *static_cast<entity*>(at) = pick();
                        } else {
                            static_assert(unhandled_kind<K>, "random scenes: fill this kind");
                        }
                    });
                }
            }
            s.world.add_copy(e, info->type, buffer.data());
            if (chance(15)) s.world.set_enabled(e, info->type, false);
        }
    }
    s.settings.gravity = {real(), real()};
    s.settings.camera_zoom = 2.5f;
    if (chance(50)) s.systems.push_back({"movement", chance(50), rate::every_n_ticks(3)});
    if (chance(50)) s.systems.push_back({"ai", true, rate::interval(0.5)});
    return s;
}

}  // namespace mosaic::testing
