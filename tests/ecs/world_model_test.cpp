// A randomized model test: the same random operations go to a mosaic::world and to a plain
// reference model (std::map keyed by entity bits), and the two are compared after every step
// (the entity the step touched) and every 1,000 steps (the whole world, views included).
//
// The model also predicts the exact ids the world hands out, from the documented rules: the
// last destroyed slot is reused first, and generations come from one counter per world that
// every destroy (and clear) advances.

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "mosaic/ecs/world.hpp"

namespace {

using mosaic::entity;
using mosaic::entity_index;
using mosaic::exclude;
using mosaic::include_disabled;
using mosaic::world;

struct Counter {
    int value = 0;
};
struct Label {
    std::string text;
};
struct Marked {};

constexpr int steps = 100'000;
constexpr int full_check_every = 1'000;

struct model_component {
    bool present = false;
    bool enabled = false;
};

struct model_entity {
    model_component counter;
    int counter_value = 0;
    model_component label;
    std::string label_text;
    model_component marked;
    std::size_t live_slot = 0;  // position in world_model::live
};

class world_model {
public:
    std::map<std::uint64_t, model_entity> entities;
    std::vector<entity> live;  // for picking a random live entity

    [[nodiscard]] entity predict_create() const {
        if (!free_.empty()) return {free_.back(), generation_};
        return {slot_count_, generation_};
    }
    void created(entity e) {
        if (!free_.empty()) {
            free_.pop_back();
        } else {
            ++slot_count_;
        }
        model_entity& m = entities[e.to_bits()];
        m.live_slot = live.size();
        live.push_back(e);
    }
    void destroyed(entity e) {
        const auto it = entities.find(e.to_bits());
        const std::size_t slot = it->second.live_slot;
        live[slot] = live.back();
        entities[live[slot].to_bits()].live_slot = slot;
        live.pop_back();
        entities.erase(it);
        free_.push_back(e.index);
        generation_ = (generation_ + 1) & 0x7FFF'FFFFu;
    }
    void cleared() {
        entities.clear();
        live.clear();
        free_.clear();
        slot_count_ = 0;
        generation_ = (generation_ + 1) & 0x7FFF'FFFFu;
    }
    [[nodiscard]] const model_entity* find(entity e) const {
        const auto it = entities.find(e.to_bits());
        return it == entities.end() ? nullptr : &it->second;
    }

private:
    std::vector<entity_index> free_;  // the world's free list: last destroyed on top
    entity_index slot_count_ = 0;
    std::uint32_t generation_ = 0;
};

// The entity's whole state in the world equals the model's.
void expect_same_entity(world& w, const world_model& m, entity e) {
    const model_entity* expected = m.find(e);
    ASSERT_EQ(w.alive(e), expected != nullptr) << mosaic::to_string(e);
    if (!expected) {
        ASSERT_FALSE((w.any_of<Counter, Label, Marked>(e)));
        ASSERT_EQ(w.try_get<Counter>(e), nullptr);
        ASSERT_EQ(w.try_get<Label>(e), nullptr);
        ASSERT_TRUE(w.components_of(e).empty());
        return;
    }
    ASSERT_EQ(w.has<Counter>(e), expected->counter.present) << mosaic::to_string(e);
    ASSERT_EQ(w.is_enabled<Counter>(e), expected->counter.present && expected->counter.enabled);
    if (expected->counter.present) {
        ASSERT_EQ(w.get<Counter>(e).value, expected->counter_value);
    }
    ASSERT_EQ(w.has<Label>(e), expected->label.present) << mosaic::to_string(e);
    ASSERT_EQ(w.is_enabled<Label>(e), expected->label.present && expected->label.enabled);
    if (expected->label.present) {
        ASSERT_EQ(w.get<Label>(e).text, expected->label_text);
    }
    ASSERT_EQ(w.has<Marked>(e), expected->marked.present) << mosaic::to_string(e);
    ASSERT_EQ(w.is_enabled<Marked>(e), expected->marked.present && expected->marked.enabled);
    const std::size_t count = (expected->counter.present ? 1 : 0) +
                              (expected->label.present ? 1 : 0) +
                              (expected->marked.present ? 1 : 0);
    ASSERT_EQ(w.components_of(e).size(), count);
}

bool counts(const model_component& c, bool with_disabled) {
    return c.present && (with_disabled || c.enabled);
}

template <class View>
std::set<std::uint64_t> view_set(const View& view) {
    std::set<std::uint64_t> out;
    for (auto&& tuple : view) out.insert(std::get<0>(tuple).to_bits());
    return out;
}

void expect_same_world(world& w, const world_model& m) {
    ASSERT_EQ(w.size(), m.entities.size());
    std::set<std::uint64_t> alive;
    w.each([&](entity e) { alive.insert(e.to_bits()); });
    std::size_t counters = 0, labels = 0, marks = 0;
    std::set<std::uint64_t> expected_alive;
    for (const auto& [bits, e] : m.entities) {
        expected_alive.insert(bits);
        counters += e.counter.present ? 1 : 0;
        labels += e.label.present ? 1 : 0;
        marks += e.marked.present ? 1 : 0;
    }
    ASSERT_EQ(alive, expected_alive);
    ASSERT_EQ(w.count<Counter>(), counters);
    ASSERT_EQ(w.count<Label>(), labels);
    ASSERT_EQ(w.count<Marked>(), marks);

    for (const bool with_disabled : {false, true}) {
        SCOPED_TRACE(with_disabled ? "include_disabled" : "enabled only");
        std::set<std::uint64_t> c, cl, c_not_m, m_only, lm;
        for (const auto& [bits, e] : m.entities) {
            const bool has_c = counts(e.counter, with_disabled);
            const bool has_l = counts(e.label, with_disabled);
            const bool has_m = counts(e.marked, with_disabled);
            if (has_c) c.insert(bits);
            if (has_c && has_l) cl.insert(bits);
            if (has_c && !has_m) c_not_m.insert(bits);
            if (has_m) m_only.insert(bits);
            if (has_l && has_m) lm.insert(bits);
        }
        if (with_disabled) {
            ASSERT_EQ(view_set(w.view<Counter>(include_disabled)), c);
            ASSERT_EQ(view_set(w.view<Counter, Label>(include_disabled)), cl);
            ASSERT_EQ(view_set(w.view<Counter>(exclude<Marked>, include_disabled)), c_not_m);
            ASSERT_EQ(view_set(w.view<Marked>(include_disabled)), m_only);
            ASSERT_EQ(view_set(w.view<Marked, Label>(include_disabled)), lm);
        } else {
            ASSERT_EQ(view_set(w.view<Counter>()), c);
            ASSERT_EQ(view_set(w.view<Counter, Label>()), cl);
            ASSERT_EQ(view_set(w.view<Counter>(exclude<Marked>)), c_not_m);
            ASSERT_EQ(view_set(w.view<Marked>()), m_only);
            ASSERT_EQ(view_set(w.view<Marked, Label>()), lm);
        }
    }
    // Views hand out each entity's own values.
    w.view<Counter, Label>(include_disabled).each([&](entity e, Counter& c, Label& l) {
        const model_entity* expected = m.find(e);
        ASSERT_NE(expected, nullptr);
        ASSERT_EQ(c.value, expected->counter_value);
        ASSERT_EQ(l.text, expected->label_text);
    });
}

class WorldModel : public ::testing::TestWithParam<unsigned> {};

TEST_P(WorldModel, RandomOperationsMatchTheReferenceModel) {
    std::mt19937 rng(GetParam());
    world w;
    world_model m;
    std::vector<entity> dead;  // stale handles, to use again
    std::size_t target = 300;  // population the creates and destroys hover around

    const auto random_below = [&](std::size_t n) {
        return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng);
    };
    const auto remember_dead = [&](entity e) {
        if (dead.size() < 2'000) {
            dead.push_back(e);
        } else {
            dead[random_below(dead.size())] = e;
        }
    };
    const auto random_text = [&] {
        // Sometimes longer than the small-string buffer, so moves matter.
        const std::size_t length = random_below(4) == 0 ? 40 : 3;
        return std::string(length, static_cast<char>('a' + random_below(26)));
    };

