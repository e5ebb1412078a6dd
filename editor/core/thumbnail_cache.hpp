#pragma once
// thumbnail_cache: small pictures of a project's images and sprite sheets for the Project
// panel, made on a background thread so that a folder of 1,000 images never costs the UI
// thread more than a hash lookup per visible file and the upload of a few finished
// thumbnails a frame.
//
// The UI thread asks (request: once per file and time stamp; the most recently asked is made
// first, so what is on screen now comes before what was scrolled past; request_later: many
// files behind everything asked, one lock and one wake for all, for what is not on screen)
// and takes what is ready (take_ready, a few a frame). The worker reads the file, hashes its bytes
// (64-bit FNV-1a) and looks for HASH-SIDE.png in the cache folder (the project's
// .mosaic/thumbnails: keyed by content, so a renamed or copied image is not made again, and a
// changed one is); otherwise it decodes the image within the engine's caps (image.hpp), shrinks it
// to at most `side` pixels a side (box filter, keeping its proportions; small pixel art stays as it
// is) and writes the cache file (a temporary file, then a rename). A sheet's thumbnail is its
// image's, plus where each frame lies in it (0..1), so the panel shows frames with no more
// pictures. A file that does not load gives a thumbnail with `error` set (the panel shows
// the reason), never an exception.

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <mutex>
#include <span>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include <mosaic/engine/assets/image.hpp>
#include <mosaic/engine/math.hpp>

namespace mosaic::editor {

/// A frame of a sheet, where it lies in the sheet's image (0..1, top-left origin).
struct thumbnail_frame {
    std::string name;
    glm::vec2 uv_min{0.0f, 0.0f};
    glm::vec2 uv_max{1.0f, 1.0f};
};

/// A file to make a thumbnail of, and its time stamp (see request).
struct thumbnail_request {
    std::filesystem::path file;
    std::int64_t stamp = 0;
};

struct thumbnail {
    std::filesystem::path source;         // the file asked for (an image or a sheet)
    rgba_image image;                     // at most side x side; empty when `error` is set
    glm::ivec2 full_size{0, 0};           // the image's own size in pixels
    std::vector<thumbnail_frame> frames;  // a sheet's frames, in file order
    std::string error;                    // why there is no picture
    bool from_disk = false;               // read from the cache folder, not made
};

class thumbnail_cache {
public:
    /// `cache_folder` empty: nothing is written or read back (made every time). The worker
    /// starts at once, or at start() (tests queue first).
    explicit thumbnail_cache(std::filesystem::path cache_folder, int side = 64,
                             bool start_worker = true);
    ~thumbnail_cache();
    thumbnail_cache(const thumbnail_cache&) = delete;
    thumbnail_cache& operator=(const thumbnail_cache&) = delete;

    /// Where a project keeps its thumbnails: FOLDER/.mosaic/thumbnails.
    [[nodiscard]] static std::filesystem::path folder_for(const std::filesystem::path& project);

    /// UI thread. Queues `file` (an image or a sheet) unless it was asked for with the same
    /// `stamp` (its modification time) already; a new stamp makes it again. Cheap: one hash
    /// lookup when known, one lock when new.
    void request(const std::filesystem::path& file, std::int64_t stamp = 0);
    /// UI thread. Queues `files` (each as request would) behind everything queued: they are
    /// made after it, in their order. One lock and one wake for all of them.
    void request_later(std::span<const thumbnail_request> files);
    /// UI thread. Up to `max` thumbnails finished since the last call, oldest first.
    [[nodiscard]] std::vector<thumbnail> take_ready(std::size_t max);
    /// Asked for and not taken yet (queued, being made or ready).
    [[nodiscard]] std::size_t outstanding() const;
    /// Starts the worker (once).
    void start();
    /// Forgets everything asked for (the project changed); work under way is dropped.
    void clear();

    [[nodiscard]] int side() const noexcept { return side_; }
    [[nodiscard]] const std::filesystem::path& cache_folder() const noexcept { return folder_; }
    /// Thumbnails made by decoding / read from the cache folder, since the start.
    [[nodiscard]] std::size_t made() const;
    [[nodiscard]] std::size_t read_from_disk() const;

    /// The worker's job for one file, on the calling thread (tests, tools).
    [[nodiscard]] thumbnail make(const std::filesystem::path& file) const;

private:
    /// Whether `file` at `stamp` is new to the cache (and remembers it).
    bool first_time(const std::filesystem::path& file, std::int64_t stamp);
    void work();
    [[nodiscard]] bool make_image(const std::filesystem::path& file, thumbnail& out) const;

    std::filesystem::path folder_;
    int side_;
    std::unordered_map<std::string, std::int64_t> requested_;  // UI thread only

    mutable std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<std::filesystem::path> queue_;  // newest at the back, taken from the back
    std::deque<thumbnail> ready_;
    std::size_t busy_ = 0;
    std::uint64_t generation_ = 0;  // clear() drops results of older work
    bool stop_ = false;
    mutable std::size_t made_ = 0;
    mutable std::size_t from_disk_ = 0;
    std::thread worker_;
};

/// 64-bit FNV-1a of `bytes` (the cache's key).
[[nodiscard]] std::uint64_t content_hash(const std::vector<std::uint8_t>& bytes) noexcept;
/// `image` shrunk to at most `side` pixels a side, keeping its proportions (box filter);
/// unchanged when it already fits.
[[nodiscard]] rgba_image shrink_image(const rgba_image& image, int side);

}  // namespace mosaic::editor
