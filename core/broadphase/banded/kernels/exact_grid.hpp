#pragma once
// The banded engine's search for frames where every box is exact and moved at random (bullets,
// teleports): a uniform grid made afresh each frame, with no sort at all.
//
// Each cell is at least as wide and as high as the largest box (and, where boxes are sparse,
// about the area of one box's share of the spread), and each box goes into the one cell
// holding its minimum corner. Two overlapping boxes then have their minimum corners at most
// one cell apart on each axis, so a box need only meet the boxes of its own cell and of its
// eight neighbours; it meets half of them, the "forward" ones (later in its own cell, the next
// cell of its row and three cells of the next row), so every pair comes out once. The cells
// are numbered row by row with one empty column and row of padding, so those neighbours are
// two contiguous runs of the cell-ordered boxes: [after the box, end of the next cell) and
// [next row's cell before, next row's cell after]. A counting sort puts the boxes in that
// order in O(n), where the full sweep radix sorts and fills several bands per box.
//
// It pays only where cells hold a few boxes each: one wall as large as the world would make
// one cell hold everything, a crowd of tiny boxes in one spot would fill one cell. build()
// declines then (and when the cells would be too many for the boxes), and the engine sweeps.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <span>
#include <vector>

#include "core/broadphase/banded/kernels/pair_buffer.hpp"
#include "core/broadphase/banded/kernels/scratch_vector.hpp"
#include "core/broadphase/broad_phase.hpp"
#include "core/geometry/box.hpp"

namespace aabb::banded {

/// A uniform grid of exact boxes in cell order, rebuilt each frame it is used.
class ExactGrid {
  public:
    /// The squared cell counts may sum to at most this many per box (about the tests per box
    /// the grid would make; near 2 when cells hold one box on average). Default 16.
    static constexpr double most_squares_per_box = 16.0;
    /// The grid may have at most this many cells per box. Default 4.
    static constexpr double most_cells_per_box = 4.0;
    /// From this many boxes on, build() sorts them in two passes that each stay within the
    /// cache (into buckets of cells, then by cell within each bucket) instead of one pass of
    /// scattered counts, writes and reads. Default 2^17 (below, everything fits in the cache
    /// and the one pass is quicker).
    std::size_t bucketed_from = std::size_t{1} << 17;
    /// Whether a bucketed build leaves each bucket's sort by cell to find_all_pairs(), which
    /// sorts it into a window of two buckets in the cache and finds the pairs there, so that
    /// the boxes in cell order are never written to memory and read back (one thread: the
    /// buckets go in order). Default false; the engine sets it when it runs on one thread.
    bool find_in_window = false;

    /// One of build()'s passes over its items [begin, end): chunks of boxes or buckets.
    using RangeBody = std::function<void(std::size_t begin, std::size_t end)>;
    /// Runs body(begin, end) over ranges that cover [0, items) once, on any threads, and
    /// returns when all are done; `weight` is about the work of one item, in boxes.
    using ParallelFor =
        std::function<void(std::size_t items, std::size_t weight, const RangeBody& body)>;

