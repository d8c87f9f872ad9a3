// ExactGrid::build: the grid's size from the boxes, then a counting sort of the boxes by cell
// (kernels/exact_grid.hpp); the queries are in exact_grid.cpp.

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstddef>
#include <limits>

#include <immintrin.h>

#include "core/broadphase/banded/kernels/exact_grid.hpp"

namespace aabb::banded {

namespace {

constexpr float infinity = std::numeric_limits<float>::infinity();

// What the grid is sized from: the spread of the minimum corners and the largest box.
struct GridBounds {
    float low_x = infinity, low_y = infinity, high_x = -infinity, high_y = -infinity;
    float widest = 0.0f, tallest = 0.0f;
};

// The running bounds of some boxes, one box (min x, min y, max x, max y) per register: lanes
// 0-1 of `low` and `high` the extreme minimum corners, lanes 2-3 of `extent` the widest and
// tallest. Several sets run side by side so that each minimum and maximum does not wait for
// the one before (four cycles each: one set took about 3 cycles a box, scalar code 3.3).
struct BoundsLanes {
    __m128 low = _mm_set1_ps(infinity);
    __m128 high = _mm_set1_ps(-infinity);
    __m128 extent = _mm_setzero_ps();

    void add(const Box2& box) {
        const __m128 corners = _mm_loadu_ps(&box.min.x);
        low = _mm_min_ps(low, corners);
        high = _mm_max_ps(high, corners);
        extent = _mm_max_ps(extent, _mm_sub_ps(corners, _mm_movelh_ps(corners, corners)));
    }
    void merge(const BoundsLanes& other) {
        low = _mm_min_ps(low, other.low);
        high = _mm_max_ps(high, other.high);
        extent = _mm_max_ps(extent, other.extent);
    }
};

// One pass over the boxes `box_at(index)`, index in [0, count).
template <class BoxAt>
GridBounds measure(std::size_t count, BoxAt&& box_at) {
    static_assert(sizeof(Box2) == 4 * sizeof(float));
    BoundsLanes lanes[4];
    std::size_t index = 0;
    for (; index + 4 <= count; index += 4) {
        for (std::size_t lane = 0; lane < 4; ++lane)
            lanes[lane].add(box_at(index + lane));
    }
    for (; index < count; ++index)
        lanes[0].add(box_at(index));
    lanes[0].merge(lanes[1]);
    lanes[2].merge(lanes[3]);
    lanes[0].merge(lanes[2]);
    alignas(16) float low[4], high[4], extent[4];
    _mm_store_ps(low, lanes[0].low);
    _mm_store_ps(high, lanes[0].high);
    _mm_store_ps(extent, lanes[0].extent);
    return {low[0], low[1], high[0], high[1], extent[2], extent[3]};
}

}  // namespace

// The cell of a box: see build().
struct ExactGrid::CellOf {
    __m128d origin;
    __m128d inverse;
    __m128d last;
    std::uint32_t row_cells;

    [[nodiscard]] std::uint32_t operator()(const Box2& box) const {
        const __m128d corner = _mm_cvtps_pd(
            _mm_castsi128_ps(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(&box.min.x))));
        const __m128i column_row =
            _mm_cvttpd_epi32(_mm_min_pd(_mm_mul_pd(_mm_sub_pd(corner, origin), inverse), last));
        const auto column = static_cast<std::uint32_t>(_mm_cvtsi128_si32(column_row));
        const auto row =
            static_cast<std::uint32_t>(_mm_cvtsi128_si32(_mm_srli_si128(column_row, 4)));
        return row * row_cells + column;
    }
};

// The boxes a build sorts: box(index) is boxes[ids[index]], read in place when every id is
// present (ids is then 0, 1, ..., n - 1).
struct ExactGrid::BoxSource {
    std::span<const Box2> boxes;
    std::span<const BoxId> ids;
    bool every_id;

    [[nodiscard]] BoxId id(std::size_t index) const {
        return every_id ? static_cast<BoxId>(index) : ids[index];
    }
    [[nodiscard]] const Box2& box(std::size_t index) const { return boxes[id(index)]; }
};

