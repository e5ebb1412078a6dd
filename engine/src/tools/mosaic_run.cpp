// mosaic-run: runs and checks Mosaic files from the command line (run_commands.hpp).
#include <iostream>
#include <string>
#include <vector>

#include <mosaic/engine/project/loaded_project.hpp>

#include "run_commands.hpp"

int main(int argc, char** argv) {
    mosaic::default_build_dir_variable();  // the in-tree samples' manifests name it
    const std::vector<std::string> args(argv + (argc > 0 ? 1 : 0), argv + argc);
    return mosaic::tools::run(args, std::cout, std::cerr);
}
