#pragma once
// A list of callbacks `void(world&, entity)`: on_add<T>, on_remove<T> and on_destroy.

#include <cstdint>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

#include "entity.hpp"

namespace mosaic {

class world;

class signal {
public:
    using callback = std::function<void(world&, entity)>;
    using connection = std::uint64_t;

    connection connect(callback fn) {
        slots_.push_back({++last_id_, std::make_shared<slot>(slot{std::move(fn), true})});
        return last_id_;
    }
    /// False when `id` was not connected (or already disconnected).
    bool disconnect(connection id) noexcept {
        for (std::size_t i = 0; i < slots_.size(); ++i) {
            if (slots_[i].first == id) {
                slots_[i].second->connected = false;
                slots_.erase(slots_.begin() + static_cast<std::ptrdiff_t>(i));
                return true;
            }
        }
        return false;
    }
    [[nodiscard]] bool empty() const noexcept { return slots_.empty(); }
    /// Disconnects every callback.
    void disconnect_all() noexcept {
        for (auto& s : slots_) s.second->connected = false;
        slots_.clear();
    }

    /// Calls every callback in connection order. A callback may connect or disconnect
    /// (itself or others): one disconnected during the emission is not called afterwards,
    /// one connected during it runs from the next emission on.
    void emit(world& w, entity e) const {
        if (slots_.size() == 1) {  // the common case: no copy
            const std::shared_ptr<slot> only = slots_.front().second;
            only->fn(w, e);
            return;
        }
        std::vector<std::shared_ptr<slot>> snapshot;
        snapshot.reserve(slots_.size());
        for (const auto& [id, s] : slots_) snapshot.push_back(s);
        for (const auto& s : snapshot) {
            if (s->connected) s->fn(w, e);
        }
    }

private:
    struct slot {
        callback fn;
        bool connected;
    };
    // shared_ptr: a callback that disconnects itself stays alive until it returns.
    std::vector<std::pair<connection, std::shared_ptr<slot>>> slots_;
    connection last_id_ = 0;
};

}  // namespace mosaic