ExactGrid::SortedArrays ExactGrid::sorted_arrays() {
    return {min_x_.data(), min_y_.data(), max_x_.data(), max_y_.data(), id_.data(), cell_.data()};
}

bool ExactGrid::build(std::span<const Box2> boxes, std::span<const BoxId> ids,
                      std::uint64_t most_cells, const ParallelFor& parallel) {
    clear();
    const std::size_t count = ids.size();
    if (count == 0) return false;
    // All ids present (ids is then 0, 1, ..., n - 1): the boxes are read in place.
    const BoxSource source{boxes, ids, count == boxes.size()};
    const GridBounds bounds =
        measure(count, [&](std::size_t index) -> const Box2& { return source.box(index); });
    const auto boxes_count = static_cast<double>(count);
    // Cells a hair larger than the largest box: the corners' cells are computed in double, so
    // two minimum corners at most one box apart are never two cells apart (the relative error
    // of a cell number is a few 2^-53, far below 2^-20). Where the boxes are sparse the cells
    // grow to about one box each (the spread's area over n): fewer cells to count and fewer
    // lookups per box, for a few more tests in the runs (aabb-bench bullets at 10,000: 0.262
    // ms median with cells of the largest box, 0.234 with cells 1.6 times as wide). Not quite
    // one box each: with 0.56 boxes a cell on average, the next row's three cells hold more
    // than four boxes (find_pairs_avx2 finishes those boxes in a second pass) for 3% of the
    // boxes, not 18% (Poisson); bullets at 10,000: p99 0.196 ms at 1.0, 0.184 at 0.75, the
    // mean within noise.
    const double range_x = static_cast<double>(bounds.high_x) - bounds.low_x;
    const double range_y = static_cast<double>(bounds.high_y) - bounds.low_y;
    constexpr double sparse_scale = 0.75;
    const double sparse_cell = sparse_scale * std::sqrt(range_x * range_y / boxes_count);
    const double spread_cell = std::max(range_x, range_y) / std::sqrt(boxes_count);
    constexpr double hair = 1.0 + 1.0 / (1 << 20);
    double cell_width = std::max(hair * bounds.widest, sparse_cell);
    double cell_height = std::max(hair * bounds.tallest, sparse_cell);
    // Zero-size boxes on a line: cells of the spread over √n.
    if (!(cell_width > 0.0)) cell_width = spread_cell;
    if (!(cell_height > 0.0)) cell_height = spread_cell;
    if (!(cell_width > 0.0)) cell_width = 1.0;
    if (!(cell_height > 0.0)) cell_height = 1.0;
    // Small boxes spread far apart would make too many cells: larger cells are as exact.
    const double cells_wanted =
        (std::floor(range_x / cell_width) + 2.0) * (std::floor(range_y / cell_height) + 2.0);
    const double cells_allowed = most_cells_per_box * boxes_count + 64.0;
    if (cells_wanted > cells_allowed) {
        const double grow = std::sqrt(cells_wanted / cells_allowed) * hair;
        cell_width *= grow;
        cell_height *= grow;
    }
    const auto used_columns = static_cast<std::size_t>(std::floor(range_x / cell_width)) + 1;
    const auto used_rows = static_cast<std::size_t>(std::floor(range_y / cell_height)) + 1;
    columns_ = used_columns + 1;  // an empty column: the next cell of a row's last is empty
    // An empty row too: the last row's forward neighbours hold nothing.
    const std::size_t cells = columns_ * (used_rows + 1);
    if (static_cast<double>(cells) > 2.0 * cells_allowed ||
        cells >= std::numeric_limits<std::uint32_t>::max() || cells > most_cells) {
        clear();
        return false;
    }
    origin_x_ = bounds.low_x;
    origin_y_ = bounds.low_y;
    cell_width_ = cell_width;
    cell_height_ = cell_height;

    // The cell of a box: both axes at once, in double as above, (corner - origin) / cell
    // size, at most the last column and row (rounding can put the farthest corner one past
    // them), truncated. The scalar code took about twice as long (aabb-bench bullets, 10,000).
    const CellOf cell_of_box{
        _mm_setr_pd(origin_x_, origin_y_), _mm_setr_pd(1.0 / cell_width, 1.0 / cell_height),
        _mm_setr_pd(static_cast<double>(used_columns - 1), static_cast<double>(used_rows - 1)),
        static_cast<std::uint32_t>(columns_)};
    cells_ = cells;
    const ParallelFor in_order = [](std::size_t items, std::size_t, const RangeBody& body) {
        body(0, items);
    };
    const bool sorted = count >= bucketed_from ? sort_by_bucket(source, cells, cell_of_box,
                                                                parallel ? parallel : in_order)
                                               : sort_directly(source, cells, cell_of_box);
    if (!sorted) {
        clear();
        return false;
    }
    boxes_ = count;
    start_.pop_back();                            // the last cell's end twice
    if (!sort_left_) sorted_arrays().pad(count);  // find_in_buckets pads its window
    return true;
}

