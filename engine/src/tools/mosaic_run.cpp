// mosaic-run: runs and checks Mosaic files from the command line (run_commands.hpp).
// A crash in game code (a segfault, an abort) is reported on stderr with the module, the
// system and a backtrace (crash_report.hpp), and also into FILE with --crash-file FILE.
#include <iostream>
#include <string>
#include <vector>

#include <mosaic/engine/crash_report.hpp>
#include <mosaic/engine/project/loaded_project.hpp>

#include "run_commands.hpp"

int main(int argc, char** argv) {
    mosaic::default_build_dir_variable();  // the in-tree samples' manifests name it
    std::vector<std::string> args(argv + (argc > 0 ? 1 : 0), argv + argc);
    std::string crash_file;
    for (auto it = args.begin(); it != args.end(); ++it) {
        if (*it != "--crash-file") continue;
        if (it + 1 == args.end()) {
            std::cerr << "mosaic-run: --crash-file needs a FILE\n";
            return mosaic::tools::exit_usage;
        }
        crash_file = *(it + 1);
        args.erase(it, it + 2);
        break;
    }
    mosaic::crash_report::install(crash_file, "mosaic-run");
    return mosaic::tools::run(args, std::cout, std::cerr);
}
