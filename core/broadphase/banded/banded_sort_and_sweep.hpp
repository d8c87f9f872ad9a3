#pragma once
// Banded sort-and-sweep: the fast complete-pairs engine (curriculum §8, "making it fast").
//
// One sweep over a whole 2D world projects every box onto one axis, so each box is tested
// against every box in its slab of that axis: O(n·√n) for a uniform world. This engine cuts
// the other axis into bands a few box sizes high, inserts each box into every band it
// crosses, and sweeps each band on its own, so a box only meets boxes that are near on both
// axes. A pair is reported only in the band holding the lower edge of its overlap, the first
// band of one of its two boxes, so every pair comes out exactly once without a hash set.
//
// What makes it fast:
// - Boxes are read once per frame, in last frame's sweep order (prefetched), which also counts
//   the band entries with the layout planned on the previous frame and measures the spread
//   that plans the next one; after incoherent motion, which the radix sort will order anyway,
//   they are read in id order instead (sequential reads).
// - The order of the sweep is last frame's order refreshed and fixed up by insertion sort when
//   motion was coherent, or a radix sort of the float keys (sign-flip trick) when it was not.
// - Each band is stored as structure-of-arrays (min/max on both axes, in sweep order, padded
//   with +inf sentinels), so the inner loop is a branch-free SIMD scan of contiguous floats
//   (SSE2 everywhere, AVX when the CPU has it).
// - The gather, the spread into arrays and the sweep are cut into chunks handed to a small
//   persistent thread pool, each thread writing its own pair buffer: no locks, no per-frame
//   allocation in steady state.
// - Fat boxes and a persistent candidate list, the way Box2D's tree keeps fat leaves and
//   Bullet keeps a pair cache: a full sweep works on each box grown by the motion it made last
//   frame times margin_frames (nothing for a still box, nothing for a box too fast to keep
//   inside any affordable margin) and keeps the pairs whose fat boxes overlap. While every box
//   stays inside its fat box, a frame is one pass checking containment and one exact test per
//   kept candidate. A box that leaves its fat box gets a new one and is queried alone against
//   the kept bands and the boxes changed since they were made; a full sweep runs again only
//   when too many boxes leave theirs in one frame. The widest margin halves while margins keep
//   more than 4 candidates per pair (a pile jittering in every direction, as physics engines
//   make: 7.8 per pair on a tumbling container), and grows back below 2 (fat_boxes.hpp).
// - Boxes that leave their fat boxes a few at a time are merged into the kept bands once they
//   are many (band_merge.hpp: one linear pass that drops their stale entries and inserts their
//   new fat boxes, sweeping nothing), so such a scene never pays for a full sweep. A full sweep
//   still follows a merge when the bands grew to 1.5 times the last full sweep's, after 8
//   merges while margins are paused (only a full sweep tries them again), or after 256.
// - Boxes made fat in one full sweep and moving alike all outrun their margins in the same frame,
//   which made that frame a full sweep, the engine's slowest. So while many boxes have margins,
//   the next full sweep is prepared over frames instead (prepared_sweep.hpp): right after one,
//   the next is gathered (each box moved ahead to the frame it will be used from), sorted,
//   banded and swept a slice per frame into buffers of its own, and replaces the structure in
//   use before the margins run out; boxes not inside their new fat boxes then are escaped boxes
//   of the partial path. No frame sweeps everything, save the first with motion.
// - A full sweep of exact boxes (no box got a margin, as in a scene of bullets) found pairs, not
//   candidates: they are the answer as they are, without a second exact test.
// - When no box will get a margin (margins paused, or the motion says none can pay) and most
//   boxes left their boxes in a frame, there is nothing to keep: the full search then puts the
//   exact boxes in a uniform grid (kernels/exact_grid.hpp: a counting sort and two contiguous
//   runs per box) instead of sorting and banding them (aabb-bench bullets, one thread: 10,000
//   boxes 0.34 -> 0.20 ms, 100,000 3.6 -> 2.3 ms, a million 43 -> 35 ms per frame, median).
//   The bands go stale; a frame with few changes after it sweeps again, so the partial path
//   can follow.
// - When a full sweep plans a single band (a corridor or a column of boxes, only a few box sizes
//   across), every later frame sweeps that band's exact boxes instead (one_band_sweep.hpp):
//   refreshed into arrays kept in last frame's sweep order, insertion sorted, swept eight
//   neighbours at a time. No fat boxes, no candidates, no frame dearer than the others
//   (aabb-bench line, 10,000 boxes, one thread: mean 0.08 -> 0.04 ms, p99 0.14 -> 0.07). It
//   ends when boxes are added or removed or spread into more bands.
// - A frame where no box changed returns the last pairs without testing anything.
//
// The paths (path_table.hpp, written once; docs/architecture.md shows it, docs/engine_paths.md
// has the measurements): cached, one band, kept, partial (+ merge), full sweep (+ prepared over
// frames), grid. choose_path (path_choice.hpp) is the dispatcher's choice among cached, one
// band, kept, partial and a full search, on facts gathered by do_find_pairs; full_search
// chooses a grid or a sweep, a partial search a merge, a full sweep the preparation of the next.
//
// The parts, each in its own file of this folder: the class dispatches a frame and tracks
// changes (banded_sort_and_sweep.cpp); full_search.cpp (the full sweep, or grid_search.cpp's
// grid), partial_search.cpp (with band_merge.cpp, the merge that ends a partial search when it
// is due) and one_band_path.cpp are the search paths, prepared_sweep.cpp the full sweep's
// stages run a slice per frame. Its state is a few sub-objects: ChangeTracker (what changed),
// FatBoxes (motion, fat boxes, the margin policy), CandidateCache (kept candidates, settled
// pairs, the exact test), SweepOrder, BandLayout (the bands, their plan and reach index),
// ChangedBoxIndex (the partial path's boxes changed since the full sweep), OneBandSweep (the
// one band in sweep order, one_band_sweep.hpp), PreparedSweep, ExactGrid, and one ThreadShare
// per thread. The kernels they run are in kernels/: sweep_kernels, escape_scan, reach_buckets,
// sort_keys, exact_grid and the band arrays, band map and pair buffer they work on; the worker
// pool is core/parallel/worker_pool.hpp.

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "core/broadphase/banded/band_layout.hpp"
#include "core/broadphase/banded/band_merge.hpp"
#include "core/broadphase/banded/candidate_cache.hpp"
#include "core/broadphase/banded/change_tracker.hpp"
#include "core/broadphase/banded/changed_box_index.hpp"
#include "core/broadphase/banded/fat_boxes.hpp"
#include "core/broadphase/banded/frame_report.hpp"
#include "core/broadphase/banded/kernels/escape_scan.hpp"
#include "core/broadphase/banded/kernels/exact_grid.hpp"
#include "core/broadphase/banded/one_band_sweep.hpp"
#include "core/broadphase/banded/prepared_sweep.hpp"
#include "core/broadphase/banded/sweep_order.hpp"
#include "core/broadphase/banded/thread_share.hpp"
#include "core/broadphase/broad_phase.hpp"
#include "core/broadphase/option_field.hpp"
#include "core/parallel/chunk_queue.hpp"
#include "core/parallel/worker_pool.hpp"

