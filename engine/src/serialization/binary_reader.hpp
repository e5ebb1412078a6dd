#pragma once
// Internal: reading a binary scene without trusting it.
//
//   location       where the reader is, as a JSON-style path (entities[3].components.Transform.
//                  position[1]); kept as pieces so that moving on allocates nothing
//   binary_reader  cereal's portable binary archive over the caller's bytes, with every read
//                  checked against the bytes left first (cereal's own error becomes ours) and
//                  every count and length checked against a limit and the bytes left before
//                  anything is allocated
//   record_reader  the same checks over one entity record, read whole through the archive
//                  and decoded in memory (the hot path: ~20 values per entity)
//
// Every failure goes through read_context::fail with the path and the byte offset.

#include <cereal/archives/portable_binary.hpp>

#include <cstddef>
#include <cstdint>
#include <istream>
#include <optional>
#include <string>
#include <string_view>

#include "binary_io.hpp"
#include "binary_schema.hpp"
#include "read_context.hpp"

namespace mosaic::detail {

inline constexpr std::size_t no_index = static_cast<std::size_t>(-1);

struct location {
    const char* section = "";
    std::size_t index = no_index;
    const char* member = nullptr;
    std::size_t sub = no_index;
    std::string_view component;
    std::string_view field;
    std::uint32_t element = no_element;

    void at(const char* new_section, std::size_t new_index = no_index,
            const char* new_member = nullptr) noexcept {
        *this = location{};
        section = new_section;
        index = new_index;
        member = new_member;
    }
    [[nodiscard]] std::string path() const;
};

class binary_reader {
public:
    binary_reader(std::string_view bytes, read_context& ctx)
        : bytes_(bytes), buffer_(bytes), stream_(&buffer_), ctx_(&ctx) {}

    location where;

    [[nodiscard]] std::size_t offset() const noexcept { return buffer_.offset(); }
    [[nodiscard]] std::size_t left() const noexcept { return buffer_.left(); }
    [[nodiscard]] std::size_t size() const noexcept { return bytes_.size(); }

    /// Checks the magic and the byte-order flag and opens the archive.
    void open();

    /// Fails ("truncated: ...") unless `n` more bytes are there.
    void need(std::size_t n, const char* what) {
        if (n > left()) truncated(n, what);
    }
    template <class T>
    T read(const char* what) {
        need(sizeof(T), what);
        T value;
        (*archive_)(value);
        return value;
    }
    void read_bytes(void* to, std::size_t n, const char* what) {
        need(n, what);
        (*archive_)(cereal::binary_data(static_cast<char*>(to), n));
    }
    /// A count of things each taking at least `min_bytes` bytes.
    template <class T>
    T read_count(const char* what, std::uint64_t limit, std::size_t min_bytes) {
        const T n = read<T>(what);
        check_count(n, what, limit, min_bytes);
        return n;
    }
    void check_count(std::uint64_t n, const char* what, std::uint64_t limit, std::size_t min_bytes);
    /// A u32 length and that many bytes; the view lives until the next read_string.
    std::string_view read_string(const char* what, std::uint32_t limit);

    /// An error at the current path; the message gets the byte offset.
    [[noreturn]] void fail(std::string message) { fail_at(offset(), std::move(message)); }
    [[noreturn]] void fail_at(std::size_t offset, std::string message);
    void warn(std::string message) { ctx_->warn(where.path(), std::move(message)); }

private:
    [[noreturn]] void truncated(std::size_t n, const char* what);

    std::string_view bytes_;
    memory_streambuf buffer_;
    std::istream stream_;
    std::optional<cereal::PortableBinaryInputArchive> archive_;
    read_context* ctx_;
    std::string text_;
};

/// One entity record in memory. Running out of bytes inside a record that the file holds
/// whole means the record is corrupt (its size or a count in it is wrong), not truncated.
class record_reader {
public:
    record_reader(binary_reader& file, const std::uint8_t* data, std::size_t size,
                  std::size_t file_offset) noexcept
        : file_(&file), data_(data, size), start_(file_offset) {}

    /// File offset of the next byte.
    [[nodiscard]] std::size_t offset() const noexcept { return start_ + data_.consumed(); }
    [[nodiscard]] std::size_t left() const noexcept { return data_.left(); }

    void need(std::size_t n, const char* what) {
        if (!data_.has(n)) overrun(n, what);
    }
    template <class T>
    T read(const char* what) {
        need(sizeof(T), what);
        return data_.get<T>();
    }
    template <class T>
    T read_count(const char* what, std::uint64_t limit, std::size_t min_bytes) {
        const T n = read<T>(what);
        check_count(n, what, limit, min_bytes);
        return n;
    }
    void check_count(std::uint64_t n, const char* what, std::uint64_t limit, std::size_t min_bytes);
    /// A u32 length and that many bytes (a view into the record).
    std::string_view read_string(const char* what, std::uint32_t limit);
    /// The next `n` bytes as a cursor of their own (a component's field data).
    byte_cursor take(std::size_t n, const char* what) {
        need(n, what);
        return {data_.take(n), n};
    }

    [[noreturn]] void fail(std::string message) { file_->fail_at(offset(), std::move(message)); }

private:
    [[noreturn]] void overrun(std::size_t n, const char* what);

    binary_reader* file_;
    byte_cursor data_;
    std::size_t start_;
};

}  // namespace mosaic::detail
