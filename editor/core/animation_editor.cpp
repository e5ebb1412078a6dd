// animation_editor: the Animation window's model (animation_editor.hpp says what it does and
// why the scene never keeps a previewed value).
//
// Sections: 1. opening and saving  2. preview  3. key edits  4. the record hook
#include "animation_editor.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <system_error>

#include <mosaic/ecs/view.hpp>
#include <mosaic/engine/animation/animator.hpp>
#include <mosaic/engine/animation/clip_json.hpp>
#include <mosaic/engine/assets/sheet_json.hpp>
#include <mosaic/engine/scene/atomic_file.hpp>

#include "actions.hpp"
#include "editor_state.hpp"

namespace mosaic::editor {

namespace {

std::string read_text(const std::filesystem::path& file, std::size_t cap, std::string& why) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(file, ec);
    if (ec) {
        why = "cannot be read (" + ec.message() + ")";
        return {};
    }
    if (size > cap) {
        why = "is " + std::to_string(size) + " bytes, more than the cap of " + std::to_string(cap);
        return {};
    }
    std::ifstream in(file, std::ios::binary);
    std::string text(static_cast<std::size_t>(size), '\0');
    if (!in.read(text.data(), static_cast<std::streamsize>(size))) why = "cannot be read";
    return text;
}

std::string clip_path_of(const Animator& a) {
    return {a.clip.path, strnlen(a.clip.path, sizeof a.clip.path)};
}

std::string normal(const std::string& path) {
    return std::filesystem::path(path).lexically_normal().generic_string();
}

std::string label_of(const track_target& t) {
    clip_track track;
    track.component = t.component;
    track.field = t.field;
    track.element = t.element;
    track.index = t.index;
    return track.label();
}

}  // namespace

// --- 1. opening and saving -------------------------------------------------------------------

animation_editor::clip_doc* animation_editor::doc() {
    const auto found = docs_.find(path_);
    return found == docs_.end() ? nullptr : &found->second;
}

const animation_editor::clip_doc* animation_editor::doc() const {
    const auto found = docs_.find(path_);
    return found == docs_.end() ? nullptr : &found->second;
}

const animation_clip& animation_editor::clip() const {
    return doc()->clip;
}

bool animation_editor::dirty() const {
    const clip_doc* d = doc();
    return d != nullptr && (!d->on_disk || !same_clip(d->clip, d->saved));
}

bool animation_editor::read_only() const {
    const clip_doc* d = doc();
    return d != nullptr && d->sprite;
}

std::string animation_editor::open(editor_state& s, const std::string& path_text) {
    const std::string path = normal(path_text);
    if (path.empty() || path == ".") return "anim_open: no clip named";
    if (!docs_.contains(path)) {
        clip_doc d;
        d.file = s.project_folder() / path;
        std::string why;
        const std::string text = read_text(d.file, clip_limits::max_file_bytes, why);
        if (!why.empty()) return "the clip " + path + " " + why;
        const std::filesystem::path root = s.project_folder();
        const clip_sheet_source sheets = [root](const std::string& sheet) {
            std::string problem;
            const std::string sheet_text =
                read_text(root / sheet, sheet_limits::max_file_bytes, problem);
            if (!problem.empty()) return asset_result<sprite_sheet>::failure(sheet, problem);
            return read_any_sheet_json(sheet_text, sheet);
        };
        asset_result<animation_clip> read = read_clip_json(text, path, sheets);
        if (!read) return read.error;
        d.clip = std::move(*read.value);
        d.saved = d.clip;
        d.on_disk = true;
        d.sprite = text.find("\"sprite\"") != std::string::npos;
        docs_.emplace(path, std::move(d));
    }
    if (path != path_) {
        put_back(s);
        path_ = path;
        selected.clear();
    }
    playhead_ = std::clamp(playhead_, 0.0f, clip().length);
    report_problems(s);
    refresh(s);
    return {};
}

