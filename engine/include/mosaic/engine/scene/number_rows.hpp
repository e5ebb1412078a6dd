#pragma once
// How a scene file writes a long fixed array of whole numbers (a TileChunk's 1,024 tiles):
// as lines of number_row_length numbers, each a string of numbers separated by spaces, where
// `n*k` stands for k copies of n:
//
//     "tiles": [
//       "7 10*30 8",
//       "0*32",
//       ...
//     ]
//
// Why: one number per line made a chunk 1,024 lines; one object or one number per tile is
// what the issue asked to avoid. A row per line keeps a file short (an empty row is "0*32")
// and diffable (painting a tile changes the line of its row), and the merge driver still
// merges cell by cell (it reads rows into cells, json_merge.cpp). The reader also takes the
// older form, an array of numbers.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace mosaic {

/// Numbers on one line of a long array (a TileChunk row). Arrays of whole numbers longer
/// than this are written as rows.
inline constexpr std::size_t number_row_length = 32;

/// "7 10*30 8": the numbers separated by one space, runs of three or more equal numbers as
/// `n*k`.
[[nodiscard]] std::string write_number_row(std::span<const std::int64_t> numbers);

/// Appends the numbers of a row to `out`. At most `most` numbers are taken (a run is checked
/// before it is expanded: "0*99999999999" costs nothing); more is an error. Returns the
/// error, naming the character where it is, or nullopt. Spaces and tabs separate numbers.
[[nodiscard]] std::optional<std::string> read_number_row(std::string_view row, std::size_t most,
                                                         std::vector<std::int64_t>& out);

}  // namespace mosaic