std::uint64_t ExactGrid::sum_counts(std::size_t first_cell, std::size_t end_cell) {
    // The counts are at c + 2; the prefix sum puts the start of cell c at c + 1, and the
    // scatter then moves it to its end (the start of c + 1), so no shift follows. On the way,
    // the sum of the squared cell counts: a box meets about the boxes of its own cell and its
    // neighbours, so this is the tests to come, near 2n when cells hold one box on average
    // (Poisson). One wall across the world, or a crowd of tiny boxes in a few of the cells
    // sized for the rest, makes it quadratic: the grid declines, having counted once, and the
    // sweep takes the frame.
    std::uint32_t* starts = start_.data();
    std::uint64_t squares = 0;
    for (std::size_t cell = first_cell; cell < end_cell; ++cell) {
        const std::uint64_t in_cell = starts[cell + 2];
        squares += in_cell * in_cell;
        starts[cell + 2] = static_cast<std::uint32_t>(in_cell) + starts[cell + 1];
    }
    return squares;
}

bool ExactGrid::few_enough_tests(std::uint64_t squares, std::size_t count) {
    return static_cast<double>(squares) <=
           most_squares_per_box * static_cast<double>(count) + 1024.0;
}

void ExactGrid::size_sorted(std::size_t count) {
    for (ScratchVector<float>* values : {&min_x_, &min_y_, &max_x_, &max_y_})
        values->resize(count + padding);
    id_.resize(count + padding);
    cell_.resize(count);
}

void ExactGrid::place(const BoxSource& source, const CellOf& cell_of_box, int shift,
                      std::size_t first, std::size_t end, std::uint32_t* cell_of,
                      std::uint32_t* counts) {
    for (std::size_t index = first; index < end; ++index) {
        const std::uint32_t cell = cell_of_box(source.box(index));
        cell_of[index] = cell;
        ++counts[cell >> shift];
    }
}

bool ExactGrid::sort_directly(const BoxSource& source, std::size_t cells,
                              const CellOf& cell_of_box) {
    const std::size_t count = source.ids.size();
    start_.assign(cells + 2, 0);
    std::uint32_t* starts = start_.data();
    cell_of_.resize(count);
    const std::uint32_t* cell_of = cell_of_.data();
    place(source, cell_of_box, 0, 0, count, cell_of_.data(), starts + 2);
    if (!few_enough_tests(sum_counts(0, cells), count)) return false;
    // The scatter moves only (cell, index) pairs: one scattered write per box, where writing
    // the boxes themselves at their slots was six; the boxes are then read in cell order,
    // fetched ahead, and written in order.
    slots_.resize(count);
    std::uint64_t* slots = slots_.data();
    for (std::size_t index = 0; index < count; ++index) {
        const std::uint32_t cell = cell_of[index];
        slots[starts[cell + 1]++] = (std::uint64_t{cell} << 32) | index;
    }
    size_sorted(count);
    const SortedArrays sorted = sorted_arrays();
    constexpr std::size_t ahead = 16;
    for (std::size_t slot = 0; slot < count; ++slot) {
        if (slot + ahead < count)
            __builtin_prefetch(&source.box(static_cast<std::uint32_t>(slots[slot + ahead])));
        const auto index = static_cast<std::uint32_t>(slots[slot]);
        sorted.write(slot, &source.box(index).min.x, source.id(index),
                     static_cast<std::uint32_t>(slots[slot] >> 32));
    }
    return true;
}

