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
//   that plans the next one.
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
//   the kept bands; a full sweep runs again only once too many boxes have left theirs.
// - A frame where no box changed returns the last pairs without testing anything.

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/broadphase/banded/band_arrays.hpp"
#include "core/broadphase/banded/pair_buffer.hpp"
#include "core/broadphase/banded/reach_buckets.hpp"
#include "core/broadphase/broad_phase.hpp"
#include "core/parallel/chunk_queue.hpp"
#include "core/parallel/worker_pool.hpp"

namespace aabb {

/// Options of BandedSortAndSweep.
struct BandedSortAndSweepOptions {
    /// Threads that sweep, including the caller: 0 picks min(2, hardware threads). Default 0.
    int threads = 0;
    /// Below this many band entries the sweep stays on the calling thread, because waking a
    /// worker costs more than it saves. The light per-box steps of a frame (the change scan,
    /// the exact test of kept candidates, the queries of escaped boxes) need four times as
    /// much work: the other core would first fetch the boxes this core just wrote. Default 6000.
    int parallel_threshold = 6000;
    /// Band height as a multiple of the median box size across the sweep axis. Default 4.
    float band_height_factor = 4.0f;
    /// The most bands. Default 4096.
    int max_bands = 4096;
    /// When an insertion sort would perform more than this many swaps per box, the order is
    /// radix sorted instead. Default 8.
    int max_swaps_per_box = 8;
    /// The partial path (query only the boxes that left their fat boxes) is taken while at most
    /// this fraction of the boxes did since the last full sweep. 0 disables it. Default 0.15.
    float partial_fraction = 0.15f;
    /// Sweep axis: -1 picks the axis of largest center spread at each full sweep; 0 or 1
    /// forces x or y. Default -1.
    int axis = -1;
    /// Use the 8-wide AVX sweep and the AVX2 change scan when the CPU supports them (SSE2
    /// otherwise). Default true.
    bool allow_avx = true;
    /// A fat box holds its box's last motion repeated for this many frames (plus a quarter of
    /// it on every side, for turns). 0 keeps exact boxes. Default 8.
    float margin_frames = 8.0f;
    /// The widest margin, in box sizes (the mean of the box's width and height). A box moving
    /// more than half of this per frame gets no margin: it would leave it within two frames.
    /// Default 4.
    float max_margin_sizes = 4.0f;
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
    [[nodiscard]] int sweep_axis() const { return axis_; }
    /// How many bands the last full sweep used.
    [[nodiscard]] int band_count() const { return band_count_; }
    /// Threads that sweep, including the caller.
    [[nodiscard]] int thread_count() const { return thread_count_; }
    /// How the last find_pairs got its answer.
    enum class LastPath {
        /// Nothing has been searched yet.
        none,
        /// Nothing changed: the last pairs were returned.
        cached,
        /// Boxes moved but each stayed inside its fat box: the kept candidates were tested.
        kept,
        /// Some boxes left their fat boxes: only they were queried against the kept bands.
        partial,
        /// Everything was sorted and swept.
        full,
    };
    /// How the last find_pairs got its answer.
    [[nodiscard]] LastPath last_path() const { return last_path_; }
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
    /// One band entry while bands are filled: written to one place per band, then spread
    /// into BandArrays in a sequential pass (six scattered streams per band would thrash).
    struct BandEntry {
        float min_sweep;
        float max_sweep;
        float min_across;
        float max_across;
        std::uint32_t tagged_id;
    };

