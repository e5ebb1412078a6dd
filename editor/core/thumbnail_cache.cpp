// Sections: 1. pictures (hash, shrink, the cache file)  2. one file  3. the worker
#include "thumbnail_cache.hpp"

#include <stb_image_write.h>

#include <algorithm>
#include <cstdio>
#include <system_error>

#include <mosaic/engine/assets/sheet_json.hpp>
#include <mosaic/engine/assets/sprite_sheet.hpp>

namespace mosaic::editor {

namespace fs = std::filesystem;

// --- 1. pictures ---------------------------------------------------------------------------

std::uint64_t content_hash(const std::vector<std::uint8_t>& bytes) noexcept {
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (const std::uint8_t b : bytes) {
        h ^= b;
        h *= 0x100000001b3ull;
    }
    return h;
}

rgba_image shrink_image(const rgba_image& image, int side) {
    if (image.empty() || (image.width <= side && image.height <= side)) return image;
    const double scale =
        static_cast<double>(side) / static_cast<double>(std::max(image.width, image.height));
    rgba_image out;
    out.width = std::max(1, static_cast<int>(image.width * scale + 0.5));
    out.height = std::max(1, static_cast<int>(image.height * scale + 0.5));
    out.pixels.resize(static_cast<std::size_t>(out.width) * out.height * 4);
    // Each output pixel averages the source pixels it covers (a box filter).
    for (int y = 0; y < out.height; ++y) {
        const int y0 = y * image.height / out.height;
        const int y1 = std::max(y0 + 1, (y + 1) * image.height / out.height);
        for (int x = 0; x < out.width; ++x) {
            const int x0 = x * image.width / out.width;
            const int x1 = std::max(x0 + 1, (x + 1) * image.width / out.width);
            std::uint32_t sum[4] = {};
            for (int sy = y0; sy < y1; ++sy)
                for (int sx = x0; sx < x1; ++sx)
                    for (int c = 0; c < 4; ++c) sum[c] += image.at(sx, sy)[c];
            const auto n = static_cast<std::uint32_t>((y1 - y0) * (x1 - x0));
            std::uint8_t* px =
                out.pixels.data() + (static_cast<std::size_t>(y) * out.width + x) * 4;
            for (int c = 0; c < 4; ++c) px[c] = static_cast<std::uint8_t>(sum[c] / n);
        }
    }
    return out;
}

namespace {

std::string hex(std::uint64_t v) {
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(v));
    return text;
}

/// Writes `image` as a PNG at `file` (a temporary file renamed into place, so another editor
/// never reads half of it). Failing is not an error: the thumbnail is made again next time.
void write_cache_file(const fs::path& file, const rgba_image& image) {
    std::error_code ec;
    fs::create_directories(file.parent_path(), ec);
    fs::path temp = file;
    temp += ".tmp" + std::to_string(reinterpret_cast<std::uintptr_t>(&image));
    if (stbi_write_png(temp.c_str(), image.width, image.height, 4, image.pixels.data(),
                       image.width * 4) == 0) {
        fs::remove(temp, ec);
        return;
    }
    fs::rename(temp, file, ec);
    if (ec) fs::remove(temp, ec);
}

}  // namespace

// --- 2. one file ---------------------------------------------------------------------------

thumbnail_cache::thumbnail_cache(fs::path cache_folder, int side, bool start_worker)
    : folder_(std::move(cache_folder)), side_(std::max(side, 1)) {
    if (start_worker) start();
}

void thumbnail_cache::start() {
    if (!worker_.joinable()) worker_ = std::thread([this] { work(); });
}

thumbnail_cache::~thumbnail_cache() {
    {
        const std::lock_guard lock(mutex_);
        stop_ = true;
    }
    wake_.notify_all();
    if (worker_.joinable()) worker_.join();
}

fs::path thumbnail_cache::folder_for(const fs::path& project) {
    return project.empty() ? fs::path() : project / ".mosaic" / "thumbnails";
}

bool thumbnail_cache::make_image(const fs::path& file, thumbnail& out) const {
    std::vector<std::uint8_t> bytes;
    std::string why;
    if (!read_file_bytes(file, image_limits::max_file_bytes, bytes, why)) {
        out.error = why;
        return false;
    }
    const std::string name = file.filename().string();
    const asset_result<image_header> header = read_image_header(bytes, name);
    if (!header) {
        out.error = header.why;
        return false;
    }
    out.full_size = {header.value->width, header.value->height};
    const fs::path cached =
        folder_.empty()
            ? fs::path()
            : folder_ / (hex(content_hash(bytes)) + "-" + std::to_string(side_) + ".png");
    std::error_code ec;
    if (!cached.empty() && fs::exists(cached, ec)) {
        std::vector<std::uint8_t> png;
        if (read_file_bytes(cached, image_limits::max_file_bytes, png, why)) {
            asset_result<rgba_image> small = decode_image(png, cached.filename().string());
            if (small && small.value->width <= side_ && small.value->height <= side_) {
                out.image = std::move(*small.value);
                out.from_disk = true;
                return true;
            }
        }
    }
    asset_result<rgba_image> full = decode_image(bytes, name);
    if (!full) {
        out.error = full.why;
        return false;
    }
    out.image = shrink_image(*full.value, side_);
    if (!cached.empty()) write_cache_file(cached, out.image);
    return true;
}