bool ExactGrid::sort_by_bucket(const BoxSource& source, std::size_t cells,
                               const CellOf& cell_of_box, const ParallelFor& parallel) {
    // Buckets of 2^shift consecutive cells, at most about 1024 of them: the boxes go to their
    // buckets (each bucket's writes one stream, all of them a few hundred cache lines), with
    // their boxes and ids, so that sort_buckets' cell counts and final scatter then stay
    // within one bucket's cells and slots at a time. In one pass, each count, scattered write
    // and read of a box missed the cache once the arrays outgrew it (a million boxes: 7 MB of
    // counts, 16 MB of boxes). A million bullets, one thread: 25.8-26.2 ms a frame with up to
    // 1024 buckets, 25.6-26.7 with 512, 26.5-26.9 with 2048, 28.5-31.5 with 4096.
    const std::size_t count = source.ids.size();
    int shift = std::max(0, static_cast<int>(std::bit_width(cells)) - 10);
    // find_in_buckets finds a bucket's pairs in a window holding it and the next bucket, so
    // a bucket must be at least a row and two cells long: a box's forward neighbours are at
    // most a row and a cell on, and the start of the cell after them is read.
    if (find_in_window) shift = std::max(shift, static_cast<int>(std::bit_width(columns_ + 1)));
    bucket_shift_ = shift;
    const std::size_t buckets = (cells >> shift) + 1;
    if (!(find_in_window && scatter_with_room(source, cell_of_box, buckets)))
        scatter_counted(source, cell_of_box, buckets, parallel);
    const std::uint32_t* bucket_next = bucket_start_.data();
    start_.resize(cells + 2);
    start_[0] = 0;
    if (find_in_window) {
        // The window holds two neighbouring buckets at a time.
        std::size_t window = 0;
        for (std::size_t bucket = 0; bucket + 1 < buckets; ++bucket)
            window = std::max<std::size_t>(
                window, bucket_next[bucket + 1] - (bucket == 0 ? 0 : bucket_next[bucket - 1]));
        size_sorted(std::max<std::size_t>(window, bucket_next[0]));
        sort_left_ = true;
        return true;
    }
    size_sorted(count);
    // The buckets, each sorted by cell; the squared counts summed per range of buckets.
    std::atomic<std::uint64_t> squares{0};
    parallel(buckets, count / buckets + 1, [&](std::size_t first, std::size_t end) {
        squares.fetch_add(sort_buckets(first, end), std::memory_order_relaxed);
    });
    return few_enough_tests(squares.load(std::memory_order_relaxed), count);
}

