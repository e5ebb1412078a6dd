// child_play.hpp: the child's life — start on a temporary scene file, attach when it gives its
// port, report its output and its end, stop it and reap it.
// clang-format off
#include <cereal/archives/json.hpp>  // first, as in the engine: how rapidjson asserts
// clang-format on
#include "core/child_play.hpp"

#include <rapidjson/document.h>

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <system_error>
#include <utility>
#include <vector>

#include <mosaic/engine/crash_report.hpp>
#include <mosaic/engine/display_path.hpp>
#include <mosaic/engine/scene/scene_file.hpp>

namespace mosaic::editor {

namespace fs = std::filesystem;

namespace {

double now() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

/// What mosaic-run --listen prints first: "live link: listening on ADDR:PORT (protocol ...)".
constexpr std::string_view listening_prefix = "live link: listening on ";
/// The first line of a crash report on stderr (crash_report.hpp): "mosaic-run crashed: ...".
constexpr std::string_view crash_marker = " crashed: signal ";

/// "10", "0.5": seconds as a person writes them.
std::string seconds_text(double seconds) {
    std::ostringstream out;
    out << seconds;
    return out.str();
}

/// The value of "NAME: value" in a crash report, or "".
std::string report_line(const std::string& report, std::string_view name) {
    const std::string key = "\n" + std::string(name) + ": ";
    const std::size_t at = report.find(key);
    if (at == std::string::npos) return {};
    const std::size_t from = at + key.size();
    return report.substr(from, report.find('\n', from) - from);
}

/// Temporary files of this editor process: mosaic-play-PID-N.
fs::path temporary(const std::string& suffix) {
    static std::atomic<unsigned> counter{0};
    std::error_code ec;
    fs::path folder = fs::temp_directory_path(ec);
    if (ec) folder = "/tmp";
    return folder / ("mosaic-play-" + std::to_string(::getpid()) + "-" +
                     std::to_string(counter.fetch_add(1)) + suffix);
}

}  // namespace

fs::path default_game_runner() {
    if (const char* chosen = std::getenv("MOSAIC_RUN"); chosen != nullptr && *chosen != '\0')
        return chosen;
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const fs::path beside = self.parent_path() / "mosaic-run";
        if (fs::exists(beside, ec)) return beside;
    }
#ifdef MOSAIC_RUN_BUILT
    return MOSAIC_RUN_BUILT;  // the build tree's (editor/ui/mosaic-editor, engine/mosaic-run)
#else
    return "mosaic-run";
#endif
}

child_play::child_play(sources from) : child_play(from, options{}) {}

child_play::child_play(sources from, options settings)
    : from_(from), options_(std::move(settings)) {}

child_play::~child_play() {
    remote_.detach();
    // The editor closes: each child gets a moment to end cleanly (SIGTERM), then SIGKILL.
    process_.end_and_wait(1.0);
    for (child_process& p : ending_) p.end_and_wait(1.0);
    ending_.clear();
    remove_files();
}

std::string child_play::play(mosaic::scene edit_scene, const component_table& table,
                             const fs::path& manifest) {
    if (active()) stop();
    remove_files();
    started_at_ = now();
    first_tick_after_.reset();
    last_exit_.reset();
    crash_report_.clear();
    crash_lines_.clear();
    last_error_line_.clear();
    pause_when_attached_ = false;
    step_when_attached_ = false;
    // The scene files' own writer, binary: the fastest to write and for the child to read.
    scene_file_ = temporary(".scene.bin");
    crash_file_ = temporary(".crash.txt");
    const std::vector<diagnostic> written = save_scene_file(edit_scene, table, scene_file_);
    if (has_error(written)) {
        from_.log.add(written);
        message_ = "play in a separate process: the scene could not be written to " +
                   display_path(scene_file_);
        from_.log.error(message_);
        remove_files();
        return message_;
    }
    std::vector<std::string> argv = {options_.runner.string(), scene_file_.string(), "--listen",
                                     "127.0.0.1:0", "--crash-file", crash_file_.string(),
                                     // The game ends with the editor, even one killed.
                                     "--parent", std::to_string(::getpid())};
    if (!manifest.empty()) {
        argv.emplace_back("--project");
        argv.push_back(manifest.string());
    }
    argv.insert(argv.end(), extra_args.begin(), extra_args.end());
    if (std::string error = process_.start(argv); !error.empty()) {
        message_ = "play in a separate process: cannot start the game: " + error +
                   " (set MOSAIC_RUN to the mosaic-run to use)";
        from_.log.error(message_);
        remove_files();
        status_ = status::idle;
        return message_;
    }
    status_ = status::starting;
    message_ = "starting " + display_path(options_.runner) + " (process " +
               std::to_string(process_.pid()) + ")";
    from_.log.info("play in a separate process: " + message_);
    start_instances(edit_scene, table, manifest);
    return {};
}

