// The three-way merge of scene documents. Sections: 1. comparing  2. where a value is
// 3. merging values  4. keyed arrays (entities, systems)  5. renumbering  6. parent cycles
#include "json_merge.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "mosaic/engine/scene/number_rows.hpp"

namespace mosaic::detail {

namespace {

using value = rapidjson::Value;
using allocator = rapidjson::Document::AllocatorType;

// --- 1. comparing ----------------------------------------------------------------------------

// Both absent, or both present and the same.
bool same(const value* a, const value* b) {
    if (!a || !b) return a == b;
    return same_json(*a, *b);
}

const value* find(const value* object, const value& key) {
    if (!object || !object->IsObject()) return nullptr;
    const auto it = object->FindMember(key);
    return it == object->MemberEnd() ? nullptr : &it->value;
}

const value* find(const value* object, const char* key) {
    return find(object, value(rapidjson::StringRef(key)));
}

// A member of a value being changed. By index, not by comparing rapidjson's mutable member
// iterators: C++20's reversed operators make those comparisons ambiguous (clang refuses).
value* find_mutable(value& object, std::string_view key) {
    if (!object.IsObject()) return nullptr;
    for (rapidjson::SizeType i = 0; i < object.MemberCount(); ++i) {
        const auto m = object.MemberBegin() + i;
        if (std::string_view(m->name.GetString(), m->name.GetStringLength()) == key)
            return &m->value;
    }
    return nullptr;
}

std::string name_of(const value* entity) {
    const value* name = find(entity, "name");
    return name && name->IsString() ? std::string(name->GetString(), name->GetStringLength())
                                    : std::string();
}

// --- 2. where a value is ---------------------------------------------------------------------

enum class level { scene, entity, components, component, field };

struct place {
    level at = level::scene;
    std::uint64_t entity_id = 0;
    std::string entity_name;
    std::string component;
    std::string path;  // in the component, the entity or the scene

    [[nodiscard]] place child(std::string_view key) const {
        place p = *this;
        const auto join = [&] {
            p.path = path.empty() ? std::string(key) : path + "." + std::string(key);
        };
        switch (at) {
            case level::scene:
            case level::field:
                join();
                break;
            case level::entity:
                if (key == "components") {
                    p.at = level::components;
                } else {
                    p.at = level::field;
                    p.path = key;
                }
                break;
            case level::components:
                p.at = level::component;
                p.component = key;
                break;
            case level::component:
                p.at = level::field;
                p.path = key;
                break;
        }
        return p;
    }
};

// How a conflict shows a value: compact JSON, short; whole entities and components by what
// happened to them.
std::string shown(const value* v, const value* base) {
    if (!v) return base ? "(deleted)" : "(none)";
    if (v->IsObject()) return !base ? "(added)" : same(v, base) ? "(unchanged)" : "(changed)";
    std::string text = to_json_text(*v);
    if (text.size() > 80) text = text.substr(0, 77) + "...";
    return text;
}

// --- 3. merging values -----------------------------------------------------------------------

class merger {
public:
    merger(allocator& alloc, std::vector<merge_conflict>& conflicts)
        : alloc_(&alloc), conflicts_(&conflicts) {}

    // Sets `out` to the merged value; false when the result has no value (deleted).
    bool merge(const value* b, const value* o, const value* t, const place& at, value& out) {
        if (same(o, t)) return copy(o, out);
        if (same(b, o)) return copy(t, out);
        if (same(b, t)) return copy(o, out);
        // Both sides changed it, differently: look inside, or it is a conflict.
        if (o && t && o->GetType() == t->GetType() && (!b || b->GetType() == o->GetType())) {
            if (o->IsObject()) {
                merge_object(b, *o, *t, at, out);
                return true;
            }
            if (o->IsArray() && at.at == level::field && !at.component.empty() &&
                merge_cells(b, *o, *t, at, out))
                return true;
            if (o->IsArray() && at.at == level::scene && at.path == "entities" &&
                merge_keyed(b, *o, *t, at, "id", out))
                return true;
            if (o->IsArray() && at.at == level::scene && at.path == "systems" &&
                merge_keyed(b, *o, *t, at, "name", out))
                return true;
        }
        conflict(b, o, t, at);
        return copy(o, out);
    }

private:
    bool copy(const value* v, value& out) {
        if (!v) return false;
        out.CopyFrom(*v, *alloc_);
        return true;
    }

