// The full search of BandedSortAndSweep when there is nothing to keep: no box will get a margin
// (the boxes outrun them) and most boxes left their boxes this frame, as bullets do. The exact
// boxes go into a uniform grid (kernels/exact_grid.hpp) instead of being gathered, sorted and
// banded; what it finds are pairs, kept as a full sweep of exact boxes keeps them.

#include "core/broadphase/banded/banded_sort_and_sweep.hpp"

#include <optional>

namespace aabb {

bool BandedSortAndSweep::grid_search(PairSearchCounters& counters) {
    order_.last_swaps = 0;
    const auto boxes = stored_boxes();
    // Every id present (no box removed): the ids are 0, 1, ..., n - 1, listed once and kept
    // while they stay so, instead of a scan of the presence flags every frame.
    const bool every_id = size() == boxes.size();
    if (!every_id || !grid_ids_every_id_ || grid_ids_.size() != boxes.size()) {
        list_present_ids(grid_ids_);
        grid_ids_every_id_ = every_id;
    }
    // The grid's passes over chunks of boxes and over buckets of cells, on both threads
    // when there are two and enough boxes (at a million bullets: about 60 chunks and 1,000
    // buckets); otherwise on this one, as with one thread.
    const bool shared = shares_grid(grid_ids_.size());
    grid_.find_in_window = !shared;
    banded::ExactGrid::ParallelFor parallel;
    if (shared) {
        parallel = [this](std::size_t items, std::size_t weight,
                          const banded::ExactGrid::RangeBody& body) {
            grid_range_body_ = &body;
            run_parallel(items, &BandedSortAndSweep::grid_range_chunks, weight);
            grid_range_body_ = nullptr;
        };
    }
    if (!grid_.build(boxes, grid_ids_, budget().max_cells, parallel)) return false;
    // What a full sweep without margins leaves: each fat box is its box.
    const std::size_t still_boxes =
        exact_made_ && every_id
            ? still_when_made_
            : fat_.make_exact(
                  boxes, every_id ? std::span<const BoxId>{} : std::span<const BoxId>{grid_ids_});
    exact_made_ = false;
    fat_.sweep_fattened = false;
    fat_.predict_margins(grid_ids_, boxes, options_.margin_frames, options_.max_margin_sizes,
                         options_.partial_fraction);
    // One thread: each bucket of the grid is sorted by cell in the cache and searched there
    // (ExactGrid::find_in_window), and the grid may still decline: the sweep that follows
    // then makes its own fat boxes and margins again. Two threads shared the sort in build()
    // and now share the search.
    if (!shared) {
        banded::PairBuffer& out = shares_.front().sweep;
        const std::optional<std::uint64_t> tests = grid_.find_all_pairs(out, use_avx2_);
        if (!tests) {
            out.reset();
            return false;
        }
        out.candidates += *tests;
    } else {
        // A box meets about ten others in its runs (aabb-bench bullets: 9.6 at 100,000).
        constexpr std::size_t tests_per_box = 8;
        run_parallel(grid_.size(), &BandedSortAndSweep::grid_chunks, tests_per_box);
    }
    candidates_are_pairs_ = true;
    // Bullets: no box is still, so no pair settles.
    counters.box_tests = keep_swept(true, still_boxes == 0);
    // The bands and the changed-box index describe an older frame: only a full sweep, not a
    // partial search, may follow (grid_in_use_ keeps it from the partial path).
    changes_.forget_since_full();
    changed_index_.clear();
    merges_since_full_ = 0;
    changes_.needs_full = false;
    grid_in_use_ = true;
    // Every fat box is its box now; the next set_all may record the motion as it copies.
    fat_are_boxes_ = every_id;
    last_path_ = LastPath::full;
    return true;
}

bool BandedSortAndSweep::shares_grid(std::size_t boxes) const {
    return pool_ != nullptr && boxes >= static_cast<std::size_t>(options_.grid_threads_min_boxes);
}

void BandedSortAndSweep::reserve_grid() {
    const std::size_t count = size();
    // The storage of the search that will run (a window on one thread, whole arrays on two).
    grid_.find_in_window = !shares_grid(count);
    grid_.reserve(count);
    if (grid_ids_.capacity() < count) {
        grid_ids_.resize(count);
        grid_ids_.clear();
    }
}

void BandedSortAndSweep::grid_chunks(int thread) {
    banded::PairBuffer& out = shares_[static_cast<std::size_t>(thread)].sweep;
    std::size_t begin = 0;
    std::size_t end = 0;
    while (claim_chunk(begin, end))
        out.candidates += grid_.find_pairs(begin, end, out, use_avx2_);
}

void BandedSortAndSweep::grid_range_chunks(int /*thread*/) {
    std::size_t begin = 0;
    std::size_t end = 0;
    while (claim_chunk(begin, end))
        (*grid_range_body_)(begin, end);
}

}  // namespace aabb