void ExactGrid::scatter_counted(const BoxSource& source, const CellOf& cell_of_box,
                                std::size_t buckets, const ParallelFor& parallel) {
    // The boxes go in chunks of chunk_boxes, in the order given: each chunk counts its boxes
    // per bucket, the counts are summed bucket by bucket and chunk by chunk, and each chunk
    // then writes its boxes from its own first slot in each bucket. Any thread may take any
    // chunk, and the buckets come out as one thread in order would leave them.
    const std::size_t count = source.ids.size();
    const int shift = bucket_shift_;
    const std::size_t chunks = (count + chunk_boxes - 1) / chunk_boxes;
    chunk_slots_.resize(chunks * buckets);
    cell_of_.resize(count);
    std::uint32_t* cell_of = cell_of_.data();
    std::uint32_t* chunk_slots = chunk_slots_.data();
    // The passes take copies of what they read, so that no store can seem to change it.
    parallel(chunks, chunk_boxes, [=](std::size_t first_chunk, std::size_t end_chunk) {
        for (std::size_t chunk = first_chunk; chunk < end_chunk; ++chunk) {
            std::uint32_t* counts = chunk_slots + chunk * buckets;
            std::fill(counts, counts + buckets, 0u);
            place(source, cell_of_box, shift, chunk * chunk_boxes,
                  std::min(count, (chunk + 1) * chunk_boxes), cell_of, counts);
        }
    });
    // Each chunk's first slot in each bucket, and where each bucket ends (bucket_start_), in
    // passes along the chunks' rows of counts: down the columns, each read was 4 KB from the
    // last (about 0.5 ms at a million boxes, 62 chunks of 1,025 buckets).
    bucket_start_.assign(buckets, 0);
    std::uint32_t* bucket_next = bucket_start_.data();
    for (std::size_t chunk = 0; chunk < chunks; ++chunk) {
        const std::uint32_t* counts = chunk_slots + chunk * buckets;
        for (std::size_t bucket = 0; bucket < buckets; ++bucket)
            bucket_next[bucket] += counts[bucket];
    }
    std::uint32_t slot = 0;
    largest_bucket_ = 0;
    for (std::size_t bucket = 0; bucket < buckets; ++bucket) {
        const std::uint32_t in_bucket = bucket_next[bucket];
        largest_bucket_ = std::max<std::size_t>(largest_bucket_, in_bucket);
        bucket_next[bucket] = slot;
        slot += in_bucket;
    }
    for (std::size_t chunk = 0; chunk < chunks; ++chunk) {
        std::uint32_t* counts = chunk_slots + chunk * buckets;
        for (std::size_t bucket = 0; bucket < buckets; ++bucket) {
            const std::uint32_t in_chunk = counts[bucket];
            counts[bucket] = bucket_next[bucket];
            bucket_next[bucket] += in_chunk;
        }
    }
    bucketed_.resize(count);
    BucketedBox* bucketed = bucketed_.data();
    parallel(chunks, chunk_boxes, [=](std::size_t first_chunk, std::size_t end_chunk) {
        for (std::size_t chunk = first_chunk; chunk < end_chunk; ++chunk) {
            std::uint32_t* next = chunk_slots + chunk * buckets;
            const std::size_t end = std::min(count, (chunk + 1) * chunk_boxes);
            for (std::size_t index = chunk * chunk_boxes; index < end; ++index) {
                const std::uint32_t cell = cell_of[index];
                BucketedBox& entry = bucketed[next[cell >> shift]++];
                _mm_storeu_ps(entry.corners, _mm_loadu_ps(&source.box(index).min.x));
                entry.cell = cell;
                entry.id = source.id(index);
            }
        }
    });
}

