// Binary scene files (layout: scene_binary.hpp). Reading: binary_loader.cpp.
//
// The writer assembles the file in memory in the portable archive's own encoding and hands
// it to the archive in blocks of binary_data (the same bytes as value-by-value calls, without
// a stream call per number). The reader reads value by value through the archive, except
// entity records, which it reads whole and decodes in memory, with the same checks.
#include "mosaic/engine/scene/scene_binary.hpp"

#include <cereal/archives/portable_binary.hpp>

#include <algorithm>
#include <cstring>
#include <ostream>

#include "binary_io.hpp"
#include "binary_loader.hpp"
#include "binary_reader.hpp"
#include "binary_schema.hpp"
#include "capped_output.hpp"
#include "mosaic/engine/components.hpp"
#include "mosaic/engine/scene/prefab.hpp"
#include "read_context.hpp"
#include "scene/identity.hpp"
#include "scene_builder.hpp"

namespace mosaic {

namespace {

constexpr std::size_t flush_bytes = std::size_t{64} * 1024;

void write_settings(detail::byte_writer& out, const scene_settings& s) {
    out.put_reals<float>(&s.gravity.x, 2);
    out.put_reals<float>(&s.background.r, 4);
    out.put_reals<float>(&s.camera_position.x, 2);
    out.put_reals<float>(&s.camera_zoom, 1);
}

// In name order with the rate as its factory makes it: what the JSON form can say.
void write_systems(detail::byte_writer& out, std::vector<system_setting> systems) {
    std::stable_sort(systems.begin(), systems.end(),
                     [](const auto& a, const auto& b) { return a.name < b.name; });
    out.put(static_cast<std::uint32_t>(systems.size()));
    for (const system_setting& s : systems) {
        rate r = rate::every_tick();
        if (s.rate.type == rate::kind::every_n_ticks) r = rate::every_n_ticks(s.rate.ticks);
        if (s.rate.type == rate::kind::interval) r = rate::interval(s.rate.seconds);
        out.put_string(s.name);
        out.put(static_cast<std::uint8_t>(s.enabled));
        out.put(static_cast<std::uint8_t>(r.type));
        out.put(r.ticks);
        out.put(r.seconds);
    }
}

// In name order, as the JSON writer orders them. A missing prefab's placeholder adds its
// stored overrides as one more, under a name no component can have (binary_loader.cpp).
void write_unknown(detail::byte_writer& out, const std::vector<unknown_component>* unknown,
                   const std::string* prefab_overrides) {
    std::vector<const unknown_component*> sorted;
    if (unknown) sorted.reserve(unknown->size() + 1);
    if (unknown) {
        for (const unknown_component& u : *unknown) sorted.push_back(&u);
    }
    const unknown_component overrides{
        detail::binary_prefab_overrides_key,
        prefab_overrides && !prefab_overrides->empty() ? *prefab_overrides : "{}"};
    if (prefab_overrides) sorted.push_back(&overrides);
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const auto* a, const auto* b) { return a->name < b->name; });
    out.put(static_cast<std::uint32_t>(sorted.size()));
    for (const unknown_component* u : sorted) {
        out.put_string(u->name);
        out.put_string(u->json);
    }
}

// Thrown by the writer when the scene does not fit the binary layout's limits.
struct over_limit_error {
    std::string path;
    std::string message;
};

// A registered type the file stores, with the world's pool of it.
struct saved_type {
    const component_info* info;
    sparse_set* pool;
};

class scene_writer {
public:
    scene_writer(scene& s, const component_table& table, std::vector<diagnostic>& diagnostics)
        : scene_(s), world_(s.world), ids_(s.world) {
        // The schema: every registered, saved type some entity has, in registration order.
        for (const component_info* info : table.all()) {
            if (info->flags.not_saved || detail::is_identity_component(info->type)) continue;
            sparse_set* pool = world_.pool(info->type);
            if (pool && !pool->empty()) types_.push_back({info, pool});
        }
        world_.each_pool([&](const sparse_set& pool) {
            if (pool.empty() || detail::is_identity_component(pool.type()) ||
                table.find(pool.type())) {
                return;
            }
            const type_info* info = find_type(pool.type());
            diagnostic d;
            d.severity = diagnostic::level::warning;
            d.message = "component type " + std::string(info ? info->name : "?") +
                        " is not registered in the component table: it is not saved";
            diagnostics.push_back(std::move(d));
        });
        // Entities in id order, as in JSON files.
        order_.reserve(world_.size());
        world_.each([&](entity e) {
            if (detail::is_scene_entity(world_, e)) order_.emplace_back(ids_(e), e);
        });
        if (!std::is_sorted(order_.begin(), order_.end())) std::sort(order_.begin(), order_.end());
    }

