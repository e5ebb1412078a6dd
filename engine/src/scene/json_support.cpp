#include "json_support.hpp"

#include <rapidjson/reader.h>

#include <rapidjson/encodedstream.h>
#include <rapidjson/memorystream.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <system_error>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace mosaic::detail {

namespace {

// Calls visit(i) for each position of `text` outside its strings (quotes included in the
// strings); visit returns where to go on (i + 1, or past what it read).
template <class Visit>
void outside_strings(std::string_view text, Visit visit) {
    bool in_string = false;
    for (std::size_t i = 0; i < text.size();) {
        const char c = text[i];
        if (in_string) {
            i += c == '\\' ? 2 : 1;
            in_string = c != '"';
        } else if (c == '"') {
            in_string = true;
            ++i;
        } else {
            i = visit(i);
        }
    }
}

// Deepest bracket nesting of the text, strings skipped.
std::size_t nesting_depth(std::string_view text, std::size_t& where) {
    std::size_t depth = 0, deepest = 0;
    outside_strings(text, [&](std::size_t i) {
        const char c = text[i];
        if (c == '[' || c == '{') {
            if (++depth > deepest) {
                deepest = depth;
                where = i;
            }
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
        return i + 1;
    });
    return deepest;
}

// For a number too large or too small for a double: whether it is too large (its first
// significant digit is left of the decimal point, after the exponent is applied).
bool overflows(std::string_view magnitude) {
    const std::size_t e = magnitude.find_first_of("eE");
    const std::string_view mantissa = magnitude.substr(0, e);
    long position = 0;  // of the first significant digit, relative to the point
    const std::size_t point = std::min(mantissa.find('.'), mantissa.size());
    const std::size_t first = mantissa.find_first_of("123456789");
    if (first == std::string_view::npos) return false;  // zero never overflows
    position =
        first < point ? static_cast<long>(point - first) : -static_cast<long>(first - point - 1);
    if (e != std::string_view::npos) {
        std::string_view exponent = magnitude.substr(e + 1);
        const bool down = !exponent.empty() && exponent.front() == '-';
        if (!exponent.empty() && (exponent.front() == '-' || exponent.front() == '+')) {
            exponent.remove_prefix(1);
        }
        long value = 0;
        for (const char c : exponent) value = std::min(value * 10 + (c - '0'), 1'000'000L);
        position += down ? -value : value;
    }
    return position > 0;
}

// rapidjson 1.1.0 refuses, as "too big", every number whose exponent is over 308 less its
// digits after the point, even when its value fits a double: "0e100000" is zero, "0.01e310"
// is 1e308. This rewrites such numbers in a copy of the text as the shortest text of the same
// double, padded with spaces to the same length (line and column numbers stay right).
// Returns nullopt when there was nothing to rewrite; a number too large for a double is left
// for the reader to refuse.
std::optional<std::string> rewrite_large_exponents(std::string_view text) {
    std::optional<std::string> copy;
    outside_strings(text, [&](std::size_t i) -> std::size_t {
        const char c = text[i];
        if (c != '-' && (c < '0' || c > '9')) return i + 1;
        std::size_t end = i + 1;
        while (end < text.size() &&
               std::string_view("0123456789.eE+-").find(text[end]) != std::string_view::npos) {
            ++end;
        }
        const std::string_view number = text.substr(i, end - i);
        const std::size_t e = number.find_first_of("eE");
        if (e == std::string_view::npos || number.size() - e < 4) return end;  // exponent < 100
        double value = 0;
        const auto [last, ec] =
            std::from_chars(number.data(), number.data() + number.size(), value);
        if (last != number.data() + number.size()) return end;  // not a number: the reader says
        if (ec == std::errc::result_out_of_range) {
            const bool negative = number.front() == '-';
            if (overflows(number.substr(negative ? 1 : 0))) return end;
            value = negative ? -0.0 : 0.0;
        }
        char shortest[32];
        const auto written = std::to_chars(shortest, shortest + sizeof shortest, value);
        std::string replacement(shortest, written.ptr);
        std::erase(replacement, '+');  // "1e+308": the '+' adds a character and nothing else
        // Still a double, not an integer (which would drop the sign of -0).
        if (replacement.find_first_of(".e") == std::string::npos) replacement += ".0";
        if (replacement.size() > number.size()) return end;
        replacement.resize(number.size(), ' ');
        if (!copy) copy.emplace(text);
        copy->replace(i, number.size(), replacement);
        return end;
    });
    return copy;
}

// Numbers are converted here, not by rapidjson: the packaged rapidjson 1.1.0 reads some of
// them through undefined behaviour in its full-precision path (__builtin_clzll(0) on a zero
// significand) and returns garbage, e.g. -2e146 for "0e100" or "0.000000000000000000000000",
// and for numbers whose digits start 18446744073709551615 then 5..9 (Tencent/rapidjson#1249,
// #2326; fixed upstream after 1.1.0). With kParseNumbersAsStringsFlag the reader still checks
// the syntax and the range, then hands each number over as text; std::from_chars reads it
// exactly. Everything else goes to the document unchanged.
class number_converter {
public:
    using stream_type = rapidjson::EncodedInputStream<rapidjson::UTF8<>, rapidjson::MemoryStream>;

    number_converter(rapidjson::Document& doc, std::size_t memory_budget, const stream_type& stream,
                     std::size_t text_size, const std::function<bool(double)>& keep_going)
        : doc_(&doc),
          budget_(memory_budget),
          stream_(&stream),
          text_size_(text_size),
          keep_going_(&keep_going) {}

    bool Null() { return account(0) && doc_->Null(); }
    bool Bool(bool b) { return account(0) && doc_->Bool(b); }
    bool Int(int i) { return doc_->Int(i); }
    bool Uint(unsigned u) { return doc_->Uint(u); }
    bool Int64(std::int64_t i) { return doc_->Int64(i); }
    bool Uint64(std::uint64_t u) { return doc_->Uint64(u); }
    bool Double(double d) { return doc_->Double(d); }
    bool RawNumber(const char* text, rapidjson::SizeType length, bool) {
        return account(0) && number(std::string_view(text, length));
    }
    bool String(const char* s, rapidjson::SizeType length, bool copy) {
        return account(length) && doc_->String(s, length, copy);
    }
    bool StartObject() { return account(0) && doc_->StartObject(); }
    bool Key(const char* s, rapidjson::SizeType length, bool copy) {
        return account(length) && doc_->Key(s, length, copy);
    }
    bool EndObject(rapidjson::SizeType members) { return doc_->EndObject(members); }
    bool StartArray() { return account(0) && doc_->StartArray(); }
    bool EndArray(rapidjson::SizeType elements) { return doc_->EndArray(elements); }

    [[nodiscard]] bool over_budget() const noexcept { return used_ > budget_; }
    [[nodiscard]] bool cancelled() const noexcept { return cancelled_; }

private:
    // What a value costs the document: 16 bytes, and a string longer than fits inside the
    // value its own copy. False (stop) once over the budget.
    // Every 256 Ki values also asks whether to go on.
    bool account(std::size_t string_length) {
        used_ += 16 + (string_length > 13 ? string_length + 1 : 0);
        if ((++values_ & 0x3ffff) == 0 && *keep_going_ &&
            !(*keep_going_)(static_cast<double>(stream_->Tell()) /
                            static_cast<double>(text_size_))) {
            cancelled_ = true;
            return false;
        }
        return used_ <= budget_;
    }

    // `text` is a valid JSON number (or NaN, Inf, Infinity with a sign): the reader checked.
    bool number(std::string_view text) {
        const bool negative = text.front() == '-';
        const std::string_view magnitude = text.substr(negative ? 1 : 0);
        if (magnitude == "NaN") return doc_->Double(std::numeric_limits<double>::quiet_NaN());
        if (magnitude.front() == 'I') {
            const double inf = std::numeric_limits<double>::infinity();
            return doc_->Double(negative ? -inf : inf);
        }
        const char* first = text.data();
        const char* last = first + text.size();
        // Integers as rapidjson types them; those that do not fit 64 bits become doubles.
        if (text.find_first_of(".eE") == std::string_view::npos) {
            if (negative) {
                std::int64_t v = 0;
                if (std::from_chars(first, last, v).ec == std::errc()) {
                    return v >= std::numeric_limits<std::int32_t>::min()
                               ? doc_->Int(static_cast<int>(v))
                               : doc_->Int64(v);
                }
            } else {
                std::uint64_t v = 0;
                if (std::from_chars(first, last, v).ec == std::errc()) {
                    return v <= std::numeric_limits<std::uint32_t>::max()
                               ? doc_->Uint(static_cast<unsigned>(v))
                               : doc_->Uint64(v);
                }
            }
        }
        double v = 0;
        if (std::from_chars(first, last, v).ec == std::errc::result_out_of_range) {
            // Too large for a double: an error, never a silent Infinity (the literal
            // Infinity stays available for what really is infinite).
            if (overflows(magnitude)) {
                too_large_ = std::string(text);
                return false;
            }
            v = negative ? -0.0 : 0.0;
        }
        return doc_->Double(v);
    }

    rapidjson::Document* doc_;
    std::size_t budget_;
    const stream_type* stream_;
    std::size_t text_size_;
    const std::function<bool(double)>* keep_going_;
    std::size_t used_ = 0;
    std::size_t values_ = 0;
    bool cancelled_ = false;

public:
    std::string too_large_;  // the number that stopped the parse, if one did
};

}  // namespace

namespace {

// rapidjson's own messages ("Missing a name for object member.") read like its source code;
// these say what is wrong with the file. `at_end`: only white space follows the error, so the
// usual cause is a file cut short.
std::string plain_parse_error(rapidjson::ParseErrorCode code, bool at_end) {
    switch (code) {
        case rapidjson::kParseErrorNone:
            return "no error";
        case rapidjson::kParseErrorDocumentEmpty:
            return "the file is empty";
        case rapidjson::kParseErrorDocumentRootNotSingular:
            return "there is more text after the end of the document";
        case rapidjson::kParseErrorValueInvalid:
            return at_end ? "the file ends where a value was expected"
                          : "this is not a value (a number, a \"text\", true, false, null, an "
                            "object {...} or a list [...]; text needs double quotes)";
        case rapidjson::kParseErrorObjectMissName:
            return at_end ? "the file ends in the middle of an object"
                          : "expected a name in double quotes (a comma too many?)";
        case rapidjson::kParseErrorObjectMissColon:
            return at_end ? "the file ends in the middle of an object"
                          : "expected a ':' after the name";
        case rapidjson::kParseErrorObjectMissCommaOrCurlyBracket:
            return at_end ? "the file ends in the middle of an object (a '}' is missing)"
                          : "expected a ',' or a '}' after the value (a comma missing?)";
        case rapidjson::kParseErrorArrayMissCommaOrSquareBracket:
            return at_end ? "the file ends in the middle of a list (a ']' is missing)"
                          : "expected a ',' or a ']' after the list item (a comma missing?)";
        case rapidjson::kParseErrorStringUnicodeEscapeInvalidHex:
            return "a \\u escape in the text needs four hex digits";
        case rapidjson::kParseErrorStringUnicodeSurrogateInvalid:
            return "a \\u escape in the text is not a valid character";
        case rapidjson::kParseErrorStringEscapeInvalid:
            return "the text has an unknown escape after a '\\'";
        case rapidjson::kParseErrorStringMissQuotationMark:
            return "the text never ends (its closing '\"' is missing)";
        case rapidjson::kParseErrorStringInvalidEncoding:
            return "the text is not valid UTF-8";
        case rapidjson::kParseErrorNumberTooBig:
            return "the number is too big";
        case rapidjson::kParseErrorNumberMissFraction:
            return "the number has no digits after its '.'";
        case rapidjson::kParseErrorNumberMissExponent:
            return "the number has no digits after its 'e'";
        case rapidjson::kParseErrorTermination:
            return "reading stopped here";
        case rapidjson::kParseErrorUnspecificSyntaxError:
            return "the text is not JSON here";
    }
    return "the text is not JSON here";
}

}  // namespace

namespace {

std::optional<json_parse_failure> parse_once(std::string_view text, rapidjson::Document& doc,
                                             const std::function<bool(double)>& keep_going,
                                             rapidjson::ParseErrorCode& code) {
    rapidjson::MemoryStream memory(text.data(), text.size());
    rapidjson::EncodedInputStream<rapidjson::UTF8<>, rapidjson::MemoryStream> stream(memory);
    rapidjson::Reader reader;
    std::string too_large;
    bool over_budget = false, cancelled = false;
    const std::size_t budget = json_memory_budget(text.size());
    auto generate = [&](rapidjson::Document& target) {
        number_converter converter(target, budget, stream, text.size(), keep_going);
        const bool parsed =
            !reader
                 .Parse<json_parse_flags | rapidjson::kParseNumbersAsStringsFlag>(stream, converter)
                 .IsError();
        too_large = std::move(converter.too_large_);
        over_budget = converter.over_budget();
        cancelled = converter.cancelled();
        return parsed;
    };
    doc.Populate(generate);
    code = reader.GetParseErrorCode();
    if (cancelled)
        return json_parse_failure{reader.GetErrorOffset(), "loading was cancelled", true};
    if (over_budget) {
        return json_parse_failure{
            reader.GetErrorOffset(),
            "reading this file would take more than " + std::to_string(budget >> 20) +
                " MiB of memory (" + std::to_string(json_memory_factor) +
                " times its size, and 64 MiB): a file of many tiny values, not a scene?"};
    }
    if (!too_large.empty()) {
        return json_parse_failure{
            reader.GetErrorOffset(),
            "the number " + too_large.substr(0, 40) + " is too large (beyond about 1.8e308)"};
    }
    if (reader.HasParseError()) {
        const std::size_t offset = reader.GetErrorOffset();
        const bool at_end = offset >= text.size() ||
                            text.find_first_not_of(" \t\r\n", offset) == std::string_view::npos;
        return json_parse_failure{
            offset, "invalid JSON: " + plain_parse_error(reader.GetParseErrorCode(), at_end)};
    }
    return std::nullopt;
}

}  // namespace

std::optional<json_parse_failure> parse_json(std::string_view text, rapidjson::Document& doc,
                                             const std::function<bool(double)>& keep_going) {
    std::size_t deepest_at = 0;
    if (nesting_depth(text, deepest_at) > max_json_depth) {
        return json_parse_failure{deepest_at, "nesting deeper than " +
                                                  std::to_string(max_json_depth) +
                                                  " levels (not a scene file?)"};
    }
    rapidjson::ParseErrorCode code = rapidjson::kParseErrorNone;
    auto failure = parse_once(text, doc, keep_going, code);
    if (code == rapidjson::kParseErrorNumberTooBig) {
        // Only now, so that files without such numbers never pay for the extra pass.
        if (const std::optional<std::string> rewritten = rewrite_large_exponents(text))
            failure = parse_once(*rewritten, doc, keep_going, code);
    }
    return failure;
}

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

bool has_nul(const rapidjson::Value& text) {
    return std::string_view(text.GetString(), text.GetStringLength()).find('\0') !=
           std::string_view::npos;
}

namespace {

std::optional<duplicate_key> find_duplicate_key_at(const rapidjson::Value& v, std::string& path) {
    if (v.IsArray()) {
        const std::size_t length = path.size();
        for (rapidjson::SizeType i = 0; i < v.Size(); ++i) {
            path += "[" + std::to_string(i) + "]";
            if (auto found = find_duplicate_key_at(v[i], path)) return found;
            path.resize(length);
        }
        return std::nullopt;
    }
    if (!v.IsObject()) return std::nullopt;
    const auto key_of = [](const auto& m) {
        return std::string_view(m.name.GetString(), m.name.GetStringLength());
    };
    // Small objects (most: a component's fields) compare pairwise without allocating.
    const rapidjson::SizeType n = v.MemberCount();
    const auto members = v.MemberBegin();
    if (n <= 16) {
        for (rapidjson::SizeType i = 1; i < n; ++i) {
            for (rapidjson::SizeType j = 0; j < i; ++j) {
                if (key_of(members[i]) == key_of(members[j]))
                    return duplicate_key{path, std::string(key_of(members[i]))};
            }
        }
    } else {
        std::unordered_set<std::string_view> seen;
        for (const auto& m : v.GetObject()) {
            if (!seen.insert(key_of(m)).second) return duplicate_key{path, std::string(key_of(m))};
        }
    }
    const std::size_t length = path.size();
    for (const auto& m : v.GetObject()) {
        if (!path.empty()) path += '.';
        path += key_of(m);
        if (auto found = find_duplicate_key_at(m.value, path)) return found;
        path.resize(length);
    }
    return std::nullopt;
}

}  // namespace

std::optional<duplicate_key> find_duplicate_key(const rapidjson::Value& v) {
    std::string path;
    return find_duplicate_key_at(v, path);
}

bool has_nul_key(const rapidjson::Value& v) {
    if (v.IsObject()) {
        for (const auto& m : v.GetObject()) {
            if (has_nul(m.name) || has_nul_key(m.value)) return true;
        }
    } else if (v.IsArray()) {
        for (const auto& item : v.GetArray()) {
            if (has_nul_key(item)) return true;
        }
    }
    return false;
}

std::string_view describe(const rapidjson::Value& value) {
    switch (value.GetType()) {
        case rapidjson::kNullType:
            return "null";
        case rapidjson::kFalseType:
        case rapidjson::kTrueType:
            return "a boolean";
        case rapidjson::kObjectType:
            return "an object";
        case rapidjson::kArrayType:
            return "an array";
        case rapidjson::kStringType:
            return "a string";
        case rapidjson::kNumberType:
            return "a number";
    }
    return "a value";
}

std::string to_json_text(const rapidjson::Value& value) {
    rapidjson::StringBuffer buffer;
    rapidjson::Writer<rapidjson::StringBuffer, rapidjson::UTF8<>, rapidjson::UTF8<>,
                      rapidjson::CrtAllocator, rapidjson::kWriteNanAndInfFlag>
        writer(buffer);
    value.Accept(writer);
    return {buffer.GetString(), buffer.GetSize()};
}

void save_float(cereal::JSONOutputArchive& ar, float value) {
    if (!std::isfinite(value)) {
        ar.saveValue(static_cast<double>(value));
        return;
    }
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text - 1, value).ptr;
    *end = '\0';
    ar.saveValue(std::strtod(text, nullptr));
}

