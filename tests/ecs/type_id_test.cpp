#include "mosaic/ecs/type_id.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "mosaic/ecs/storage.hpp"
#include "mosaic/ecs/world.hpp"
#include "test_components.hpp"

namespace type_id_test {  // its own: the suite is built in batches (unity)
namespace {

using mosaic::find_type;
using mosaic::type_id;
using mosaic::type_id_of;
using mosaic::type_info;

// Types no other test names, so their ids are handed out here, in this order.
struct DenseA {
    int a = 1;
};
struct DenseB {
    double b = 2.0;
};
struct DenseC {};

struct alignas(32) Aligned {
    float v[8] = {};
};

struct Counted {
    static inline int alive = 0;
    int value = 5;
    Counted() { ++alive; }
    Counted(const Counted& other) : value(other.value) { ++alive; }
    Counted& operator=(const Counted&) = default;
    ~Counted() { --alive; }
};

struct NoDefault {
    explicit NoDefault(int v) : value(v) {}
    int value;
};

type_id position_id_from_another_function() {
    return type_id_of<mosaic_test::Position>();
}

TEST(TypeId, IdsAreDenseAndHandedOutOnFirstUse) {
    const type_id a = type_id_of<DenseA>();
    const type_id b = type_id_of<DenseB>();
    const type_id c = type_id_of<DenseC>();
    EXPECT_EQ(b, a + 1);
    EXPECT_EQ(c, b + 1);
    const std::size_t count = mosaic::type_count();
    EXPECT_GT(count, c);
    // Asking again hands out nothing new.
    EXPECT_EQ(type_id_of<DenseB>(), b);
    EXPECT_EQ(mosaic::type_count(), count);
    // No holes: every id below the count names a type.
    for (type_id id = 0; id < count; ++id) {
        ASSERT_NE(find_type(id), nullptr) << id;
        EXPECT_EQ(find_type(id)->id, id);
    }
}

TEST(TypeId, SameIdFromEveryCallSite) {
    const type_id here = type_id_of<mosaic_test::Position>();
    const auto from_lambda = [] { return type_id_of<mosaic_test::Position>(); };
    EXPECT_EQ(here, position_id_from_another_function());
    EXPECT_EQ(here, from_lambda());
    EXPECT_NE(here, type_id_of<mosaic_test::Velocity>());

    // The pools made by a world and by the type-erased factory agree.
    mosaic::world w;
    EXPECT_EQ(w.assure<mosaic_test::Position>().type(), here);
    const std::unique_ptr<mosaic::sparse_set> made = find_type(here)->make_storage();
    EXPECT_EQ(made->type(), here);
    // So does the library's own code (world.cpp lists components by their pools' ids).
    const mosaic::entity e = w.create();
    w.add<mosaic_test::Position>(e);
    ASSERT_EQ(w.components_of(e).size(), 1u);
    EXPECT_EQ(w.components_of(e)[0], here);
}

// Systems on worker threads may be the first to ask for a type's id, several at once: they
// all get the same id, and the type is registered once.
TEST(TypeId, FirstUseFromManyThreadsAgrees) {
    struct FirstUsedOnThreads {};
    const std::size_t before = mosaic::type_count();
    std::vector<type_id> ids(8, mosaic::invalid_type_id);
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < ids.size(); ++t) {
        threads.emplace_back([&ids, t] { ids[t] = type_id_of<FirstUsedOnThreads>(); });
    }
    for (std::thread& thread : threads) thread.join();
    for (const type_id id : ids) EXPECT_EQ(id, ids.front());
    EXPECT_NE(ids.front(), mosaic::invalid_type_id);
    EXPECT_EQ(mosaic::type_count(), before + 1);
    EXPECT_EQ(find_type(ids.front())->id, ids.front());
}

TEST(TypeId, ConstAndReferencesAreIgnored) {
    const type_id id = type_id_of<mosaic_test::Velocity>();
    EXPECT_EQ(type_id_of<const mosaic_test::Velocity>(), id);
    EXPECT_EQ(type_id_of<mosaic_test::Velocity&>(), id);
    EXPECT_EQ(type_id_of<const mosaic_test::Velocity&>(), id);
    EXPECT_EQ(type_id_of<mosaic_test::Velocity&&>(), id);
    EXPECT_EQ(type_id_of<volatile mosaic_test::Velocity>(), id);
}

TEST(TypeId, FindTypeDescribesTheType) {
    const type_info* info = find_type(type_id_of<Aligned>());
    ASSERT_NE(info, nullptr);
    EXPECT_EQ(info->id, type_id_of<Aligned>());
    EXPECT_PRED_FORMAT2(::testing::IsSubstring, "Aligned", std::string(info->name));
    EXPECT_EQ(info->size, sizeof(Aligned));
    EXPECT_EQ(info->alignment, 32u);
    EXPECT_FALSE(info->empty);

    const type_info* tag = find_type(type_id_of<mosaic_test::Frozen>());
    ASSERT_NE(tag, nullptr);
    EXPECT_TRUE(tag->empty);
    EXPECT_EQ(tag->name, "mosaic_test::Frozen");
}

TEST(TypeId, FindTypeOfAnUnknownIdIsNull) {
    EXPECT_EQ(find_type(static_cast<type_id>(mosaic::type_count())), nullptr);
    EXPECT_EQ(find_type(mosaic::invalid_type_id), nullptr);
}

TEST(TypeId, FunctionPointersConstructCopyAndDestroy) {
    const type_info* info = find_type(type_id_of<Counted>());
    ASSERT_NE(info, nullptr);
    ASSERT_NE(info->default_construct, nullptr);
    ASSERT_NE(info->copy_construct, nullptr);
    ASSERT_NE(info->destroy, nullptr);

    alignas(Counted) std::byte a[sizeof(Counted)];
    alignas(Counted) std::byte b[sizeof(Counted)];
    Counted::alive = 0;
    info->default_construct(a);
    EXPECT_EQ(Counted::alive, 1);
    Counted* first = std::launder(reinterpret_cast<Counted*>(a));
    EXPECT_EQ(first->value, 5);
    first->value = 9;
    info->copy_construct(b, first);
    EXPECT_EQ(Counted::alive, 2);
    EXPECT_EQ(std::launder(reinterpret_cast<Counted*>(b))->value, 9);
    info->destroy(a);
    info->destroy(b);
    EXPECT_EQ(Counted::alive, 0);
}

TEST(TypeId, MissingOperationsAreNull) {
    const type_info* move_only = find_type(type_id_of<mosaic_test::Owned>());
    ASSERT_NE(move_only, nullptr);
    EXPECT_EQ(move_only->copy_construct, nullptr);
    EXPECT_NE(move_only->default_construct, nullptr);
    EXPECT_NE(move_only->destroy, nullptr);

    const type_info* no_default = find_type(type_id_of<NoDefault>());
    ASSERT_NE(no_default, nullptr);
    EXPECT_EQ(no_default->default_construct, nullptr);
    EXPECT_NE(no_default->copy_construct, nullptr);
}

TEST(TypeId, MakeStorageMakesAnEmptyPoolOfTheType) {
    const type_id id = type_id_of<mosaic_test::Health>();
    const std::unique_ptr<mosaic::sparse_set> pool = find_type(id)->make_storage();
    ASSERT_NE(pool, nullptr);
    EXPECT_EQ(pool->type(), id);
    EXPECT_TRUE(pool->empty());
    auto* typed = dynamic_cast<mosaic::storage<mosaic_test::Health>*>(pool.get());
    ASSERT_NE(typed, nullptr);
    EXPECT_TRUE(pool->emplace_default(3));
    EXPECT_EQ(typed->find(3)->hp, 100);
}

TEST(TypeId, TypeNameOf) {
    EXPECT_EQ(mosaic::type_name_of<mosaic_test::Position>(), "mosaic_test::Position");
    EXPECT_EQ(mosaic::type_name_of<const mosaic_test::Position&>(), "mosaic_test::Position");
    EXPECT_EQ(mosaic::type_name_of<int>(), "int");
    EXPECT_EQ(find_type(type_id_of<mosaic_test::Position>())->name,
              mosaic::type_name_of<mosaic_test::Position>());
    const std::string_view templated = mosaic::type_name_of<std::unique_ptr<int>>();
    EXPECT_EQ(templated.substr(0, 16), "std::unique_ptr<") << templated;
}

}  // namespace