std::string animation_editor::create(editor_state& s, const std::string& path_text, float length,
                                     const std::vector<entity>& entities) {
    const std::string path = normal(path_text);
    if (!is_clip_path(path)) return "anim_new: '" + path_text + "' should end in .clip.json";
    const std::filesystem::path file = s.project_folder() / path;
    std::error_code ec;
    if (docs_.contains(path) || std::filesystem::exists(file, ec))
        return "anim_new: " + path + " exists already (anim_open opens it)";
    if (!(length > 0.0f) || !std::isfinite(length)) return "anim_new: the length should be > 0";
    const component_info* animator = s.table().find<Animator>();
    const field_info* clip_field = animator ? animator->find_field("clip") : nullptr;
    if (clip_field == nullptr) return "anim_new: no Animator component is registered";
    if (path.size() >= sizeof(asset_path::path))
        return "anim_new: the path is longer than an Animator's clip field holds";
    clip_doc d;
    d.file = file;
    d.clip.length = length;
    d.clip.wrap = clip_wrap::loop;
    d.saved = d.clip;
    put_back(s);
    docs_.emplace(path, std::move(d));
    path_ = path;
    selected.clear();
    playhead_ = 0.0f;
    if (!entities.empty()) {
        const step_group group(s);
        std::vector<entity> lacking;
        for (const entity e : entities) {
            if (s.world().alive(e) && !s.world().has<Animator>(e)) lacking.push_back(e);
        }
        if (!lacking.empty()) add_component(s, lacking, animator->type);
        asset_path value{};
        std::memcpy(value.path, path.data(), path.size());
        set_field(s, entities, animator->type, *clip_field, &value);
    }
    publish(s);
    refresh(s);
    return {};
}

bool animation_editor::follow_selection(editor_state& s) {
    const entity e = s.selection().active();
    if (e == followed_) return false;
    followed_ = e;
    if (e.is_null() || !s.world().alive(e)) return false;
    const Animator* a = s.world().try_get<Animator>(e);
    if (a == nullptr) return false;
    const std::string path = normal(clip_path_of(*a));
    if (path.empty() || path == "." || path == path_) return false;
    if (std::string error = open(s, path); !error.empty()) {
        s.log().warning("animation: " + error);
        return false;
    }
    return true;
}

void animation_editor::close(editor_state& s) {
    put_back(s);
    preview_ = record_ = false;
    path_.clear();
    selected.clear();
}

std::string animation_editor::save(editor_state& s) {
    clip_doc* d = doc();
    if (d == nullptr) return "anim_save: no clip is open";
    if (d->sprite)
        return "anim_save: " + path_ +
               " is a sprite-frame clip: its frames are saved by the Clip Editor";
    if (d->clip.tracks.empty())
        return "anim_save: " + path_ + " has no track yet (a clip file needs one): add a key first";
    std::error_code ec;
    std::filesystem::create_directories(d->file.parent_path(), ec);
    if (auto error = write_file_atomically(d->file, write_clip_json(d->clip)))
        return "anim_save: " + *error;
    d->saved = d->clip;
    d->on_disk = true;
    s.log().info("saved " + path_);
    return {};
}

std::string animation_editor::track_problem(const editor_state& s, std::size_t track) const {
    const clip_doc* d = doc();
    if (d == nullptr || track >= d->clip.tracks.size()) return {};
    bound_track bound;
    return bind_track(d->clip.tracks[track], s.table(), bound);
}

void animation_editor::report_problems(editor_state& s) {
    const clip_doc* d = doc();
    if (d == nullptr) return;
    for (std::size_t t = 0; t < d->clip.tracks.size(); ++t) {
        const std::string why = track_problem(s, t);
        if (why.empty()) continue;
        const std::string line = "animation: '" + path_ + "' track " + d->clip.tracks[t].label() +
                                 ": " + why +
                                 " (kept in the clip, marked in the Animation window, skipped)";
        if (reported_.insert(line).second) s.log().warning(line);
    }
}

std::vector<entity> animation_editor::players(editor_state& s) const {
    std::vector<entity> out;
    if (path_.empty()) return out;
    s.world().view<Animator>().each([&](entity e, Animator& a) {
        if (normal(clip_path_of(a)) == path_) out.push_back(e);
    });
    std::sort(out.begin(), out.end(), [](entity a, entity b) { return a.index < b.index; });
    return out;
}

void animation_editor::publish(editor_state& s) {
    const clip_doc* d = doc();
    if (d == nullptr) return;
    AnimationClips& clips = s.world().resource<AnimationClips>();
    // A scene that had no Animator when it opened has a cache without table: Play would
    // report every track instead of playing it.
    if (clips.table == nullptr) {
        clips.table = &s.table();
        clips.root = s.project_folder();
    }
    clips.put(path_, d->clip);
}

// --- 2. preview ------------------------------------------------------------------------------

bool animation_editor::active(const editor_state& s) const {
    return preview_ && !suspended_ && !s.playing() && doc() != nullptr;
}

void animation_editor::put_back(editor_state& s) {
    world& w = s.world();
    for (const kept_value& k : kept_) {
        if (!w.alive(k.e)) continue;
        if (void* c = w.try_get(k.e, k.type))
            k.write(static_cast<std::byte*>(c) + k.offset, k.value);
    }
    kept_.clear();
}