    void grow_box_state(std::size_t count);
    void record_motion(BoxId id, std::span<const Box2> old_boxes);
    void note_escaped(BoxId id);
    void track_motion(BoxId id, const Box2& old_box, const Box2& new_box);
    [[nodiscard]] Box2 fattened(const Box2& box, const Box2& motion) const;
    void full_search(PairSearchCounters& counters);
    void partial_search(PairSearchCounters& counters);
    void gather_boxes(bool count_entries);
    void gather_chunks(int thread);
    void spread_chunks(int thread);
    void adopt_planned_layout();
    [[nodiscard]] bool plan_differs() const;
    void sort_order(bool fresh);
    void build_bands();
    void sweep_chunks(int thread);
    void query_escaped_chunks(int thread);
    void build_band_reach();
    [[nodiscard]] std::size_t reach_start(std::size_t band, float key) const;
    // Claims the next chunk [begin, end) of the running job's work items for the calling
    // thread; false when none is left.
    bool claim_chunk(std::size_t& begin, std::size_t& end) { return chunks_.claim(begin, end); }
    void run_parallel(std::size_t work_items, void (BandedSortAndSweep::*job)(int),
                      std::size_t item_weight = 1);
    [[nodiscard]] int band_of(float value) const;
    [[nodiscard]] bool margins_in_next_sweep() const;
    void filter_chunks(int thread);
    void compact_candidates();
    // Keeps found pairs: settled when both boxes are still (tested first unless `found_exact`),
    // candidates otherwise.
    void settle_or_keep(const BoxPair* found, std::size_t count, bool found_exact);
    void scan_chunks(int thread);
    void copy_and_scan_chunks(int thread);
    template <bool Open>
    void filter_range(std::size_t begin, std::size_t end, banded::PairBuffer& out,
                      std::size_t& dropped);
    template <bool Open>
    void filter_and_compact();
    void emit_result(std::vector<BoxPair>& pairs) const;

    BandedSortAndSweepOptions options_;
    int thread_count_ = 1;
    bool use_avx_ = false;
    bool use_avx2_ = false;
    std::unique_ptr<WorkerPool> pool_;

    // Change tracking since the last find_pairs / the last full sweep.
    bool changed_ = true;             // any box changed since the last find_pairs
    bool membership_changed_ = true;  // a box was added or removed since the last full sweep
    bool needs_full_ = true;          // the kept bands and candidates cannot be reused
    // Per id: left its fat box (or was added or removed) since the last full sweep. Those
    // boxes' band entries are stale and skipped; their current fat boxes are in fat_boxes_.
    std::vector<std::uint8_t> changed_since_full_;
    std::vector<BoxId> changed_ids_;         // the ids flagged in changed_since_full_
    std::vector<std::uint8_t> escaped_now_;  // per id: left its fat box this frame
    std::vector<BoxId> escaped_ids_;         // the ids flagged in escaped_now_
    std::vector<Box2> motion_;               // per id: last change of min and max corners
    // Per id: the fat box candidates are kept for. Always a valid box (made from a checked
    // box, or the zero box where none was made yet): a frame box equal to it bit for bit needs
    // no check of its own.
    std::vector<Box2> fat_boxes_;
    // Pairs whose fat boxes overlap, each once. A candidate dropped because one of its boxes
    // escaped is overwritten with (0, 0), which the exact test skips, by the exact-test pass
    // itself (on all threads), and removed by an occasional compaction.
    std::vector<BoxPair> candidates_;
    std::size_t fresh_from_ = 0;          // candidates before it may involve escaped boxes
    std::vector<std::size_t> dropped_;    // per thread: candidates dropped this frame
    std::size_t dropped_candidates_ = 0;  // (0, 0) entries in candidates_
    // Exact pairs of two still boxes: their verdict holds until one of them changes (a box
    // without a margin escapes on any change), so they are not tested again each frame.
    std::vector<BoxPair> settled_;
    bool settled_dirty_ = false;           // a still box escaped this frame
    std::vector<std::uint8_t> no_margin_;  // per id: its fat box is its box
    std::size_t margin_count_ = 0;         // ids whose no_margin_ flag is 0
    std::vector<std::uint8_t> still_;      // per id: did not move when its fat box was made
    LastPath last_path_ = LastPath::none;

    // Sweep order of the last full sweep, and this frame's boxes copied in that order.
    std::vector<BoxId> sweep_ids_;
    std::vector<BoxId> next_ids_;
    std::vector<Box2> staged_boxes_;
    // Sort items: (flipped float key << 32) | position in sweep_ids_, sorted ascending.
    std::vector<std::uint64_t> order_;
    std::vector<std::uint64_t> order_scratch_;
    std::uint64_t last_swaps_ = 0;
    std::uint32_t insertion_failures_ = 0;   // sweeps since the insertion sort last gave up
    std::uint32_t margin_pauses_ = 0;        // sweeps since margins last failed to pay off
    std::uint32_t searches_since_full_ = 0;  // find_pairs calls since the last full sweep
    float sweep_margin_frames_ = 0.0f;       // the margin_frames the last full sweep used
    bool sweep_fattened_ = false;            // the last full sweep gave some box a margin

