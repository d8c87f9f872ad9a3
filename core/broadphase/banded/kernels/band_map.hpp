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
        const float scaled = (value - origin) * scale;
        if (!(scaled > 0.0f)) return 0;
        if (!(scaled < top)) return static_cast<int>(top);
        return static_cast<int>(scaled);
    }
};

/// Counts a box's entries per band (`across`: the axis the bands cut).
inline void count_entries(const Box2& box, const BandMap& band_of, int across,
                          std::uint32_t* counts) {
    const int last = band_of(box.max[across]);
    for (int band = band_of(box.min[across]); band <= last; ++band)
        ++counts[static_cast<std::size_t>(band)];
}

}  // namespace aabb::banded