    /// Puts the boxes `boxes[id]` of `ids` into cells; false (the grid is then empty) when the
    /// grid would not pay: their sizes too unequal or their spread too wide for the cells.
    /// It also declines when the cells would be more than `most_cells` (the engine's cell
    /// budget: the sweep takes the frame instead of an error). From bucketed_from boxes on,
    /// its passes run through `parallel` (by default: on the caller, in order); the grid is
    /// the same however they are shared. A bucketed build with find_in_window does not yet
    /// know whether its cells are too crowded: find_all_pairs() declines then.
    [[nodiscard]] bool build(std::span<const Box2> boxes, std::span<const BoxId> ids,
                             std::uint64_t most_cells = std::uint64_t{1} << 32,
                             const ParallelFor& parallel = {});
    /// Appends to `out` the overlapping pairs (closed rule) of the boxes at cell-order positions
    /// [begin, end) with the boxes after them (see above), each pair once and first < second.
    /// Returns the box tests made. `wide`: the AVX2 kernel (the CPU must have AVX2), which tests
    /// the first four boxes of a box's two runs in one eight-lane block. Not after a build
    /// that left its sort to find_all_pairs() (find_in_window): std::logic_error.
    std::uint64_t find_pairs(std::size_t begin, std::size_t end, PairBuffer& out,
                             bool wide = false) const;
    /// Appends every pair of the grid to `out` and returns the box tests made, as
    /// find_pairs(0, size()) does; after a build that left the buckets' sort to it
    /// (find_in_window), sorts them on the way, and returns nothing when their cells turn out
    /// too crowded (see most_squares_per_box; the grid is then empty and `out` holds part of
    /// the pairs, to be discarded). Call it once per build.
    [[nodiscard]] std::optional<std::uint64_t> find_all_pairs(PairBuffer& out, bool wide = false);
    /// Allocates (and touches) the storage for `boxes` boxes ahead of the first build: a first
    /// build on fresh pages paid their page faults (100,000 boxes: 4 MB, about 10 ms).
    void reserve(std::size_t boxes);
    /// Boxes in the grid.
    [[nodiscard]] std::size_t size() const { return boxes_; }
    /// Calls cell(bounds, occupancy) for every cell holding a box (after find_all_pairs() when
    /// the build left the sort to it).
    template <class Cell>
    void for_each_cell(Cell&& cell) const {
        for (std::size_t index = 0; index + 1 < start_.size(); ++index) {
            const std::uint32_t count = start_[index + 1] - start_[index];
            if (count == 0) continue;
            const auto column = static_cast<double>(index % columns_);
            const auto row = static_cast<double>(index / columns_);
            const Box2 bounds{{static_cast<float>(origin_x_ + column * cell_width_),
                               static_cast<float>(origin_y_ + row * cell_height_)},
                              {static_cast<float>(origin_x_ + (column + 1) * cell_width_),
                               static_cast<float>(origin_y_ + (row + 1) * cell_height_)}};
            cell(bounds, static_cast<int>(count));
        }
    }
    /// Whether the last build put the boxes in their buckets in one pass, each bucket given
    /// room for more than it held (one thread, find_in_window), rather than counting them first.
    [[nodiscard]] bool scattered_with_room() const { return bucket_stride_ != 0; }
    /// Cells holding a box, and the most boxes one cell holds.
    [[nodiscard]] std::pair<int, int> occupancy() const;
    /// Forgets the boxes (keeps the storage).
    void clear();
    /// Bytes reserved.
    [[nodiscard]] std::size_t memory_bytes() const;

  private:
    struct CellOf;
    struct BoxSource;
    // The sorted arrays (or the window of find_all_pairs) as plain pointers, written slot by
    // slot.
    struct SortedArrays {
        float* min_x;
        float* min_y;
        float* max_x;
        float* max_y;
        BoxId* id;
        std::uint32_t* cell;

