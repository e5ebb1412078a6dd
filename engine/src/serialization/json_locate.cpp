// Where a JSON path is in the text, and line and column of byte offsets: how warnings and
// errors of JSON files get their place (read_context::locate_pending).
#include "json_support.hpp"  // first: cereal sets how rapidjson asserts

#include <rapidjson/reader.h>

#include <rapidjson/encodedstream.h>
#include <rapidjson/memorystream.h>

#include <algorithm>
#include <string>
#include <unordered_map>
#include <vector>

namespace mosaic::detail {

std::vector<std::pair<std::size_t, std::size_t>> line_columns(
    std::string_view text, const std::vector<std::size_t>& offsets) {
    std::vector<std::size_t> order(offsets.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return offsets[a] < offsets[b]; });
    std::vector<std::pair<std::size_t, std::size_t>> result(offsets.size());
    std::size_t at = 0, line = 1, line_start = 0;
    for (const std::size_t k : order) {
        const std::size_t target = std::min(offsets[k], text.size());
        for (; at < target; ++at) {
            if (text[at] == '\n') {
                ++line;
                line_start = at + 1;
            }
        }
        result[k] = {line, target - line_start + 1};
    }
    return result;
}

std::pair<std::size_t, std::size_t> line_column(std::string_view text, std::size_t offset) {
    return line_columns(text, {offset}).front();
}
namespace {

// Re-reads the text with rapidjson's SAX reader, tracking the path of every value, and stops
// at the one asked for.
// Reads a document once, keeping the path of the value being read (built as it goes, not
// per value), and notes where each wanted path is: for object members the position just after
// their key, for array elements just after the element. Stops when every path was found.
class path_locator : public rapidjson::BaseReaderHandler<rapidjson::UTF8<>, path_locator> {
public:
    using stream_type = rapidjson::EncodedInputStream<rapidjson::UTF8<>, rapidjson::MemoryStream>;

    path_locator(const std::vector<std::string>& targets, stream_type& stream) : stream_(&stream) {
        for (const std::string& t : targets) {
            if (!t.empty()) wanted_.emplace(t, no_offset);
        }
        left_ = wanted_.size();
    }

    bool Default() { return value(); }
    bool String(const char*, rapidjson::SizeType, bool) { return value(); }
    bool RawNumber(const char*, rapidjson::SizeType, bool) { return value(); }
    bool StartObject() {
        if (!value()) return false;
        frames_.push_back({false, 0, path_.size()});
        return true;
    }
    bool Key(const char* str, rapidjson::SizeType length, bool) {
        path_.resize(frames_.back().base);
        if (!path_.empty()) path_ += '.';
        path_.append(str, length);
        return note();
    }
    bool EndObject(rapidjson::SizeType) { return end(); }
    bool StartArray() {
        if (!value()) return false;
        frames_.push_back({true, 0, path_.size()});
        return true;
    }
    bool EndArray(rapidjson::SizeType) { return end(); }

    [[nodiscard]] std::unordered_map<std::string, std::size_t> found() && {
        std::erase_if(wanted_, [](const auto& w) { return w.second == no_offset; });
        return std::move(wanted_);
    }

private:
    static constexpr std::size_t no_offset = static_cast<std::size_t>(-1);

    struct frame {
        bool array;
        std::size_t next;  // index the next element gets
        std::size_t base;  // length of the path of the array or object itself
    };

    // Called at each value: array elements are matched here (objects' members at Key).
    bool value() {
        if (frames_.empty() || !frames_.back().array) return true;
        frame& f = frames_.back();
        path_.resize(f.base);
        path_ += '[';
        path_ += std::to_string(f.next++);
        path_ += ']';
        return note();
    }
    bool end() {
        path_.resize(frames_.back().base);
        frames_.pop_back();
        return true;
    }
    // False (stop reading) once every wanted path was seen.
    bool note() {
        const auto it = wanted_.find(path_);
        if (it != wanted_.end() && it->second == no_offset) {
            it->second = stream_->Tell();
            --left_;
        }
        return left_ > 0;
    }

    stream_type* stream_;
    std::unordered_map<std::string, std::size_t> wanted_;
    std::size_t left_ = 0;
    std::vector<frame> frames_;
    std::string path_;
};

// From where the reader noted a path to the value itself: step over the member's key (when
// the reader stopped on it), white space and the colon.
std::size_t value_start(std::string_view text, std::size_t at) {
    auto skip_space = [&] {
        while (at < text.size() &&
               (text[at] == ' ' || text[at] == '\t' || text[at] == '\n' || text[at] == '\r')) {
            ++at;
        }
    };
    if (at < text.size() && text[at] == '"') {
        for (++at; at < text.size() && text[at] != '"'; ++at) {
            if (text[at] == '\\') ++at;
        }
        ++at;
    }
    skip_space();
    if (at < text.size() && text[at] == ':') {
        ++at;
        skip_space();
    }
    return std::min(at, text.size());
}

}  // namespace

std::unordered_map<std::string, std::size_t> locate_json_paths(
    std::string_view text, const std::vector<std::string>& paths) {
    if (paths.empty()) return {};
    rapidjson::MemoryStream memory(text.data(), text.size());
    path_locator::stream_type stream(memory);
    path_locator locator(paths, stream);
    rapidjson::Reader reader;
    // Numbers as text: their values are not needed, and rapidjson 1.1.0's conversion of some
    // is undefined behaviour (see number_converter).
    reader.Parse<json_parse_flags | rapidjson::kParseNumbersAsStringsFlag>(stream, locator);
    std::unordered_map<std::string, std::size_t> found = std::move(locator).found();
    for (auto& [path, offset] : found) offset = value_start(text, offset);
    return found;
}

std::optional<std::size_t> locate_json_path(std::string_view text, std::string_view path) {
    const auto found = locate_json_paths(text, {std::string(path)});
    if (found.empty()) return std::nullopt;
    return found.begin()->second;
}

}  // namespace mosaic::detail
