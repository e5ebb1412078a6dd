// The Clip Editor's model (clip_builder.hpp). Sections: 1. opening  2. frames  3. events and
// time  4. checking, building and saving  5. the script verb
#include "clip_builder.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <optional>

#include <mosaic/engine/animation/animator.hpp>
#include <mosaic/engine/animation/clip_json.hpp>
#include <mosaic/engine/assets/image.hpp>
#include <mosaic/engine/assets/sheet_json.hpp>
#include <mosaic/engine/scene/atomic_file.hpp>

#include "command_table.hpp"
#include "editor_state.hpp"
#include "project_path.hpp"

namespace mosaic::editor {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view clip_suffix = ".clip.json";
constexpr int max_duration_ms = 3'600'000;

asset_result<std::string> read_text(const fs::path& project, const std::string& path,
                                    std::size_t cap) {
    std::vector<std::uint8_t> bytes;
    std::string why;
    if (!inside_project(path))
        return asset_result<std::string>::failure(path, "not a path inside the project");
    if (!read_file_bytes(project / path, cap, bytes, why))
        return asset_result<std::string>::failure(path, why);
    return asset_result<std::string>::success(std::string(bytes.begin(), bytes.end()));
}

asset_result<sprite_sheet> read_sheet(const fs::path& project, const std::string& path) {
    const asset_result<std::string> text = read_text(project, path, sheet_limits::max_file_bytes);
    if (!text) return asset_result<sprite_sheet>::failure(path, text.why);
    return read_any_sheet_json(*text.value, path);
}

std::string stem_of(const std::string& file) {
    std::string name = fs::path(file).filename().string();
    for (const std::string_view ext : {".sheet.json", ".clip.json", ".json"}) {
        if (name.size() > ext.size() && name.ends_with(ext)) {
            name.resize(name.size() - ext.size());
            break;
        }
    }
    return name;
}

}  // namespace

std::string clip_path_for(const fs::path& project, const std::string& sheet) {
    const fs::path folder = fs::path(sheet).parent_path();
    const std::string stem = stem_of(sheet);
    std::error_code ec;
    for (int n = 1; n < 1000; ++n) {
        const std::string name = stem + (n == 1 ? "" : "_" + std::to_string(n)) + ".clip.json";
        const std::string path = (folder / name).generic_string();
        if (!fs::exists(project / path, ec)) return path;
    }
    return (folder / (stem + ".clip.json")).generic_string();
}

// --- 1. opening ------------------------------------------------------------------------------

std::string clip_builder::start(const fs::path& project, std::string sheet, std::string clip_path) {
    *this = clip_builder{};
    project_ = project;
    if (std::string e = set_clip_path(std::move(clip_path)); !e.empty()) {
        clip_path_.clear();
        return e;
    }
    dirty_ = true;
    return set_sheet(std::move(sheet));
}

std::string clip_builder::open(const fs::path& project, std::string clip_path) {
    const asset_result<std::string> text =
        read_text(project, clip_path, clip_limits::max_file_bytes);
    if (!text) return text.error;
    std::string sheet_error;
    const clip_sheet_source sheets = [&](const std::string& path) {
        asset_result<sprite_sheet> read = read_sheet(project, path);
        if (!read) sheet_error = read.error;
        return read;
    };
    const asset_result<animation_clip> read = read_clip_json(*text.value, clip_path, sheets);
    if (!read) return read.error;
    *this = clip_builder{};
    project_ = project;
    clip_path_ = fs::path(clip_path).lexically_normal().generic_string();
    const animation_clip& clip = *read.value;
    wrap_ = clip.wrap;
    events_ = clip.events;
    for (const clip_track& t : clip.tracks)
        if (!t.from_sprite) kept_tracks_.push_back(t);
    if (clip.sprite) {
        (void)set_sheet(clip.sprite->sheet);
        frames_ = clip.sprite->frames;  // a tag's frames are listed: saved as that list
    }
    dirty_ = false;
    return {};
}

std::string clip_builder::set_clip_path(std::string path) {
    if (!inside_project(path) || !path.ends_with(clip_suffix) || path.size() == clip_suffix.size())
        return "'" + path + "' should be a NAME.clip.json inside the project";
    clip_path_ = fs::path(path).lexically_normal().generic_string();
    dirty_ = true;
    return {};
}

std::string clip_builder::set_sheet(std::string sheet) {
    sheet_path_ = fs::path(sheet).lexically_normal().generic_string();
    sheet_ = sprite_sheet{};
    sheet_problem_.clear();
    dirty_ = true;
    const asset_result<sprite_sheet> read = read_sheet(project_, sheet_path_);
    if (!read) {
        sheet_problem_ = "the sheet " + read.error;
        return sheet_problem_;
    }
    sheet_ = *read.value;
    return {};
}

// --- 2. frames -------------------------------------------------------------------------------