bool ExactGrid::scatter_with_room(const BoxSource& source, const CellOf& cell_of_box,
                                  std::size_t buckets) {
    // One pass, where scatter_counted makes two (count, then write): each bucket gets room for
    // half as many boxes again as the mean (a bucket of 1,000 bullets is 1,000 ± 32), or for an
    // eighth more than the largest bucket of the last build, and 16 more, so the boxes go
    // straight to the next free slot of their bucket: each box's cell is computed once and no
    // array of cells is written and read back. When a bucket runs out of room the pass gives
    // up and scatter_counted starts over; uneven buckets (room for more than four times the
    // mean) are not tried. A million bullets, one thread: the build 8.0-8.5 ms against 8.9-9.2
    // counting first (three interleaved pairs); aabb-bench, seven interleaved pairs of 120
    // frames: the median lower in five, by 0.2-1.0 ms of about 21, the mean in four (a small
    // gain, near this machine's noise), for room of about 13 bytes a box.
    const std::size_t count = source.ids.size();
    const std::size_t mean = count / buckets + 1;
    const std::size_t room = std::max(mean + mean / 2, largest_bucket_ + largest_bucket_ / 8) + 16;
    if (room > 4 * mean + 16) return false;
    bucketed_.resize(buckets * room);
    bucket_start_.assign(buckets, 0);
    std::uint32_t* filled = bucket_start_.data();
    BucketedBox* bucketed = bucketed_.data();
    const int shift = bucket_shift_;
    // What the loop reads, in locals: its stores could otherwise alias them.
    const CellOf cell_of = cell_of_box;
    const Box2* boxes = source.boxes.data();
    const BoxId* ids = source.every_id ? nullptr : source.ids.data();
    for (std::size_t index = 0; index < count; ++index) {
        const BoxId id = ids == nullptr ? static_cast<BoxId>(index) : ids[index];
        const Box2& box = boxes[id];
        const std::uint32_t cell = cell_of(box);
        const std::size_t bucket = cell >> shift;
        const std::uint32_t slot = filled[bucket]++;
        if (slot == room) return false;
        BucketedBox& entry = bucketed[bucket * room + slot];
        _mm_storeu_ps(entry.corners, _mm_loadu_ps(&box.min.x));
        entry.cell = cell;
        entry.id = id;
    }
    // The counts to where each bucket's boxes end in cell order, as scatter_counted leaves them.
    std::uint32_t end = 0;
    largest_bucket_ = 0;
    for (std::size_t bucket = 0; bucket < buckets; ++bucket) {
        largest_bucket_ = std::max<std::size_t>(largest_bucket_, filled[bucket]);
        end += filled[bucket];
        filled[bucket] = end;
    }
    bucket_stride_ = room;
    return true;
}

std::uint64_t ExactGrid::sort_buckets(std::size_t first, std::size_t end) {
    // Bucket by bucket, while its boxes and cells are in the cache (counting every bucket
    // before the first write read the 24 MB of bucketed boxes of a million bullets back from
    // memory twice).
    const SortedArrays sorted = sorted_arrays();
    std::uint64_t squares = 0;
    for (std::size_t bucket = first; bucket < end; ++bucket)
        squares += sort_bucket(bucket, sorted, 0);
    return squares;
}

std::uint64_t ExactGrid::sort_bucket(std::size_t bucket, const SortedArrays& target,
                                     std::size_t base) {
    // Its cells cleared, counted and summed, then its boxes written at their slots. A bucket
    // touches only its own cells' entries of start_: the count of cell c goes to c + 1, the
    // sum makes it the cell's first slot (the bucket's first slot is known from the scatter),
    // and the writes move it on to the cell's end, the start of c + 1.
    const std::size_t first_cell = bucket << bucket_shift_;
    const std::size_t end_cell = std::min(cells_, (bucket + 1) << bucket_shift_);
    if (first_cell >= end_cell) return 0;
    const std::uint32_t* bucket_end = bucket_start_.data();
    std::uint32_t* starts = start_.data();
    // After the scatter, bucket_end[bucket] is where the bucket ends in cell order; its boxes
    // are at that slot of bucketed_, or at bucket_stride_ slots per bucket (scatter_with_room).
    const std::size_t first_box = bucket == 0 ? 0 : bucket_end[bucket - 1];
    const std::size_t end_box = bucket_end[bucket];
    const BucketedBox* bucketed =
        bucketed_.data() + (bucket_stride_ != 0 ? bucket * bucket_stride_ - first_box : 0);
    std::fill(starts + first_cell + 1, starts + end_cell + 1, 0u);
    for (std::size_t item = first_box; item < end_box; ++item)
        ++starts[bucketed[item].cell + 1];
    // The sum of the squared counts: see sum_counts.
    std::uint64_t squares = 0;
    auto slot = static_cast<std::uint32_t>(first_box);
    for (std::size_t cell = first_cell; cell < end_cell; ++cell) {
        const std::uint32_t in_cell = starts[cell + 1];
        squares += std::uint64_t{in_cell} * in_cell;
        starts[cell + 1] = slot;
        slot += in_cell;
    }
    for (std::size_t item = first_box; item < end_box; ++item) {
        const BucketedBox& entry = bucketed[item];
        target.write(starts[entry.cell + 1]++ - base, entry.corners, entry.id, entry.cell);
    }
    return squares;
}

}  // namespace aabb::banded