        void write(std::size_t slot, const float* corners, BoxId box_id,
                   std::uint32_t box_cell) const {
            min_x[slot] = corners[0];
            min_y[slot] = corners[1];
            max_x[slot] = corners[2];
            max_y[slot] = corners[3];
            id[slot] = box_id;
            cell[slot] = box_cell;
        }
        // A block of padding from entry `first` on, boxes that overlap nothing: a query reads
        // four at a time past a run's end.
        void pad(std::size_t first) const {
            constexpr float infinity = std::numeric_limits<float>::infinity();
            for (std::size_t entry = first; entry < first + padding; ++entry) {
                min_x[entry] = infinity;
                min_y[entry] = infinity;
                max_x[entry] = -infinity;
                max_y[entry] = -infinity;
                id[entry] = 0;
            }
        }
    };
    // A box (min x, min y, max x, max y) with its cell and id, in its bucket (sort_by_bucket);
    // no member initialisers, so that resizing the bucketed boxes writes nothing.
    struct BucketedBox {
        float corners[4];
        std::uint32_t cell;
        BoxId id;
    };
    // Boxes per chunk of the bucketed sort's passes over the boxes (each chunk counts its
    // boxes per bucket, then writes them at its own slots of each bucket).
    static constexpr std::size_t chunk_boxes = 16384;
    // The counting sort by cell of the boxes of `source` into the sorted arrays, false when
    // the cells are too crowded (see most_squares_per_box), in one pass.
    bool sort_directly(const BoxSource& source, std::size_t cells, const CellOf& cell_of_box);
    // The same by buckets of cells: the boxes to their buckets, chunk by chunk, then each
    // bucket sorted by cell (sort_buckets).
    bool sort_by_bucket(const BoxSource& source, std::size_t cells, const CellOf& cell_of_box,
                        const ParallelFor& parallel);
    // The boxes of `source` to their buckets of 2^bucket_shift_ cells, in bucketed_ bucket
    // by bucket, and where each bucket ends to bucket_start_: counted first, in chunks that
    // `parallel` may share out.
    void scatter_counted(const BoxSource& source, const CellOf& cell_of_box, std::size_t buckets,
                         const ParallelFor& parallel);
    // The same in one pass on the caller, each bucket given room for more boxes than it will
    // likely hold (bucket_stride_ slots); false, having written part of them, when a bucket's
    // room runs out or the buckets are too uneven to try.
    bool scatter_with_room(const BoxSource& source, const CellOf& cell_of_box, std::size_t buckets);
    // Sorts the boxes of buckets [first, end) by cell into their slots, and returns the sum of
    // their cells' squared counts; disjoint ranges may be sorted at the same time.
    std::uint64_t sort_buckets(std::size_t first, std::size_t end);
    // Sorts the boxes of one bucket by cell, the box at slot s to entry s - base of `target`,
    // and returns the sum of its cells' squared counts (its cells' starts are then final).
    std::uint64_t sort_bucket(std::size_t bucket, const SortedArrays& target, std::size_t base);
    // find_all_pairs after a build that left the sort to it: bucket by bucket, sorted into
    // the window after the one before, whose pairs are then found.
    std::optional<std::uint64_t> find_in_buckets(PairBuffer& out, bool wide);
    // The cell of each box [first, end) of `source` into cell_of[index], counted at
    // counts[cell >> shift]; reads and writes nothing else, so threads may place disjoint
    // ranges at once.
    static void place(const BoxSource& source, const CellOf& cell_of_box, int shift,
                      std::size_t first, std::size_t end, std::uint32_t* cell_of,
                      std::uint32_t* counts);
    // The counts of cells [first_cell, end_cell) (at cell + 2 of start_, the cells before
    // already summed) to starts; returns the sum of their squares.
    std::uint64_t sum_counts(std::size_t first_cell, std::size_t end_cell);
    // Whether cells whose counts' squares sum to `squares` make few enough tests for `count`
    // boxes (most_squares_per_box): else the grid declines.
    [[nodiscard]] static bool few_enough_tests(std::uint64_t squares, std::size_t count);
    // Sizes the sorted arrays for `count` boxes and the padding.
    void size_sorted(std::size_t count);
    [[nodiscard]] SortedArrays sorted_arrays();

    // Boxes in the grid.
    std::size_t boxes_ = 0;
    // The build left the buckets' sort to find_all_pairs() (find_in_window), which has not
    // yet run: the sorted arrays hold nothing, and the starts are not yet final.
    bool sort_left_ = false;
    // The cells, row by row, columns_ to a row (the last one empty padding).
    std::size_t columns_ = 0;
    std::size_t cells_ = 0;  // all of them, the padding included
    // Buckets hold 2^bucket_shift_ consecutive cells.
    int bucket_shift_ = 0;
    double origin_x_ = 0.0;
    double origin_y_ = 0.0;
    double cell_width_ = 1.0;
    double cell_height_ = 1.0;
    // Per cell: where its boxes start in cell order (one more entry: the end).
    ScratchVector<std::uint32_t> start_;
    // Entries after the boxes that never overlap anything: a query reads a block of four.
    static constexpr std::size_t padding = 4;
    // Per box of `ids`, in the order given: its cell.
    ScratchVector<std::uint32_t> cell_of_;
    // Per box in cell order: (cell << 32) | its index in `ids`.
    ScratchVector<std::uint64_t> slots_;
    // Per box in cell order: its cell.
    ScratchVector<std::uint32_t> cell_;
    // The boxes in cell order, as structure of arrays, then the padding; after a build that
    // left the sort to find_all_pairs(), the window of two buckets it sorts into.
    ScratchVector<float> min_x_, min_y_, max_x_, max_y_;
    ScratchVector<BoxId> id_;
    // The bucketed sort: where each bucket's boxes end, and the boxes bucket by bucket.
    ScratchVector<std::uint32_t> bucket_start_;
    ScratchVector<BucketedBox> bucketed_;
    // 0: bucketed_ holds the buckets one after the other; else each bucket starts at a
    // multiple of this many slots (scatter_with_room).
    std::size_t bucket_stride_ = 0;
    // The most boxes one bucket held in the last build, kept across builds: the room
    // scatter_with_room gives each bucket.
    std::size_t largest_bucket_ = 0;
    // Per chunk of boxes, per bucket: its boxes there, then the next slot it writes there.
    ScratchVector<std::uint32_t> chunk_slots_;
};

}  // namespace aabb::banded
