// Rows of whole numbers in scene files (number_rows.hpp): "7 10*30 8".
#include "mosaic/engine/scene/number_rows.hpp"

#include <charconv>
#include <system_error>

namespace mosaic {

std::string write_number_row(std::span<const std::int64_t> numbers) {
    std::string text;
    text.reserve(numbers.size() * 3);
    char digits[24];
    for (std::size_t i = 0; i < numbers.size();) {
        std::size_t run = 1;
        while (i + run < numbers.size() && numbers[i + run] == numbers[i]) ++run;
        const std::size_t copies = run >= 3 ? run : 1;
        if (!text.empty()) text += ' ';
        text.append(digits, std::to_chars(digits, digits + sizeof digits, numbers[i]).ptr);
        if (copies > 1) {
            text += '*';
            text.append(digits, std::to_chars(digits, digits + sizeof digits, copies).ptr);
        }
        i += copies;
    }
    return text;
}

namespace {

bool is_space(char c) noexcept {
    return c == ' ' || c == '\t';
}

bool is_digit(char c) noexcept {
    return c >= '0' && c <= '9';
}

std::string shown(std::string_view token) {
    constexpr std::size_t longest = 24;
    return "'" + std::string(token.substr(0, longest)) + (token.size() > longest ? "...'" : "'");
}

}  // namespace

std::optional<std::string> read_number_row(std::string_view row, std::size_t most,
                                           std::vector<std::int64_t>& out) {
    const std::size_t first = out.size();
    std::size_t at = 0;
    const auto where = [&](std::size_t i) { return " at character " + std::to_string(i + 1); };
    while (true) {
        while (at < row.size() && is_space(row[at])) ++at;
        if (at == row.size()) return std::nullopt;
        std::size_t end = at;
        while (end < row.size() && !is_space(row[end])) ++end;
        const std::string_view token = row.substr(at, end - at);
        const std::size_t star = token.find('*');
        const std::string_view number = token.substr(0, star);
        const auto bad = [&](const std::string& what) -> std::optional<std::string> {
            return shown(token) + where(at) + " " + what +
                   " (a row is whole numbers separated by spaces; n*k is k copies of n)";
        };
        std::int64_t value = 0;
        const bool signed_digits =
            !number.empty() &&
            (is_digit(number[0]) || (number[0] == '-' && number.size() > 1 && is_digit(number[1])));
        const auto [value_end, value_error] =
            std::from_chars(number.data(), number.data() + number.size(), value);
        if (!signed_digits || value_end != number.data() + number.size()) {
            return bad("is not a whole number");
        }
        if (value_error == std::errc::result_out_of_range) {
            return bad("is out of the range of a 64-bit whole number");
        }
        std::uint64_t copies = 1;
        if (star != std::string_view::npos) {
            const std::string_view count = token.substr(star + 1);
            const auto [count_end, count_error] =
                std::from_chars(count.data(), count.data() + count.size(), copies);
            if (count.empty() || !is_digit(count[0]) || count_end != count.data() + count.size() ||
                copies == 0) {
                return bad("has no count of copies (a whole number from 1) after '*'");
            }
            if (count_error == std::errc::result_out_of_range) copies = UINT64_MAX;
        }
        const std::size_t taken = out.size() - first;
        if (copies > most - taken) {
            return "too many numbers: " + shown(token) + where(at) + " goes past the " +
                   std::to_string(most - taken) + " left";
        }
        out.insert(out.end(), static_cast<std::size_t>(copies), value);
        at = end;
    }
}

}  // namespace mosaic
