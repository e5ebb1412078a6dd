// The query parser (mosaic/engine/live/live_query.hpp): a small hand-written lexer over the
// text, keeping every token's column so that an error says where it is and what was expected
// there. Names resolve against the component table while parsing: a query that parses runs.
#include <mosaic/engine/live/live_query.hpp>

#include <cctype>
#include <charconv>
#include <optional>
#include <type_traits>

#include <mosaic/ecs/field_kinds.hpp>

namespace mosaic::live {

namespace {

// What a condition on a field compares, from the field's kind.
enum class value_class : std::uint8_t { number, boolean, enumeration, text, vector, entity };

value_class class_of(field_kind kind) {
    return visit_kind(kind, [](auto tag) {
        using T = typename decltype(tag)::type;
        constexpr kind_info info = decltype(tag)::info;
        if constexpr (std::is_same_v<T, bool>) {
            return value_class::boolean;
        } else if constexpr (std::is_same_v<T, enum_number>) {
            return value_class::enumeration;
        } else if constexpr (info.is_text) {
            return value_class::text;
        } else if constexpr (info.float_count > 0) {
            return value_class::vector;
        } else if constexpr (std::is_same_v<T, entity>) {
            return value_class::entity;
        } else {
            static_assert(std::is_arithmetic_v<T>, "a new field kind: say how queries compare it");
            return value_class::number;
        }
    });
}

// The names of a vector kind's floats, in memory order.
std::string_view part_names(field_kind kind) {
    if (kind == field_kind::color) return "rgba";
    if (kind == field_kind::rect) return "xywh";
    return "xyzw";
}

struct parse_failed {
    query_error error;
};

class parser {
public:
    parser(const component_table& table, std::string_view text) : table_(table), text_(text) {}

    entity_query run() {
        entity_query q;
        skip_spaces();
        if (at_end()) return q;  // every entity
        for (;;) {
            term(q);
            skip_spaces();
            if (at_end()) return q;
            if (peek() != ',') fail("expected ',' or the end of the query");
            ++at_;
        }
    }

private:
    [[noreturn]] void fail(const std::string& message) const { fail_at(at_, message); }
    [[noreturn]] static void fail_at(std::size_t at, const std::string& message) {
        throw parse_failed{{at + 1, "column " + std::to_string(at + 1) + ": " + message}};
    }

    [[nodiscard]] bool at_end() const { return at_ >= text_.size(); }
    [[nodiscard]] char peek() const { return at_end() ? '\0' : text_[at_]; }
    void skip_spaces() {
        while (!at_end() && (peek() == ' ' || peek() == '\t')) ++at_;
    }
    bool accept(char c) {
        skip_spaces();
        if (peek() != c) return false;
        ++at_;
        return true;
    }
    static bool name_char(char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == ':';
    }
    // A name (component, field, part, enum value), or "" when none starts here.
    std::string_view name() {
        skip_spaces();
        const std::size_t start = at_;
        if (!at_end() && !std::isdigit(static_cast<unsigned char>(peek()))) {
            while (!at_end() && name_char(peek())) ++at_;
        }
        return text_.substr(start, at_ - start);
    }

    void term(entity_query& q) {
        skip_spaces();
        const std::size_t start = at_;
        if (at_end() || peek() == ',') {
            fail("empty term (expected Name, !Name or Name.field < value)");
        }
        const bool without = accept('!');
        const std::string_view component = name();
        if (component.empty()) fail("expected a component name");
        const component_info* info = table_.find(component);
        if (!info)
            fail_at(at_ - component.size(), "unknown component '" + std::string(component) + "'");
        skip_spaces();
        if (peek() != '.') {
            (without ? q.without : q.with).push_back(info->type);
            return;
        }
        if (without) {
            fail_at(start, "a condition cannot be negated with '!': use the opposite operator");
        }
        ++at_;
        q.conditions.push_back(condition(*info, start));
        q.with.push_back(info->type);
    }

