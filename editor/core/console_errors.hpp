#pragma once
// console_errors: the reason a command run from a script gives when it failed after logging
// why (a script shows no Console, so the Console's new error lines go into the command's
// answer). Shared by the command registrations (core, archetype commands).
#include <cstddef>
#include <string>
#include <vector>

#include "command_table.hpp"
#include "console_log.hpp"
#include "editor_state.hpp"

namespace mosaic::editor {

/// A command that failed after logging why: `what` and the Console's new error lines, so that
/// a script run (which shows no Console) says why on stderr: "save: the scene has no file
/// yet; use Save As" rather than "save failed (see the console)".
class console_errors {
public:
    explicit console_errors(const command_context& c)
        : log_(c.state.log()), before_(log_.count(log_level::error)) {}

    [[nodiscard]] std::string failure(const std::string& what) const {
        const std::size_t added = log_.count(log_level::error) - before_;
        std::string why;
        std::size_t found = 0;
        const std::vector<log_line>& lines = log_.lines();
        for (auto it = lines.rbegin(); it != lines.rend() && found < added; ++it) {
            if (it->level != log_level::error) continue;
            why = it->text + (why.empty() ? "" : "; " + why);
            ++found;
        }
        if (why.empty()) return what + " (see the console)";
        // "save: the scene has no file yet" already names the verb: not "save failed: save: ...".
        const std::string verb = what.substr(0, what.find_first_of(" :")) + ": ";
        return why.rfind(verb, 0) == 0 ? why : what + ": " + why;
    }

private:
    const console_log& log_;
    std::size_t before_;
};

}  // namespace mosaic::editor
