#include <mosaic/engine/render/draw_order.hpp>

#include <algorithm>
#include <array>
#include <numeric>

namespace mosaic {

namespace {

// Signed layers map to unsigned keys in the same order by flipping the sign bit.
std::uint64_t layer_key(std::int32_t layer) noexcept {
    return std::uint64_t{static_cast<std::uint32_t>(layer) ^ 0x8000'0000u} << 32;
}
std::uint64_t key_of(const draw_instance& instance) noexcept {
    return layer_key(instance.layer) | instance.texture;
}
std::uint64_t key_of(const draw_line& line) noexcept {
    return layer_key(line.layer);
}

template <class T>
bool ordered(std::span<const T> items) noexcept {
    for (std::size_t i = 1; i < items.size(); ++i) {
        if (key_of(items[i]) < key_of(items[i - 1])) return false;
    }
    return true;
}

// A frame has few distinct (layer, texture) keys, so a counting sort over them is one pass
// to classify and one to scatter. Beyond this many keys, a stable sort of indices.
constexpr std::size_t max_buckets = 64;

template <class T>
bool counting_sort(std::span<const T> in, std::vector<T>& out,
                   std::vector<std::uint32_t>& bucket_of) {
    std::array<std::uint64_t, max_buckets> keys{};
    std::array<std::size_t, max_buckets> counts{};
    std::size_t key_count = 1;
    keys[0] = key_of(in[0]);
    std::uint64_t last_key = keys[0];
    std::uint32_t last_bucket = 0;
    bucket_of.resize(in.size());
    for (std::size_t i = 0; i < in.size(); ++i) {
        const std::uint64_t key = key_of(in[i]);
        if (key != last_key) {
            const auto* found = std::find(keys.begin(), keys.begin() + key_count, key);
            if (found == keys.begin() + key_count) {
                if (key_count == max_buckets) return false;
                keys[key_count++] = key;
            }
            last_key = key;
            last_bucket = static_cast<std::uint32_t>(found - keys.begin());
        }
        bucket_of[i] = last_bucket;
        ++counts[last_bucket];
    }

    std::array<std::uint32_t, max_buckets> by_key{};
    std::iota(by_key.begin(), by_key.begin() + key_count, 0u);
    std::sort(by_key.begin(), by_key.begin() + key_count,
              [&](std::uint32_t a, std::uint32_t b) { return keys[a] < keys[b]; });
    std::array<std::size_t, max_buckets> next{};
    std::size_t offset = 0;
    for (std::size_t k = 0; k < key_count; ++k) {
        next[by_key[k]] = offset;
        offset += counts[by_key[k]];
    }

    out.resize(in.size());
    for (std::size_t i = 0; i < in.size(); ++i) out[next[bucket_of[i]]++] = in[i];
    return true;
}

template <class T>
std::span<const T> sort_into(std::span<const T> in, std::vector<T>& out,
                             std::vector<std::uint32_t>& scratch) {
    if (ordered(in)) return in;
    if (!counting_sort(in, out, scratch)) {
        scratch.resize(in.size());
        std::iota(scratch.begin(), scratch.end(), 0u);
        std::stable_sort(scratch.begin(), scratch.end(), [&](std::uint32_t a, std::uint32_t b) {
            return key_of(in[a]) < key_of(in[b]);
        });
        out.resize(in.size());
        for (std::size_t i = 0; i < in.size(); ++i) out[i] = in[scratch[i]];
    }
    return {out.data(), in.size()};
}

}  // namespace

bool in_draw_order(std::span<const draw_instance> instances) noexcept {
    return ordered(instances);
}

bool in_draw_order(std::span<const draw_line> lines) noexcept {
    return ordered(lines);
}

std::span<const draw_instance> draw_sorter::sort(std::span<const draw_instance> instances) {
    return sort_into(instances, instances_, scratch_);
}

std::span<const draw_line> draw_sorter::sort(std::span<const draw_line> lines) {
    return sort_into(lines, lines_, scratch_);
}

}  // namespace mosaic