std::string clip_builder::add_frame(const std::string& name, std::size_t at) {
    const int index = sheet_.find_frame(name);
    if (index < 0) return "the sheet '" + sheet_path_ + "' has no frame '" + name + "'";
    if (frames_.size() >= clip_limits::max_keys)
        return "a clip holds at most " + std::to_string(clip_limits::max_keys) + " frames";
    const int ms =
        std::clamp(sheet_.frames[static_cast<std::size_t>(index)].duration_ms, 1, max_duration_ms);
    frames_.insert(frames_.begin() + static_cast<std::ptrdiff_t>(std::min(at, frames_.size())),
                   {name, ms});
    dirty_ = true;
    return {};
}

std::string clip_builder::add_range(int first, int last) {
    const int count = static_cast<int>(sheet_.frames.size());
    if (first < 0 || last < 0 || first >= count || last >= count)
        return "the sheet '" + sheet_path_ + "' has frames 0 to " + std::to_string(count - 1);
    const int step = first <= last ? 1 : -1;
    for (int i = first;; i += step) {
        if (std::string e = add_frame(sheet_.frames[static_cast<std::size_t>(i)].name); !e.empty())
            return e;
        if (i == last) break;
    }
    return {};
}

void clip_builder::remove_frame(std::size_t i) {
    if (i >= frames_.size()) return;
    frames_.erase(frames_.begin() + static_cast<std::ptrdiff_t>(i));
    dirty_ = true;
}

void clip_builder::move_frame(std::size_t from, std::size_t to) {
    if (from >= frames_.size() || to >= frames_.size() || from == to) return;
    const clip_sprite_frame moved = frames_[from];
    frames_.erase(frames_.begin() + static_cast<std::ptrdiff_t>(from));
    frames_.insert(frames_.begin() + static_cast<std::ptrdiff_t>(to), moved);
    dirty_ = true;
}

void clip_builder::set_duration(std::size_t i, int ms) {
    if (i >= frames_.size()) return;
    frames_[i].duration_ms = std::clamp(ms, 1, max_duration_ms);
    dirty_ = true;
}

void clip_builder::set_all_durations(int ms) {
    for (std::size_t i = 0; i < frames_.size(); ++i) set_duration(i, ms);
}

void clip_builder::clear_frames() {
    frames_.clear();
    dirty_ = true;
}

void clip_builder::set_wrap(clip_wrap wrap) {
    wrap_ = wrap;
    dirty_ = true;
}

// --- 3. events and time ----------------------------------------------------------------------

float clip_builder::frames_length() const noexcept {
    std::int64_t ms = 0;
    for (const clip_sprite_frame& f : frames_) ms += f.duration_ms;
    return static_cast<float>(ms) / 1000.0f;
}

float clip_builder::start_of(std::size_t i) const noexcept {
    std::int64_t ms = 0;
    for (std::size_t k = 0; k < i && k < frames_.size(); ++k) ms += frames_[k].duration_ms;
    return static_cast<float>(ms) / 1000.0f;
}

int clip_builder::frame_at(double seconds) const {
    if (frames_.empty()) return -1;
    // The whole clip's length: keyframe tracks longer than the frames hold the last frame.
    animation_clip timing;
    timing.length = clip().length;
    timing.wrap = wrap_;
    const float local = clip_local_time(timing, std::max(seconds, 0.0));
    // The entry whose span holds `local` (the last one at the very end), as the engine's
    // constant keys pick it.
    std::int64_t start_ms = 0;
    for (std::size_t i = 0; i < frames_.size(); ++i) {
        start_ms += frames_[i].duration_ms;
        if (local < static_cast<float>(start_ms) / 1000.0f) return static_cast<int>(i);
    }
    return static_cast<int>(frames_.size()) - 1;
}

std::string clip_builder::add_event(float time, std::string name) {
    if (name.empty()) return "an event needs a name";
    if (name.size() > 1024) return "an event's name is at most 1024 bytes";
    if (!(time >= 0.0f) || time > clip_limits::max_length) return "an event's time is 0 or more";
    if (events_.size() >= clip_limits::max_events)
        return "a clip holds at most " + std::to_string(clip_limits::max_events) + " events";
    events_.push_back({time, std::move(name)});
    std::stable_sort(events_.begin(), events_.end(),
                     [](const clip_event& a, const clip_event& b) { return a.time < b.time; });
    dirty_ = true;
    return {};
}

std::string clip_builder::set_event(std::size_t i, float time, std::string name) {
    if (i >= events_.size()) return "there is no event " + std::to_string(i);
    const clip_event old = events_[i];
    events_.erase(events_.begin() + static_cast<std::ptrdiff_t>(i));
    if (std::string e = add_event(time, std::move(name)); !e.empty()) {
        events_.insert(events_.begin() + static_cast<std::ptrdiff_t>(i), old);
        return e;
    }
    return {};
}

void clip_builder::remove_event(std::size_t i) {
    if (i >= events_.size()) return;
    events_.erase(events_.begin() + static_cast<std::ptrdiff_t>(i));
    dirty_ = true;
}

