#include "document.hpp"

#include <mosaic/engine/display_path.hpp>

namespace mosaic::editor {

document::document(kind what, std::filesystem::path file) : what_(what), file_(std::move(file)) {
    mark_saved();
}

std::string document::name() const {
    return file_.empty() ? std::string("Untitled") : display_path(file_.filename());
}

void document::start_over() {
    selection_.clear();
    history_.clear();
    mark_saved();
}

void document::record(step s) {
    if (group_depth_ > 0) {
        if (!group_) {
            group_ = std::move(s);
        } else {
            for (change& c : s.changes) group_->changes.push_back(std::move(c));
        }
        return;
    }
    history_.push(std::move(s));
}

void document::end_step_group() {
    if (group_depth_ == 0 || --group_depth_ > 0 || !group_) return;
    step gathered = std::move(*group_);
    group_.reset();
    history_.push(std::move(gathered));
}

bool document::undo(mosaic::scene& target) {
    if (!history_.undo(target)) return false;
    selection_.prune(target.world);
    return true;
}

bool document::redo(mosaic::scene& target) {
    if (!history_.redo(target)) return false;
    selection_.prune(target.world);
    return true;
}

}  // namespace mosaic::editor