void child_play::start_instances(const mosaic::scene& edit_scene, const component_table& table,
                                 const fs::path& manifest) {
    instances_.clear();  // their destructors end those still running
    for (const std::string& line : instance_args) {
        auto instance = std::make_unique<child_play>(from_, options_);
        std::istringstream words(line);
        for (std::string word; words >> word;) instance->extra_args.push_back(word);
        (void)instance->play(edit_scene.clone(), table, manifest);  // failures: in the Console
        instances_.push_back(std::move(instance));
    }
}

std::size_t child_play::stopping() const noexcept {
    std::size_t n = ending_.size();
    for (const auto& instance : instances_) n += instance->stopping();
    return n;
}

void child_play::reap_ending() {
    const double t = now();
    for (child_process& p : ending_) {
        p.poll(t);
        (void)p.take_stdout();
        (void)p.take_stderr();
    }
    std::erase_if(ending_, [](const child_process& p) { return !p.running(); });
}

void child_play::update() {
    for (const auto& instance : instances_) instance->update();
    reap_ending();
    if (symbolising_ && backtrace_.poll(now())) {
        symbolising_ = false;
        from_.log.error("the game's backtrace (most recent call first):\n" + backtrace_.result());
    }
    if (!process_.started() && !adopted_) return;
    if (!adopted_) {
        process_.poll(now());
        read_output();
        if (process_.ended()) {
            notice_end();
            return;
        }
    }
    // Local edits first: a page taken in below must not overwrite one not yet seen.
    if (mirror_ && status_ == status::running) {
        // A large world's check costs ~0.1 us an entity: made before each pass is applied
        // instead of every frame (see pull_mirror).
        if (mirror_->statistics().paired <= every_frame_check) send_local_edits();
        forward_input();
    }
    remote_.update(now());
    if (mirror_ && status_ == status::running && !pull_waiting_ && now() >= next_pull_at_)
        pull_mirror();
    if (status_ == status::starting) {
        if (remote_.state() == remote_game::status::attached) {
            status_ = status::running;
            message_ = adopted_
                           ? "attached, " + remote_.message()
                           : "process " + std::to_string(process_.pid()) + ", " + remote_.message();
            if (pause_when_attached_ || step_when_attached_) remote_.pause();
            if (step_when_attached_) remote_.step();
            pause_when_attached_ = step_when_attached_ = false;
        } else if (remote_.state() == remote_game::status::failed) {
            if (adopted_) {
                lose_adopted("could not attach to the game: " + remote_.message());
                return;
            }
            give_up("could not attach to the game: " + remote_.message());
        } else if (remote_.state() == remote_game::status::detached &&
                   now() - started_at_ > options_.port_timeout) {
            give_up("the game did not say where it listens within " +
                    seconds_text(options_.port_timeout) + " s (" + display_path(options_.runner) +
                    " printed no \"" + std::string(listening_prefix) +
                    "ADDR:PORT\" line); it was stopped");
        }
    } else if (status_ == status::running && remote_.state() == remote_game::status::failed) {
        if (adopted_) {  // a game the editor attached to: no process to wait for
            lose_adopted("the live link to the game broke: " + remote_.message());
            return;
        }
        // The connection broke while the process lives: say so once; its end comes later.
        message_ = "the live link to the game broke: " + remote_.message();
    }
    if (status_ == status::running && !first_tick_after_ && remote_.tick() > 0) {
        first_tick_after_ = now() - started_at_;
        from_.log.info("play in a separate process: " + remote_.address() + ", first tick " +
                       seconds_text(std::round(*first_tick_after_ * 100) / 100) + " s after Play");
    }
}

void child_play::read_output() {
    for (std::string& line : process_.take_stdout()) {
        if (status_ == status::starting && remote_.state() == remote_game::status::detached &&
            line.rfind(listening_prefix, 0) == 0) {
            const std::string rest = line.substr(listening_prefix.size());
            const std::string address = rest.substr(0, rest.find(' '));
            if (std::string error = remote_.attach(address, ""); !error.empty()) {
                give_up("the game gave an address the editor cannot use: " + error);
                return;
            }
            continue;
        }
        from_.log.info("game: " + line);
    }
    for (std::string& line : process_.take_stderr()) {
        // The crash report comes whole at the end: one Console entry, not one per frame.
        if (!crash_lines_.empty() || line.find(crash_marker) != std::string::npos) {
            crash_lines_ += line;
            crash_lines_ += '\n';
            continue;
        }
        if (line.empty()) continue;
        // The runner's own error ("mosaic-run: unknown option ...") says more than the usage
        // text after it.
        const auto from_runner = [](const std::string& l) {
            return l.rfind("mosaic-run: ", 0) == 0;
        };
        if (from_runner(line) || !from_runner(last_error_line_)) last_error_line_ = line;
        from_.log.warning("game: " + line);
    }
}

