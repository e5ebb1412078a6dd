// editor_state's rewind: the recording made while playing, seeking through it, and the
// history of a field over the recorded ticks.
#include <algorithm>
#include <cstring>
#include <functional>
#include <type_traits>

#include <mosaic/engine/runtime/recording.hpp>

#include "core/editor_state.hpp"
#include "core/replay_session.hpp"

namespace mosaic::editor {

void editor_state::start_recording() {
    drop_recording();
    recording_ =
        std::make_unique<mosaic::recording>(recording_options{.budget_bytes = recording_budget_});
    recording_->attach(*game_);
    if (replay_) {
        // An opened replay sets each tick's input, then the recording records it.
        replay_->feed(recording_.get());
        game_->set_observer(replay_.get());
    }
}

void editor_state::drop_recording() noexcept {
    if (recording_) recording_->detach(*game_);
    if (replay_) {
        replay_->feed(nullptr);
        if (game_->observer() == replay_.get()) game_->set_observer(nullptr);
    }
    recording_.reset();
    edit_ticks_.clear();
    unselected_by_seek_.clear();
    selected_by_seek_.clear();
}

void editor_state::set_recording_budget(std::size_t bytes) {
    recording_budget_ = bytes;
    if (recording_) recording_->set_budget(bytes);
}

bool editor_state::seek(std::uint64_t tick) {
    return move_on_timeline([&] { return recording_->seek(*game_, tick); });
}

bool editor_state::move_on_timeline(const std::function<bool()>& move) {
    if (mode_ != play_state::paused || !recording_) return false;
    // The user changed the selection since the last seek: what a seek dropped is forgotten.
    const std::span<const entity> now = selection().items();
    if (!std::equal(now.begin(), now.end(), selected_by_seek_.begin(), selected_by_seek_.end()))
        unselected_by_seek_.clear();
    if (!move()) return false;
    // Entity handles are the same at every tick (world::clone keeps them): the selected
    // entities stay selected where they are alive, and come back where they are again.
    std::vector<entity> wanted(now.begin(), now.end());
    wanted.insert(wanted.end(), unselected_by_seek_.begin(), unselected_by_seek_.end());
    std::vector<entity> alive;
    unselected_by_seek_.clear();
    for (const entity e : wanted) (world().alive(e) ? alive : unselected_by_seek_).push_back(e);
    selection().set(alive);
    selected_by_seek_ = alive;
    return true;
}

bool editor_state::step_back() {
    if (mode_ == play_state::playing) pause();
    if (mode_ != play_state::paused || !recording_) return false;
    // recording::step_back, not a seek: it bounds what the step re-simulates.
    return move_on_timeline([&] { return recording_->step_back(*game_); });
}

bool editor_state::step_forward() {
    if (mode_ == play_state::editing) return false;
    if (mode_ == play_state::playing) pause();
    if (recording_ && recording_->current_tick() < recording_->last_tick())
        return seek(recording_->current_tick() + 1);
    step();  // at the end of the recording: a new tick, recorded
    return true;
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

std::vector<field_sample> editor_state::field_history(entity e, type_id component,
                                                      std::size_t field_index,
                                                      std::size_t max_points, std::size_t element) {
    std::vector<field_sample> points;
    if (mode_ != play_state::paused || !recording_ || max_points == 0) return points;
    const component_info* info = table().find(component);
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
    recording_->visit(*game_, ticks, [&](std::uint64_t tick, const mosaic::world& w) {
        const void* value = w.try_get(e, component);
        double number = 0.0;
        if (value && read_number(f, value, element, number)) points.push_back({tick, number});
    });
    return points;
}

}  // namespace mosaic::editor
