// mosaic-run: runs and checks Mosaic files from the command line (run_commands.hpp).
#include <iostream>
#include <string>
#include <vector>

#include <mosaic/projects/registry.hpp>

#include "run_commands.hpp"

int main(int argc, char** argv) {
    const std::vector<std::string> args(argv + (argc > 0 ? 1 : 0), argv + argc);
    return mosaic::tools::run(args, mosaic::projects::all(), std::cout, std::cerr);
}