    void conflict(const value* b, const value* o, const value* t, const place& at) {
        merge_conflict c;
        c.entity_id = at.entity_id;
        c.entity_name = at.entity_name;
        c.component = at.component;
        c.field = at.path;
        c.base = b ? shown(b, nullptr) : "(none)";
        if (b && b->IsObject()) c.base = "(present)";
        c.ours = shown(o, b);
        c.theirs = shown(t, b);
        c.kept = o ? "ours" : "ours (deleted)";
        conflicts_->push_back(std::move(c));
    }

    // Member by member: OURS' order, then the members only THEIRS has.
    void merge_object(const value* b, const value& o, const value& t, const place& at, value& out) {
        out.SetObject();
        const auto add = [&](const value& key) {
            value merged;
            const std::string name(key.GetString(), key.GetStringLength());
            if (merge(find(b, key), find(&o, key), find(&t, key), at.child(name), merged))
                out.AddMember(value(key, *alloc_), merged, *alloc_);
        };
        for (const auto& m : o.GetObject()) add(m.name);
        for (const auto& m : t.GetObject()) {
            if (!find(&o, m.name)) add(m.name);
        }
    }

    // A component's fixed array of numbers (a TileChunk's tiles): cell by cell, so two edits
    // of different cells merge and only a cell both sides changed differently conflicts.
    // Vectors, colours and rects (4 numbers or fewer) stay one value, as people read them.
    bool merge_cells(const value* b, const value& o, const value& t, const place& at, value& out) {
        if (b && b->IsArray() && (has_string(*b) || has_string(o) || has_string(t)))
            return merge_rows(*b, o, t, at, out);
        constexpr rapidjson::SizeType smallest = 5;
        if (!b || !b->IsArray() || o.Size() < smallest || o.Size() != t.Size() ||
            o.Size() != b->Size())
            return false;
        for (rapidjson::SizeType i = 0; i < o.Size(); ++i) {
            if (!(*b)[i].IsNumber() || !o[i].IsNumber() || !t[i].IsNumber()) return false;
        }
        out.SetArray();
        for (rapidjson::SizeType i = 0; i < o.Size(); ++i) {
            value cell;
            place where = at;
            where.path += "[" + std::to_string(i) + "]";
            merge(&(*b)[i], &o[i], &t[i], where, cell);
            out.PushBack(cell, *alloc_);
        }
        return true;
    }

    // The same for a long array of whole numbers written as rows ("7 10*30 8",
    // number_rows.hpp): the rows are read into cells, merged cell by cell, and written as
    // OURS' rows. A conflict names the cell (tiles[37]), as in the one-number-a-line form.
    struct row_cells {
        std::vector<std::int64_t> numbers;
        std::vector<std::size_t> row_lengths;
    };
    static bool has_string(const value& array) {
        for (const value& v : array.GetArray()) {
            if (v.IsString()) return true;
        }
        return false;
    }
    static std::optional<row_cells> cells_of(const value& array) {
        constexpr std::size_t most = std::size_t{1} << 20;  // binary scenes' largest array
        row_cells cells;
        for (const value& row : array.GetArray()) {
            const std::size_t before = cells.numbers.size();
            if (row.IsString()) {
                if (read_number_row(std::string_view(row.GetString(), row.GetStringLength()),
                                    most - before, cells.numbers))
                    return std::nullopt;
            } else if (row.IsInt64() && before < most) {
                cells.numbers.push_back(row.GetInt64());
            } else {
                return std::nullopt;
            }
            cells.row_lengths.push_back(cells.numbers.size() - before);
        }
        return cells;
    }