thumbnail thumbnail_cache::make(const fs::path& file) const {
    thumbnail out;
    out.source = file;
    const std::string name = file.filename().string();
    if (!name.ends_with(".json")) {
        if (!make_image(file, out)) out.image = {};
        return out;
    }
    // A sheet: its image's thumbnail, and where its frames are in it.
    std::vector<std::uint8_t> bytes;
    std::string why;
    if (!read_file_bytes(file, sheet_limits::max_file_bytes, bytes, why)) {
        out.error = why;
        return out;
    }
    const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    asset_result<sprite_sheet> sheet = read_any_sheet_json(text, name);
    if (!sheet) {
        out.error = sheet.why;
        return out;
    }
    if (!make_image(file.parent_path() / sheet.value->image, out)) {
        out.error = "its image '" + sheet.value->image + "': " + out.error;
        out.image = {};
        return out;
    }
    const glm::vec2 size{std::max(out.full_size.x, 1), std::max(out.full_size.y, 1)};
    for (const sheet_frame& f : sheet.value->frames)
        out.frames.push_back(
            {f.name, glm::vec2(f.x, f.y) / size, glm::vec2(f.x + f.w, f.y + f.h) / size});
    return out;
}

// --- 3. the worker -------------------------------------------------------------------------

bool thumbnail_cache::first_time(const fs::path& file, std::int64_t stamp) {
    auto [it, added] = requested_.try_emplace(file.string(), stamp);
    if (added) return true;
    if (it->second == stamp) return false;
    it->second = stamp;
    return true;
}

void thumbnail_cache::request(const fs::path& file, std::int64_t stamp) {
    if (!first_time(file, stamp)) return;
    {
        const std::lock_guard lock(mutex_);
        queue_.push_back(file);
    }
    wake_.notify_one();
}

void thumbnail_cache::request_later(std::span<const thumbnail_request> files) {
    std::vector<fs::path> fresh;
    fresh.reserve(files.size());
    for (const thumbnail_request& r : files)
        if (first_time(r.file, r.stamp)) fresh.push_back(r.file);
    if (fresh.empty()) return;
    {
        // Taken from the back: the first of `files` must end up nearest to it.
        const std::lock_guard lock(mutex_);
        for (fs::path& f : fresh) queue_.push_front(std::move(f));
    }
    wake_.notify_one();
}

std::vector<thumbnail> thumbnail_cache::take_ready(std::size_t max) {
    std::vector<thumbnail> out;
    const std::lock_guard lock(mutex_);
    while (!ready_.empty() && out.size() < max) {
        out.push_back(std::move(ready_.front()));
        ready_.pop_front();
    }
    return out;
}

std::size_t thumbnail_cache::outstanding() const {
    const std::lock_guard lock(mutex_);
    return queue_.size() + busy_ + ready_.size();
}

void thumbnail_cache::clear() {
    requested_.clear();
    const std::lock_guard lock(mutex_);
    queue_.clear();
    ready_.clear();
    ++generation_;
}

std::size_t thumbnail_cache::made() const {
    const std::lock_guard lock(mutex_);
    return made_;
}

std::size_t thumbnail_cache::read_from_disk() const {
    const std::lock_guard lock(mutex_);
    return from_disk_;
}

void thumbnail_cache::work() {
    std::unique_lock lock(mutex_);
    for (;;) {
        wake_.wait(lock, [this] { return stop_ || !queue_.empty(); });
        if (stop_) return;
        const fs::path file = std::move(queue_.back());
        queue_.pop_back();
        const std::uint64_t generation = generation_;
        ++busy_;
        lock.unlock();
        thumbnail t = make(file);
        lock.lock();
        --busy_;
        if (generation != generation_) continue;  // cleared meanwhile: nobody wants it
        if (t.from_disk) {
            ++from_disk_;
        } else if (t.error.empty()) {
            ++made_;
        }
        ready_.push_back(std::move(t));
    }
}

}  // namespace mosaic::editor