    void write(std::ostream& out) {
        if (auto error = detail::over_limit(types_.size(), "component types in use",
                                            binary_scene_limits::max_schema_types)) {
            throw over_limit_error{"types", std::move(*error)};
        }
        out.write(binary_scene_magic.data(),
                  static_cast<std::streamsize>(binary_scene_magic.size()));
        cereal::PortableBinaryOutputArchive ar(
            out, cereal::PortableBinaryOutputArchive::Options::LittleEndian());
        bytes_.put(binary_scene_format_version);
        write_settings(bytes_, scene_.settings);
        write_systems(bytes_, scene_.systems);
        bytes_.put(static_cast<std::uint32_t>(types_.size()));
        for (const saved_type& t : types_) {
            detail::binary_type type = detail::describe_type(*t.info);
            type.components = static_cast<std::uint32_t>(t.pool->size());
            detail::write_type(bytes_, type);
        }
        bytes_.put(static_cast<std::uint64_t>(order_.size()));
        for (const auto& [id, e] : order_) {
            bytes_.put(id);
            if (bytes_.size() >= flush_bytes) flush(ar);
        }
        for (const auto& [id, e] : order_) {
            write_entity(id, e);
            if (bytes_.size() >= flush_bytes) flush(ar);
        }
        flush(ar);
    }

private:
    void write_entity(std::uint64_t id, entity e) {
        const std::size_t size_at = bytes_.size();
        bytes_.put(std::uint32_t{0});
        const Name* name = world_.try_get<Name>(e);
        bytes_.put(static_cast<std::uint8_t>((world_.is_active(e) ? detail::entity_active : 0) |
                                             (name ? detail::entity_named : 0)));
        if (name) bytes_.put_string({name->value, strnlen(name->value, sizeof name->value)});
        const Parent* parent = world_.try_get<Parent>(e);
        bytes_.put(parent ? ids_(parent->entity) : std::uint64_t{0});

        const std::size_t count_at = bytes_.size();
        bytes_.put(std::uint32_t{0});
        std::uint32_t count = 0;
        for (std::size_t k = 0; k < types_.size(); ++k) {
            sparse_set& pool = *types_[k].pool;
            const std::uint32_t pos = pool.position(e.index);
            if (pos == sparse_set::absent) continue;
            bytes_.put(static_cast<std::uint32_t>(k));
            bytes_.put(static_cast<std::uint8_t>(pos < pool.enabled_size()));
            const std::size_t data_at = bytes_.size();
            bytes_.put(std::uint32_t{0});
            detail::encode_fields(bytes_, *types_[k].info, pool.value_at(pos), ids_);
            bytes_.patch_u32(data_at, static_cast<std::uint32_t>(bytes_.size() - data_at - 4));
            ++count;
        }
        bytes_.patch_u32(count_at, count);

        const auto unknown = scene_.unknown.find(id);
        const auto overrides = scene_.prefab_overrides.find(id);
        write_unknown(bytes_, unknown == scene_.unknown.end() ? nullptr : &unknown->second,
                      overrides == scene_.prefab_overrides.end() || !world_.has<PrefabInstance>(e)
                          ? nullptr
                          : &overrides->second);
        const std::size_t record = bytes_.size() - size_at - 4;
        if (auto error = detail::over_limit(record, "bytes in one entity's record",
                                            binary_scene_limits::max_entity_bytes)) {
            throw over_limit_error{"entity id " + std::to_string(id), std::move(*error)};
        }
        bytes_.patch_u32(size_at, static_cast<std::uint32_t>(record));
    }

    void flush(cereal::PortableBinaryOutputArchive& ar) {
        ar(cereal::binary_data(bytes_.data(), bytes_.size()));
        bytes_.clear();
    }

    scene& scene_;
    world& world_;
    detail::file_ids ids_;
    std::vector<saved_type> types_;
    std::vector<std::pair<std::uint64_t, entity>> order_;
    detail::byte_writer bytes_;
};

}  // namespace

std::vector<diagnostic> save_scene_binary(scene& s, const component_table& table, std::ostream& out,
                                          std::size_t max_bytes) {
    std::vector<diagnostic> diagnostics = check_scene_limits(s);
    if (!diagnostics.empty()) return diagnostics;
    s.assign_missing_ids();
    detail::capped_streambuf capped(out.rdbuf(), max_bytes);
    std::ostream limited(&capped);
    try {
        scene_writer(s, table, diagnostics).write(limited);
        limited.flush();
    } catch (const over_limit_error& e) {
        diagnostic d;
        d.path = e.path;
        d.message = e.message + ": it was not saved";
        diagnostics.push_back(std::move(d));
        out.setstate(std::ios::badbit);
        return diagnostics;
    } catch (const cereal::Exception&) {
        limited.setstate(std::ios::badbit);  // the stream took fewer bytes than it was given
    }
    if (auto error = detail::write_failure(capped, limited, max_bytes, "binary")) {
        diagnostics.push_back(std::move(*error));
        out.setstate(std::ios::badbit);
    }
    return diagnostics;
}

load_result<scene> load_scene_binary(std::string_view bytes, const component_table& table,
                                     const std::string& file_name, const load_progress& progress) {
    load_result<scene> result;
    detail::read_context ctx(file_name, {}, result.diagnostics);
    ctx.report_progress_to(&progress);
    detail::binary_reader in(bytes, ctx);
    try {
        detail::scene_builder builder(ctx);
        detail::load_binary_scene(in, table, ctx, builder);
        result.value.emplace(builder.finish());
    } catch (const detail::load_failed&) {
        // the error is in the diagnostics
    } catch (const cereal::Exception&) {
        // The reader checks every read first, so this would be a bug here; still say where,
        // and never show cereal's own message.
        result.diagnostics.push_back(
            {diagnostic::level::error, file_name, in.where.path(), 0, 0,
             "truncated or corrupt: could not read at byte " + std::to_string(in.offset())});
    } catch (const std::exception& e) {
        result.diagnostics.push_back(detail::unexpected_error(file_name, in.where.path(), e));
    }
    return result;
}

}  // namespace mosaic
