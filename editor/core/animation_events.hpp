#pragma once
// animation_events: editing the events of the Animation window's open clip (the named moments
// a game hears through the AnimationEvents resource), each edit one undo step through
// animation_editor::edit like a key edit, refused like one (while playing, for sprite-frame
// clips, whose events are the Clip Editor's). The anim_event* verbs and the window's Events
// row call these. Also which window a clip file opens in from the Project panel.

#include <cstddef>
#include <filesystem>
#include <string>

namespace mosaic::editor {

class animation_editor;
class editor_state;

/// Adds the event `name` at `seconds` (0 to the clip's length); events stay in time order.
/// "" or why not.
std::string add_clip_event(editor_state& s, animation_editor& a, float seconds,
                           const std::string& name);
/// Moves and renames event `i` (its index in the clip's events).
std::string set_clip_event(editor_state& s, animation_editor& a, std::size_t i, float seconds,
                           const std::string& name);
std::string remove_clip_event(editor_state& s, animation_editor& a, std::size_t i);

/// Which window a clip file opens in (the Project panel's double-click): the Animation window
/// for clips of property tracks, the Clip Editor for sprite-frame clips (a `sprite` part: the
/// Animation window shows them read-only) and for files that cannot be read.
enum class clip_window { animation, clip_editor };
[[nodiscard]] clip_window window_for_clip(const std::filesystem::path& file);

}  // namespace mosaic::editor