void child_play::mirror_into(world& into, const component_table& table) {
    mirror_ = std::make_unique<live::world_mirror>(into, table);
    mirror_world_ = &into;
    sent_input_.reset();
    pulls_ = 0;
    next_pull_at_ = 0;
    pass_started_at_.reset();
    pull_waiting_ = false;
}

void child_play::end_mirror() {
    if (!mirror_) return;
    mirror_.reset();
    if (on_mirror_end) on_mirror_end();
}

void child_play::forward_input() {
    if (adopted_) return;  // an attached game has its own players
    const Input* in = mirror_world_->try_resource<Input>();
    if (in == nullptr) return;
    if (sent_input_ && sent_input_->down == in->down && sent_input_->mouse_down == in->mouse_down &&
        sent_input_->mouse_position == in->mouse_position &&
        sent_input_->mouse_pixels == in->mouse_pixels && in->scroll == 0.0f)
        return;
    sent_input_ = *in;
    std::string params = R"({"down":[)";
    bool first = true;
    for (int code = 0; code < key_count; ++code) {
        if (in->down[static_cast<std::size_t>(code)] == 0) continue;
        params += (first ? "" : ",") + std::to_string(code);
        first = false;
    }
    params += R"(],"mouse_down":[)";
    first = true;
    for (int b = 0; b < mouse_button_count; ++b) {
        if (in->mouse_down[static_cast<std::size_t>(b)] == 0) continue;
        params += (first ? "" : ",") + std::to_string(b);
        first = false;
    }
    const auto number = [](float f) { return std::isfinite(f) ? std::to_string(f) : "0"; };
    params += R"(],"mouse_position":[)" + number(in->mouse_position.x) + "," +
              number(in->mouse_position.y) + R"(],"mouse_pixels":[)" + number(in->mouse_pixels.x) +
              "," + number(in->mouse_pixels.y) + R"(],"scroll":)" + number(in->scroll) + "}";
    remote_.send("input.set", std::move(params));
}

void child_play::send_local_edits() {
    std::vector<live::world_mirror::request> edits = mirror_->local_edits(pulls_ + 1);
    // An attached game is read-only until Allow Edits: what is changed in the editor stays
    // there (and goes at Stop).
    if (adopted_ && !remote_.allow_edits) return;
    for (live::world_mirror::request& r : edits) {
        const entity local = r.local;
        const bool creates = r.method == "entity.create";
        remote_.send(
            r.method, std::move(r.params),
            [this, local, creates, method = r.method](const live::client_message& m) {
                if (!mirror_) return;
                if (!m.error.empty()) {
                    from_.log.warning("the game refused an edit (" + method + "): " + m.error);
                    if (creates) mirror_->not_created(local);
                    return;
                }
                if (!creates) return;
                rapidjson::Document doc;
                doc.Parse(m.result.c_str());
                if (!doc.HasParseError() && doc.IsObject() && doc.HasMember("id") &&
                    doc["id"].IsUint64()) {
                    mirror_->created(local, doc["id"].GetUint64());
                } else {
                    mirror_->not_created(local);
                }
            });
    }
}

void child_play::pull_mirror() {
    pull_waiting_ = true;
    const std::uint64_t pull = ++pulls_;
    if (!pass_started_at_) pass_started_at_ = now();
    remote_.send("mirror.pull", "{}", [this, pull](const live::client_message& m) {
        pull_waiting_ = false;
        if (!mirror_) return;
        if (mirror_->statistics().paired > every_frame_check) send_local_edits();
        const std::string why = m.error.empty() ? mirror_->take_page(m.result, pull) : m.error;
        if (mirror_->pass_applied() && pass_started_at_) {
            // The game compares every entity for a pass (~0.2 us each): on a large world the
            // next one waits three times as long as this one took, so passes cost the game a
            // quarter of its time at most (every frame for small games).
            const double took = now() - *pass_started_at_;
            next_pull_at_ = now() + 3.0 * took;
            pass_started_at_.reset();
        }
        if (!why.empty()) {
            from_.log.error("play in a separate process: the editor's view of the game: " + why);
            end_mirror();  // the Game tab still shows the game
        }
    });
}

