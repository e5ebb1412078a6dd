#include "ui/entity_label.hpp"

#include <algorithm>

namespace mosaic::editor {

bool contains_ignoring_case(std::string_view text, std::string_view needle) {
    if (needle.empty()) return true;
    if (needle.size() > text.size()) return false;
    const auto lower = [](char c) {
        return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    };
    return std::search(text.begin(), text.end(), needle.begin(), needle.end(),
                       [&](char a, char b) { return lower(a) == b; }) != text.end();
}

}  // namespace mosaic::editor
