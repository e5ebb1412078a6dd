// Every project's components survive the scene files: each registered field, set to a value
// other than its default, reads back the same from JSON and from binary.
#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include <mosaic/engine/builtin_components.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/scene/scene_binary.hpp>
#include <mosaic/engine/scene/scene_json.hpp>

#include "project_test_support.hpp"

namespace round_trip_test {  // its own: the suite is built in batches (unity)
namespace {

using namespace mosaic;

// The component types a project adds to the built-ins.
std::vector<const component_info*> project_types(const component_table& table) {
    component_table builtins;
    register_builtin_components(builtins);
    std::vector<const component_info*> out;
    for (const component_info* info : table.all()) {
        if (!builtins.find(info->name)) out.push_back(info);
    }
    return out;
}

// Sets every field of `value` to something other than the prototype's; entity references
// point at `ref`.
void fill(const component_info& info, void* value, entity ref) {
    info.reset(value);
    int salt = 1;
    for (const field_info& f : info.fields) {
        for (std::uint32_t k = 0; k < f.count; ++k, ++salt) {
            void* p = f.address(value, k);
            const auto number = [&](auto* x) {
                *x += static_cast<std::remove_pointer_t<decltype(x)>>(salt) + 2;
            };
            visit_kind(f.kind, [&](auto kind) {
                using K = decltype(kind);
                using T = typename K::type;
                if constexpr (std::is_same_v<T, bool>) {
                    *static_cast<bool*>(p) = !*static_cast<bool*>(p);
                } else if constexpr (std::is_integral_v<T>) {
                    number(static_cast<T*>(p));
                } else if constexpr (std::is_floating_point_v<T>) {
                    *static_cast<T*>(p) += T(0.25) * static_cast<T>(salt) + T(0.5);
                } else if constexpr (K::info.float_count > 0) {
                    auto* floats = static_cast<float*>(p);
                    for (std::size_t i = 0; i < K::info.float_count; ++i) {
                        floats[i] += 0.125f * static_cast<float>(salt + static_cast<int>(i)) + 0.5f;
                    }
                } else if constexpr (K::info.is_text) {
                    f.write_string(value, "round trip " + std::to_string(salt), k);
                } else if constexpr (std::is_same_v<T, enum_number>) {
                    if (!f.enum_values.empty()) f.write_enum(value, f.enum_values.back().value, k);
                } else if constexpr (std::is_same_v<T, entity>) {
                    *static_cast<entity*>(p) = ref;
                } else {
                    static_assert(unhandled_kind<K>, "round trip: change this kind");
                }
            });
        }
    }
}

// Field by field: `loaded` holds what `original` held, its references pointing at `ref`.
void expect_same(const component_info& info, const void* original, const void* loaded, entity ref,
                 const char* format) {
    for (const field_info& f : info.fields) {
        for (std::uint32_t k = 0; k < f.count; ++k) {
            const char* where = format;
            if (f.kind == field_kind::entity_ref) {
                EXPECT_EQ(*static_cast<const entity*>(f.address(loaded, k)), ref)
                    << where << ": " << info.name << "." << f.name;
            } else if (info_of(f.kind).is_text) {
                EXPECT_EQ(f.read_string(loaded, k), f.read_string(original, k))
                    << where << ": " << info.name << "." << f.name;
            } else {
                const std::size_t bytes =
                    f.kind == field_kind::enumeration ? f.size : kind_size(f.kind);
                EXPECT_EQ(std::memcmp(f.address(loaded, k), f.address(original, k), bytes), 0)
                    << where << ": " << info.name << "." << f.name;
            }
        }
    }
}

class RoundTrip : public ::testing::TestWithParam<std::string> {};

TEST_P(RoundTrip, EveryProjectFieldSurvivesJsonAndBinary) {
    const game g(&mosaic::testing::project_named(GetParam()));
    const component_table& table = g.table();
    const std::vector<const component_info*> types = project_types(table);
    ASSERT_FALSE(types.empty());

    scene original;
    const entity target = original.world.create();
    original.world.add<Name>(target, Name{"target"});
    const entity holder = original.world.create();
    original.world.add<Name>(holder, Name{"holder"});
    std::vector<std::vector<std::byte>> values;
    for (const component_info* info : types) {
        std::vector<std::byte>& bytes = values.emplace_back(info->size);
        fill(*info, bytes.data(), target);
        ASSERT_FALSE(info->fields_equal(bytes.data(), info->prototype_data())) << info->name;
        ASSERT_TRUE(original.world.add_copy(holder, info->type, bytes.data())) << info->name;
    }

    std::ostringstream json, binary;
    ASSERT_TRUE(save_scene_json(original, table, json).empty());
    ASSERT_TRUE(save_scene_binary(original, table, binary).empty());
    load_result<scene> from_json = load_scene_json(json.str(), table, "round trip");
    load_result<scene> from_binary = load_scene_binary(binary.str(), table, "round trip");

    for (auto* loaded : {&from_json, &from_binary}) {
        const char* format = loaded == &from_json ? "JSON" : "binary";
        ASSERT_TRUE(loaded->ok()) << format << ": " << to_string(loaded->diagnostics);
        EXPECT_TRUE(loaded->diagnostics.empty())
            << format << ": " << to_string(loaded->diagnostics);
        scene& s = *loaded->value;
        entity loaded_target, loaded_holder;
        s.world.view<const Name>().each([&](entity e, const Name& n) {
            if (std::string_view(n.value) == "target") loaded_target = e;
            if (std::string_view(n.value) == "holder") loaded_holder = e;
        });
        ASSERT_FALSE(loaded_holder.is_null()) << format;
        for (std::size_t i = 0; i < types.size(); ++i) {
            const void* value = s.world.try_get(loaded_holder, types[i]->type);
            ASSERT_NE(value, nullptr) << format << ": " << types[i]->name << " was lost";
            expect_same(*types[i], values[i].data(), value, loaded_target, format);
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Projects, RoundTrip,
                         ::testing::ValuesIn(mosaic::testing::sample_project_names()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                             return info.param;
                         });

TEST(ProjectList, EverySampleIsAProjectWithAManifestAModuleAndADefaultScene) {
    const std::vector<std::string> names = mosaic::testing::sample_project_names();
    EXPECT_EQ(names, (std::vector<std::string>{"bullets_vs_players", "platformer", "stress",
                                               "tiny_tanks"}));
    for (const std::string& name : names) {
        const loaded_project& p = mosaic::testing::sample_project(name);
        ASSERT_TRUE(p.manifest) << name;
        EXPECT_EQ(p.manifest->name, name);
        ASSERT_NE(p.code(), nullptr) << name << ": " << to_string(p.problems);
        EXPECT_EQ(p.code()->name, name) << "the module's name is the manifest's";
        EXPECT_FALSE(p.code()->summary.empty()) << name;
        EXPECT_NE(p.code()->register_components, nullptr) << name;
        EXPECT_NE(p.code()->register_systems, nullptr) << name;
        EXPECT_TRUE(std::filesystem::exists(p.manifest->default_scene_path())) << name;
        EXPECT_FALSE(p.manifest->build_command.empty()) << name;
        EXPECT_TRUE(std::filesystem::exists(p.manifest->folder / "README.md")) << name;
    }
}

TEST(ProjectList, ProjectComponentNamesDoNotClash) {
    std::map<std::string, std::string> owner;
    for (const std::string& name : mosaic::testing::sample_project_names()) {
        const project& p = mosaic::testing::project_named(name);
        const game g(&p);
        for (const component_info* info : project_types(g.table())) {
            const auto [it, fresh] = owner.emplace(info->name, std::string(p.name));
            EXPECT_TRUE(fresh) << info->name << " is registered by " << it->second << " and "
                               << p.name;
        }
    }
}

}  // namespace

}  // namespace round_trip_test
