#include "core/broadphase/banded/band_merge.hpp"

#include <limits>
#include <utility>

namespace aabb::banded {

void BandMerge::merge(BandLayout& layout, const ChangedBoxIndex& changed,
                      const std::uint8_t* stale) {
    constexpr float infinity = std::numeric_limits<float>::infinity();
    const auto bands = static_cast<std::size_t>(layout.current.count);
    const BandMap band_of = layout.map();
    const BandArrays& source = changed.arrays;
    const std::size_t changed_count = changed.size();
    // The changed boxes band by band (a counting sort of their positions, which keeps each
    // band's in sweep order). Absent boxes are sentinels in the index: +inf minimum.
    fresh_start.assign(bands + 1, 0);
    for (std::size_t position = 0; position < changed_count; ++position) {
        if (source.min_sweep[position] == infinity) continue;
        const int last = band_of(source.max_across[position]);
        for (int band = band_of(source.min_across[position]); band <= last; ++band)
            ++fresh_start[static_cast<std::size_t>(band) + 1];
    }
    for (std::size_t band = 0; band < bands; ++band)
        fresh_start[band + 1] += fresh_start[band];
    fresh.resize(fresh_start[bands]);
    {
        std::vector<std::uint32_t>& cursor = band_start;  // scratch until the starts are made
        cursor.assign(fresh_start.begin(), fresh_start.end() - 1);
        for (std::size_t position = 0; position < changed_count; ++position) {
            if (source.min_sweep[position] == infinity) continue;
            const int last = band_of(source.max_across[position]);
            for (int band = band_of(source.min_across[position]); band <= last; ++band)
                fresh[cursor[static_cast<std::size_t>(band)]++] =
                    static_cast<std::uint32_t>(position);
        }
    }
    // The new starts: each band's live entries, its changed boxes and its sentinels.
    const BandArrays& old = layout.arrays;
    const std::vector<std::uint32_t>& old_start = layout.band_start;
    band_start.resize(bands + 1);
    std::size_t offset = 0;
    for (std::size_t band = 0; band < bands; ++band) {
        band_start[band] = static_cast<std::uint32_t>(offset);
        std::size_t live = 0;
        const std::size_t end = old_start[band + 1] - sentinel_padding;
        for (std::size_t slot = old_start[band]; slot < end; ++slot)
            live += stale[old.tagged_id[slot] & id_mask] == 0 ? 1 : 0;
        offset += live + (fresh_start[band + 1] - fresh_start[band]) + sentinel_padding;
    }
    band_start[bands] = static_cast<std::uint32_t>(offset);
    arrays.resize_with_sentinels(offset);
    // Band by band, the two sorted runs merged on the sweep-axis minimum.
    for (std::size_t band = 0; band < bands; ++band) {
        std::size_t slot = old_start[band];
        const std::size_t slot_end = old_start[band + 1] - sentinel_padding;
        std::size_t next = fresh_start[band];
        const std::size_t next_end = fresh_start[band + 1];
        std::size_t out = band_start[band];
        while (slot < slot_end || next < next_end) {
            if (slot < slot_end && stale[old.tagged_id[slot] & id_mask] != 0) {
                ++slot;
                continue;
            }
            const std::size_t position = next < next_end ? fresh[next] : 0;
            if (next >= next_end ||
                (slot < slot_end && old.min_sweep[slot] <= source.min_sweep[position])) {
                arrays.copy_entry(out++, old, slot);
                ++slot;
                continue;
            }
            const bool owner = band_of(source.min_across[position]) == static_cast<int>(band);
            arrays.copy_entry(out, source, position);
            arrays.tagged_id[out] |= owner ? owner_bit : 0u;
            ++out;
            ++next;
        }
        for (; out < band_start[band + 1]; ++out)
            arrays.write_sentinel(out);
    }
    std::swap(layout.arrays, arrays);
    layout.band_start.swap(band_start);
    layout.entry_count = offset;
    layout.reach_ready = false;
}

}  // namespace aabb::banded
