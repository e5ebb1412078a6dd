#pragma once
// Internal: how the JSON reader turns numbers into values, around two faults of the packaged
// rapidjson 1.1.0 (number_converter, rewrite_large_exponents). For parse_json (json_parse.cpp).

#include "json_support.hpp"  // first: cereal sets how rapidjson asserts

#include <rapidjson/encodedstream.h>
#include <rapidjson/memorystream.h>

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>

namespace mosaic::detail {

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

/// For a number too large or too small for a double: whether it is too large (its first
/// significant digit is left of the decimal point, after the exponent is applied).
bool overflows(std::string_view magnitude);

/// rapidjson 1.1.0 refuses, as "too big", every number whose exponent is over 308 less its
/// digits after the point, even when its value fits a double: "0e100000" is zero, "0.01e310"
/// is 1e308. This rewrites such numbers in a copy of the text as the shortest text of the
/// same double, padded with spaces to the same length (line and column numbers stay right).
/// Returns nullopt when there was nothing to rewrite; a number too large for a double is
/// left for the reader to refuse.
std::optional<std::string> rewrite_large_exponents(std::string_view text);

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

}  // namespace mosaic::detail