    for (int step = 0; step < steps; ++step) {
        if (step % 20'000 == 0) target = 50 + random_below(600);
        const int roll = static_cast<int>(random_below(100));
        entity touched = mosaic::null_entity;

        const bool grow = m.live.size() < target;
        if (m.live.empty() || roll < 8 || (roll < 20 && grow)) {
            // --- create
            const entity expected = m.predict_create();
            const entity e = w.create();
            ASSERT_EQ(e, expected) << "step " << step;
            m.created(e);
            touched = e;
        } else if (roll == 20) {
            // --- bulk create (free slots first, last destroyed first, then new slots)
            std::vector<entity> out(1 + random_below(8));
            w.create(out);
            for (const entity e : out) {
                ASSERT_EQ(e, m.predict_create()) << "step " << step;
                m.created(e);
            }
            touched = out[random_below(out.size())];
        } else if (roll < 32) {
            // --- destroy a live entity (more often above the target population)
            const entity e = m.live[random_below(m.live.size())];
            ASSERT_TRUE(w.destroy(e)) << "step " << step;
            m.destroyed(e);
            remember_dead(e);
            touched = e;
        } else if (roll < 36) {
            // --- use a stale handle: nothing may change
            if (dead.empty()) continue;
            const entity e = dead[random_below(dead.size())];
            ASSERT_FALSE(w.destroy(e));
            ASSERT_FALSE(w.remove<Counter>(e));
            ASSERT_FALSE(w.set_enabled<Label>(e, random_below(2) == 0));
            ASSERT_FALSE(w.disable<Marked>(e));
            ASSERT_EQ(w.try_get<Label>(e), nullptr);
            touched = e;
            // The live entity now in its slot, if any, must be untouched too.
            if (w.entities().slot_alive(e.index)) {
                expect_same_entity(w, m, w.entities().at(e.index));
            }
        } else {
            const entity e = m.live[random_below(m.live.size())];
            model_entity& state = m.entities[e.to_bits()];
            touched = e;
            const std::size_t type = random_below(3);
            model_component& c = type == 0 ? state.counter : type == 1 ? state.label : state.marked;
            if (roll < 62) {
                // --- add (or replace when present: adding twice is a failed check)
                const int value = static_cast<int>(random_below(1'000'000));
                const std::string text = random_text();
                if (!c.present) {
                    c = {true, true};
                    if (type == 0) w.add<Counter>(e, value);
                    if (type == 1) w.add<Label>(e, text);
                    if (type == 2) w.add<Marked>(e);
                } else if (random_below(2) == 0) {
                    if (type == 0) w.replace<Counter>(e, value);
                    if (type == 1) w.replace<Label>(e, text);
                } else {
                    if (type == 0) w.add_or_replace<Counter>(e, value);
                    if (type == 1) w.add_or_replace<Label>(e, text);
                    if (type == 2) w.add_or_replace<Marked>(e);
                }
                if (type == 0) state.counter_value = value;
                if (type == 1) state.label_text = text;
            } else if (roll < 76) {
                // --- remove
                bool removed = false;
                if (type == 0) removed = w.remove<Counter>(e);
                if (type == 1) removed = w.remove<Label>(e);
                if (type == 2) removed = w.remove<Marked>(e);
                ASSERT_EQ(removed, c.present) << "step " << step;
                c = {};
            } else {
                // --- enable / disable
                const bool enable = roll < 86;
                bool changed = false;
                if (type == 0) changed = w.set_enabled<Counter>(e, enable);
                if (type == 1) changed = w.set_enabled<Label>(e, enable);
                if (type == 2) changed = w.set_enabled<Marked>(e, enable);
                ASSERT_EQ(changed, c.present) << "step " << step;
                if (c.present) c.enabled = enable;
            }
        }

        // Rarely, clear the whole world: every handle goes stale.
        if (step % 37'000 == 36'999) {
            for (const entity e : m.live) remember_dead(e);
            w.clear();
            m.cleared();
        }

        expect_same_entity(w, m, touched);
        if (HasFatalFailure()) {
            ADD_FAILURE() << "seed " << GetParam() << ", step " << step << ", entity "
                          << mosaic::to_string(touched);
            return;
        }
        if (step % full_check_every == 0 || step == steps - 1) {
            expect_same_world(w, m);
            if (HasFatalFailure()) {
                ADD_FAILURE() << "seed " << GetParam() << ", step " << step;
                return;
            }
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Seeds, WorldModel, ::testing::Values(1u, 2u, 3u, 4u, 5u));

}  // namespace
