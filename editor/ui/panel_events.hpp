#pragma once
// panel_events: what one part of the editor asks of a panel it does not own ("the scene's
// structure changed", "scroll the hierarchy to this entity", "show the Console"), as typed
// events in one queue instead of flags in ui_state that each reader had to clear.
//
// Whoever wants something posts an event; editor_ui hands every queued event, oldest first,
// to every panel once per frame, before the panels draw (panel::on_event). An event posted
// while the events are handed out (or by a panel as it draws) waits for the next frame, so
// each event is seen exactly once by each panel.

#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include <mosaic/ecs/entity.hpp>

namespace mosaic::editor {

/// Entities were created, destroyed, renamed or re-parented: the hierarchy rebuilds its rows.
struct scene_changed {};
/// Scroll the hierarchy to `e` (unfolding its parents): it was picked elsewhere.
struct reveal_in_hierarchy {
    entity e;
};
/// Duplicate made `copies[i]` from `originals[i]`: the hierarchy shows each right under its
/// original.
struct duplicated {
    std::vector<entity> copies;
    std::vector<entity> originals;
};
/// Start renaming `e` in the hierarchy (F2, a new entity).
struct rename_in_hierarchy {
    entity e;
};
/// Centre the scene view on the selection (F, the menus).
struct frame_on_selection {};
/// Another scene is in (New, Open, a project): the hierarchy rebuilds and the scene view takes
/// the camera the scene saved.
struct scene_opened {};
/// Make the panel with this id the visible tab of its dock (View menu, Build & Reload).
struct show_panel {
    std::string id;
};

/// Highlight the prefab named `name` in the Project panel (the entity header's Select).
struct reveal_prefab {
    std::string name;
};

/// Open the Sheet Editor on `path` (relative to the project): an image (slice it) or a sheet.
struct open_sheet_editor {
    std::string path;
};
/// Open the Clip Editor on `path`: a sheet (a new clip of its frames) or a clip.
struct open_clip_editor {
    std::string path;
};
/// An editor window wrote `path` into the project: the Project panel lists it.
struct asset_written {
    std::string path;
};

using panel_event = std::variant<scene_changed, reveal_in_hierarchy, rename_in_hierarchy,
                                 frame_on_selection, scene_opened, show_panel, reveal_prefab,
                                 duplicated, open_sheet_editor, open_clip_editor, asset_written>;

class event_queue {
public:
    /// Constructs the event in the queue: a moved variant of an empty alternative trips GCC
    /// 12's -Wmaybe-uninitialized at -O2 (a false positive the release build treats as error).
    template <class Event>
    void post(Event&& e) {
        if constexpr (std::is_same_v<std::decay_t<Event>, panel_event>) {
            queue_.push_back(std::forward<Event>(e));
        } else {
            queue_.emplace_back(std::in_place_type<std::decay_t<Event>>, std::forward<Event>(e));
        }
    }

    /// Calls `handle` with every event posted so far, oldest first, and forgets them. Events
    /// posted meanwhile are kept for the next call.
    template <class Handler>
    void deliver(Handler&& handle) {
        std::vector<panel_event> batch;
        batch.swap(queue_);
        for (const panel_event& e : batch) handle(e);
    }

    [[nodiscard]] bool empty() const noexcept { return queue_.empty(); }
    [[nodiscard]] std::size_t size() const noexcept { return queue_.size(); }
    /// The queued events (oldest first), for tests.
    [[nodiscard]] const std::vector<panel_event>& pending() const noexcept { return queue_; }

private:
    std::vector<panel_event> queue_;
};

}  // namespace mosaic::editor