void save_json_value(cereal::JSONOutputArchive& ar, const rapidjson::Value& value) {
    switch (value.GetType()) {
        case rapidjson::kArrayType:
            ar.startNode();
            ar.makeArray();
            for (const auto& item : value.GetArray()) save_json_value(ar, item);
            ar.finishNode();
            return;
        case rapidjson::kObjectType:
            ar.startNode();
            for (const auto& m : value.GetObject()) {
                ar.setNextName(m.name.GetString());
                save_json_value(ar, m.value);
            }
            ar.finishNode();
            return;
        default:
            break;
    }
    ar.writeName();
    switch (value.GetType()) {
        case rapidjson::kFalseType:
            ar.saveValue(false);
            break;
        case rapidjson::kTrueType:
            ar.saveValue(true);
            break;
        case rapidjson::kStringType:
            ar.saveValue(std::string(value.GetString(), value.GetStringLength()));
            break;
        case rapidjson::kNumberType:
            if (value.IsInt64()) {
                ar.saveValue(static_cast<std::int64_t>(value.GetInt64()));
            } else if (value.IsUint64()) {
                ar.saveValue(static_cast<std::uint64_t>(value.GetUint64()));
            } else {
                ar.saveValue(value.GetDouble());
            }
            break;
        default:
            ar.saveValue(nullptr);
            break;
    }
}

}  // namespace mosaic::detail