    bool merge_rows(const value& b, const value& o, const value& t, const place& at, value& out) {
        const auto bc = cells_of(b), oc = cells_of(o), tc = cells_of(t);
        if (!bc || !oc || !tc || bc->numbers.size() != oc->numbers.size() ||
            oc->numbers.size() != tc->numbers.size())
            return false;
        std::vector<std::int64_t> merged(oc->numbers.size());
        for (std::size_t i = 0; i < merged.size(); ++i) {
            const std::int64_t bv = bc->numbers[i], ov = oc->numbers[i], tv = tc->numbers[i];
            merged[i] = ov == tv || bv == tv ? ov : tv;
            if (ov != tv && bv != ov && bv != tv) {
                place where = at;
                where.path += "[" + std::to_string(i) + "]";
                const value bn(static_cast<std::int64_t>(bv)), on(static_cast<std::int64_t>(ov)),
                    tn(static_cast<std::int64_t>(tv));
                conflict(&bn, &on, &tn, where);
                merged[i] = ov;
            }
        }
        out.SetArray();
        std::size_t first = 0;
        for (std::size_t i = 0; i < o.Size(); ++i) {
            const std::size_t n = oc->row_lengths[i];
            const std::span<const std::int64_t> row(merged.data() + first, n);
            if (o[i].IsString()) {
                const std::string text = write_number_row(row);
                out.PushBack(
                    value(text.data(), static_cast<rapidjson::SizeType>(text.size()), *alloc_),
                    *alloc_);
            } else {
                out.PushBack(value(row.front()), *alloc_);
            }
            first += n;
        }
        return true;
    }

    // --- 4. keyed arrays (entities, systems) -----------------------------------------------

    // An array of objects told apart by member `key` (a number or a string, its JSON text
    // the map's key). nullopt when an element has no such key or it is used twice.
    using keyed = std::map<std::string, const value*>;
    static std::optional<keyed> by_key(const value* array, const char* key,
                                       std::vector<std::string>* order) {
        keyed elements;
        if (!array) return elements;
        for (const value& element : array->GetArray()) {
            const value* k = find(&element, key);
            if (!k || !(k->IsUint64() || k->IsString())) return std::nullopt;
            std::string text = to_json_text(*k);
            if (k->IsUint64())
                text = std::string(20 - std::min<std::size_t>(20, text.size()), '0') + text;
            if (!elements.emplace(text, &element).second) return std::nullopt;
            if (order) order->push_back(std::move(text));
        }
        return elements;
    }

    // Element by element, matched by `key`; entities in id order, others in OURS' order,
    // then THEIRS'. False when the arrays are not keyed that way (then a conflict).
    bool merge_keyed(const value* b, const value& o, const value& t, const place& at,
                     const char* key, value& out) {
        if (b && !b->IsArray()) return false;
        std::vector<std::string> order;
        const auto bk = by_key(b, key, nullptr);
        const auto ok = by_key(&o, key, &order);
        const auto tk = by_key(&t, key, &order);
        if (!bk || !ok || !tk) return false;
        const bool entities = std::strcmp(key, "id") == 0;
        if (entities) std::sort(order.begin(), order.end());
        std::set<std::string> done;
        out.SetArray();
        const auto lookup = [](const keyed& k, const std::string& name) -> const value* {
            const auto it = k.find(name);
            return it == k.end() ? nullptr : it->second;
        };
        for (const std::string& name : order) {
            if (!done.insert(name).second) continue;
            const value* be = lookup(*bk, name);
            const value* oe = lookup(*ok, name);
            const value* te = lookup(*tk, name);
            place p = at;
            if (entities) {
                p.at = level::entity;
                p.entity_id = find(oe ? oe : te ? te : be, "id")->GetUint64();
                p.entity_name = name_of(oe ? oe : te ? te : be);
                p.path.clear();
            } else {
                p = at.child(name_of(oe ? oe : te));
            }
            value merged;
            if (merge(be, oe, te, p, merged)) out.PushBack(merged, *alloc_);
        }
        // Deleted on both sides: in BASE only, nothing to write.
        return true;
    }

