#include "mosaic/ecs/system.hpp"

namespace mosaic {

std::string_view to_string(phase p) noexcept {
    switch (p) {
        case phase::pre_update:
            return "pre_update";
        case phase::update:
            return "update";
        case phase::post_update:
            return "post_update";
        case phase::render:
            return "render";
    }
    return "?";
}

system& system::in(phase p) noexcept {
    phase_ = p;
    return *this;
}
system& system::order(int order) noexcept {
    order_ = order;
    return *this;
}
system& system::every(rate r) noexcept {
    rate_ = r;
    return *this;
}
system& system::exclusive() noexcept {
    exclusive_ = true;
    return *this;
}
system& system::enabled(bool on) noexcept {
    enabled_ = on;
    return *this;
}

void system::declare(type_id type, std::uint8_t how) {
    if (type >= access_.size()) access_.resize(std::size_t{type} + 1, 0);
    if (access_[type] & how) return;
    access_[type] |= how;
    (how == access_write ? writes_ : reads_).push_back(type);
}

bool system::can_read(type_id type) const noexcept {
    return type < access_.size() && access_[type] != 0;  // writing implies reading
}
bool system::can_write(type_id type) const noexcept {
    return type < access_.size() && (access_[type] & access_write) != 0;
}

bool system::conflicts_with(const system& other) const noexcept {
    if (exclusive_ || other.exclusive_) return true;
    for (const type_id type : writes_) {
        if (other.can_read(type)) return true;
    }
    for (const type_id type : other.writes_) {
        if (can_read(type)) return true;
    }
    return false;
}

void system::record_time(double ms) noexcept {
    samples_[calls_ % timing_window] = ms;
    ++calls_;
}

system_timing system::timing() const noexcept {
    system_timing t;
    t.calls = calls_;
    if (calls_ == 0) return t;
    const std::size_t n = calls_ < timing_window ? calls_ : timing_window;
    double sum = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        sum += samples_[i];
        if (samples_[i] > t.max_ms) t.max_ms = samples_[i];
    }
    t.mean_ms = sum / static_cast<double>(n);
    t.last_ms = samples_[(calls_ - 1) % timing_window];
    return t;
}

}  // namespace mosaic
