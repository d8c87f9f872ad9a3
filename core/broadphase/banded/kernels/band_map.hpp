#pragma once
// The mapping from a coordinate across the sweep axis to its band, shared by every step that
// puts a box into bands or finds the bands a box crosses.

#include <cstdint>

#include "core/geometry/box.hpp"

namespace aabb::banded {

/// Maps a coordinate across the sweep axis to its band: subtract, scale, clamp, truncate. It
/// is monotone in the coordinate, so the band of the larger of two minima is the larger of
/// their bands: the ownership rule relies on it. Every caller uses this one mapping.
struct BandMap {
    /// The coordinate where band 0 starts.
    float origin;
    /// Bands per unit.
    float scale;
    /// The last band, as a float.
    float top;
    /// The band of `value`, in [0, top].
    [[nodiscard]] int operator()(float value) const {
        // Two selects rather than branches (they compile to maxss and minss): where a box
        // falls is data, and mispredicted branches were a good part of the gather.
        const float scaled = (value - origin) * scale;
        const float above_zero = scaled > 0.0f ? scaled : 0.0f;
        return static_cast<int>(above_zero < top ? above_zero : top);
    }
};

/// Counts a box's entries per band (`across`: the axis the bands cut).
inline void count_entries(const Box2& box, const BandMap& band_of, int across,
                          std::uint32_t* counts) {
    // Most boxes lie in one band or two: counted without a loop whose length is data.
    const auto first = static_cast<std::size_t>(band_of(box.min[across]));
    const auto last = static_cast<std::size_t>(band_of(box.max[across]));
    ++counts[first];
    counts[last] += last != first ? 1 : 0;
    for (std::size_t band = first + 1; band < last; ++band)
        ++counts[band];
}

}  // namespace aabb::banded