    // Layout of the last full sweep.
    int axis_ = 0;
    int band_count_ = 1;
    float band_origin_ = 0.0f;
    float band_scale_ = 0.0f;                // bands per unit across the sweep axis
    std::vector<std::uint32_t> band_start_;  // first entry of each band (band_count_ + 1)
    std::vector<std::uint32_t> band_cursor_;
    int sorted_axis_ = -1;  // the axis order_ was last sorted on
    // Layout measured on the last full sweep, used by the next one.
    bool planned_valid_ = false;
    int planned_axis_ = 0;
    int planned_count_ = 1;
    float planned_origin_ = 0.0f;
    float planned_scale_ = 0.0f;
    float planned_large_width_ = 0.0f;
    std::vector<float> sorted_sizes_;  // scratch for the median sizes
    std::vector<float> band_reach_;    // per entry: running maximum of its band's maxima
    bool reach_ready_ = false;         // band_reach_ matches the bands
    // Bucket index into band_reach_: per band, reach_layout_.buckets starting entries.
    std::vector<std::uint32_t> reach_buckets_;
    banded::ReachBuckets reach_layout_;
    float large_width_ = 0.0f;      // boxes wider than this are queried by list
    std::vector<BoxId> large_ids_;  // ids of the large boxes of the last full sweep
    std::vector<BandEntry> band_entries_;
    banded::BandArrays bands_;
    std::size_t entry_count_ = 0;  // entries including sentinels

    // Work split: chunks of entries (full) or of changed ids (partial), claimed atomically.
    ChunkQueue chunks_;
    void (BandedSortAndSweep::*job_)(int) = nullptr;  // the job pool_ runs
    std::vector<std::uint64_t> changed_order_;        // partial path: changed ids by fat minimum
    std::vector<std::uint64_t> changed_scratch_;
    std::vector<float> changed_reach_;  // partial path: running maximum of changed maxima
    // Bucket index into changed_reach_ (as reach_buckets_ for one band).
    std::vector<std::uint32_t> changed_reach_buckets_;
    banded::ReachBuckets changed_reach_layout_;
    banded::BandArrays changed_bands_;  // partial path: changed fat boxes, sorted
    std::vector<BoxId> query_ids_;      // partial path: the escaped boxes to query, still present
    /// What one thread's share of the gather measured.
    struct GatherShare {
        double sum[2];
        double sum_squares[2];
        float lowest[2];
        float highest[2];
        std::vector<std::uint32_t> counts;  // band entries, when counting
        bool fattened = false;              // some box got a margin
    };
    std::vector<GatherShare> gather_shares_;  // per thread
    bool gather_counting_ = false;
    std::vector<banded::PairBuffer> buffers_;  // per thread: the candidates of the last sweep
    std::vector<banded::PairBuffer> change_buffers_;  // per thread: pairs found by the partial path
    // Per thread: where the partial path's scans of one chunk of queries start.
    std::vector<std::vector<std::uint32_t>> query_starts_;
    /// What one thread's share of the change scan found.
    struct ScanShare {
        std::vector<BoxId> escaped;  // moved and left its fat box
        std::vector<BoxId> added;    // present now, absent before
        bool valid = true;           // every box this thread copied was valid
    };
    std::vector<ScanShare> scan_shares_;  // per thread
    // Blocks of 64 boxes whose change scan ran while set_all copied them (see
    // copy_valid_boxes): their escape bits, and the copy's input and target.
    std::size_t fused_blocks_ = 0;
    std::vector<std::uint64_t> escape_blocks_;
    const float* fused_input_ = nullptr;
    float* fused_target_ = nullptr;
    // The change scan's inputs.
    const std::uint8_t* scan_was_present_ = nullptr;
    std::size_t scan_count_ = 0;
    std::vector<banded::PairBuffer>
        result_buffers_;                  // per thread: the exact pairs of the last search
    std::vector<std::uint8_t> is_large_;  // partial path: box too large to query by band
};

}  // namespace aabb
