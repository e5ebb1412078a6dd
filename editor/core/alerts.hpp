#pragma once
// alerts: what the user must see now, in a modal (a system failed, the project did not load,
// the scene is open in another editor). The UI shows the oldest and pops it.

#include <algorithm>
#include <deque>
#include <string>

namespace mosaic::editor {

struct editor_alert {
    std::string title;  // the modal's title: "Game stopped"
    std::string text;   // "Game stopped: system 'turret' failed: ..."
    /// A second button beside OK ("Play Again") that runs the command `action_command`
    /// (command_table.hpp); none when empty.
    std::string action_label = {};
    std::string action_command = {};
};

class alert_queue : public std::deque<editor_alert> {
public:
    /// Adds an alert. A system failing every Play must not pile up modals: the newest of
    /// each title wins.
    void add(std::string title, std::string text) { add({std::move(title), std::move(text)}); }
    void add(editor_alert alert) {
        std::erase_if(*this, [&](const editor_alert& a) { return a.title == alert.title; });
        push_back(std::move(alert));
    }
};

}  // namespace mosaic::editor
