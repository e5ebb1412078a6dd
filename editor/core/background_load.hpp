#pragma once
// A scene file loading on a thread of its own, so the editor stays responsive while a large
// file loads: the UI shows progress() and may cancel(); the result is taken once done().
// The component table must not change until the load is over (the editor refuses a code
// reload meanwhile). Destroying a load that is still running cancels it and waits.

#include <atomic>
#include <filesystem>
#include <optional>
#include <thread>

#include <mosaic/engine/scene/scene_file.hpp>

namespace mosaic::editor {

class background_load {
public:
    background_load(std::filesystem::path path, const component_table& table);
    ~background_load();
    background_load(const background_load&) = delete;
    background_load& operator=(const background_load&) = delete;

    [[nodiscard]] const std::filesystem::path& path() const noexcept { return path_; }
    /// How far the load is, 0 to 1.
    [[nodiscard]] double progress() const noexcept { return progress_.load(); }
    /// Asks the load to stop; it then fails with "loading was cancelled".
    void cancel() noexcept { cancelled_ = true; }
    [[nodiscard]] bool cancelled() const noexcept { return cancelled_.load(); }
    [[nodiscard]] bool done() const noexcept { return done_.load(); }
    /// Waits for the load to end and hands over its result (once).
    [[nodiscard]] load_result<scene> take();

private:
    std::filesystem::path path_;
    std::atomic<double> progress_{0.0};
    std::atomic<bool> cancelled_{false};
    std::atomic<bool> done_{false};
    load_result<scene> result_;
    std::thread thread_;  // last: started once everything above exists
};

}  // namespace mosaic::editor
