// Editing the Animation window's clip events (animation_events.hpp). The Clip Editor edits a
// sprite clip's events; these edit a property clip's.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <string>
#include <system_error>

#include <mosaic/engine/animation/clip_json.hpp>

#include "animation_editor.hpp"
#include "animation_events.hpp"

namespace mosaic::editor {

namespace {

constexpr std::size_t longest_event_name = 1024;

// Why `name` at `seconds` cannot be an event of `clip` ("" when it can).
std::string event_problem(const animation_clip& clip, float seconds, const std::string& name) {
    if (name.empty()) return "an event needs a name";
    if (name.size() > longest_event_name)
        return "an event's name is at most " + std::to_string(longest_event_name) + " bytes";
    if (name.find('\0') != std::string::npos) return "an event's name has a NUL character";
    if (!std::isfinite(seconds) || seconds < 0.0f || seconds > clip.length + 1e-4f) {
        return "an event's time is from 0 to the clip's length (" + std::to_string(clip.length) +
               " s)";
    }
    return {};
}

void sort_events(animation_clip& c) {
    std::stable_sort(c.events.begin(), c.events.end(),
                     [](const clip_event& a, const clip_event& b) { return a.time < b.time; });
}

}  // namespace

std::string add_clip_event(editor_state& s, animation_editor& a, float seconds,
                           const std::string& name) {
    if (!a.has_clip()) return "no clip is open (select an entity with an Animator, or anim_open)";
    if (std::string why = event_problem(a.clip(), seconds, name); !why.empty()) return why;
    if (a.clip().events.size() >= clip_limits::max_events)
        return "a clip holds at most " + std::to_string(clip_limits::max_events) + " events";
    return a.edit(s, "Add Event " + name, [&](animation_clip& c) {
        c.events.push_back({std::min(seconds, c.length), name});
        sort_events(c);
    });
}

std::string set_clip_event(editor_state& s, animation_editor& a, std::size_t i, float seconds,
                           const std::string& name) {
    if (!a.has_clip() || i >= a.clip().events.size())
        return "there is no event " + std::to_string(i);
    if (std::string why = event_problem(a.clip(), seconds, name); !why.empty()) return why;
    const bool renamed = a.clip().events[i].name != name;
    return a.edit(s, (renamed ? "Rename Event " : "Move Event ") + name, [&](animation_clip& c) {
        c.events[i] = {std::min(seconds, c.length), name};
        sort_events(c);
    });
}

std::string remove_clip_event(editor_state& s, animation_editor& a, std::size_t i) {
    if (!a.has_clip() || i >= a.clip().events.size())
        return "there is no event " + std::to_string(i);
    const std::string name = a.clip().events[i].name;
    return a.edit(s, "Remove Event " + name, [&](animation_clip& c) {
        c.events.erase(c.events.begin() + static_cast<std::ptrdiff_t>(i));
    });
}

clip_window window_for_clip(const std::filesystem::path& file) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(file, ec);
    if (ec || size > clip_limits::max_file_bytes) return clip_window::clip_editor;
    std::ifstream in(file, std::ios::binary);
    std::string text(static_cast<std::size_t>(size), '\0');
    if (!in.read(text.data(), static_cast<std::streamsize>(text.size())))
        return clip_window::clip_editor;
    const auto clip = read_clip_json(text, file.filename().string());
    if (!clip || clip.value->sprite) return clip_window::clip_editor;
    return clip_window::animation;
}

}  // namespace mosaic::editor
