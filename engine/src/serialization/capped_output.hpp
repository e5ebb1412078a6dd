#pragma once
// Internal: a stream buffer that passes at most `cap` bytes on to another one and then fails
// (the stream reports the failure). The scene writers write through it so that a scene whose
// file would be larger than a reader accepts is refused with a message, after at most `cap`
// bytes in memory, instead of written as a file that cannot be opened again.

#include <cstddef>
#include <optional>
#include <ostream>
#include <streambuf>
#include <string>
#include <vector>

#include "mosaic/engine/scene/diagnostic.hpp"

namespace mosaic::detail {

class capped_streambuf : public std::streambuf {
public:
    capped_streambuf(std::streambuf* target, std::size_t cap)
        : target_(target), cap_(cap), buffer_(std::size_t{64} * 1024) {
        reset_put_area();
    }
    capped_streambuf(const capped_streambuf&) = delete;
    capped_streambuf& operator=(const capped_streambuf&) = delete;

    /// More than `cap` bytes were offered: the output is incomplete.
    [[nodiscard]] bool exceeded() const noexcept { return exceeded_; }

protected:
    int_type overflow(int_type c) override {
        if (!pass_on()) return traits_type::eof();
        if (!traits_type::eq_int_type(c, traits_type::eof())) {
            *pptr() = traits_type::to_char_type(c);
            pbump(1);
        }
        return traits_type::not_eof(c);
    }
    int sync() override { return pass_on() && target_->pubsync() == 0 ? 0 : -1; }

private:
    bool pass_on() {
        const auto n = static_cast<std::size_t>(pptr() - pbase());
        if (exceeded_ || failed_) return false;
        if (n > cap_ - passed_) {
            exceeded_ = true;
            return false;
        }
        if (n && target_->sputn(pbase(), static_cast<std::streamsize>(n)) !=
                     static_cast<std::streamsize>(n)) {
            failed_ = true;
            return false;
        }
        passed_ += n;
        reset_put_area();
        return true;
    }
    void reset_put_area() { setp(buffer_.data(), buffer_.data() + buffer_.size()); }

    std::streambuf* target_;
    std::size_t cap_;
    std::size_t passed_ = 0;
    bool exceeded_ = false;
    bool failed_ = false;
    std::vector<char> buffer_;
};

/// The error of a write through `capped` into `stream`, if it failed: too large, or the
/// stream refused the bytes. `form`: "JSON" or "binary".
inline std::optional<diagnostic> write_failure(const capped_streambuf& capped,
                                               const std::ostream& stream, std::size_t max_bytes,
                                               const std::string& form) {
    if (stream) return std::nullopt;
    diagnostic d;
    d.message = capped.exceeded()
                    ? "the " + form + " form of this scene is more than " +
                          std::to_string(max_bytes) +
                          " bytes, the most a scene file can have: it was not saved" +
                          (form == "JSON" ? " (the binary form, NAME.scene.bin, is smaller)" : "")
                    : "could not write the scene: the output stream failed";
    return d;
}

}  // namespace mosaic::detail
