#include "core/broadphase/banded/band_layout.hpp"

#include <algorithm>
#include <cmath>

namespace aabb::banded {

namespace {

constexpr float infinity = std::numeric_limits<float>::infinity();

}  // namespace

void Spread::merge(const Spread& other) {
    for (int axis = 0; axis < 2; ++axis) {
        sum[axis] += other.sum[axis];
        sum_squares[axis] += other.sum_squares[axis];
        lowest[axis] = std::min(lowest[axis], other.lowest[axis]);
        highest[axis] = std::max(highest[axis], other.highest[axis]);
    }
}

void BandLayout::adopt_plan() {
    current = planned;
    band_cursor.assign(static_cast<std::size_t>(current.count), 0);
}

bool BandLayout::plan_differs() const {
    if (planned.axis != current.axis) return true;
    if (planned.count > 2 * current.count || 2 * planned.count < current.count) return true;
    if (!(current.scale > 0.0f) || !(planned.scale > 0.0f)) return planned.count != current.count;
    // Compare the banded ranges [origin, origin + count / scale].
    const double range = double{static_cast<float>(current.count)} / current.scale;
    const double planned_range = double{static_cast<float>(planned.count)} / planned.scale;
    return std::abs(double{planned.origin} - double{current.origin}) > 0.25 * range ||
           std::abs(planned_range - range) > 0.25 * range;
}

void BandLayout::plan(const Spread& spread, std::span<const Box2> staged, int forced_axis,
                      float band_height_factor, int max_bands) {
    const std::size_t count = staged.size();
    planned.valid = true;
    if (count == 0) {
        planned.count = 1;
        planned.origin = 0.0f;
        planned.scale = 0.0f;
        planned.axis = forced_axis >= 0 ? forced_axis : current.axis;
        planned.large_width = infinity;
        return;
    }
    if (forced_axis >= 0) {
        planned.axis = forced_axis;
    } else {
        // Variance of (doubled) centers: the axis along which boxes spread most is swept.
        const double n = static_cast<double>(count);
        const double variance_x =
            spread.sum_squares[0] / n - (spread.sum[0] / n) * (spread.sum[0] / n);
        const double variance_y =
            spread.sum_squares[1] / n - (spread.sum[1] / n) * (spread.sum[1] / n);
        planned.axis = variance_y > variance_x ? 1 : 0;
    }
    const int along = planned.axis;
    const int across = 1 - along;

    // Median sizes from an evenly spread sample: robust to a few huge walls.
    constexpr std::size_t samples = 255;
    const std::size_t stride = std::max<std::size_t>(1, count / samples);
    sorted_sizes.clear();
    for (std::size_t position = 0; position < count; position += stride) {
        const Box2& box = staged[position];
        sorted_sizes.push_back(box.max[across] - box.min[across]);
    }
    const std::size_t across_samples = sorted_sizes.size();
    for (std::size_t position = 0; position < count; position += stride) {
        const Box2& box = staged[position];
        sorted_sizes.push_back(box.max[along] - box.min[along]);
    }
    const auto sizes = sorted_sizes.begin();
    const auto half = static_cast<std::ptrdiff_t>(across_samples / 2);
    const auto split = static_cast<std::ptrdiff_t>(across_samples);
    std::nth_element(sizes, sizes + half, sizes + split);
    const float median_across = sizes[half];
    std::nth_element(sizes + split, sizes + split + half, sorted_sizes.end());
    const float median_along = sizes[split + half];

    // A small margin lets boxes drift without leaving the banded range (leaving it costs only
    // speed: the edge bands take everything beyond).
    const double height = double{band_height_factor} * double{median_across};
    const double extent = double{spread.highest[across]} - double{spread.lowest[across]};
    const double margin = std::min(height, 0.02 * extent);
    const double range = extent + 2.0 * margin;
    const double most_bands = std::min<double>(max_bands, static_cast<double>(count) / 8 + 1);
    double bands = 1;
    if (range > 0) {
        bands = height > 0 ? range / height : std::sqrt(static_cast<double>(count));
        bands = std::clamp(std::floor(bands), 1.0, std::max(1.0, most_bands));
    }
    const float scale = range > 0 ? static_cast<float>(bands / range) : 0.0f;
    const bool usable = std::isfinite(scale) && std::isfinite(static_cast<float>(range));
    planned.count = usable ? static_cast<int>(bands) : 1;
    planned.origin = usable ? static_cast<float>(double{spread.lowest[across]} - margin) : 0.0f;
    planned.scale = usable ? scale : 0.0f;
    // Boxes much longer than the typical one along the sweep axis are listed apart for the
    // partial path, so one wall does not make every band query scan its whole band.
    planned.large_width = median_along > 0 ? 16.0f * median_along : infinity;
}

void BandLayout::forget_large() {
    for (const BoxId id : large_ids) {
        if (id < is_large.size()) is_large[id] = 0;
    }
    large_ids.clear();
}

void BandLayout::build_reach() {
    begin_reach();
    fill_reach(0, band_start.size() - 1);
    reach_ready = true;
}

void BandLayout::begin_reach() {
    // Per band, the running maximum of the entries' maxima on the sweep axis, leaving out the
    // large boxes (queried from their list): a query starts at the first entry whose running
    // maximum reaches its minimum.
    reach.resize(entry_count);
    const float* max_sweep = arrays.max_sweep.data();
    const std::uint32_t* tagged_ids = arrays.tagged_id.data();
    const std::uint8_t* large = is_large.data();
    const std::size_t known_ids = is_large.size();
    for (std::size_t band = 0; band + 1 < band_start.size(); ++band) {
        float running = -infinity;
        for (std::size_t slot = band_start[band]; slot < band_start[band + 1]; ++slot) {
            // Sentinels carry id 0, which names no box after a full sweep of no boxes (is_large
            // is then empty: found by fuzz_broad_phase); their -inf maximum changes nothing.
            const std::uint32_t id = tagged_ids[slot] & id_mask;
            if (id >= known_ids || !large[id]) running = std::max(running, max_sweep[slot]);
            reach[slot] = running;
        }
    }
    // A bucket index over the sweep axis, the same buckets in every band: for each band and
    // bucket, the first entry whose running maximum reaches the bucket's start.
    const std::size_t bands = band_start.size() - 1;
    const float* keys = arrays.min_sweep.data();
    float lowest = infinity;
    float highest = -infinity;
    for (std::size_t band = 0; band < bands; ++band) {
        const std::size_t end = band_start[band + 1] - sentinel_padding;
        for (std::size_t slot = band_start[band]; slot < end; ++slot) {
            lowest = std::min(lowest, keys[slot]);
            highest = std::max(highest, reach[slot]);
        }
    }
    // Sized for the fullest band, within 256K buckets in all.
    std::size_t fullest = 0;
    for (std::size_t band = 0; band < bands; ++band)
        fullest = std::max<std::size_t>(fullest, band_start[band + 1] - band_start[band]);
    reach_layout = ReachBuckets::spanning(
        lowest, highest, fullest,
        std::min<std::size_t>(4096, (std::size_t{1} << 18) / std::max<std::size_t>(bands, 1)));
    reach_buckets.resize(bands * reach_layout.buckets);
}

void BandLayout::fill_reach(std::size_t first_band, std::size_t end_band) {
    for (std::size_t band = first_band; band < end_band; ++band) {
        reach_layout.fill(reach.data(), band_start[band], band_start[band + 1] - sentinel_padding,
                          reach_buckets.data() + band * reach_layout.buckets);
    }
}

void BandLayout::clear() {
    forget_large();
    entry_count = 0;
    current.count = 1;
    planned.valid = false;
}

std::size_t BandLayout::memory_bytes() const {
    return (band_start.capacity() + band_cursor.capacity() + reach_buckets.capacity()) *
               sizeof(std::uint32_t) +
           (reach.capacity() + sorted_sizes.capacity()) * sizeof(float) +
           large_ids.capacity() * sizeof(BoxId) + is_large.capacity() +
           entries.capacity() * sizeof(BandEntry) + arrays.memory_bytes();
}

}  // namespace aabb::banded
