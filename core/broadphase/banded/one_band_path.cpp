// The one-band path of BandedSortAndSweep (one_band_sweep.hpp): when a full sweep plans a
// single band, every later frame sweeps the exact boxes of that band, kept in sweep order. The
// fat boxes, candidates and bands are left as they are while it runs; leaving it makes the next
// search a full sweep, which makes them afresh.

#include <algorithm>
#include <cstring>

#include "core/broadphase/banded/banded_sort_and_sweep.hpp"

namespace aabb {

namespace {

// The one-band layout is planned again from a sample of the boxes every this many frames: enough
// to notice boxes spreading into more bands, or the other axis becoming the longer one, well
// before it costs much (the plan takes a few microseconds).
constexpr std::uint64_t replan_every = 8;

}  // namespace

bool BandedSortAndSweep::may_sweep_one_band() const {
    // The sweep compares closed, as a full sweep of exact boxes does: pairs under the closed
    // rule, and under the tolerance rule, whose boxes are stored padded.
    return options_.one_band_sweep && !open_policy() && !grid_in_use_ &&
           last_path_ == LastPath::full && size() >= std::size_t(options_.one_band_min_boxes) &&
           layout_.current.count == 1 && layout_.planned.valid && layout_.planned.count == 1 &&
           layout_.planned.axis == layout_.current.axis && order_.ids.size() == size();
}

void BandedSortAndSweep::start_one_band() {
    // This frame's answer came from the full sweep and stays in the cache until the next search.
    abort_prepared();
    one_band_.start(order_.ids, layout_.current.axis);
}

bool BandedSortAndSweep::one_band_set_all(std::size_t new_count, std::span<const Box2> old_boxes,
                                          std::span<const std::uint8_t> was_present) {
    // The same boxes as last frame: nothing to track but whether any moved (memcmp stops at
    // the first difference). Others were added or removed: a full sweep follows.
    // (Ids past new_count may have been present before, and were removed now.)
    // (memchr, not std::find: it reads 32 flags at a time; never given a null pointer.)
    const auto holds = [](std::span<const std::uint8_t> flags, int value) {
        return !flags.empty() && std::memchr(flags.data(), value, flags.size()) != nullptr;
    };
    const bool same_ids = new_count <= was_present.size() &&
                          !holds(was_present.first(new_count), 0) &&
                          !holds(was_present.subspan(new_count), 1);
    if (!same_ids) {
        leave_one_band();
        return false;
    }
    if (!changes_.changed && new_count > 0 &&
        std::memcmp(old_boxes.data(), stored_boxes().data(), new_count * sizeof(Box2)) != 0) {
        changes_.changed = true;
    }
    return true;
}

void BandedSortAndSweep::one_band_search(PairSearchCounters& counters) {
    // The kept candidates and settled pairs answered the frame the path started in; from now
    // on the band's sweep is the answer.
    cache_.clear();
    candidates_are_pairs_ = false;
    for (banded::ThreadShare& share : shares_) {
        share.result.reset();
        share.dropped = 0;
    }
    one_band_.refresh(stored_boxes().data(), options_.max_swaps_per_box);
    banded::PairBuffer& result = shares_.front().result;
    const banded::SweepKernel kernel = use_avx2_  ? banded::SweepKernel::avx2
                                       : use_avx_ ? banded::SweepKernel::avx
                                                  : banded::SweepKernel::sse2;
    one_band_.sweep(kernel, result);
    counters.box_tests = result.candidates;
    counters.candidate_pairs = result.count;
    order_.last_swaps = one_band_.last_swaps;
    changes_.changed = false;
    changes_.forget_escaped();
    last_path_ = LastPath::one_band;
    last_merged_ = false;
    if (!one_band_still_fits()) leave_one_band();
}

bool BandedSortAndSweep::one_band_still_fits() {
    if (one_band_.frames % replan_every != 0) return true;
    // The plan of a full sweep, from an evenly spread sample of the boxes and their extent.
    constexpr std::size_t samples = 256;
    const std::size_t count = one_band_.count;
    const std::size_t stride = std::max<std::size_t>(1, count / samples);
    const banded::BandArrays& arrays = one_band_.arrays;
    const int along = one_band_.axis;
    const int across = 1 - along;
    order_.staged.clear();
    banded::Spread spread;
    for (std::size_t slot = 0; slot < count; slot += stride) {
        Box2 box;
        box.min[along] = arrays.min_sweep[slot];
        box.max[along] = arrays.max_sweep[slot];
        box.min[across] = arrays.min_across[slot];
        box.max[across] = arrays.max_across[slot];
        order_.staged.push_back(box);
        for (int axis = 0; axis < 2; ++axis) {
            const double center = double{box.min[axis]} + double{box.max[axis]};
            spread.sum[axis] += center;
            spread.sum_squares[axis] += center * center;
        }
    }
    for (int axis = 0; axis < 2; ++axis) {
        spread.lowest[axis] = one_band_.lowest[axis];
        spread.highest[axis] = one_band_.highest[axis];
    }
    layout_.plan(spread, order_.staged, options_.axis, options_.band_height_factor,
                 options_.max_bands);
    return layout_.planned.count == 1 && layout_.planned.axis == along;
}

void BandedSortAndSweep::leave_one_band() {
    // The next full sweep starts from the band's order, nearly sorted when motion is coherent;
    // it records every box's motion in set_all first (needs_full), so its margins are right.
    one_band_.list_ids(order_.ids);
    one_band_.active = false;
    changes_.changed = true;
    changes_.needs_full = true;
}

}  // namespace aabb
