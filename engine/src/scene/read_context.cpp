#include "read_context.hpp"

#include "json_support.hpp"
#include "mosaic/engine/components.hpp"
#include "mosaic/engine/scene/scene.hpp"

#include <unordered_map>
#include <vector>

namespace mosaic::detail {

diagnostic read_context::make(diagnostic::level level, std::string path,
                              std::string message) const {
    diagnostic d;
    d.severity = level;
    d.file = file_;
    d.message = std::move(message);
    if (!text_.empty()) {
        if (const auto offset = locate_json_path(text_, path)) {
            const auto [line, column] = line_column(text_, *offset);
            d.line = line;
            d.column = column;
        }
    }
    d.path = std::move(path);
    return d;
}

void read_context::fail(std::string path, std::string message) {
    out_->push_back(make(diagnostic::level::error, std::move(path), std::move(message)));
    throw load_failed{};
}

void read_context::fail_at(std::size_t offset, std::string message) {
    diagnostic d;
    d.file = file_;
    d.message = std::move(message);
    const auto [line, column] = line_column(text_, offset);
    d.line = line;
    d.column = column;
    out_->push_back(std::move(d));
    throw load_failed{};
}

void read_context::warn(std::string path, std::string message) {
    // Locating a path re-reads the file: only the first warnings get line numbers, and a
    // file with thousands of problems does not flood the console.
    if (++warnings_ > max_warnings) return;
    out_->push_back(make(diagnostic::level::warning, std::move(path), std::move(message)));
}

void read_context::finish() {
    if (warnings_ > max_warnings) {
        diagnostic d;
        d.severity = diagnostic::level::warning;
        d.file = file_;
        d.message = "... and " + std::to_string(warnings_ - max_warnings) + " more warnings";
        out_->push_back(std::move(d));
    }
}

entity read_context::resolve(std::uint64_t id, const std::string& path) {
    if (id == 0) return null_entity;
    const auto it = entities.find(id);
    if (it != entities.end()) return it->second;
    warn(path, "refers to entity " + std::to_string(id) +
                   ", which is not in the file; the reference is cleared");
    return null_entity;
}

void break_parent_cycles(world& w, read_context& ctx) {
    std::unordered_map<std::uint32_t, int> state;  // 1: on the current path, 2: done
    std::vector<entity> path;
    w.each([&](entity start) {
        path.clear();
        for (entity at = start; !at.is_null() && state[at.index] == 0;) {
            state[at.index] = 1;
            path.push_back(at);
            const Parent* p = w.try_get<Parent>(at);
            const entity next = p ? p->entity : null_entity;
            if (!next.is_null() && state[next.index] == 1) {
                const EntityId* id = w.try_get<EntityId>(at);
                ctx.warn("entities", "entity " + std::to_string(id ? id->value : 0) +
                                         " is its own ancestor; its parent link is dropped");
                w.remove<Parent>(at);
                break;
            }
            at = next;
        }
        for (const entity e : path) state[e.index] = 2;
    });
}

}  // namespace mosaic::detail