void animation_editor::refresh(editor_state& s) {
    put_back(s);
    if (!active(s)) return;
    const animation_clip& c = clip();
    world& w = s.world();
    std::map<std::string, std::vector<animatable_element>> elements;
    const std::vector<entity> entities = players(s);
    for (const clip_track& track : c.tracks) {
        const component_info* info = s.table().find(track.component);
        if (info == nullptr || info->flags.opaque) continue;
        auto [it, fresh] = elements.try_emplace(track.component);
        if (fresh) it->second = animatable_elements(*info);
        const track_target target = target_of(track);
        const animatable_element* el = find_element(it->second, target);
        if (el == nullptr) continue;
        const double value = evaluate(track, playhead_);
        for (const entity e : entities) {
            void* component = w.try_get(e, info->type);
            if (component == nullptr) continue;
            std::byte* at = static_cast<std::byte*>(component) + el->offset;
            if (kept(e, info->type, el->offset) == nullptr)
                kept_.push_back({e, info->type, target, el->offset, el->write, el->read(at)});
            el->write(at, value);
        }
    }
}

void animation_editor::set_playhead(editor_state& s, float seconds) {
    const float length = has_clip() ? clip().length : 0.0f;
    playhead_ = std::isfinite(seconds) ? std::clamp(seconds, 0.0f, length) : 0.0f;
    refresh(s);
}

void animation_editor::set_preview(editor_state& s, bool on) {
    preview_ = on;
    if (!on) record_ = false;
    refresh(s);
}

void animation_editor::set_record(editor_state& s, bool on) {
    record_ = on;
    if (on) preview_ = true;
    refresh(s);
}

void animation_editor::suspend(editor_state& s) {
    put_back(s);
    suspended_ = true;
}

void animation_editor::resume(editor_state& s) {
    suspended_ = false;
    report_problems(s);
    refresh(s);
}

void animation_editor::forget_world() {
    kept_.clear();
    preview_ = record_ = suspended_ = false;
    followed_ = null_entity;
}

const animation_editor::kept_value* animation_editor::kept(entity e, type_id type,
                                                           std::size_t offset) const {
    for (const kept_value& k : kept_) {
        if (k.e == e && k.type == type && k.offset == offset) return &k;
    }
    return nullptr;
}

void animation_editor::to_scene_values(entity e, type_id type, component_state& state) const {
    if (!state.present) return;
    for (const kept_value& k : kept_) {
        if (k.e == e && k.type == type && k.offset < state.bytes.size())
            k.write(state.bytes.data() + k.offset, k.value);
    }
}

void animation_editor::after_history(editor_state& s, const std::vector<clip_state>& restored) {
    if (!restored.empty()) {
        const std::string open_path = path_;
        for (const clip_state& r : restored) {
            const auto found = docs_.find(r.path);
            if (found == docs_.end()) continue;  // not edited in this session: nothing to give
            found->second.clip = r.clip;
            path_ = r.path;
            publish(s);
        }
        path_ = open_path;
        selected.clear();
        if (has_clip()) playhead_ = std::clamp(playhead_, 0.0f, clip().length);
    }
    refresh(s);
}

// --- 3. key edits ----------------------------------------------------------------------------

std::string animation_editor::edit(editor_state& s, const std::string& label,
                                   const std::function<void(animation_clip&)>& change) {
    clip_doc* d = doc();
    if (d == nullptr) return "no clip is open (select an entity with an Animator, or anim_open)";
    if (s.playing()) return "stop the game to edit the clip";
    if (d->sprite) return path_ + " is a sprite-frame clip: edit its frames in the Clip Editor";
    animation_clip next = d->clip;
    change(next);
    if (same_clip(next, d->clip)) return {};
    step st{label, {clip_change{path_, d->clip, next}}};
    d->clip = std::move(next);
    playhead_ = std::clamp(playhead_, 0.0f, d->clip.length);
    publish(s);
    s.record(std::move(st));
    refresh(s);
    return {};
}

std::string animation_editor::key(editor_state& s, const track_target& target, double value) {
    if (!std::isfinite(value) || std::abs(value) > clip_limits::max_value)
        return "anim_key: the value should be a finite number within +-1e15";
    key_ref where;
    const float at = playhead_;
    std::string error = edit(s, "Key " + label_of(target),
                             [&](animation_clip& c) { where = set_key(c, target, at, value); });
    if (error.empty()) selected = {where};
    return error;
}

std::string animation_editor::key_current(editor_state& s, const track_target& target) {
    const component_info* info = s.table().find(target.component);
    if (info == nullptr || info->flags.opaque)
        return "no component type named '" + target.component + "'";
    const std::vector<animatable_element> elements = animatable_elements(*info);
    const animatable_element* el = find_element(elements, target);
    if (el == nullptr) return label_of(target) + " is not a number a track can drive";
    for (const entity e : players(s)) {
        if (const void* c = s.world().try_get(e, info->type))
            return key(s, target, el->read(static_cast<const std::byte*>(c) + el->offset));
    }
    return "no entity playing " + path_ + " has a " + target.component;
}

