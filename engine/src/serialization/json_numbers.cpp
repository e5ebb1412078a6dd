#include "json_numbers.hpp"

#include <algorithm>

namespace mosaic::detail {

// (json_numbers.hpp) For a number too large or too small for a double: whether it is too large (its
// first significant digit is left of the decimal point, after the exponent is applied).
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

// (json_numbers.hpp) rapidjson 1.1.0 refuses, as "too big", every number whose exponent is over 308
// less its digits after the point, even when its value fits a double: "0e100000" is zero,
// "0.01e310" is 1e308. This rewrites such numbers in a copy of the text as the shortest text of the
// same double, padded with spaces to the same length (line and column numbers stay right). Returns
// nullopt when there was nothing to rewrite; a number too large for a double is left for the reader
// to refuse.
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

}  // namespace mosaic::detail
