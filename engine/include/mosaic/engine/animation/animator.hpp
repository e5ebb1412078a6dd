#pragma once
// Animator: plays an animation clip (clip.hpp, *.clip.json) on its entity. Its state is
// component data (which clip, how far in, how fast, playing or not), so Stop restores it, the
// timeline rewinds it, recordings replay it and "keep play-mode changes" can keep it, with
// nothing written for animation in any of them.
//
// The "animation" system (phase update, order 50: after movement, before the hierarchy) moves
// each playing Animator's time on and writes every track of its clip into the entity's
// components through the registration table: a track names a component and a field, the
// table gives the field's offset and kind, and the kind's one dispatcher (visit_kind) picks
// how the number is stored. Numbers, vectors, colours and rects of any registered component
// animate, the game's own included; an entity without the track's component is left alone.
//
// Clips are files, loaded once per world into the AnimationClips resource (relative to its
// `root`, the project folder) and bound to the table on first use. A clip that does not load,
// or a track whose component or field does not exist (or no longer exists after a code
// reload: game::replace_code rebinds), is reported once in the GameLog, naming the file and
// the track, and skipped; nothing else stops.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <mosaic/ecs/component_table.hpp>
#include <mosaic/ecs/scheduler.hpp>
#include <mosaic/ecs/type_id.hpp>

#include "clip.hpp"

namespace mosaic {

struct GameLog;

struct Animator {
    mosaic::asset_path clip{};  // a *.clip.json file, relative to the project folder
    float time = 0.0f;          // seconds into the clip (kept within one loop by the system)
    float speed = 1.0f;         // 1: as authored; negative plays backwards
    bool playing = true;        // a `once` clip sets it false when it ends
};

/// A track resolved against a component table: where its number goes.
struct bound_track {
    type_id component = invalid_type_id;
    std::size_t offset = 0;                  // bytes into the component
    void (*write)(void*, double) = nullptr;  // stores the value as the field's type
    const clip_track* track = nullptr;       // in the bound_clip's clip
};

/// A loaded clip and its usable tracks (the others were reported and left out).
struct bound_clip {
    animation_clip clip;
    std::vector<bound_track> tracks;
    bool loaded = false;  // false: the file did not load (reported); entities stand still
};

/// Why `track` cannot be played with `table` (no such component, field, element, or a kind
/// that is not a number); empty when it can, and then `out` says where it writes.
[[nodiscard]] std::string bind_track(const clip_track& track, const component_table& table,
                                     bound_track& out);

/// The clips a world plays (a resource: world.resource<AnimationClips>()). A cache: scene
/// files and recordings do not keep it, and copying a world shares the loaded clips.
class AnimationClips {
public:
    /// Clip and sheet paths are relative to it (the project folder).
    std::filesystem::path root;
    /// The table tracks are bound against (the game's); null: nothing plays.
    const component_table* table = nullptr;

    /// The clip of `path`, loading and binding it on first use; problems go to `log` once.
    [[nodiscard]] const bound_clip& get(std::string_view path, GameLog& log);
    /// Puts a clip in memory under `path` (tests, the editor's unsaved clip), replacing the
    /// file's; bound on next use.
    void put(std::string path, animation_clip clip);
    /// Forgets what was loaded from `path` (the file changed): re-read on next use.
    void forget(std::string_view path);
    /// Forgets every binding (the table changed: a code reload): each clip is bound again on
    /// next use, and what no longer binds is reported again.
    void rebind();

private:
    std::shared_ptr<const bound_clip> bind(const std::string& path, animation_clip clip,
                                           GameLog& log) const;

    std::unordered_map<std::string, std::shared_ptr<const bound_clip>> loaded_;
    std::unordered_map<std::string, std::shared_ptr<const animation_clip>> in_memory_;
    // The last clip asked for: entities playing the same clip skip the hash lookup.
    std::string last_path_;
    std::shared_ptr<const bound_clip> last_;
};

/// An event of a clip an entity passed this tick (AnimationEvents, cleared every tick).
struct animation_event {
    entity source;
    std::string name;
};
struct AnimationEvents {
    std::vector<animation_event> list;
};

/// Moves `a` on by `seconds` within `clip` and says which events it passed (appended to
/// `passed` as indices into clip.events). Stops a `once` clip at its end.
void advance_animator(Animator& a, const animation_clip& clip, double seconds,
                      std::vector<std::size_t>& passed);

system& add_animation_system(scheduler& s);

}  // namespace mosaic
