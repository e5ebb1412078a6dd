// crash_backtrace.hpp: parse backtrace_symbols lines, demangle, ask addr2line.
#include "core/crash_backtrace.hpp"

#include <cxxabi.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <sstream>

namespace mosaic::editor {

namespace {

/// The readable name of a mangled one, or the name itself.
std::string demangled(const std::string& name) {
    int status = 0;
    std::unique_ptr<char, decltype(&std::free)> out(
        abi::__cxa_demangle(name.c_str(), nullptr, nullptr, &status), &std::free);
    return status == 0 && out ? std::string(out.get()) : name;
}

}  // namespace

bool crash_backtrace::start(const std::string& report, const std::string& addr2line) {
    frames_.clear();
    lookups_.clear();
    std::istringstream lines(report);
    std::string line;
    bool in_backtrace = false;
    std::map<std::string, std::vector<std::size_t>> by_object;
    while (std::getline(lines, line)) {
        if (line.rfind("backtrace", 0) == 0) {
            in_backtrace = true;
            continue;
        }
        // "OBJECT(SYMBOL+0xOFF)[0xADDR]" or "OBJECT(+0xOFF)[0xADDR]"
        const std::size_t open = line.rfind('(');
        const std::size_t close = line.rfind(")[");
        if (!in_backtrace || open == std::string::npos || close == std::string::npos ||
            close < open) {
            continue;
        }
        frame f;
        f.raw = line;
        f.object = line.substr(0, open);
        const std::string inside = line.substr(open + 1, close - open - 1);
        const std::size_t plus = inside.rfind('+');
        const std::string symbol = inside.substr(0, plus);
        if (!symbol.empty()) {
            f.function = demangled(symbol);
        } else if (plus != std::string::npos) {
            f.offset = inside.substr(plus + 1);
            by_object[f.object].push_back(frames_.size());
        }
        frames_.push_back(std::move(f));
    }
    if (frames_.empty()) return false;
    std::error_code ec;
    if (!std::filesystem::exists(addr2line, ec)) return true;  // names demangled only
    for (auto& [object, indices] : by_object) {
        std::vector<std::string> argv = {addr2line, "-C", "-f", "-e", object};
        for (std::size_t i : indices) argv.push_back(frames_[i].offset);
        lookup l;
        if (!l.process.start(argv).empty()) continue;
        l.frames = indices;
        lookups_.push_back(std::move(l));
    }
    return true;
}

void crash_backtrace::read_answers(lookup& l, std::vector<frame>& frames) {
    // Two lines an address: the function, then FILE:LINE ("??" and "??:0" when unknown).
    const std::vector<std::string> out = l.process.take_stdout();
    for (std::size_t i = 0; i < l.frames.size() && 2 * i + 1 < out.size(); ++i) {
        frame& f = frames[l.frames[i]];
        if (out[2 * i] != "??") f.function = out[2 * i];
        const std::string& where = out[2 * i + 1];
        if (where.rfind("??", 0) != 0) {
            f.where = std::filesystem::path(where.substr(0, where.find(" ("))).filename().string();
        }
    }
}

bool crash_backtrace::poll(double now) {
    bool done = true;
    for (lookup& l : lookups_) {
        if (!l.process.started() || l.process.ended()) continue;
        l.process.poll(now);
        if (l.process.ended()) {
            read_answers(l, frames_);
        } else {
            done = false;
        }
    }
    return done;
}

std::string crash_backtrace::result() const {
    std::string text;
    for (std::size_t i = 0; i < frames_.size(); ++i) {
        const frame& f = frames_[i];
        text += "  #" + std::to_string(i) + " ";
        if (f.function.empty()) {
            text += f.raw;
        } else {
            text += f.function;
            if (!f.where.empty()) text += " at " + f.where;
            text += " (" + std::filesystem::path(f.object).filename().string() + ")";
        }
        text += '\n';
    }
    return text;
}

}  // namespace mosaic::editor