void child_play::notice_end() {
    end_mirror();
    for (const auto& instance : instances_) instance->stop();  // they end with the one shown
    const process_exit how = *process_.ended();
    const bool stopped_by_us = process_.terminating();
    last_exit_ = how;
    remote_.detach();
    process_ = child_process();
    const bool was_starting = status_ == status::starting;
    if (stopped_by_us) {
        status_ = status::idle;
        remove_files();
        return;
    }
    status_ = status::ended;
    if (how.signaled) {
        // The child's own handler wrote the report (crash_report.hpp): the file when it could,
        // stderr in any case.
        crash_report_ = crash_report::read(crash_file_).value_or(crash_lines_);
        if (crash_report_.empty()) crash_report_ = "(the game wrote no crash report)";
        while (!crash_report_.empty() && crash_report_.front() == '\n') crash_report_.erase(0, 1);
        const std::string system = report_line("\n" + crash_report_, "system");
        const std::string module = report_line("\n" + crash_report_, "module");
        message_ = "the game crashed: " + how.describe();
        from_.log.error(message_ + " (the editor and the edited scene are fine)\n" + crash_report_);
        symbolising_ = backtrace_.start(crash_report_);
        std::string text = "The game process crashed: " + how.describe();
        if (!system.empty()) text += " in system '" + system + "'";
        if (!module.empty()) text += " (module " + module + ")";
        text +=
            ". The editor and the edited scene are fine; the crash report and the backtrace "
            "are in the Console.";
        from_.alerts.add({crash_title, std::move(text), "Play Again", again_command});
    } else if (how.code != 0) {
        if (!crash_lines_.empty()) from_.log.warning("game: " + crash_lines_);
        message_ = std::string(was_starting ? "the game ended before it listened: "
                                            : "the game stopped: ") +
                   how.describe() + (last_error_line_.empty() ? "" : ": " + last_error_line_);
        from_.log.error(message_);
        from_.alerts.add({"Game stopped", message_ + ". The edited scene is as it was.",
                          "Play Again", again_command});
    } else {
        message_ = "the game ended (" + how.describe() + ")";
        from_.log.info(message_);
    }
    remove_files();
}

void child_play::give_up(const std::string& why) {
    end_mirror();
    for (const auto& instance : instances_) instance->stop();
    message_ = why;
    from_.log.error("play in a separate process: " + why);
    remote_.detach();
    process_.terminate(now(), 0.0);  // SIGTERM, and SIGKILL from the next poll
    ending_.push_back(std::move(process_));
    process_ = child_process();
    status_ = status::ended;
    remove_files();
}

void child_play::pause() {
    for (const auto& instance : instances_) instance->pause();
    if (status_ == status::starting) pause_when_attached_ = true;
    if (status_ == status::running) remote_.pause();
}

void child_play::resume() {
    for (const auto& instance : instances_) instance->resume();
    pause_when_attached_ = step_when_attached_ = false;
    if (status_ == status::running) remote_.resume();
}

void child_play::step() {
    for (const auto& instance : instances_) instance->step();
    if (status_ == status::starting) step_when_attached_ = true;
    if (status_ != status::running) return;
    // game.step is refused while the game runs: pause first (the link keeps the order).
    if (!remote_.paused()) remote_.pause();
    remote_.step();
}

std::string child_play::adopt(std::string_view address, std::string token) {
    if (active()) stop();
    remove_files();
    started_at_ = now();
    first_tick_after_.reset();
    last_exit_.reset();
    crash_report_.clear();
    instances_.clear();
    if (std::string error = remote_.attach(address, std::move(token)); !error.empty()) {
        message_ = error;
        return error;
    }
    adopted_ = true;
    status_ = status::starting;
    message_ = "attaching to " + std::string(address);
    from_.log.info("attached game: " + message_);
    return {};
}

void child_play::lose_adopted(const std::string& why) {
    end_adopted();
    status_ = status::ended;
    message_ = why;
    from_.log.error("attached game: " + why);
}

void child_play::end_adopted() {
    end_mirror();
    remote_.detach();
    adopted_ = false;
}

void child_play::stop() {
    if (adopted_) {  // the game goes on; the editor lets go of it
        end_adopted();
        status_ = status::idle;
        message_ = "detached (the game keeps running)";
        from_.log.info("attached game: " + message_);
        return;
    }
    for (const auto& instance : instances_) instance->stop();
    if (!process_.started()) {
        if (status_ == status::ended) status_ = status::idle;
        return;
    }
    end_mirror();
    remote_.detach();
    process_.terminate(now(), options_.stop_grace);
    const int pid = process_.pid();
    ending_.push_back(std::move(process_));
    process_ = child_process();
    status_ = status::idle;
    message_ = "stopped (process " + std::to_string(pid) + ")";
    from_.log.info("stop: the game process " + std::to_string(pid) + " was asked to end");
    remove_files();
}

void child_play::remove_files() noexcept {
    std::error_code ec;
    if (!scene_file_.empty()) {
        fs::remove(scene_file_, ec);
        fs::remove(fs::path(scene_file_.string() + ".bak"), ec);
    }
    if (!crash_file_.empty()) fs::remove(crash_file_, ec);
}

}  // namespace mosaic::editor
