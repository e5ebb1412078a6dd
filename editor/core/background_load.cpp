#include "background_load.hpp"

#include <utility>

namespace mosaic::editor {

background_load::background_load(std::filesystem::path path, const component_table& table)
    : path_(std::move(path)) {
    thread_ = std::thread([this, &table] {
        result_ = load_scene_file(path_, table, [this](double fraction) {
            progress_ = fraction;
            return !cancelled_.load();
        });
        progress_ = 1.0;
        done_ = true;
    });
}

background_load::~background_load() {
    cancel();
    if (thread_.joinable()) thread_.join();
}

load_result<scene> background_load::take() {
    if (thread_.joinable()) thread_.join();
    return std::move(result_);
}

}  // namespace mosaic::editor
