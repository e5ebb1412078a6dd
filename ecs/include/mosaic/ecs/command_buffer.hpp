#pragma once
// command_buffer: structural changes recorded now, applied later at a sync point.
//
// Views must not see pools change under them, and systems running in parallel must not
// touch the entity set at all. They record creates, destroys, adds and removes here; the
// scheduler applies every system's buffer, in system order, between phases. Applying in a
// fixed order is what keeps results identical for any thread count.
//
// `create()` returns a placeholder entity that later commands of the same buffer may use
// (add components to it, destroy it); apply() maps it to the real entity. Commands that name
// an entity that is no longer alive when they are applied are skipped: a bullet hit twice in
// one tick is destroyed once.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "entity_pool.hpp"
#include "world.hpp"

namespace mosaic {

class command_buffer {
public:
    command_buffer() = default;
    /// The moved-from buffer is empty and numbers its placeholders from 0 again.
    command_buffer(command_buffer&& other) noexcept
        : blocks_(std::exchange(other.blocks_, {})),
          commands_(std::exchange(other.commands_, {})),
          resolved_(std::exchange(other.resolved_, {})),
          created_(std::exchange(other.created_, 0)) {}
    /// Drops (and destroys the payloads of) the commands this buffer had.
    command_buffer& operator=(command_buffer&& other) noexcept {
        if (this != &other) {
            clear();
            blocks_ = std::exchange(other.blocks_, {});
            commands_ = std::exchange(other.commands_, {});
            resolved_ = std::exchange(other.resolved_, {});
            created_ = std::exchange(other.created_, 0);
        }
        return *this;
    }
    command_buffer(const command_buffer&) = delete;
    command_buffer& operator=(const command_buffer&) = delete;
    ~command_buffer() { clear(); }

    /// A placeholder for an entity created at apply time.
    [[nodiscard]] entity create() {
        const entity placeholder{created_, placeholder_bit};
        ++created_;
        commands_.push_back(
            {kind::create, placeholder, invalid_type_id, nullptr, nullptr, nullptr, false});
        return placeholder;
    }
    void destroy(entity e) {
        commands_.push_back({kind::destroy, e, invalid_type_id, nullptr, nullptr, nullptr, false});
    }
    /// Adds T when applied. Like world::add, the entity must not have a T by then: a
    /// duplicate fails the check (inside the scheduler: the error of the system whose buffer
    /// it is). When it may have one, say so with add_or_replace.
    template <class T, class... Args>
    void add(entity e, Args&&... args) {
        push_value<T>(kind::add, e, &apply_add<T>, std::forward<Args>(args)...);
    }
    /// Adds T, or assigns the value when the entity has a T by the time it is applied (like
    /// world::add_or_replace).
    template <class T, class... Args>
    void add_or_replace(entity e, Args&&... args) {
        push_value<T>(kind::add, e, &apply_add_or_replace<T>, std::forward<Args>(args)...);
    }
    /// Assigns the value if the entity still has a T when applied; otherwise nothing.
    template <class T>
    void set(entity e, T value) {
        push_value<T>(kind::set, e, &apply_set<T>, std::move(value));
    }
    template <class T>
    void remove(entity e) {
        commands_.push_back({kind::remove, e, type_id_of<T>(), nullptr, nullptr, nullptr, false});
    }
    template <class T>
    void set_enabled(entity e, bool enabled) {
        commands_.push_back({kind::enable, e, type_id_of<T>(), nullptr, nullptr, nullptr, enabled});
    }

    /// Runs every command in recording order against `w`, then empties the buffer.
    /// Calls `fn(world, e, context)` at apply time, `e` resolved like any other command's
    /// (how spawn(command_buffer&, archetype) works). `context` must outlive apply().
    void call(entity e, void (*fn)(world&, entity, void*), void* context) {
        push_call(e, fn, context);
    }
    /// The same with a context `fn` only reads (spawning from a `const archetype&`).
    void call(entity e, void (*fn)(world&, entity, const void*), const void* context) {
        push_call(e, fn, context);
    }

    void apply(world& w);
    /// Drops every command without applying it.
    void clear() noexcept;

    [[nodiscard]] std::size_t size() const noexcept { return commands_.size(); }
    [[nodiscard]] bool empty() const noexcept { return commands_.empty(); }
    [[nodiscard]] static bool is_placeholder(entity e) noexcept {
        return !e.is_null() && (e.generation & placeholder_bit) != 0;
    }
    /// After apply(): the entities the placeholders became, in creation order.
    [[nodiscard]] std::span<const entity> created() const noexcept { return resolved_; }

private:
    static constexpr entity_generation placeholder_bit = entity_pool::free_bit;

    enum class kind : std::uint8_t { create, destroy, add, set, remove, enable };
    using apply_fn = void (*)(world&, entity, void*);
    using destroy_fn = void (*)(void*);

    struct command {
        kind what;
        entity target;
        type_id type;
        void* payload;  // a T in the arena, for add and set
        apply_fn apply;
        destroy_fn destroy;
        bool flag;
    };

    template <class T, class... Args>
    void push_value(kind what, entity e, apply_fn fn, Args&&... args) {
        void* memory = allocate(sizeof(T), alignof(T));
        if constexpr (std::is_aggregate_v<T>) {
            ::new (memory) T{std::forward<Args>(args)...};
        } else {
            ::new (memory) T(std::forward<Args>(args)...);
        }
        commands_.push_back({what, e, type_id_of<T>(), memory, fn,
                             [](void* p) { static_cast<T*>(p)->~T(); }, false});
    }
    template <class T>
    static void apply_add(world& w, entity e, void* payload) {
        w.add<T>(e, std::move(*static_cast<T*>(payload)));
    }
    template <class T>
    static void apply_add_or_replace(world& w, entity e, void* payload) {
        w.add_or_replace<T>(e, std::move(*static_cast<T*>(payload)));
    }
    template <class T>
    static void apply_set(world& w, entity e, void* payload) {
        if (T* existing = w.try_get<T>(e)) *existing = std::move(*static_cast<T*>(payload));
    }

    // A call() is a set-like command whose payload, in the arena, is the function and its
    // context: the context keeps its constness all the way to `fn`.
    template <class Context>
    void push_call(entity e, void (*fn)(world&, entity, Context*), Context* context) {
        struct call_record {
            void (*fn)(world&, entity, Context*);
            Context* context;
        };
        void* memory = allocate(sizeof(call_record), alignof(call_record));
        ::new (memory) call_record{fn, context};
        commands_.push_back({kind::set, e, invalid_type_id, memory,
                             [](world& w, entity target, void* payload) {
                                 const auto& call = *static_cast<const call_record*>(payload);
                                 call.fn(w, target, call.context);
                             },
                             nullptr, false});
    }

    void* allocate(std::size_t size, std::size_t alignment);
    entity resolve(entity e) const noexcept;

    // Values live in blocks that never move, so pointers into them stay valid.
    struct block {
        std::unique_ptr<std::byte[]> memory;
        std::size_t size = 0;
        std::size_t used = 0;
    };
    std::vector<block> blocks_;
    std::vector<command> commands_;
    std::vector<entity> resolved_;
    entity_index created_ = 0;
};

}  // namespace mosaic