namespace aabb {

/// Options of BandedSortAndSweep.
struct BandedSortAndSweepOptions {
    /// Threads that share a frame's work (the change scan, the gather, the sweep, the exact
    /// tests, the partial queries), including the caller. 1 runs everything on the calling
    /// thread: no worker pool is made, so no other thread ever runs. 0 picks min(2, hardware
    /// threads). aabb-bench shows 1 (its headline, against single-threaded peers) and 2.
    /// Default 0.
    int threads = 0;
    /// Below this many band entries the sweep stays on the calling thread, because handing
    /// work to the other core costs more than it saves: it would first fetch the data this
    /// core just wrote, from this core's cache. The light per-box steps of a frame (the change
    /// scan, the exact test of kept candidates, the queries of escaped boxes) need four times
    /// as much work. Default 50000 (at 6000, two threads were slower than one on several
    /// scenes of aabb-bench, mean over 600 frames in interleaved runs: dense at 10,000 boxes
    /// 0.39-0.40 ms against 0.29-0.32 at 50000 and 0.30-0.36 on one thread; static at 100,000
    /// 0.53-0.55 against 0.47-0.48; at a million no slower).
    int parallel_threshold = 50000;
    /// The fewest boxes for which the second thread shares the grid's work (its build and its
    /// search, when every box outran its margin: exact_grid). Below, the grid's arrays fit in
    /// one core's caches, and its one-thread search, which sorts each bucket of cells into a
    /// window in the cache and searches it there, is quicker (aabb-bench bullets, two threads,
    /// mean: 10,000 boxes 0.18-0.24 -> 0.11 ms, as on one thread; 20,000 0.34 -> 0.23; from
    /// 400,000 on, sharing is faster: 5.7 against 6.9-8.4 ms on one). Default 131072.
    int grid_threads_min_boxes = 131072;
    /// Band height as a multiple of the median box size across the sweep axis. Default 4.
    float band_height_factor = 4.0f;
    /// The most bands. Default 4096.
    int max_bands = 4096;
    /// When an insertion sort would perform more than this many swaps per box, the order is
    /// radix sorted instead. Default 8.
    int max_swaps_per_box = 8;
    /// The partial path (query only the boxes that left their fat boxes) is taken while at most
    /// this fraction of the boxes did in this frame; once more than this fraction did since the
    /// bands were made, the partial search ends by merging them into the bands. 0 disables it.
    /// Default 0.15.
    float partial_fraction = 0.15f;
    /// Sweep axis: -1 picks the axis of largest center spread at each full sweep; 0 or 1
    /// forces x or y. Default -1.
    int axis = -1;
    /// Use the 8-wide AVX sweep and the AVX2 change scan when the CPU supports them (SSE2
    /// otherwise). Default true.
    bool allow_avx = true;
    /// A fat box holds its box's last motion repeated for this many frames (plus an eighth of
    /// it on every side, for turns). 0 keeps exact boxes. Default 16 (with prepared sweeps
    /// every margin_frames frames; alone, 8 was best).
    float margin_frames = 16.0f;
    /// The widest margin, in box sizes (the mean of the box's width and height). A box moving
    /// more than half of this per frame gets no margin: it would leave it within two frames.
    /// Default 4.
    float max_margin_sizes = 4.0f;
    /// Frames over which the next full sweep is prepared while the last one is in use
    /// (prepared_sweep.hpp), so that no frame pays for a whole sweep: 0 turns it off, up to 64
    /// (below 8, the fewest its stages need, it counts as 8; options() shows the value used). It
    /// runs while enough boxes have margins that they would otherwise outrun them together (more
    /// than partial_fraction of them) and there are at least prepared_min_boxes boxes; it should
    /// not exceed margin_frames, or the margins run out before the next sweep is ready. Default 16.
    int prepared_frames = 16;
    /// The fewest boxes for which a full sweep is prepared over frames; below this a full
    /// sweep costs too little to spread. Default 2048.
    int prepared_min_boxes = 2048;
    /// A full search where no box will get a margin and most boxes left their boxes (bullets,
    /// teleports: nothing to keep) puts the exact boxes in a uniform grid made afresh
    /// (kernels/exact_grid.hpp) instead of sorting and banding them, unless its cells would be
    /// crowded. Closed and tolerance rules only. Default true.
    bool exact_grid = true;
    /// When a full sweep plans a single band (the other axis is only a few box sizes wide: a
    /// corridor, a column) and there are at least one_band_min_boxes boxes, every later frame
    /// sweeps the exact boxes in that band, kept in sweep order (one_band_sweep.hpp), instead
    /// of keeping fat boxes and candidates, until the boxes spread into more bands or boxes are
    /// added or removed. Closed and tolerance rules only. Default true.
    bool one_band_sweep = true;
    /// The fewest boxes for which a single band is swept every frame; below this the fat
    /// boxes' cheap frames (nothing moved, everything inside its fat box) cost less. Default
    /// 2048.
    int one_band_min_boxes = 2048;
    /// The fewest boxes changed since the bands were made for which the partial search cuts
    /// their index into strips across the sweep axis (about 2048 boxes each), so that an
    /// escaped box scans only the changed boxes of the strips it crosses; below it the index
    /// stays in the caches and one list along the sweep axis costs less (aabb-bench static at
    /// 100,000, up to 5,000 changed boxes: 0.83 -> 0.88 ms mean when cut from 2048 on). 0
    /// always cuts it. Default 32768.
    int strip_min_boxes = 32768;
};

/// BandedSortAndSweepOptions by name (core/broadphase/option_field.hpp); the others are tuned
/// constants of the engine, not offered to scenes or the UI.
inline constexpr std::array banded_sort_and_sweep_option_fields{
    option_field<&BandedSortAndSweepOptions::threads>(
        "threads", 0, 64,
        "threads sharing a frame's work, including the caller; 1 = the caller alone (no worker "
        "pool), 0 = up to 2"),
    option_field<&BandedSortAndSweepOptions::band_height_factor>(
        "band_height_factor", 0.01, 1e6,
        "band height as a multiple of the median box size across the sweep axis"),
    option_field<&BandedSortAndSweepOptions::max_bands>("max_bands", 1, 1 << 20, "the most bands"),
    option_field<&BandedSortAndSweepOptions::partial_fraction>(
        "partial_fraction", 0, 1,
        "query only the boxes that left their fat boxes while at most this fraction did"),
    option_field<&BandedSortAndSweepOptions::axis>("axis", -1, 1, sweep_axis_description),
    option_field<&BandedSortAndSweepOptions::margin_frames>(
        "margin_frames", 0, 1000,
        "fat boxes hold this many frames of each box's last motion; 0 = exact boxes"),
    option_field<&BandedSortAndSweepOptions::max_margin_sizes>(
        "max_margin_sizes", 0, 1000, "the widest margin in box sizes; faster boxes get none"),
    option_field<&BandedSortAndSweepOptions::prepared_frames>(
        "prepared_frames", 0, 64,
        "frames over which the next full sweep is prepared while the last is in use (at least "
        "8; 0 = sweep everything in one frame)"),
    option_field<&BandedSortAndSweepOptions::prepared_min_boxes>(
        "prepared_min_boxes", 0, 1e9,
        "the fewest boxes for which a full sweep is prepared over frames"),
    option_field<&BandedSortAndSweepOptions::exact_grid>(
        "exact_grid", 0, 1,
        "1 = when every box outran its margin, find the pairs in a uniform grid instead of a "
        "full sweep; 0 = always sweep"),
    option_field<&BandedSortAndSweepOptions::one_band_sweep>(
        "one_band_sweep", 0, 1,
        "1 = when the boxes fit in one band (a corridor, a column), sweep their exact boxes "
        "every frame in last frame's order; 0 = keep fat boxes there too"),
    option_field<&BandedSortAndSweepOptions::one_band_min_boxes>(
        "one_band_min_boxes", 0, 1e9, "the fewest boxes for which one band is swept every frame"),
    option_field<&BandedSortAndSweepOptions::strip_min_boxes>(
        "strip_min_boxes", 0, 1e9,
        "the fewest changed boxes for which the partial search cuts their index into strips "
        "across the sweep axis"),
};

/// Banded, SIMD, multi-threaded sort-and-sweep with frame-to-frame caching.
class BandedSortAndSweep final : public BroadPhase {
  public:
    /// A banded sort-and-sweep broad phase under `policy` with `options`.
    explicit BandedSortAndSweep(TouchingPolicy policy = {}, BandedSortAndSweepOptions options = {});
    ~BandedSortAndSweep() override;
    /// "banded_sort_and_sweep".
    [[nodiscard]] std::string_view name() const override { return "banded_sort_and_sweep"; }
    /// The options in use.
    [[nodiscard]] const BandedSortAndSweepOptions& options() const { return options_; }
    /// The axis of the last full sweep (0 = x, 1 = y).
    [[nodiscard]] int sweep_axis() const { return layout_.current.axis; }
    /// How many bands the last full sweep used.
    [[nodiscard]] int band_count() const { return layout_.current.count; }
    /// How many strips the partial path's index of changed boxes was cut into on its last
    /// rebuild (1 while few boxes have changed).
    [[nodiscard]] int changed_strip_count() const { return changed_index_.strip_count; }
    /// Threads that sweep, including the caller.
    [[nodiscard]] int thread_count() const { return thread_count_; }
    /// How a find_pairs got its answer (frame_report.hpp).
    using LastPath = BandedPath;
    /// How the last find_pairs got its answer.
    [[nodiscard]] LastPath last_path() const { return last_path_; }
    /// The last find_pairs: its path, why it was taken, and the counts behind it.
    [[nodiscard]] const BandedFrameReport& last_frame() const { return report_; }
    /// Whether the last find_pairs, a partial search, then merged the changed boxes into the
    /// bands.
    [[nodiscard]] bool last_merged() const { return last_merged_; }
    /// Full sweeps prepared over frames that replaced the structure in use.
    [[nodiscard]] std::uint64_t prepared_switches() const { return prepared_.switches; }
    /// Whether a full sweep is being prepared over frames.
    [[nodiscard]] bool preparing() const { return prepared_.active; }
    /// Whether every frame sweeps the exact boxes of a single band (one_band_sweep.hpp).
    [[nodiscard]] bool sweeping_one_band() const { return one_band_.active; }
    /// Whether the last full search put exact boxes in a uniform grid instead of sweeping
    /// (grid_search.cpp): its bands are then stale, and the next search with few changes
    /// sweeps again.
    [[nodiscard]] bool grid_in_use() const { return grid_in_use_; }
    /// Whether the grid in use was built and searched by both threads (see
    /// BandedSortAndSweepOptions::grid_threads_min_boxes); one thread leaves each bucket's sort
    /// to the search, in a window in the cache.
    [[nodiscard]] bool grid_shared() const { return grid_in_use_ && !grid_.find_in_window; }
    /// The scale of the widest margin the next full sweep gives (1, or halved while margins
    /// kept more than 4 candidates per pair: fat_boxes.hpp, adapt_margin_scale).
    [[nodiscard]] float margin_scale() const { return fat_.margin_scale; }
    /// Merges since the last full sweep.
    [[nodiscard]] std::uint32_t merges_since_full() const { return merges_since_full_; }
    /// Reports the bands (band()), every fat box and whether its box left it this frame
    /// (fat_box()), and every box's endpoints on the sweep axis, in the last full sweep's
    /// order; or the occupied cells of the grid while it is in use.
    void visit(StructureVisitor& visitor) const override;

