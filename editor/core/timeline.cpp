// timeline: the recording made while playing, seeking through it, the history of a field over
// the recorded ticks, and File > Save Replay, which writes the recording as a replay file (what
// mosaic-run --replay / --verify read).
#include "timeline.hpp"

#include <algorithm>
#include <cstring>
#include <functional>
#include <type_traits>

#include <mosaic/ecs/system_error.hpp>
#include <mosaic/engine/display_path.hpp>
#include <mosaic/engine/replay/world_state.hpp>
#include <mosaic/engine/runtime/game.hpp>
#include <mosaic/engine/runtime/recording.hpp>

#include "console_log.hpp"
#include "document.hpp"
#include "project_path.hpp"
#include "replay_session.hpp"

namespace mosaic::editor {

namespace fs = std::filesystem;

namespace {

bool failed(std::vector<diagnostic>* errors, console_log& log, diagnostic d) {
    log.add(std::vector<diagnostic>{d});
    if (errors) errors->push_back(std::move(d));
    return false;
}

diagnostic error_in(const fs::path& path, std::string message) {
    diagnostic d;
    d.severity = diagnostic::level::error;
    d.file = path.string();
    d.message = std::move(message);
    return d;
}

/// Puts `g`'s scheduler at tick `tick` (a replay numbers its ticks as the recording did).
void set_scheduler_tick(game& g, std::uint64_t tick) {
    scheduler_state s = g.systems().state();
    s.tick = tick;
    g.systems().restore(s);
}

}  // namespace

timeline::timeline(sources from) : from_(from) {}

timeline::~timeline() = default;

void timeline::start() {
    drop();
    recording_ =
        std::make_unique<mosaic::recording>(recording_options{.budget_bytes = recording_budget_});
    recording_->attach(*from_.game);
    if (replay_) {
        // An opened replay sets each tick's input, then the recording records it.
        replay_->feed(recording_.get());
        from_.game->set_observer(replay_.get());
    }
}

void timeline::drop() noexcept {
    if (recording_) recording_->detach(*from_.game);
    if (replay_) {
        replay_->feed(nullptr);
        if (from_.game->observer() == replay_.get()) from_.game->set_observer(nullptr);
    }
    recording_.reset();
    edit_ticks_.clear();
    unselected_by_seek_.clear();
    selected_by_seek_.clear();
}

void timeline::set_recording_budget(std::size_t bytes) {
    recording_budget_ = bytes;
    if (recording_) recording_->set_budget(bytes);
}

bool timeline::seek(std::uint64_t tick) {
    return move_on_timeline([&] { return recording_->seek(*from_.game, tick); });
}

bool timeline::move_on_timeline(const std::function<bool()>& move) {
    if (from_.mode != play_state::paused || !recording_) return false;
    // The user changed the selection since the last seek: what a seek dropped is forgotten.
    const std::span<const entity> now = from_.documents.back().selection().items();
    if (!std::equal(now.begin(), now.end(), selected_by_seek_.begin(), selected_by_seek_.end()))
        unselected_by_seek_.clear();
    if (!move()) return false;
    // Entity handles are the same at every tick (world::clone keeps them): the selected
    // entities stay selected where they are alive, and come back where they are again.
    std::vector<entity> wanted(now.begin(), now.end());
    wanted.insert(wanted.end(), unselected_by_seek_.begin(), unselected_by_seek_.end());
    std::vector<entity> alive;
    unselected_by_seek_.clear();
    for (const entity e : wanted)
        (from_.game->world().alive(e) ? alive : unselected_by_seek_).push_back(e);
    from_.documents.back().selection().set(alive);
    selected_by_seek_ = alive;
    return true;
}

bool timeline::step_back() {
    if (from_.mode != play_state::paused || !recording_) return false;
    // recording::step_back, not a seek: it bounds what the step re-simulates.
    return move_on_timeline([&] { return recording_->step_back(*from_.game); });
}

bool timeline::has_future() const noexcept {
    return recording_ && recording_->current_tick() < recording_->last_tick();
}

void timeline::truncate() {
    if (recording_) recording_->truncate();
}

void timeline::prepare() {
    if (recording_) recording_->prepare(*from_.game);
}

void timeline::set_replay(std::unique_ptr<replay_session> replay) {
    drop();
    replay_ = std::move(replay);
    if (!replay_) return;
    // The game starts as the replay did: its resources and its first tick's number.
    apply_resources(replay_->data().initial, *from_.game);
    set_scheduler_tick(*from_.game, replay_->data().initial.tick);
}

namespace {
// The value of element `element` of a numeric field, or false.
bool read_number(const field_info& f, const void* component, std::size_t element, double& out) {
    return visit_kind(f.kind, [&](auto tag) {
        using value_type = typename decltype(tag)::type;
        if constexpr (std::is_arithmetic_v<value_type>) {
            if (element >= f.count) return false;
            value_type v{};
            std::memcpy(&v, f.address(component, static_cast<std::uint32_t>(element)), sizeof v);
            out = static_cast<double>(v);
            return true;
        } else {
            const kind_info& info = decltype(tag)::info;
            if (info.float_count == 0 || element >= info.float_count * f.count) return false;
            float v = 0.0f;
            const auto* base = static_cast<const std::byte*>(f.address(component));
            std::memcpy(&v, base + element * sizeof(float), sizeof v);
            out = static_cast<double>(v);
            return true;
        }
    });
}
}  // namespace

std::vector<field_sample> timeline::field_history(entity e, type_id component,
                                                  std::size_t field_index, std::size_t max_points,
                                                  std::size_t element) {
    std::vector<field_sample> points;
    if (from_.mode != play_state::paused || !recording_ || max_points == 0) return points;
    const component_info* info = from_.game->table().find(component);
    if (!info || field_index >= info->fields.size()) return points;
    const field_info& f = info->fields[field_index];
    const std::uint64_t first = recording_->first_tick();
    const std::uint64_t span = recording_->last_tick() - first;
    const std::uint64_t count = std::min<std::uint64_t>(max_points, span + 1);
    std::vector<std::uint64_t> ticks;
    for (std::uint64_t i = 0; i < count; ++i) {
        // Evenly spread, the first and the last recorded tick included.
        ticks.push_back(count == 1 ? first + span : first + span * i / (count - 1));
    }
    ticks.erase(std::unique(ticks.begin(), ticks.end()), ticks.end());
    recording_->visit(*from_.game, ticks, [&](std::uint64_t tick, const mosaic::world& w) {
        const void* value = w.try_get(e, component);
        double number = 0.0;
        if (value && read_number(f, value, element, number)) points.push_back({tick, number});
    });
    return points;
}

void timeline::edited() {
    if (!recording_) return;
    recording_->edited(*from_.game);
    const std::uint64_t tick = recording_->current_tick();
    // An edit drops the recorded future: the edits after this tick went with it.
    std::erase_if(edit_ticks_, [&](std::uint64_t t) { return t >= tick; });
    edit_ticks_.push_back(tick);
}

bool timeline::save_replay(const fs::path& path, std::vector<diagnostic>* errors) {
    if (from_.mode != play_state::paused || !recording_) {
        return failed(errors, from_.log,
                      error_in(path,
                               "Save Replay: pause the game first (a replay is made from "
                               "what this Play recorded)"));
    }
    const std::uint64_t first = recording_->first_tick();
    const std::uint64_t last = recording_->last_tick();
    const std::uint64_t back = recording_->current_tick();
    std::erase_if(edit_ticks_, [&](std::uint64_t t) { return t < first || t > last; });

    // The states a replay starts from: the first recorded tick's, and each edit's.
    (void)recording_->seek(*from_.game, first);
    world_state initial = capture_state(*from_.game);
    std::vector<std::pair<std::uint64_t, world_state>> edits;
    for (std::uint64_t t : edit_ticks_) {
        if (t <= first) continue;  // the first state already holds it
        (void)recording_->seek(*from_.game, t);
        edits.emplace_back(t, capture_state(*from_.game));
    }
    (void)recording_->seek(*from_.game, back);

    // The recorded ticks run again on a copy of the game, recorded as mosaic-run --record
    // does: the checkpoints are what a replay of the file gives.
    const fs::path& scene_path = from_.documents.front().file();
    mosaic::game scratch(from_.project.module);
    scratch.set_project_folder(project_folder_of(from_.project, scene_path));
    if (from_.project.manifest)
        (void)scratch.load_archetypes(from_.project.manifest->archetypes_folder());
    set_scheduler_tick(scratch, first);
    if (std::vector<diagnostic> p = start_from_state(scratch, initial, path.string()); !p.empty()) {
        from_.log.add(p);
        if (errors) *errors = p;
        return false;
    }
    // The scene's full path: mosaic-run finds the project above it when the replay is saved
    // elsewhere (a replay outside its project verifies without --project).
    std::error_code absolute_ec;
    const std::string scene_name = scene_path.empty()
                                       ? std::string("untitled")
                                       : fs::absolute(scene_path, absolute_ec).string();
    replay_recorder recorder(scratch, origin_of(*from_.game, scene_name),
                             replay_settings{.tick_seconds = recording_->tick_seconds()});
    scratch.set_observer(&recorder);
    std::size_t next_edit = 0;
    try {
        for (std::uint64_t t = first; t < last; ++t) {
            if (next_edit < edits.size() && edits[next_edit].first == t) {
                scratch.set_observer(nullptr);
                (void)start_from_state(scratch, edits[next_edit].second, path.string());
                scratch.set_observer(&recorder);
                ++next_edit;
            }
            if (const tick_input* input = recording_->input_at(t))
                input->apply_to(scratch.world().resource<Input>());
            scratch.tick();
        }
    } catch (const system_error& e) {
        return failed(errors, from_.log,
                      error_in(path, std::string("Save Replay: the recording did not play "
                                                 "again: ") +
                                         e.what()));
    }
    replay r = recorder.finish(scratch);
    // Each edit: a checkpoint that replaces the state before its tick runs (after the
    // verify checkpoint of the same tick, which checks the state before the edit).
    for (auto& [tick, state] : edits) {
        replay_checkpoint c;
        c.kind = checkpoint_kind::replace;
        c.tick = tick;
        c.hash = world_state_hash(state);
        c.state = std::move(state);
        const auto at = std::upper_bound(
            r.checkpoints.begin(), r.checkpoints.end(), tick,
            [](std::uint64_t t, const replay_checkpoint& k) { return t < k.tick; });
        r.checkpoints.insert(at, std::move(c));
    }
    if (std::vector<diagnostic> p = save_replay_file(r, path); !p.empty()) {
        from_.log.add(p);
        if (errors) *errors = p;
        return false;
    }
    from_.log.info("saved replay " + display_path(path) + " (ticks " + std::to_string(first) + "-" +
                   std::to_string(last) + ")");
    return true;
}

}  // namespace mosaic::editor