// --- 4. checking, building and saving --------------------------------------------------------

std::vector<std::string> clip_builder::problems() const {
    std::vector<std::string> out;
    if (!sheet_problem_.empty()) out.push_back(sheet_problem_);
    if (frames_.empty() && kept_tracks_.empty()) out.push_back("the clip has no frames");
    for (std::size_t i = 0; i < frames_.size(); ++i) {
        if (sheet_problem_.empty() && sheet_.find_frame(frames_[i].name) < 0)
            out.push_back("frame " + std::to_string(i) + ": the sheet '" + sheet_path_ +
                          "' has no frame '" + frames_[i].name + "'");
    }
    const float length = clip().length;
    for (const clip_event& e : events_) {
        if (e.time > length + 1e-4f)
            out.push_back("the event '" + e.name + "' at " + std::to_string(e.time) +
                          " s is past the clip's end (" + std::to_string(length) + " s)");
    }
    return out;
}

animation_clip clip_builder::clip() const {
    animation_clip c;
    c.wrap = wrap_;
    c.events = events_;
    float end = 0.0f;
    if (!frames_.empty()) {
        c.sprite = clip_sprite{sheet_path_, {}, frames_};
        clip_track track;
        track.component = "Sprite";
        track.field = "frame";
        track.from_sprite = true;
        for (std::size_t i = 0; i < frames_.size(); ++i)
            track.keys.push_back(
                {start_of(i), static_cast<double>(std::max(sheet_.find_frame(frames_[i].name), 0)),
                 key_interpolation::constant});
        c.tracks.push_back(std::move(track));
        end = frames_length();
    }
    for (const clip_track& t : kept_tracks_) {
        c.tracks.push_back(t);
        if (!t.keys.empty()) end = std::max(end, t.keys.back().time);
    }
    c.length = end > 0.0f ? end : 1.0f / 60.0f;
    return c;
}

std::string clip_builder::save() {
    if (!is_open()) return "no clip is open";
    const std::vector<std::string> wrong = problems();
    if (!wrong.empty()) return "'" + clip_path_ + "' was not saved: " + wrong.front();
    if (const auto error =
            write_file_atomically(project_ / clip_path_, write_clip_json(clip()), keep_backup::no))
        return *error;
    dirty_ = false;
    return {};
}

// --- 5. the script verb ----------------------------------------------------------------------

namespace {

std::optional<clip_wrap> wrap_named(const std::string& word) {
    if (word == "loop") return clip_wrap::loop;
    if (word == "once") return clip_wrap::once;
    if (word == "ping_pong") return clip_wrap::ping_pong;
    return std::nullopt;
}

MOSAIC_EDITOR_COMMAND(
    {.id = "asset.make_clip",
     .verb = "make_clip",
     .usage = "CLIP SHEET loop|once|ping_pong FRAME[:MS] [FRAME[:MS]...]",
     .help = "Write a sprite clip of a sheet's frames (an existing clip keeps its tracks and "
             "events)",
     .run = [](command_context& c) -> std::string {
         if (std::string e = c.need(4); !e.empty()) return e;
         const auto wrap = wrap_named(c.args[2]);
         if (!wrap)
             return "make_clip: the wrap is loop, once or ping_pong, not '" + c.args[2] + "'";
         clip_builder clip;
         std::error_code ec;
         const fs::path project = c.state.project_folder();
         const std::string opened = fs::exists(project / c.args[0], ec)
                                        ? clip.open(project, c.args[0])
                                        : clip.start(project, c.args[1], c.args[0]);
         if (!opened.empty()) return "make_clip: " + opened;
         if (clip.sheet_path() != c.args[1]) (void)clip.set_sheet(c.args[1]);
         clip.clear_frames();
         clip.set_wrap(*wrap);
         for (std::size_t i = 3; i < c.args.size(); ++i) {
             const std::string& word = c.args[i];
             const std::size_t colon = word.rfind(':');
             const std::string name = colon == std::string::npos ? word : word.substr(0, colon);
             if (std::string e = clip.add_frame(name); !e.empty()) return "make_clip: " + e;
             if (colon == std::string::npos) continue;
             int ms = 0;
             const char* first = word.data() + colon + 1;
             const char* last = word.data() + word.size();
             const auto [ptr, err] = std::from_chars(first, last, ms);
             if (err != std::errc{} || ptr != last || ms < 1)
                 return "make_clip: '" + word + "': the duration is a whole number of ms";
             clip.set_duration(clip.frames().size() - 1, ms);
         }
         if (std::string e = clip.save(); !e.empty()) return "make_clip: " + e;
         if (auto* clips = c.state.world().try_resource<AnimationClips>())
             clips->forget(clip.clip_path());
         c.state.log().info("Saved '" + clip.clip_path() +
                            "': " + std::to_string(clip.frames().size()) + " frames");
         return {};
     }});

}  // namespace

}  // namespace mosaic::editor