  protected:
    void do_add(BoxId id) override;
    void do_update(BoxId id, const Box2& old_box) override;
    void do_remove(BoxId id) override;
    void do_set_all(std::size_t new_count, std::span<const Box2> old_boxes,
                    std::span<const std::uint8_t> was_present) override;
    void do_clear() override;
    bool copy_valid_boxes(std::span<const Box2> boxes, Box2* stored) override;
    void do_find_pairs(std::vector<BoxPair>& pairs, PairSearchCounters& counters) override;
    void fill_structure_stats(BroadPhaseStats& stats) const override;
    [[nodiscard]] std::size_t structure_memory_bytes() const override;

  private:
    // The light per-box steps of a frame (change scan, exact test of a kept candidate, an
    // escaped box's query) count as 1/light_step_share of a swept band entry when deciding
    // whether to use the other core: measured with aabb-bench at 10,000 boxes, handing them
    // over paid only from about four times the sweep's threshold, since the other core must
    // first fetch the boxes this one just wrote.
    static constexpr std::size_t light_step_share = 4;

    // Change tracking (banded_sort_and_sweep.cpp).
    void note_escaped(BoxId id);
    void track_motion(BoxId id, const Box2& old_box, const Box2& new_box);
    void record_motion(BoxId id, std::span<const Box2> old_boxes);
    void scan_chunks(int thread);
    void copy_and_scan_chunks(int thread);
    // The frame: the exact test of kept candidates, and the answer.
    void test_candidates();
    // Whether the candidate tests prefetch boxes: the box array is beyond 256 KB, a common L2.
    [[nodiscard]] bool fetch_boxes_ahead() const {
        return stored_boxes().size() * sizeof(Box2) > (std::size_t{256} << 10);
    }
    void filter_chunks(int thread);
    void emit_result(std::vector<BoxPair>& pairs) const;
    // The full search: a grid search or the full sweep (full_search.cpp).
    void full_search(PairSearchCounters& counters);
    void list_present_ids(std::vector<BoxId>& ids) const;
    bool begin_gather();
    void gather_chunks(int thread);
    void finish_gather();
    void sort_gathered(bool planned, bool fresh_order);
    void build_bands();
    void begin_bands();
    void fill_bands(std::size_t begin_position, std::size_t end_position);
    void fill_bands_with(std::size_t begin_position, std::size_t end_position,
                         std::uint32_t* cursor, std::vector<BoxId>& large_ids);
    void fill_part_chunks(int thread);
    void finish_bands();
    // The swept pairs become the kept pairs (keep_more_swept: added to them); `none_still`:
    // no box is still, so none settles and the pairs are kept as found.
    std::uint64_t keep_swept(bool found_exact, bool none_still = false);
    std::uint64_t keep_more_swept(bool found_exact, bool none_still = false);
    // `found`'s pairs into the cache (settle_or_keep), or kept as found when `none_still`.
    void keep_found(const banded::PairBuffer& found, bool found_exact, bool none_still);
    void structure_made();
    void spread_chunks(int thread);
    void sweep_chunks(int thread);
    // The full search of exact boxes in a uniform grid (grid_search.cpp).
    bool grid_search(PairSearchCounters& counters);
    // Whether the second thread shares the grid of `boxes` boxes (grid_threads_min_boxes).
    [[nodiscard]] bool shares_grid(std::size_t boxes) const;
    void reserve_grid();
    void grid_chunks(int thread);
    void grid_range_chunks(int thread);
    // The partial path (partial_search.cpp).
    void partial_search(PairSearchCounters& counters);
    void query_escaped_chunks(int thread);
    void merge_changed();
    // Orders query_ids_ by the place of their fat boxes in the bands, when the bands are large.
    void sort_queries_by_place();
    // The one-band path (one_band_path.cpp).
    [[nodiscard]] bool may_sweep_one_band() const;
    void start_one_band();
    void one_band_search(PairSearchCounters& counters);
    [[nodiscard]] bool one_band_still_fits();
    void leave_one_band();
    [[nodiscard]] bool one_band_set_all(std::size_t new_count, std::span<const Box2> old_boxes,
                                        std::span<const std::uint8_t> was_present);
    // The next full sweep prepared over frames (prepared_sweep.cpp).
    void abort_prepared() { prepared_.active = false; }
    [[nodiscard]] std::pair<std::size_t, std::size_t> prepared_motion_ids() const;
    void start_prepared();
    void advance_prepared(PairSearchCounters& counters);
    void swap_prepared();
    void take_prepared();
    // Claims the next chunk [begin, end) of the running job's work items for the calling
    // thread; false when none is left.
    bool claim_chunk(std::size_t& begin, std::size_t& end) { return chunks_.claim(begin, end); }
    // Runs `job` on work_items items, on the pool when they are worth it (item_weight: about
    // how many simple steps, box tests or copied entries, one item costs).
    void run_parallel(std::size_t work_items, void (BandedSortAndSweep::*job)(int),
                      std::size_t item_weight = 1);
    // The same on the work items [first, end).
    void run_parallel_range(std::size_t first, std::size_t end,
                            void (BandedSortAndSweep::*job)(int), std::size_t item_weight = 1);