namespace {

struct RetiredOnce {
    int value = 4;
};

TEST(TypeRegistry, ARetiredTypeKeepsItsIdAndLosesItsCode) {
    using namespace mosaic;
    world w;
    const entity e = w.create();
    w.add<RetiredOnce>(e);
    const type_id id = type_id_of<RetiredOnce>();
    ASSERT_TRUE(w.drop_pool(id));
    EXPECT_FALSE(w.has<RetiredOnce>(e));
    EXPECT_FALSE(w.drop_pool(id)) << "nothing left to drop";

    retire_type(id);
    const type_info* info = find_type(id);
    ASSERT_NE(info, nullptr);
    EXPECT_TRUE(info->retired);
    EXPECT_EQ(info->make_storage, nullptr);
    EXPECT_EQ(info->destroy, nullptr);
    EXPECT_NE(info->name.find("RetiredOnce"), std::string_view::npos) << "the name is kept";
    EXPECT_EQ(w.assure(id), nullptr) << "no pool can be made for a retired type";
    EXPECT_FALSE(w.add(e, id));

    // Code registering a type of the same name (the reloaded module) gets the id back.
    type_info again = detail::make_type_info<RetiredOnce>();
    EXPECT_EQ(detail::register_type(again), id);
    EXPECT_FALSE(find_type(id)->retired);
    EXPECT_NE(w.assure(id), nullptr);
}

}  // namespace

}  // namespace type_id_test
