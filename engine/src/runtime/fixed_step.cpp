#include "mosaic/engine/runtime/fixed_step.hpp"

#include <algorithm>
#include <cmath>

namespace mosaic {

namespace {
bool usable(double value) {
    return std::isfinite(value) && value > 0.0;
}
}  // namespace

fixed_step_clock::fixed_step_clock(fixed_step_options options) noexcept {
    set_tick_rate(options.tick_rate);
    set_time_scale(options.time_scale);
    set_max_ticks_per_frame(options.max_ticks_per_frame);
    set_max_tick_seconds(options.max_tick_seconds);
}

void fixed_step_clock::set_tick_rate(double ticks_per_second) noexcept {
    if (usable(ticks_per_second)) options_.tick_rate = ticks_per_second;
}

void fixed_step_clock::set_time_scale(double scale) noexcept {
    // Zero is a valid scale (frozen time that still renders); negative time is not.
    if (std::isfinite(scale) && scale >= 0.0) options_.time_scale = scale;
}

void fixed_step_clock::set_max_ticks_per_frame(int ticks) noexcept {
    if (ticks > 0) options_.max_ticks_per_frame = ticks;
}

void fixed_step_clock::set_max_tick_seconds(double seconds) noexcept {
    if (std::isfinite(seconds) && seconds >= 0.0) options_.max_tick_seconds = seconds;
}

void fixed_step_clock::drop(int ticks) noexcept {
    if (ticks <= 0) return;
    const auto n = std::min<std::uint64_t>(static_cast<std::uint64_t>(ticks), ticks_);
    ticks_ -= n;
    game_seconds_ -= static_cast<double>(n) * tick_seconds();
    dropped_ += n;
    window_run_ = std::max(0.0, window_run_ - static_cast<double>(n));
    if (!window_completed_ && window_due_ > 0.0) speed_ = window_run_ / window_due_;
}

void fixed_step_clock::count_speed(double due, double run) noexcept {
    // Windows of about a second of due ticks; the speed shown is the last whole window's
    // (steady enough to read), or the first window's so far.
    if (window_due_ >= options_.tick_rate) {
        speed_ = window_run_ / window_due_;
        window_completed_ = true;
        window_due_ = 0.0;
        window_run_ = 0.0;
    }
    window_due_ += due;
    window_run_ += run;
    if (!window_completed_) speed_ = window_run_ / window_due_;
}

int fixed_step_clock::advance(double real_seconds) noexcept {
    if (paused_) {
        accumulator_ = 0.0;
        if (!step_requested_) return 0;
        step_requested_ = false;
        ++ticks_;
        game_seconds_ += tick_seconds();
        return 1;
    }
    step_requested_ = false;
    if (!std::isfinite(real_seconds) || real_seconds < 0.0) real_seconds = 0.0;

    const double tick = tick_seconds();
    accumulator_ += real_seconds * options_.time_scale;
    // The small epsilon keeps 1/60 s frames at exactly one tick despite rounding.
    auto due = static_cast<std::uint64_t>((accumulator_ + 1e-9) / tick);
    const auto cap = static_cast<std::uint64_t>(options_.max_ticks_per_frame);
    const auto wanted = due;
    if (due > cap) {
        dropped_ += due - cap;
        due = cap;
        accumulator_ = 0.0;
    } else {
        accumulator_ = std::max(0.0, accumulator_ - static_cast<double>(due) * tick);
    }
    if (wanted > 0) count_speed(static_cast<double>(wanted), static_cast<double>(due));
    ticks_ += due;
    game_seconds_ += static_cast<double>(due) * tick;
    return static_cast<int>(due);
}

void fixed_step_clock::reset() noexcept {
    accumulator_ = 0.0;
    game_seconds_ = 0.0;
    ticks_ = 0;
    dropped_ = 0;
    speed_ = 1.0;
    window_completed_ = false;
    window_due_ = 0.0;
    window_run_ = 0.0;
    step_requested_ = false;
}

}  // namespace mosaic