    field_condition condition(const component_info& info, std::size_t start) {
        field_condition c;
        c.component = info.type;
        const std::size_t field_at = (skip_spaces(), at_);
        const std::string_view field_name = name();
        const field_info* field = nullptr;
        for (const field_info& f : info.fields) {
            if (f.name == field_name) field = &f;
        }
        if (!field) {
            std::string names;
            for (const field_info& f : info.fields) names += (names.empty() ? "" : ", ") + f.name;
            fail_at(field_at, info.name + " has no field '" + std::string(field_name) + "'" +
                                  (names.empty() ? "" : " (fields: " + names + ")"));
        }
        c.field = *field;
        std::string path = info.name + "." + field->name;
        if (field->count > 1) {
            if (!accept('[')) {
                fail(path + " is an array of " + std::to_string(field->count) +
                     ": pick an element with [i]");
            }
            skip_spaces();
            const std::size_t index_at = at_;
            std::uint32_t index = 0;
            const auto [end, ec] =
                std::from_chars(text_.data() + at_, text_.data() + text_.size(), index);
            if (ec != std::errc{} || index >= field->count) {
                fail_at(index_at, "expected an element of " + path + ", 0 to " +
                                      std::to_string(field->count - 1));
            }
            at_ = static_cast<std::size_t>(end - text_.data());
            if (!accept(']')) fail("expected ']'");
            c.element = index;
            path += "[" + std::to_string(index) + "]";
        }
        const value_class kind = class_of(field->kind);
        if (kind == value_class::vector) {
            const std::string_view parts =
                part_names(field->kind).substr(0, info_of(field->kind).float_count);
            std::string listed;
            for (const char p : parts) listed += std::string(listed.empty() ? "." : ", .") + p;
            if (!accept('.')) {
                fail(path + " is a " + std::string(info_of(field->kind).name) +
                     ": compare one of " + listed);
            }
            const std::size_t part_at = (skip_spaces(), at_);
            const std::string_view part = name();
            const std::size_t found =
                part.size() == 1 ? parts.find(part[0]) : std::string_view::npos;
            if (found == std::string_view::npos) {
                fail_at(part_at, "expected one of " + listed + " after " + path);
            }
            c.part = static_cast<std::uint32_t>(found);
            path += "." + std::string(part);
        }
        if (kind == value_class::entity) {
            fail_at(start, path + " is an entity reference; queries compare numbers and text");
        }
        c.path = path;
        c.op = operator_after(path);
        value(c, kind, path);
        return c;
    }

    compare_op operator_after(const std::string& path) {
        skip_spaces();
        const auto two = text_.substr(at_, 2);
        const auto take = [&](std::size_t n, compare_op op) {
            at_ += n;
            return op;
        };
        if (two == "<=") return take(2, compare_op::less_equal);
        if (two == ">=") return take(2, compare_op::greater_equal);
        if (two == "==") return take(2, compare_op::equal);
        if (two == "!=") return take(2, compare_op::not_equal);
        if (peek() == '<') return take(1, compare_op::less);
        if (peek() == '>') return take(1, compare_op::greater);
        if (peek() == '=') return take(1, compare_op::equal);
        fail("expected an operator (< <= > >= == !=) after " + path);
    }

    std::optional<double> number() {
        skip_spaces();
        const char* begin = text_.data() + at_;
        const char* last = text_.data() + text_.size();
        double value = 0;
        const char* from = begin + (begin != last && *begin == '+' ? 1 : 0);
        const auto [end, ec] = std::from_chars(from, last, value);
        if (ec != std::errc{} || end == from) return std::nullopt;
        at_ = static_cast<std::size_t>(end - text_.data());
        return value;
    }

    void value(field_condition& c, value_class kind, const std::string& path) {
        skip_spaces();
        const std::size_t value_at = at_;
        const bool equality = c.op == compare_op::equal || c.op == compare_op::not_equal;
        if (kind == value_class::text) {
            if (!equality) fail_at(value_at, path + " is text: compare it with == or !=");
            c.is_text = true;
            c.text = quoted(path);
            return;
        }
        if (kind == value_class::boolean) {
            const std::string_view word = name();
            if (word == "true" || word == "false") {
                c.number = word == "true" ? 1.0 : 0.0;
                return;
            }
            at_ = value_at;
        }
        if (kind == value_class::enumeration) {
            const std::string_view word = name();
            if (!word.empty()) {
                for (const enum_entry& e : c.field.enum_values) {
                    if (e.name == word) {
                        c.number = static_cast<double>(e.value);
                        return;
                    }
                }
                std::string names;
                for (const enum_entry& e : c.field.enum_values) {
                    names += (names.empty() ? "" : ", ") + e.name;
                }
                fail_at(value_at, "'" + std::string(word) + "' is not a value of " + path +
                                      " (values: " + names + ")");
            }
        }
        if (const std::optional<double> n = number()) {
            c.number = *n;
            return;
        }
        fail_at(value_at, std::string("expected ") +
                              (kind == value_class::boolean       ? "true, false or a number"
                               : kind == value_class::enumeration ? "a value name or a number"
                                                                  : "a number") +
                              " after " + path);
    }

    std::string quoted(const std::string& path) {
        if (peek() != '"') fail("expected text in double quotes after " + path);
        std::string out;
        ++at_;
        while (!at_end() && peek() != '"') {
            if (peek() == '\\' && at_ + 1 < text_.size()) ++at_;
            out += text_[at_++];
        }
        if (at_end()) fail("unterminated text: expected a closing '\"'");
        ++at_;
        return out;
    }

    const component_table& table_;
    std::string_view text_;
    std::size_t at_ = 0;
};

}  // namespace

std::variant<entity_query, query_error> parse_query(const component_table& table,
                                                    std::string_view text) {
    try {
        return parser(table, text).run();
    } catch (const parse_failed& e) {
        return e.error;
    }
}

}  // namespace mosaic::live
