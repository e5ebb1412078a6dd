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

/// Every file of a new project named `name` (a valid name: check_project_name). `editor`: the
/// full path of the SDK's mosaic-editor for the README, or empty when not known.
[[nodiscard]] std::vector<project_file> new_project_files(std::string_view name,
                                                          const std::filesystem::path& editor = {});

/// The mosaic-editor of the SDK this program belongs to (next to it in bin/, or in a build
/// tree's editor/ folder), or empty when there is none.
[[nodiscard]] std::filesystem::path sdk_editor_program();

}  // namespace mosaic::detail
