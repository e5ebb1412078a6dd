// The script language: lines of words, each line one command of the editor's table
// (command_table.hpp) found by its verb.
#include "script.hpp"

#include <vector>

#include "command_table.hpp"
#include "module_commands.hpp"

namespace mosaic::editor {

namespace {

// Words, with "double quotes" around names that hold spaces.
std::vector<std::string> tokenize(std::string_view text) {
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
        if (i >= text.size()) break;
        std::string word;
        if (text[i] == '"') {
            const std::size_t end = text.find('"', i + 1);
            word =
                std::string(text.substr(i + 1, end == std::string_view::npos ? end : end - i - 1));
            i = end == std::string_view::npos ? text.size() : end + 1;
        } else {
            const std::size_t end = text.find_first_of(" \t", i);
            word = std::string(text.substr(i, end == std::string_view::npos ? end : end - i));
            i = end == std::string_view::npos ? text.size() : end;
        }
        out.push_back(std::move(word));
    }
    return out;
}

}  // namespace

std::vector<script_line> parse_script(std::string_view text) {
    std::vector<script_line> lines;
    int number = 0;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        ++number;
        std::string line(text.substr(start, end - start));
        if (!line.empty() && line.back() == '\r') line.pop_back();
        const std::size_t first = line.find_first_not_of(" \t");
        if (first != std::string::npos && line[first] != '#')
            lines.push_back({number, line.substr(first)});
        if (end >= text.size()) break;
        start = end + 1;
    }
    return lines;
}

std::string run_script_line(editor_state& s, const script_line& line, const script_host& host,
                            ui_state* ui) {
    std::vector<std::string> words = tokenize(line.text);
    if (words.empty()) return {};
    follow_module_commands(s);  // the previous line may have loaded other code
    const command* c = editor_commands().find_verb(words[0]);
    if (c == nullptr) return "unknown command '" + words[0] + "'";
    command_context ctx{.state = s,
                        .ui = ui,
                        .host = &host,
                        .args = std::vector<std::string>(words.begin() + 1, words.end()),
                        .line = line.text,
                        .verb = words[0]};
    return command_table::run(*c, ctx);
}

std::vector<std::string> script_verbs() {
    std::vector<std::string> out;
    for (const command& c : editor_commands().all())
        if (!c.verb.empty()) out.push_back(c.usage.empty() ? c.verb : c.verb + " " + c.usage);
    return out;
}

}  // namespace mosaic::editor
