#include "mosaic/ecs/command_buffer.hpp"

#include <algorithm>

namespace mosaic {

void* command_buffer::allocate(std::size_t size, std::size_t alignment) {
    for (;;) {
        if (!blocks_.empty()) {
            block& last = blocks_.back();
            const auto base = reinterpret_cast<std::uintptr_t>(last.memory.get());
            const std::size_t start =
                (base + last.used + alignment - 1) / alignment * alignment - base;
            if (start + size <= last.size) {
                last.used = start + size;
                return last.memory.get() + start;
            }
        }
        const std::size_t block_size = std::max(std::size_t{16} * 1024, size + alignment);
        blocks_.push_back({std::make_unique<std::byte[]>(block_size), block_size, 0});
    }
}

entity command_buffer::resolve(entity e) const noexcept {
    if (!is_placeholder(e)) return e;
    return e.index < resolved_.size() ? resolved_[e.index] : null_entity;
}

void command_buffer::apply(world& w) {
    resolved_.clear();
    // Whatever happens (a capacity_error from create), the payloads are destroyed.
    struct clear_on_exit {
        command_buffer* self;
        ~clear_on_exit() { self->clear(); }
    } guard{this};

    for (const command& cmd : commands_) {
        if (cmd.what == kind::create) {
            resolved_.push_back(w.create());
            continue;
        }
        const entity e = resolve(cmd.target);
        if (!w.alive(e)) continue;
        switch (cmd.what) {
            case kind::destroy:
                w.destroy(e);
                break;
            case kind::add:
            case kind::set:
                cmd.apply(w, e, cmd.payload);
                break;
            case kind::remove:
                w.remove(e, cmd.type);
                break;
            case kind::enable:
                w.set_enabled(e, cmd.type, cmd.flag);
                break;
            case kind::create:
                break;
        }
    }
}

void command_buffer::clear() noexcept {
    for (const command& cmd : commands_) {
        if (cmd.destroy) cmd.destroy(cmd.payload);
    }
    commands_.clear();
    created_ = 0;
    // Keep the first block for the next tick; free the rest.
    if (blocks_.size() > 1) blocks_.resize(1);
    if (!blocks_.empty()) blocks_.front().used = 0;
}

}  // namespace mosaic
