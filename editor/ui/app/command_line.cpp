#include "command_line.hpp"

#include <charconv>
#include <cstdio>
#include <string_view>

namespace mosaic::editor {

namespace {

bool read_int(std::string_view text, int& out) {
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc{} && end == text.data() + text.size();
}

}  // namespace

std::string usage() {
    return "usage: mosaic-editor [SCENE] [--project PATH] [--script FILE] [--screenshot PNG]\n"
           "                     [--frames N] [--settings FILE] [--size WxH] [--hidden]\n"
           "       mosaic-editor --new-project DIR [--name NAME]\n"
           "  SCENE            a .scene.json or .scene.bin file; its project is the nearest\n"
           "                   mosaic.project.json above it; a project folder (or its\n"
           "                   mosaic.project.json) opens its default scene\n"
           "  --project PATH   a project folder (or its mosaic.project.json) to open\n"
           "  --script FILE    run editor commands (one per line), then exit; an error exits 1\n"
           "  --frames N       render N frames, write --screenshot if given, exit 0\n"
           "  --screenshot PNG the whole window after the last frame\n"
           "  --settings FILE  editor settings (default ~/.config/mosaic/editor.ini)\n"
           "  --new-project DIR  write a new game project into DIR (new or empty) and exit;\n"
           "                   --name NAME names it (default: DIR's name)\n";
}

std::string parse_command_line(std::span<const char* const> args, editor_options& out) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string_view arg = args[i];
        const auto value = [&](std::string_view& v) -> bool {
            if (i + 1 >= args.size()) return false;
            v = args[++i];
            return true;
        };
        std::string_view v;
        if (arg == "--help" || arg == "-h") {
            out.help = true;
        } else if (arg == "--hidden") {
            out.hidden = true;
        } else if (arg == "--new-project" || arg == "--name") {
            if (!value(v)) return std::string(arg) + ": expected a value";
            if (arg == "--name") out.new_project_name = v;
            if (arg == "--new-project") out.new_project = v;
        } else if (arg == "--project" || arg == "--script" || arg == "--screenshot" ||
                   arg == "--frames" || arg == "--settings" || arg == "--size") {
            if (!value(v)) return std::string(arg) + ": expected a value";
            if (arg == "--project") out.project = v;
            if (arg == "--script") out.script = v;
            if (arg == "--screenshot") out.screenshot = v;
            if (arg == "--settings") out.settings = v;
            if (arg == "--frames" && (!read_int(v, out.frames) || out.frames < 0))
                return "--frames: expected a number of frames, got '" + std::string(v) + "'";
            if (arg == "--size") {
                const auto x = v.find('x');
                if (x == std::string_view::npos || !read_int(v.substr(0, x), out.width) ||
                    !read_int(v.substr(x + 1), out.height) || out.width < 320 || out.height < 240)
                    return "--size: expected WIDTHxHEIGHT (at least 320x240), got '" +
                           std::string(v) + "'";
            }
        } else if (!arg.empty() && arg.front() == '-') {
            return "unknown option '" + std::string(arg) + "'";
        } else if (out.scene.empty()) {
            out.scene = arg;
        } else {
            return "more than one scene given ('" + out.scene.string() + "' and '" +
                   std::string(arg) + "')";
        }
    }
    if (!out.new_project_name.empty() && out.new_project.empty())
        return "--name applies to --new-project";
    if (!out.new_project.empty() && !out.scene.empty())
        return "--new-project writes a project; open its scene afterwards";
    return {};
}

}  // namespace mosaic::editor