    allocator* alloc_;
    std::vector<merge_conflict>* conflicts_;
};

// --- 5. renumbering --------------------------------------------------------------------------

std::map<std::uint64_t, const value*> entities_of(const value& doc) {
    std::map<std::uint64_t, const value*> out;
    const value* list = find(&doc, "entities");
    if (!list || !list->IsArray()) return out;
    for (const value& e : list->GetArray()) {
        const value* id = find(&e, "id");
        if (id && id->IsUint64()) out.emplace(id->GetUint64(), &e);
    }
    return out;
}

void follow(value& v, const std::map<std::uint64_t, std::uint64_t>& moved) {
    if (v.IsUint64()) {
        if (const auto it = moved.find(v.GetUint64()); it != moved.end()) v.SetUint64(it->second);
    } else if (v.IsArray()) {
        for (value& item : v.GetArray()) follow(item, moved);
    }
}

// --- 6. parent cycles ------------------------------------------------------------------------

std::optional<std::uint64_t> parent_in(const value* entity) {
    const value* parent = find(entity, "parent");
    if (parent && parent->IsUint64()) return parent->GetUint64();
    return std::nullopt;
}

// The entities of one parent cycle of `entities`, or empty.
std::vector<value*> find_parent_cycle(value& entities) {
    std::map<std::uint64_t, value*> by_id;
    for (value& e : entities.GetArray()) {
        if (const value* id = find(&e, "id"); id && id->IsUint64())
            by_id.emplace(id->GetUint64(), &e);
    }
    std::map<std::uint64_t, int> state;  // 1: on the current walk, 2: leads to no cycle
    for (const auto& [start, unused] : by_id) {
        std::vector<std::uint64_t> walk;
        std::optional<std::uint64_t> at = start;
        while (at && by_id.count(*at) && state[*at] != 2) {
            if (state[*at] == 1) {  // back on the walk: a cycle from *at
                std::vector<value*> cycle;
                auto it = std::find(walk.begin(), walk.end(), *at);
                for (; it != walk.end(); ++it) cycle.push_back(by_id[*it]);
                return cycle;
            }
            state[*at] = 1;
            walk.push_back(*at);
            at = parent_in(by_id[*at]);
        }
        for (const std::uint64_t id : walk) state[id] = 2;
    }
    return {};
}

}  // namespace

void undo_parent_cycles(const value& base, const value& ours, const value& theirs,
                        rapidjson::Document& merged, std::vector<merge_conflict>& conflicts) {
    value* entities = find_mutable(merged, "entities");
    if (!entities || !entities->IsArray()) return;
    const auto in_base = entities_of(base), in_ours = entities_of(ours),
               in_theirs = entities_of(theirs);
    const auto lookup = [](const auto& list, std::uint64_t id) -> const value* {
        const auto found = list.find(id);
        return found == list.end() ? nullptr : found->second;
    };
    const auto shown_parent = [](const value* entity) {
        const auto parent = parent_in(entity);
        return !entity  ? std::string("(none)")
               : parent ? std::to_string(*parent)
                        : std::string("(no parent)");
    };
    // OURS has no cycle (the loader broke any), so putting OURS' parents back ends them all.
    for (std::vector<value*> cycle = find_parent_cycle(*entities); !cycle.empty();
         cycle = find_parent_cycle(*entities)) {
        bool changed = false;
        for (value* e : cycle) {
            const std::uint64_t id = find(e, "id")->GetUint64();
            const value* mine = lookup(in_ours, id);
            const auto wanted = parent_in(mine);
            if (parent_in(e) == wanted) continue;
            merge_conflict c;
            c.entity_id = id;
            c.entity_name = name_of(e);
            c.field = "parent";
            c.base = shown_parent(lookup(in_base, id));
            c.ours = shown_parent(mine);
            c.theirs = shown_parent(lookup(in_theirs, id));
            c.kept = "ours (the merged parents would make a cycle)";
            conflicts.push_back(std::move(c));
            e->RemoveMember("parent");
            if (wanted) e->AddMember("parent", value(*wanted), merged.GetAllocator());
            changed = true;
        }
        if (!changed) return;  // not reached: OURS would have held the cycle
    }
}

bool same_json(const value& a, const value& b) {
    if (a.GetType() != b.GetType()) return false;
    switch (a.GetType()) {
        case rapidjson::kNullType:
        case rapidjson::kFalseType:
        case rapidjson::kTrueType:
            return true;
        case rapidjson::kStringType:
            return a.GetStringLength() == b.GetStringLength() &&
                   std::memcmp(a.GetString(), b.GetString(), a.GetStringLength()) == 0;
        case rapidjson::kNumberType:
            if (a.IsDouble() || b.IsDouble()) {
                return a.IsDouble() && b.IsDouble() &&
                       std::bit_cast<std::uint64_t>(a.GetDouble()) ==
                           std::bit_cast<std::uint64_t>(b.GetDouble());
            }
            if (a.IsUint64() && b.IsUint64()) return a.GetUint64() == b.GetUint64();
            return a.IsInt64() && b.IsInt64() && a.GetInt64() == b.GetInt64();
        case rapidjson::kArrayType:
            if (a.Size() != b.Size()) return false;
            for (rapidjson::SizeType i = 0; i < a.Size(); ++i) {
                if (!same_json(a[i], b[i])) return false;
            }
            return true;
        case rapidjson::kObjectType:
            if (a.MemberCount() != b.MemberCount()) return false;
            for (const auto& m : a.GetObject()) {
                const value* other = find(&b, m.name);
                if (!other || !same_json(m.value, *other)) return false;
            }
            return true;
    }
    return false;
}

std::optional<std::string> renumber_entities_added_twice(
    const value& base, const value& ours, rapidjson::Document& theirs,
    const entity_reference_fn& is_reference, std::vector<renumbered_entity>& renumbered) {
    const auto in_base = entities_of(base);
    const auto in_ours = entities_of(ours);
    const auto in_theirs = entities_of(theirs);
    // Every id any side uses is taken. New ids go above the highest; when that is the top of
    // the range (2^64 - 1), into the lowest gaps: never an id in use, never a wrap to 0.
    std::set<std::uint64_t> taken;
    for (const auto* list : {&in_base, &in_ours, &in_theirs}) {
        for (const auto& [id, entity] : *list) taken.insert(id);
    }
    std::uint64_t next = taken.empty() ? 1 : *taken.rbegin();
    bool wrapped = next == UINT64_MAX;
    next = wrapped ? 1 : next + 1;
    const auto free_id = [&]() -> std::optional<std::uint64_t> {
        for (;;) {
            if (!taken.contains(next)) {
                taken.insert(next);
                return next;
            }
            if (next == UINT64_MAX) {
                if (wrapped) return std::nullopt;
                wrapped = true;
                next = 1;
            } else {
                ++next;
            }
        }
    };
    std::map<std::uint64_t, std::uint64_t> moved;
    for (const auto& [id, entity] : in_theirs) {
        const auto mine = in_ours.find(id);
        if (in_base.count(id) || mine == in_ours.end() || same_json(*mine->second, *entity))
            continue;
        const std::optional<std::uint64_t> to = free_id();
        if (!to) {
            return "entity " + std::to_string(id) +
                   " was added on both sides and no id is free to renumber theirs";
        }
        moved.emplace(id, *to);
        renumbered.push_back({id, *to, name_of(entity)});
    }
    if (moved.empty()) return std::nullopt;
    value* list = find_mutable(theirs, "entities");
    if (!list || !list->IsArray()) return std::nullopt;
    for (value& e : list->GetArray()) {
        if (value* id = find_mutable(e, "id")) follow(*id, moved);
        if (value* parent = find_mutable(e, "parent")) follow(*parent, moved);
        value* components = find_mutable(e, "components");
        if (!components || !components->IsObject()) continue;
        for (rapidjson::SizeType i = 0; i < components->MemberCount(); ++i) {
            const auto c = components->MemberBegin() + i;
            if (!c->value.IsObject()) continue;
            const std::string_view component(c->name.GetString(), c->name.GetStringLength());
            for (rapidjson::SizeType j = 0; j < c->value.MemberCount(); ++j) {
                const auto f = c->value.MemberBegin() + j;
                if (is_reference(component,
                                 std::string_view(f->name.GetString(), f->name.GetStringLength())))
                    follow(f->value, moved);
            }
        }
    }
    return std::nullopt;
}

void merge_documents(const value& base, const value& ours, const value& theirs,
                     rapidjson::Document& merged, std::vector<merge_conflict>& conflicts) {
    merger m(merged.GetAllocator(), conflicts);
    value out;
    if (!m.merge(&base, &ours, &theirs, place{}, out)) out.SetObject();
    static_cast<value&>(merged).Swap(out);
}

}  // namespace mosaic::detail
