#pragma once
// The files of a new project (scaffold.hpp), with its name filled in.

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace mosaic::detail {

struct project_file {
    std::filesystem::path path;  // relative to the project's folder
    std::string text;
};

/// Every file of a new project named `name` (a valid name: check_project_name).
[[nodiscard]] std::vector<project_file> new_project_files(std::string_view name);

}  // namespace mosaic::detail
