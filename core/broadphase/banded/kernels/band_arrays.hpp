#pragma once
// Band entries as structure-of-arrays, the layout the SIMD kernels read: each band's entries
// in sweep order, closed by sentinel entries that no scan can pass or meet.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace aabb::banded {

/// Marks a band entry whose band is its box's first band (ids stay below 2^24). It is the
/// sign bit of the tagged id, which the SIMD kernels read as a float sign.
inline constexpr std::uint32_t owner_bit = 1u << 31;
/// The id bits of a tagged id.
inline constexpr std::uint32_t id_mask = ~owner_bit;
/// Sentinel entries after each band: one full 8-wide block, so a kernel never reads past them.
inline constexpr std::size_t sentinel_padding = 8;

/// Band entries as structure-of-arrays in sweep order, with sentinel padding after each band.
struct BandArrays {
    /// Minimum on the sweep axis (the sort key); +inf in sentinels.
    std::vector<float> min_sweep;
    /// Maximum on the sweep axis; -inf in sentinels.
    std::vector<float> max_sweep;
    /// Minimum across the sweep axis; +inf in sentinels and removed entries.
    std::vector<float> min_across;
    /// Maximum across the sweep axis; -inf in sentinels and removed entries.
    std::vector<float> max_across;
    /// The box id, with owner_bit set when this band is the box's first band: the band owns
    /// the pairs whose overlap starts in it. 0 in sentinels.
    std::vector<std::uint32_t> tagged_id;

    /// Makes `slot` an entry no scan can meet: its minima are +inf (a scan stops there), its
    /// maxima -inf.
    void write_sentinel(std::size_t slot) {
        constexpr float infinity = std::numeric_limits<float>::infinity();
        min_sweep[slot] = infinity;
        max_sweep[slot] = -infinity;
        min_across[slot] = infinity;
        max_across[slot] = -infinity;
        tagged_id[slot] = 0;
    }
    /// Copies entry `from` of `source` to entry `to`.
    void copy_entry(std::size_t to, const BandArrays& source, std::size_t from) {
        min_sweep[to] = source.min_sweep[from];
        max_sweep[to] = source.max_sweep[from];
        min_across[to] = source.min_across[from];
        max_across[to] = source.max_across[from];
        tagged_id[to] = source.tagged_id[from];
    }
    /// Sizes the arrays for `count` entries and one block of sentinels after them.
    void resize_with_sentinels(std::size_t count) {
        const std::size_t padded = count + sentinel_padding;
        min_sweep.resize(padded);
        max_sweep.resize(padded);
        min_across.resize(padded);
        max_across.resize(padded);
        tagged_id.resize(padded);
        for (std::size_t slot = count; slot < padded; ++slot)
            write_sentinel(slot);
    }
    /// Bytes reserved by the arrays.
    [[nodiscard]] std::size_t memory_bytes() const {
        return (min_sweep.capacity() + max_sweep.capacity() + min_across.capacity() +
                max_across.capacity()) *
                   sizeof(float) +
               tagged_id.capacity() * sizeof(std::uint32_t);
    }
};

}  // namespace aabb::banded