    BandedSortAndSweepOptions options_;
    int thread_count_ = 1;
    bool use_avx_ = false;
    bool use_avx2_ = false;
    std::unique_ptr<WorkerPool> pool_;
    // Work split of the running job: chunks of entries, boxes, candidates or queries.
    ChunkQueue chunks_;
    void (BandedSortAndSweep::*job_)(int) = nullptr;  // the job pool_ runs

    banded::ChangeTracker changes_;             // what changed, and which boxes escaped
    banded::ChangeScan scan_;                   // inputs of the change scan of set_all
    banded::FatBoxes fat_;                      // motion, fat boxes, margins
    banded::CandidateCache cache_;              // kept candidates and settled pairs
    banded::SweepOrder order_;                  // the full sweep's order and staged boxes
    banded::BandLayout layout_;                 // the bands of the last full sweep
    banded::ChangedBoxIndex changed_index_;     // the partial path's changed boxes
    banded::BandMerge merge_;                   // merges changed boxes into the bands
    std::uint32_t merges_since_full_ = 0;       // merges since the last full sweep
    std::size_t entries_at_full_ = 0;           // band entries the last full sweep made
    std::vector<banded::ThreadShare> shares_;   // per thread: every job's output
    std::vector<BoxId> query_ids_;              // partial path: the escaped boxes still present
    std::vector<std::uint64_t> query_order_;    // partial path: (place, id) items to sort them
    std::vector<std::uint64_t> query_scratch_;  // partial path: the radix sort's scratch
    bool gather_counting_ = false;              // the gather counts band entries
    float gather_ahead_frames_ = 0.0f;          // the gather moves boxes this many frames ahead
    std::vector<std::uint32_t> second_cursor_;  // the band fill's second part: its cursors
    std::vector<BoxId> second_large_ids_;       // and the large boxes it found
    banded::PreparedSweep prepared_;            // the next full sweep, prepared over frames
    banded::ExactGrid grid_;                    // the grid of the last grid search
    // The pass of the grid's build that grid_range_chunks runs, while it runs.
    const banded::ExactGrid::RangeBody* grid_range_body_ = nullptr;
    banded::OneBandSweep one_band_;    // a one-band layout swept every frame
    std::vector<BoxId> grid_ids_;      // the ids the grid was built from
    bool grid_ids_every_id_ = false;   // grid_ids_ is 0, 1, ..., n - 1
    bool grid_in_use_ = false;         // the last full search was a grid search
    bool exact_made_ = false;          // this frame's set_all made every fat box exact (grid next)
    std::size_t still_when_made_ = 0;  // the still boxes then
    // Every id present, and each fat box is its stored box bit for bit, without margins (a grid
    // search made them so, and nothing changed since): the next set_all may record the motion
    // while it copies (copy_scan_and_record_blocks_avx2).
    bool fat_are_boxes_ = false;
    LastPath last_path_ = LastPath::none;
    BandedFrameReport report_;             // the last find_pairs, for the window
    std::vector<BoxId> last_escaped_ids_;  // the boxes that left their fat boxes in it
    // Reports the bands and the fat boxes (visit).
    void visit_bands(StructureVisitor& visitor) const;
    // Fills report_ after a search that took last_path_ for `reason`.
    void report_frame(BandedPathReason reason, std::size_t escaped, std::size_t since_full);
    bool last_merged_ = false;
    bool candidates_are_pairs_ = false;  // an exact full sweep: the kept candidates are pairs
};

}  // namespace aabb