std::string animation_editor::move_selected(editor_state& s, float seconds) {
    if (selected.empty()) return "no key is selected";
    std::vector<key_ref> moved;
    std::string error =
        edit(s, "Move Keys", [&](animation_clip& c) { moved = move_keys(c, selected, seconds); });
    if (error.empty() && !moved.empty()) selected = moved;
    return error;
}

std::string animation_editor::delete_selected(editor_state& s) {
    if (selected.empty()) return "no key is selected";
    std::string error =
        edit(s, "Delete Keys", [&](animation_clip& c) { delete_keys(c, selected); });
    if (error.empty()) selected.clear();
    return error;
}

std::string animation_editor::interpolate_selected(editor_state& s, key_interpolation how) {
    if (selected.empty()) return "no key is selected";
    return edit(s, std::string("Interpolation ") + interpolation_name(how),
                [&](animation_clip& c) { set_interpolation(c, selected, how); });
}

std::string animation_editor::remove_track(editor_state& s, std::size_t track) {
    if (!has_clip() || track >= clip().tracks.size()) return "no such track";
    std::string error =
        edit(s, "Remove Track", [&](animation_clip& c) { editor::remove_track(c, track); });
    if (error.empty()) selected.clear();
    return error;
}

std::string animation_editor::set_length(editor_state& s, float seconds) {
    if (!(seconds > 0.0f) || !std::isfinite(seconds)) return "the length should be > 0 seconds";
    return edit(s, "Clip Length", [&](animation_clip& c) { editor::set_length(c, seconds); });
}

std::string animation_editor::set_wrap(editor_state& s, clip_wrap wrap) {
    return edit(s, "Clip Wrap", [&](animation_clip& c) { c.wrap = wrap; });
}

// --- 4. the record hook ----------------------------------------------------------------------

void animation_editor::intercept(editor_state& s, step& st) {
    if (!active(s) || read_only()) return;
    const std::vector<entity> entities = players(s);
    if (entities.empty()) return;
    const auto plays = [&](entity e) {
        return std::find(entities.begin(), entities.end(), e) != entities.end();
    };
    clip_doc& d = *doc();
    animation_clip next = d.clip;
    std::string first;
    std::vector<kept_value> fresh;  // numbers keyed for the first time: their scene value
    const type_id animator = type_id_of<Animator>();
    for (change& c : st.changes) {
        if (auto* cc = std::get_if<component_change>(&c)) {
            if (!plays(cc->target)) continue;
            const component_info* info = s.table().find(cc->type);
            if (info == nullptr) continue;
            // The Animator's own numbers (time, speed) are never tracks.
            if (cc->type != animator && cc->before.present && cc->after.present &&
                cc->before.bytes.size() == info->size && cc->after.bytes.size() == info->size) {
                for (const animatable_element& el : animatable_elements(*info)) {
                    const double b = el.read(cc->before.bytes.data() + el.offset);
                    const double a = el.read(cc->after.bytes.data() + el.offset);
                    if (a == b || !std::isfinite(a)) continue;
                    if (!record_ && !find_track(next, el.target)) continue;
                    (void)set_key(next, el.target, playhead_, a);
                    if (first.empty()) first = label_of(el.target);
                    if (kept(cc->target, cc->type, el.offset) == nullptr)
                        fresh.push_back({cc->target, cc->type, el.target, el.offset, el.write, b});
                }
            }
            // The step keeps the scene's own values of the numbers the clip drives.
            to_scene_values(cc->target, cc->type, cc->before);
            to_scene_values(cc->target, cc->type, cc->after);
            for (const kept_value& k : fresh) {
                if (k.e != cc->target || k.type != cc->type) continue;
                if (cc->before.present) k.write(cc->before.bytes.data() + k.offset, k.value);
                if (cc->after.present) k.write(cc->after.bytes.data() + k.offset, k.value);
            }
        } else if (auto* ec = std::get_if<entity_change>(&c)) {
            if (!plays(ec->snapshot.handle)) continue;
            for (auto& [type, state] : ec->snapshot.components)
                to_scene_values(ec->snapshot.handle, type, state);
        }
    }
    if (first.empty()) return;
    // The world keeps the scene's value under the new tracks; refresh previews the keys.
    for (const kept_value& k : fresh) {
        if (void* comp = s.world().try_get(k.e, k.type))
            k.write(static_cast<std::byte*>(comp) + k.offset, k.value);
    }
    st.label = "Key " + first;
    st.changes.push_back(clip_change{path_, d.clip, next});
    d.clip = std::move(next);
    publish(s);
    refresh(s);
}

}  // namespace mosaic::editor
