// Parsing JSON text into a document: depth and memory caps, numbers read exactly
// (json_numbers.hpp), and parse errors in plain words.
#include "json_support.hpp"  // first: cereal sets how rapidjson asserts

#include <rapidjson/reader.h>

#include <rapidjson/encodedstream.h>
#include <rapidjson/memorystream.h>

#include <string>

#include "json_numbers.hpp"

namespace mosaic::detail {

namespace {

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
        // The reader stops at a NUL byte as at the end of the text, and stumbles earlier on
        // other bytes of a binary file: either way a NUL anywhere says what the file is.
        if (const std::size_t nul = text.find('\0'); nul != std::string_view::npos) {
            return json_parse_failure{nul, "this is not JSON text: it holds a NUL byte at offset " +
                                               std::to_string(nul) +
                                               " (a binary file, or not a scene?)"};
        }
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

}  // namespace mosaic::detail
