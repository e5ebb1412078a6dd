#pragma once
// A list of callbacks `void(world&, entity)`: on_add<T>, on_remove<T> and on_destroy.

#include <cstdint>
#include <functional>
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
        slots_.push_back({++last_id_, std::move(fn)});
        return last_id_;
    }
    /// False when `id` was not connected (or already disconnected).
    bool disconnect(connection id) noexcept {
        for (std::size_t i = 0; i < slots_.size(); ++i) {
            if (slots_[i].first == id) {
                slots_.erase(slots_.begin() + static_cast<std::ptrdiff_t>(i));
                return true;
            }
        }
        return false;
    }
    [[nodiscard]] bool empty() const noexcept { return slots_.empty(); }

    /// Calls every callback in connection order. A callback may disconnect itself or others;
    /// callbacks connected during the emission run from the next one on.
    void emit(world& w, entity e) const {
        const std::size_t count = slots_.size();
        for (std::size_t i = 0; i < count && i < slots_.size(); ++i) slots_[i].second(w, e);
    }

private:
    std::vector<std::pair<connection, callback>> slots_;
    connection last_id_ = 0;
};

}  // namespace mosaic
