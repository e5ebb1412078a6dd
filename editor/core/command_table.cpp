#include "command_table.hpp"

#include <algorithm>
#include <utility>

#include "core_commands.hpp"
#include "editor_state.hpp"

namespace mosaic::editor {

std::string key_label(key k) {
    const int code = static_cast<int>(k);
    if (code >= static_cast<int>(key::a) && code <= static_cast<int>(key::z))
        return std::string(1, static_cast<char>('A' + (code - static_cast<int>(key::a))));
    if (code >= static_cast<int>(key::d0) && code <= static_cast<int>(key::d9))
        return std::string(1, static_cast<char>('0' + (code - static_cast<int>(key::d0))));
    if (code >= static_cast<int>(key::f1) && code <= static_cast<int>(key::f12))
        return "F" + std::to_string(code - static_cast<int>(key::f1) + 1);
    // The other keys a shortcut may use (modifiers never are one).
    static constexpr std::pair<key, const char*> names[] = {
        {key::space, "Space"}, {key::apostrophe, "'"},
        {key::comma, ","},     {key::minus, "-"},
        {key::period, "."},    {key::slash, "/"},
        {key::escape, "Esc"},  {key::enter, "Enter"},
        {key::tab, "Tab"},     {key::backspace, "Backspace"},
        {key::insert, "Ins"},  {key::del, "Del"},
        {key::right, "Right"}, {key::left, "Left"},
        {key::down, "Down"},   {key::up, "Up"},
    };
    for (const auto& [named, name] : names)
        if (named == k) return name;
    return "Key " + std::to_string(code);
}

std::string to_string(const key_chord& chord) {
    std::string out;
    if (chord.ctrl) out += "Ctrl+";
    if (chord.shift) out += "Shift+";
    return out + key_label(chord.code);
}

std::string command_context::rest_after(std::size_t words) const {
    std::size_t i = 0;
    const auto blank = [&] { return line[i] == ' ' || line[i] == '\t'; };
    for (std::size_t w = 0; w < words; ++w) {
        while (i < line.size() && blank()) ++i;
        while (i < line.size() && !blank()) ++i;
    }
    while (i < line.size() && blank()) ++i;
    return std::string(line.substr(i));
}

std::string command_context::need(std::size_t n) const {
    if (args.size() >= n) return {};
    return verb + ": expected " + std::to_string(n) + " argument(s)";
}

std::string command_context::need_selection() const {
    return state.selection().empty() ? verb + ": nothing is selected" : std::string();
}

command& command_table::add(command c) {
    for (command& existing : commands_) {
        if (existing.id == c.id) {
            existing = std::move(c);
            return existing;
        }
    }
    commands_.push_back(std::move(c));
    return commands_.back();
}

bool command_table::remove(std::string_view id) {
    const auto it = std::find_if(commands_.begin(), commands_.end(),
                                 [&](const command& c) { return c.id == id; });
    if (it == commands_.end()) return false;
    commands_.erase(it);
    return true;
}

command* command_table::find(std::string_view id) {
    for (command& c : commands_)
        if (c.id == id) return &c;
    return nullptr;
}

const command* command_table::find(std::string_view id) const {
    for (const command& c : commands_)
        if (c.id == id) return &c;
    return nullptr;
}

const command* command_table::find_verb(std::string_view verb) const {
    if (verb.empty()) return nullptr;
    for (const command& c : commands_)
        if (c.verb == verb) return &c;
    return nullptr;
}

std::vector<const command*> command_table::bound_to(const key_chord& chord) const {
    std::vector<const command*> out;
    for (const command& c : commands_)
        if (std::find(c.keys.begin(), c.keys.end(), chord) != c.keys.end()) out.push_back(&c);
    return out;
}

std::vector<std::string> command_table::menus() const {
    std::vector<std::string> out;
    for (const command& c : commands_)
        if (!c.menu.empty() && std::find(out.begin(), out.end(), c.menu) == out.end())
            out.push_back(c.menu);
    return out;
}

std::vector<const command*> command_table::in_menu(std::string_view menu, int from, int to) const {
    std::vector<const command*> out;
    for (const command& c : commands_)
        if (c.menu == menu && c.order >= from && c.order < to) out.push_back(&c);
    std::stable_sort(out.begin(), out.end(),
                     [](const command* a, const command* b) { return a->order < b->order; });
    return out;
}

std::string command_table::run(const command& c, command_context& ctx) {
    if (ctx.ui != nullptr && c.run_in_window && (!ctx.from_script() || !c.run))
        return c.run_in_window(ctx);
    if (!c.run) return (c.verb.empty() ? c.id : c.verb) + ": needs the editor window";
    return c.run(ctx);
}

bool command_table::enabled(const command& c, const command_context& ctx) {
    return !c.enabled || c.enabled(ctx);
}

std::string command_table::title(const command& c, const command_context& ctx) {
    return c.title ? c.title(ctx) : c.label;
}

std::vector<shortcut_row> shortcut_rows(const command_table& table) {
    const std::vector<std::string> menus = table.menus();
    const auto rank = [&](const command* c) {
        const auto at = std::find(menus.begin(), menus.end(), c->menu);
        return std::pair<std::size_t, int>(static_cast<std::size_t>(at - menus.begin()),
                                           c->menu.empty() ? 0 : c->order);
    };
    std::vector<const command*> bound;
    for (const command& c : table.all())
        if (!c.keys.empty()) bound.push_back(&c);
    std::stable_sort(bound.begin(), bound.end(),
                     [&](const command* a, const command* b) { return rank(a) < rank(b); });
    std::vector<shortcut_row> rows;
    for (const command* c : bound) {
        shortcut_row row;
        for (const key_chord& chord : c->keys)
            row.keys += (row.keys.empty() ? "" : ", ") + to_string(chord);
        row.what = c->help.empty() ? c->label : c->help;
        rows.push_back(std::move(row));
    }
    return rows;
}

command_table& editor_commands() {
    static command_table table = [] {
        command_table t;
        add_core_commands(t);
        return t;
    }();
    return table;
}

}  // namespace mosaic::editor
