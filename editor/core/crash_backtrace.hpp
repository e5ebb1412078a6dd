#pragma once
// crash_backtrace: makes a crash report's backtrace readable. The crashed process's handler
// (crash_report.hpp) may only call async-signal-safe functions, so its frames are what
// backtrace_symbols_fd writes: "OBJECT(SYMBOL+0xOFF)[0xADDR]" with a mangled name, or
// "OBJECT(+0xOFF)[0xADDR]" for a function the object does not export. Here, after the
// crash, mangled names are demangled in place and the others are looked up with addr2line
// (binutils), one run per object, in the background: the frame gets its function and, when
// the object has debug information, its file and line.
//
//   crash_backtrace b;
//   if (b.start(report)) ... each frame: if (b.poll(now)) log(b.result());

#include <string>
#include <vector>

#include "child_process.hpp"

namespace mosaic::editor {

class crash_backtrace {
public:
    /// Reads the frames of `report` and starts addr2line for those without a name. False
    /// when the report has no frames.
    bool start(const std::string& report, const std::string& addr2line = "/usr/bin/addr2line");
    /// True once every lookup ended (or could not start); then result() is ready.
    bool poll(double now);
    /// One line a frame, most recent first: "  #3 turrets::turn_then_fail(...) at
    /// turrets.cpp:31 (libturrets.so)"; frames nothing was found for keep their raw text.
    [[nodiscard]] std::string result() const;

private:
    struct frame {
        std::string raw;
        std::string object;  // the path before '('
        std::string offset;  // "0x51f31" when the frame has no name
        std::string function;
        std::string where;  // "file.cpp:31"
    };
    struct lookup {
        child_process process;
        std::vector<std::size_t> frames;  // indices into frames_, in the order asked
    };
    static void read_answers(lookup& l, std::vector<frame>& frames);

    std::vector<frame> frames_;
    std::vector<lookup> lookups_;
};

}  // namespace mosaic::editor
