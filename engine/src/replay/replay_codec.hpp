#pragma once
// Internal: the byte-level pieces of replay files (layout: engine/README.md, "Replays").
//
//   replay_cursor   reads little-endian values from the file's bytes, checking each read
//                   against the bytes left first; a failure throws replay_error with the
//                   section path and the byte offset (never a crash, never an allocation
//                   larger than the bytes the file has)
//   input coding    an input_track as the ticks where the input changed, each change as the
//                   fields that differ from the tick before

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "mosaic/engine/replay/replay.hpp"
#include "serialization/binary_io.hpp"

namespace mosaic::detail {

struct replay_error {
    std::size_t offset;
    std::string path;
    std::string message;
};

class replay_cursor {
public:
    replay_cursor(std::string_view bytes, std::size_t file_offset, std::string path)
        : bytes_(bytes), base_(file_offset), path_(std::move(path)) {}

    [[nodiscard]] std::size_t offset() const noexcept { return base_ + at_; }
    [[nodiscard]] std::size_t left() const noexcept { return bytes_.size() - at_; }
    [[nodiscard]] const std::string& path() const noexcept { return path_; }
    void at(std::string path) { path_ = std::move(path); }

    void need(std::size_t n, const char* what) const {
        if (n > left()) {
            fail("truncated: " + std::string(what) + " needs " + std::to_string(n) +
                 (n == 1 ? " byte, " : " bytes, ") + std::to_string(left()) + " left");
        }
    }
    template <class T>
    T read(const char* what) {
        need(sizeof(T), what);
        const T value = load_le<T>(reinterpret_cast<const std::uint8_t*>(bytes_.data() + at_));
        at_ += sizeof(T);
        return value;
    }
    std::string_view take(std::size_t n, const char* what) {
        need(n, what);
        const std::string_view out = bytes_.substr(at_, n);
        at_ += n;
        return out;
    }
    /// A u32 length (at most `limit`) and that many bytes.
    std::string text(const char* what, std::uint32_t limit) {
        const auto n = read<std::uint32_t>(what);
        if (n > limit) {
            fail(std::string(what) + ": a length of " + std::to_string(n) + " bytes, more than " +
                 std::to_string(limit));
        }
        return std::string(take(n, what));
    }
    /// A count of things of at least `min_bytes` each, at most `limit`.
    void check_count(std::uint64_t n, const char* what, std::uint64_t limit,
                     std::size_t min_bytes) const {
        if (n > limit) {
            fail(std::to_string(n) + " " + what + ", more than the " + std::to_string(limit) +
                 " a replay may hold");
        }
        if (min_bytes > 0 && n > left() / min_bytes) {
            fail("truncated or corrupt: " + std::to_string(n) + " " + what + " cannot fit in the " +
                 std::to_string(left()) + " bytes left");
        }
    }
    [[noreturn]] void fail(std::string message) const {
        throw replay_error{offset(), path_, std::move(message)};
    }

private:
    std::string_view bytes_;
    std::size_t base_;
    std::size_t at_ = 0;
    std::string path_;
};

/// The INPT section's payload.
void write_input(byte_writer& out, const input_track& track);
[[nodiscard]] input_track read_input(replay_cursor& in);

/// A world_state: u64 tick, the resources, u64 n and n bytes of binary scene.
void write_state(byte_writer& out, const world_state& s);
[[nodiscard]] world_state read_state(replay_cursor& in);

}  // namespace mosaic::detail
