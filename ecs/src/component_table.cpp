#include "mosaic/ecs/component_table.hpp"

namespace mosaic {

const field_info* component_info::find_field(std::string_view field) const noexcept {
    for (const field_info& f : fields) {
        if (f.name == field) return &f;
    }
    return nullptr;
}

bool component_info::fields_equal(const void* a, const void* b) const noexcept {
    for (const field_info& f : fields) {
        if (std::memcmp(f.address(a), f.address(b), f.size * f.count) != 0) return false;
    }
    return true;
}

component_info& component_table::insert(std::unique_ptr<component_info> info) {
    const component_info* by_name = find(std::string_view(info->name));
    const component_info* by_type = find(info->type);
    const bool fresh = MOSAIC_CHECK(
        !by_name && !by_type, "component_table: cannot register '" + info->name + "': " +
                                  (by_name ? "the name is already registered"
                                           : "the type is already registered as '" +
                                                 (by_type ? by_type->name : std::string()) + "'"));
    if (!fresh) {
        rejected_.push_back(std::move(info));
        return *rejected_.back();
    }
    component_info& stored = *info;
    if (stored.type >= by_type_.size()) by_type_.resize(stored.type + 1, nullptr);
    by_type_[stored.type] = &stored;
    by_name_.emplace(std::string_view(stored.name), &stored);
    infos_.push_back(std::move(info));
    return stored;
}

const component_info* component_table::find(type_id type) const noexcept {
    return type < by_type_.size() ? by_type_[type] : nullptr;
}

const component_info* component_table::find(std::string_view name) const noexcept {
    const auto it = by_name_.find(name);
    return it == by_name_.end() ? nullptr : it->second;
}

std::vector<const component_info*> component_table::all() const {
    std::vector<const component_info*> result;
    result.reserve(infos_.size());
    for (const auto& info : infos_) result.push_back(info.get());
    return result;
}

void component_table::clear() noexcept {
    by_name_.clear();
    by_type_.clear();
    infos_.clear();
    rejected_.clear();
}

}  // namespace mosaic
