// replay_recorder and replay_player: the tick observers behind --record, --replay, --verify.
#include "mosaic/engine/replay/replay_observers.hpp"

#include <cstdio>

#include "mosaic/engine/project/game_module.hpp"
#include "mosaic/engine/resources.hpp"
#include "mosaic/version.hpp"

namespace mosaic {

namespace {

std::string hex(std::uint64_t value) {
    char text[19];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
    return text;
}

}  // namespace

replay_origin origin_of(const game& g, std::string scene_name) {
    replay_origin origin;
    if (const project* p = g.project_info()) origin.project = std::string(p->name);
    origin.module_version = module_version(g.module().get());
    origin.mosaic_version = MOSAIC_VERSION_STRING;
    origin.scene = std::move(scene_name);
    return origin;
}

std::vector<diagnostic> start_from_state(game& g, const world_state& s,
                                         const std::string& file_name, const std::string& where) {
    load_result<scene> restored = restore_scene(s, g.table(), file_name, where);
    if (!restored.ok()) return std::move(restored.diagnostics);
    g.start(std::move(*restored.value));
    apply_resources(s, g);
    // The ticks are numbered as the recording numbered them (a recording made in the
    // editor's second Play starts past tick 0; every_n_ticks rates keep their phase).
    scheduler_state at = g.systems().state();
    at.tick = s.tick;
    g.systems().restore(at);
    return {};
}

// --- recording -------------------------------------------------------------------------------

replay_recorder::replay_recorder(game& g, replay_origin origin, replay_settings settings,
                                 replay_recorder_options options)
    : options_(options) {
    if (options_.checkpoint_every == 0) options_.checkpoint_every = 1;
    replay_.origin = std::move(origin);
    replay_.settings = settings;
    replay_.settings.checkpoint_every = options_.checkpoint_every;
    replay_.settings.tick_seconds = g.clock().tick_seconds();
    replay_.initial = capture_state(g);
    problems_ = start_from_state(g, replay_.initial);
}

void replay_recorder::before_tick(game& g) {
    const Input* input = g.world().try_resource<Input>();
    replay_.input.push_back(input ? tick_input::of(*input) : tick_input{});
}

void replay_recorder::after_tick(game& g) {
    const std::uint64_t ran = g.systems().ticks() - replay_.initial.tick;
    if (ran % options_.checkpoint_every == 0) checkpoint(g);
}

void replay_recorder::checkpoint(game& g) {
    replay_checkpoint c;
    world_state state = capture_state(g);
    c.tick = state.tick;
    c.hash = world_state_hash(state);
    const std::uint64_t bytes = state.scene.size() + encoded_resources_bytes;
    if (state_bytes_ + bytes <= options_.state_budget) {
        state_bytes_ += bytes;
        c.state = std::move(state);
    }
    replay_.checkpoints.push_back(std::move(c));
}

replay replay_recorder::finish(game& g) {
    const std::uint64_t now = g.systems().ticks();
    const bool has_last = !replay_.checkpoints.empty() && replay_.checkpoints.back().tick == now;
    if (!has_last && now > replay_.initial.tick) checkpoint(g);
    return std::move(replay_);
}

// --- playing ---------------------------------------------------------------------------------

std::string replay_divergence::to_string() const {
    std::string text = "diverged by tick " + std::to_string(tick) + " (the state after tick " +
                       std::to_string(tick) + " differs, " +
                       (matched ? "after tick " + std::to_string(*matched) + " it matched"
                                : std::string("no checkpoint before")) +
                       "): ";
    if (difference) return text + difference->to_string();
    text += "state hash " + hex(hash) + ", recorded " + hex(recorded_hash);
    if (!state_recorded) {
        text +=
            " (the recording kept no state here: record with a larger --state-budget to "
            "see the field)";
    }
    return text;
}

replay_player::replay_player(const replay& r, replay_options options)
    : replay_(&r), options_(options) {}

std::vector<diagnostic> replay_player::start(game& g, const std::string& file_name) {
    next_ = 0;
    verified_ = 0;
    matched_.reset();
    divergence_.reset();
    return start_from_state(g, replay_->initial, file_name);
}

void replay_player::before_tick(game& g) {
    const std::uint64_t tick = g.systems().ticks();
    const auto& checkpoints = replay_->checkpoints;
    while (next_ < checkpoints.size() && checkpoints[next_].tick < tick) ++next_;
    if (next_ < checkpoints.size() && checkpoints[next_].tick == tick &&
        checkpoints[next_].kind == checkpoint_kind::replace) {
        const std::string where = "checkpoint at tick " + std::to_string(tick);
        std::vector<diagnostic> failed = start_from_state(g, *checkpoints[next_].state, {}, where);
        problems_.insert(problems_.end(), failed.begin(), failed.end());
        ++next_;
    }
    if (tick >= replay_->initial.tick && tick < replay_->end_tick()) {
        replay_->input.at(tick - replay_->initial.tick).apply_to(g.world().resource<Input>());
    }
}

void replay_player::after_tick(game& g) {
    const std::uint64_t tick = g.systems().ticks();
    const auto& checkpoints = replay_->checkpoints;
    while (next_ < checkpoints.size() && checkpoints[next_].tick < tick) ++next_;
    if (next_ >= checkpoints.size() || checkpoints[next_].tick != tick ||
        checkpoints[next_].kind != checkpoint_kind::verify) {
        return;
    }
    const replay_checkpoint& c = checkpoints[next_++];
    if (!options_.verify || divergence_) return;
    const world_state now = capture_state(g);
    const std::uint64_t hash = world_state_hash(now);
    ++verified_;
    if (hash == c.hash) {
        matched_ = tick - 1;
        return;
    }
    replay_divergence d;
    d.tick = tick - 1;  // checkpoints count ticks run; systems number them from 0
    d.matched = matched_;
    d.recorded_hash = c.hash;
    d.hash = hash;
    d.state_recorded = c.state.has_value();
    if (c.state) d.difference = first_difference(*c.state, now, g.table(), d.problems);
    divergence_ = std::move(d);
}

}  // namespace mosaic
