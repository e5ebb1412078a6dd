#include "binary_reader.hpp"

#include "mosaic/engine/display_path.hpp"
#include "mosaic/engine/scene/scene_binary.hpp"

namespace mosaic::detail {

namespace {

std::string too_many(std::uint64_t n, const char* what, std::uint64_t limit) {
    return std::string(what) + " " + std::to_string(n) + " is more than the limit of " +
           std::to_string(limit) + " (corrupt, or not written by Mosaic?)";
}

std::string too_long(std::uint32_t length, const char* what, std::uint32_t limit) {
    return std::string(what) + " length " + std::to_string(length) + " is more than the limit of " +
           std::to_string(limit) + " bytes";
}

}  // namespace

std::string location::path() const {
    std::string p = section;
    if (index != no_index) p += "[" + std::to_string(index) + "]";
    if (member) p += std::string(p.empty() ? "" : ".") + member;
    if (sub != no_index) p += "[" + std::to_string(sub) + "]";
    // Names from the file, escaped (display_path): a message is one readable line.
    if (!component.empty()) p += "." + display_path(component);
    if (!field.empty()) p += "." + display_path(field);
    if (element != no_element) p += "[" + std::to_string(element) + "]";
    return p;
}

// --- binary_reader ---------------------------------------------------------------------------

void binary_reader::open() {
    const std::string_view magic = binary_scene_magic;
    if (bytes_.size() < magic.size() && magic.starts_with(bytes_)) {
        fail_at(bytes_.size(), "truncated: the file has only " + std::to_string(bytes_.size()) +
                                   " bytes, not even the magic " + std::string(magic));
    }
    if (!bytes_.starts_with(magic)) {
        std::string message =
            "not a Mosaic binary scene (expected magic " + std::string(magic) + ")";
        const auto first = bytes_.find_first_not_of(" \t\r\n");
        if (first != std::string_view::npos && bytes_[first] == '{') {
            message += "; it looks like JSON: load it with load_scene_json";
        }
        fail_at(0, message);
    }
    char skipped[8];
    buffer_.sgetn(skipped, static_cast<std::streamsize>(magic.size()));
    need(1, "the byte-order flag");
    const auto flag = static_cast<std::uint8_t>(bytes_[magic.size()]);
    if (flag != 1) {
        fail(flag == 0 ? "the file says its numbers are big-endian; Mosaic writes little-endian "
                         "files only (not written by Mosaic?)"
                       : "corrupt: byte-order flag " + std::to_string(flag) + " (expected 1)");
    }
    archive_.emplace(stream_);  // reads the flag
}

void binary_reader::check_count(std::uint64_t n, const char* what, std::uint64_t limit,
                                std::size_t min_bytes) {
    if (n > limit) fail(too_many(n, what, limit));
    if (n * min_bytes > left()) {
        fail("truncated: " + std::string(what) + " " + std::to_string(n) + " needs at least " +
             std::to_string(n * min_bytes) + " more bytes, but the file ends at byte " +
             std::to_string(bytes_.size()));
    }
}

std::string_view binary_reader::read_string(const char* what, std::uint32_t limit) {
    const auto length = read<std::uint32_t>(what);
    if (length > limit) fail(too_long(length, what, limit));
    need(length, what);
    text_.resize(length);
    read_bytes(text_.data(), length, what);
    return text_;
}

void binary_reader::fail_at(std::size_t at, std::string message) {
    ctx_->fail(where.path(), std::move(message) + " (at byte " + std::to_string(at) + ")");
}

void binary_reader::truncated(std::size_t n, const char* what) {
    fail("truncated: " + std::string(what) + " needs " + std::to_string(n) +
         " bytes, but the file ends at byte " + std::to_string(bytes_.size()));
}

// --- record_reader ---------------------------------------------------------------------------

void record_reader::check_count(std::uint64_t n, const char* what, std::uint64_t limit,
                                std::size_t min_bytes) {
    if (n > limit) fail(too_many(n, what, limit));
    if (n * min_bytes > left()) {
        fail("corrupt: " + std::string(what) + " " + std::to_string(n) + " needs at least " +
             std::to_string(n * min_bytes) + " bytes, but the entity record has only " +
             std::to_string(left()) + " left");
    }
}

std::string_view record_reader::read_string(const char* what, std::uint32_t limit) {
    const auto length = read<std::uint32_t>(what);
    if (length > limit) fail(too_long(length, what, limit));
    need(length, what);
    return {reinterpret_cast<const char*>(data_.take(length)), length};
}

void record_reader::overrun(std::size_t n, const char* what) {
    fail("corrupt: " + std::string(what) + " needs " + std::to_string(n) +
         " bytes, but the entity record has only " + std::to_string(left()) + " left");
}

}  // namespace mosaic::detail
