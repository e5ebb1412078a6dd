#include "editor_app.hpp"

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <system_error>

#include <mosaic/engine/crash_report.hpp>
#include <mosaic/engine/input.hpp>
#include <mosaic/engine/project/loaded_project.hpp>
#include <mosaic/engine/render/render_target.hpp>
#include <mosaic/engine/render/screenshot.hpp>

#include "core/asset_rename.hpp"
#include "core/child_play.hpp"
#include "core/missing_assets.hpp"
#include "core/script.hpp"
#include "imgui_input.hpp"
#include "ui/theme.hpp"

namespace mosaic::editor {

namespace {

/// The project to start with: --project's, else the scene's (the nearest manifest above it),
/// else, with neither a scene nor a script, the Tiny Tanks sample of this source tree so
/// that a first start shows something to play with.
/// `mosaic-editor .` or `mosaic-editor path/mosaic.project.json`: a project, not a scene.
bool names_project(const std::filesystem::path& p) {
    std::error_code ec;
    return std::filesystem::is_directory(p, ec) || p.filename() == manifest_file_name;
}

loaded_project choose_project(const editor_options& o) {
    default_build_dir_variable();  // the in-tree samples' manifests name it
    if (!o.project.empty()) return load_project(o.project);
    if (names_project(o.scene)) return load_project(o.scene);
    if (!o.scene.empty()) return load_project_of(o.scene);
#ifdef MOSAIC_SAMPLES_DIR
    if (o.script.empty())
        return load_project(std::filesystem::path(MOSAIC_SAMPLES_DIR) / "tiny_tanks");
#endif
    return {};
}

/// Without a scene, the editor opens the project's default scene: the same with a script as
/// without one (a script run with `--project` and no scene used to start on an untitled
/// scene, so that its `save` failed where Ctrl+S in the window saved: issue 33). A script run
/// with neither a scene nor a project has no project (choose_project), so starts untitled.
editor_options with_default_scene(editor_options o, const loaded_project& p) {
    if (names_project(o.scene)) o.scene.clear();  // a project folder: its default scene
    if (!o.scene.empty() || !p.manifest) return o;
    const std::filesystem::path scene = p.manifest->default_scene_path();
    std::error_code ec;
    if (!scene.empty() && std::filesystem::exists(scene, ec)) o.scene = scene;
    return o;
}

}  // namespace

editor_app::editor_app(const editor_options& options)
    : editor_app(options, choose_project(options)) {}

editor_app::editor_app(const editor_options& options, loaded_project project)
    : options_(with_default_scene(options, project)),
      state_(std::move(project)),
      window_(window_options{.title = "Mosaic",
                             .width = options.width,
                             .height = options.height,
                             .visible = !options.hidden,
                             .vsync = options.script.empty() && options.frames < 0}) {
    if (!options.project.empty() && !state_.opened_project().manifest)
        state_.log().warning("--project " + options.project +
                             ": no project there: built-in components only");
    set_fixed_dt(!options.script.empty() || options.frames >= 0 ? 1.0 / 60.0 : 0.0);
    // A scripted run needs its scene before its first command; an interactive one shows the
    // window at once, with the "Opening scene" progress while a large file loads.
    if (!options_.scene.empty()) {
        if (fixed_dt_ > 0.0) {
            (void)state_.open(options_.scene);
        } else {
            (void)state_.begin_open(options_.scene);
        }
    }

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // the layout is computed every frame; sizes go to editor.ini
    io.ConfigWindowsMoveFromTitleBarOnly = true;
    if (!load_fonts(io))
        state_.log().info(std::string(default_font_path) + " not found: using ImGui's font");
    ImGui_ImplGlfw_InitForOpenGL(window_.native_handle(), true);
    glfw_input_ = std::make_unique<glfw_input>(window_.native_handle(), input_);
    ImGui_ImplOpenGL3_Init("#version 330 core");

    viewport_ = std::make_unique<gl_viewport>();
    // Scripted runs neither offer nor write recovery files (they are not the user's work).
    ui_ = std::make_unique<editor_ui>(
        options.settings.empty() ? default_settings_path() : options.settings, fixed_dt_ == 0.0);
    // A crash in game code leaves a report next to the recovery files (stderr too); the next
    // start shows it with the offer to recover.
    crash_report::install(ui_->autosaver().crash_file(), "mosaic-editor");
    last_frame_ = std::chrono::steady_clock::now();
}

editor_app::~editor_app() {
    crash_report::uninstall();
    ui_.reset();
    viewport_.reset();    // GL objects go while the context is alive
    glfw_input_.reset();  // puts the backend's callbacks back before it removes them
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
}

void editor_app::set_fixed_dt(double seconds) noexcept {
    fixed_dt_ = seconds;
    state_.set_tick_budget(seconds > 0.0 ? 0.0 : tick_budget);
}

void editor_app::wait_for_gpu_in_phases(bool wait) {
    wait_for_gpu_ = wait;
    viewport_->wait_for_gpu = wait;
}

std::string editor_app::render_frame(const std::filesystem::path& screenshot) {
    using clock = std::chrono::steady_clock;
    const auto seconds = [](clock::time_point a, clock::time_point b) {
        return std::chrono::duration<double>(b - a).count();
    };
    const auto t0 = clock::now();
    if (idle_ && fixed_dt_ == 0.0) {
        glfwWaitEventsTimeout(1.0 / 60.0);  // nothing to draw: no busy loop (no vsync wait)
    } else {
        window_.poll_events();
    }
    if (window_.should_close()) {
        window_.set_should_close(false);
        ui_->request_close(state_);
    }
    const auto now = clock::now();
    double dt = std::chrono::duration<double>(now - last_frame_).count();
    last_frame_ = now;
    if (fixed_dt_ > 0) dt = fixed_dt_;

    // The game reads the devices while playing, as under mosaic-run.
    if (state_.playing()) {
        if (Input* input = state_.world().try_resource<Input>()) window_.read_input(*input);
    }
    const auto t1 = clock::now();
    const int ticks = state_.player().frame(dt);
    state_.child_player().update();  // a game in a separate process: output, world, end
    const auto t2 = clock::now();

    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    if (fixed_dt_ > 0) ImGui::GetIO().DeltaTime = static_cast<float>(fixed_dt_);
    feed_imgui(input_, ImGui::GetIO());
    viewport_->begin_frame();
    ImGui::NewFrame();
    ui_->frame(state_, viewport_.get());
    ImGui::Render();
    for (std::string& error : viewport_->take_errors()) state_.log().warning(std::move(error));
    (void)report_missing_assets(state_, viewport_->take_failed_paths());  // entity and field
    // Files moved outside the editor since it last saw this project: said in the Console at
    // once (the Project panel lists them with Fix references; Project > Fix References).
    if (state_.project_folder() != renames_checked_ && state_.opening() == nullptr) {
        renames_checked_ = state_.project_folder();
        (void)check_outside_renames(state_);
    }
    const auto t3 = clock::now();

    // Every frame tells the memo what it draws; the window is drawn when anything changed.
    const bool same_ui = drawn_.unchanged(*ImGui::GetDrawData());
    const bool exposed = glfw_input_->take_refresh();
    idle_ = same_ui && !exposed && !viewport_->drew_this_frame() && screenshot.empty();
    std::string error;
    if (!idle_) {
        default_framebuffer target(window_.framebuffer_size());
        target.clear({0.1f, 0.1f, 0.1f, 1.0f});
        ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
        if (wait_for_gpu_) gl_finish();
        if (!screenshot.empty()) error = write_png(screenshot, read_pixels(target));
    }
    const auto t4 = clock::now();
    if (!idle_) {
        window_.swap_buffers();
        if (wait_for_gpu_) gl_finish();
    }
    const auto t5 = clock::now();

    if (std::string title = state_.title(); title != title_) {
        window_.set_title(title);
        title_ = std::move(title);
    }
    phases_ = {.events = seconds(t0, t1),
               .game = seconds(t1, t2),
               .ui = seconds(t2, t3),
               .scene_view = viewport_->render_seconds(),
               .imgui_draw = seconds(t3, t4),
               .swap = seconds(t4, t5),
               .ticks = ticks,
               .kept = idle_};
    return error;
}

int editor_app::run_script() {
    std::ifstream in(options_.script);
    if (!in) {
        std::fprintf(stderr, "%s: cannot read the script\n", options_.script.string().c_str());
        return 2;
    }
    std::stringstream text;
    text << in.rdbuf();
    script_host host;
    host.wait = [this](int frames) {
        for (int i = 0; i < frames; ++i) (void)render_frame();
    };
    host.screenshot = [this](const std::string& path) { return render_frame(path); };
    for (const script_line& line : parse_script(text.str())) {
        const std::string error = run_script_line(state_, line, host, &ui_->state());
        if (!error.empty()) {
            std::fprintf(stderr, "%s:%d: %s\n", options_.script.string().c_str(), line.number,
                         error.c_str());
            return 1;
        }
        ui_->state().events.post(scene_changed{});  // scripts change the scene behind the panels
    }
    return 0;
}

int editor_app::run() {
    // ImGui lays some things out a frame late (the menu bar's height, tab bars): two frames
    // before anything scripted, so a first screenshot shows the finished layout.
    (void)render_frame();
    (void)render_frame();
    if (!options_.script.empty()) {
        if (const int code = run_script(); code != 0) return code;
    }
    if (options_.frames >= 0 || !options_.script.empty()) {
        const int frames = std::max(options_.frames, 1);
        for (int i = 0; i < frames; ++i) {
            const bool last = i + 1 == frames;
            const std::string error =
                render_frame(last ? options_.screenshot : std::filesystem::path{});
            if (!error.empty()) {
                std::fprintf(stderr, "mosaic-editor: %s\n", error.c_str());
                return 1;
            }
        }
        return 0;
    }
    while (!ui_->quit_requested()) (void)render_frame();
    ui_->closing();
    return 0;
}

}  // namespace mosaic::editor
