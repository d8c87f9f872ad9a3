// The queries of ExactGrid (kernels/exact_grid.hpp): each box against the boxes after it in
// its two runs; the build is in exact_grid_build.cpp.

#include "core/broadphase/banded/kernels/exact_grid.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <limits>
#include <stdexcept>

#include <immintrin.h>

#include "core/broadphase/banded/kernels/pair_compress.hpp"

namespace aabb::banded {

namespace {

// The cell-ordered arrays the queries read.
struct GridArrays {
    const float* min_x;
    const float* min_y;
    const float* max_x;
    const float* max_y;
    const BoxId* id;
};

// Lanes [0, count) of four, for count in [0, 4].
constexpr unsigned first_lanes[5] = {0x0u, 0x1u, 0x3u, 0x7u, 0xfu};

// The pairs of the query box (the four lanes of each of x0, y0, x1, y1) with id `a` and the
// boxes [first, end) of `grid`, written at `target`; returns how many. Four at a time, and
// the first four unconditionally: runs are short (a cell holds about one bullet) and a loop
// whose length changes from box to box would mispredict at every box. For the same reason
// each block writes all four lanes' pairs and advances the cursor past the hits only: a box
// meets about half a pair, so a branch on each hit would mispredict often. `target` must
// have room for the hits plus four.
inline std::size_t pairs_in_run(__m128 x0, __m128 y0, __m128 x1, __m128 y1, BoxId a,
                                const GridArrays& grid, std::size_t first, std::size_t end,
                                BoxPair* target) {
    static_assert(sizeof(BoxPair) == 8 && offsetof(BoxPair, first) == 0);
    const __m128i query = _mm_set1_epi32(static_cast<int>(a));
    const __m128i sign = _mm_set1_epi32(std::numeric_limits<int>::min());
    std::size_t found = 0;
    std::size_t block = first;
    do {
        const __m128 hit =
            _mm_and_ps(_mm_and_ps(_mm_cmple_ps(_mm_loadu_ps(grid.min_x + block), x1),
                                  _mm_cmpge_ps(_mm_loadu_ps(grid.max_x + block), x0)),
                       _mm_and_ps(_mm_cmple_ps(_mm_loadu_ps(grid.min_y + block), y1),
                                  _mm_cmpge_ps(_mm_loadu_ps(grid.max_y + block), y0)));
        const std::size_t left = end > block ? std::min<std::size_t>(end - block, 4) : 0;
        const auto mask = static_cast<unsigned>(_mm_movemask_ps(hit)) & first_lanes[left];
        // Each lane's pair (smaller id first, the ids compared as unsigned), in order.
        const __m128i ids = _mm_loadu_si128(reinterpret_cast<const __m128i*>(grid.id + block));
        const __m128i query_first =
            _mm_cmplt_epi32(_mm_xor_si128(query, sign), _mm_xor_si128(ids, sign));
        const __m128i low =
            _mm_or_si128(_mm_and_si128(query_first, query), _mm_andnot_si128(query_first, ids));
        const __m128i high =
            _mm_or_si128(_mm_andnot_si128(query_first, query), _mm_and_si128(query_first, ids));
        const __m128i pairs01 = _mm_unpacklo_epi32(low, high);
        const __m128i pairs23 = _mm_unpackhi_epi32(low, high);
        _mm_storel_epi64(reinterpret_cast<__m128i*>(target + found), pairs01);
        found += mask & 1u;
        _mm_storeh_pd(reinterpret_cast<double*>(target + found), _mm_castsi128_pd(pairs01));
        found += (mask >> 1) & 1u;
        _mm_storel_epi64(reinterpret_cast<__m128i*>(target + found), pairs23);
        found += (mask >> 2) & 1u;
        _mm_storeh_pd(reinterpret_cast<double*>(target + found), _mm_castsi128_pd(pairs23));
        found += (mask >> 3) & 1u;
        block += 4;
    } while (block < end);
    return found;
}

// The two four-box blocks of a query as one eight-lane block: lanes 0-3 from `first` (the
// rest of its own cell and the next one), lanes 4-7 from `second` (three cells of the next
// row); both runs usually hold fewer than four boxes, so one block serves most boxes.
__attribute__((target("avx2"))) inline __m256 two_blocks(const float* values, std::size_t first,
                                                         std::size_t second) {
    return _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(values + first)),
                                _mm_loadu_ps(values + second), 1);
}

// pairs_in_run for the first four boxes of both runs at once (AVX2): the pairs of the lanes
// in `lanes` go to `target`, compressed four at a time; returns how many. `target` must have
// room for the hits plus four.
__attribute__((target("avx2"))) inline std::size_t pairs_in_two_blocks(
    __m256 x0, __m256 y0, __m256 x1, __m256 y1, __m256i query, const GridArrays& grid,
    std::size_t first, std::size_t second, unsigned lanes, BoxPair* target) {
    const __m256 hit = _mm256_and_ps(
        _mm256_and_ps(_mm256_cmp_ps(two_blocks(grid.min_x, first, second), x1, _CMP_LE_OQ),
                      _mm256_cmp_ps(two_blocks(grid.max_x, first, second), x0, _CMP_GE_OQ)),
        _mm256_and_ps(_mm256_cmp_ps(two_blocks(grid.min_y, first, second), y1, _CMP_LE_OQ),
                      _mm256_cmp_ps(two_blocks(grid.max_y, first, second), y0, _CMP_GE_OQ)));
    const auto mask = static_cast<unsigned>(_mm256_movemask_ps(hit)) & lanes;
    const __m256i ids = _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(grid.id + first))),
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(grid.id + second)), 1);
    return store_pairs_compressed(query, ids, mask, target);
}

// What find_pairs reads, held in locals: the pairs are stored through __m128i / __m256i, which
// may alias anything, so members and the buffer's fields would be read again after each store.
// The arrays and cells hold the boxes from slot `base` on (a window of them, or all).
struct GridView {
    GridArrays arrays;
    const std::uint32_t* starts;
    const std::uint32_t* cells;
    std::size_t columns;
    std::size_t base;
};

// A query box's two runs in cell order: [its position + 1, row_end) (later in its cell and
// the next cell of its row) and [below_first, below_end) (three cells of the next row), as
// positions in the view's arrays.
struct QueryRuns {
    std::size_t row_end;
    std::size_t below_first;
    std::size_t below_end;
};

inline QueryRuns runs_of(const GridView& view, std::size_t position) {
    const std::size_t cell = view.cells[position];
    return {view.starts[cell + 2] - view.base, view.starts[cell + view.columns - 1] - view.base,
            view.starts[cell + view.columns + 2] - view.base};
}

// The pair buffer as the loops write it: a cursor and the storage's end, updated when it grows.
struct PairCursor {
    PairBuffer& out;
    std::size_t count;
    BoxPair* storage;
    std::size_t capacity;

    explicit PairCursor(PairBuffer& buffer)
        : out(buffer),
          count(buffer.count),
          storage(buffer.storage.data()),
          capacity(buffer.storage.size()) {}
    // Room for `run` pairs: each run writes at most a block (four pairs) more than it holds.
    void make_room(std::size_t run) {
        if (count + run + 8 <= capacity) [[likely]]
            return;
        out.count = count;
        out.reserve_more(run + 8);
        storage = out.storage.data();
        capacity = out.storage.size();
    }
    [[nodiscard]] BoxPair* next() const { return storage + count; }
    void finish() const { out.count = count; }
};

std::uint64_t find_pairs_sse2(const GridView view, std::size_t begin, std::size_t end,
                              PairBuffer& out) {
    const GridArrays& grid = view.arrays;
    std::uint64_t tests = 0;
    PairCursor cursor(out);
    for (std::size_t position = begin; position < end; ++position) {
        const QueryRuns runs = runs_of(view, position);
        const std::size_t run = (runs.row_end - position - 1) + (runs.below_end - runs.below_first);
        tests += run;
        cursor.make_room(run);
        const __m128 x0 = _mm_set1_ps(grid.min_x[position]);
        const __m128 y0 = _mm_set1_ps(grid.min_y[position]);
        const __m128 x1 = _mm_set1_ps(grid.max_x[position]);
        const __m128 y1 = _mm_set1_ps(grid.max_y[position]);
        const BoxId a = grid.id[position];
        cursor.count +=
            pairs_in_run(x0, y0, x1, y1, a, grid, position + 1, runs.row_end, cursor.next());
        cursor.count +=
            pairs_in_run(x0, y0, x1, y1, a, grid, runs.below_first, runs.below_end, cursor.next());
    }
    cursor.finish();
    return tests;
}

// The pairs of the query box at `position` with the boxes past the first four of its runs
// (see find_pairs_avx2), appended through `cursor`.
inline void pairs_past_first_blocks(const GridView& view, std::size_t position,
                                    PairCursor& cursor) {
    const GridArrays& grid = view.arrays;
    const QueryRuns runs = runs_of(view, position);
    const __m128 x0 = _mm_set1_ps(grid.min_x[position]);
    const __m128 y0 = _mm_set1_ps(grid.min_y[position]);
    const __m128 x1 = _mm_set1_ps(grid.max_x[position]);
    const __m128 y1 = _mm_set1_ps(grid.max_y[position]);
    const BoxId a = grid.id[position];
    if (runs.row_end > position + 5) {
        cursor.make_room(runs.row_end - position - 5);
        cursor.count +=
            pairs_in_run(x0, y0, x1, y1, a, grid, position + 5, runs.row_end, cursor.next());
    }
    if (runs.below_end > runs.below_first + 4) {
        cursor.make_room(runs.below_end - runs.below_first - 4);
        cursor.count += pairs_in_run(x0, y0, x1, y1, a, grid, runs.below_first + 4, runs.below_end,
                                     cursor.next());
    }
}

// As find_pairs_sse2, but the first four boxes of both runs are tested in one eight-lane block
// and their pairs compressed, not stored lane by lane. The few boxes whose runs hold more than
// four are noted and finished after each stretch of boxes: a branch for them in the loop
// mispredicted, and the values it kept alive pushed the loop's own out of registers.
__attribute__((target("avx2"))) std::uint64_t find_pairs_avx2(const GridView view,
                                                              std::size_t begin, std::size_t end,
                                                              PairBuffer& out) {
    const GridArrays& grid = view.arrays;
    std::uint64_t tests = 0;
    PairCursor cursor(out);
    constexpr std::size_t stretch = 256;
    std::uint32_t longer[stretch];
    for (std::size_t stretch_begin = begin; stretch_begin < end; stretch_begin += stretch) {
        const std::size_t stretch_end = std::min(end, stretch_begin + stretch);
        // A box's block finds at most eight pairs.
        cursor.make_room(8 * (stretch_end - stretch_begin));
        BoxPair* const target = cursor.next();
        std::size_t found = 0;
        std::size_t longer_count = 0;
        for (std::size_t position = stretch_begin; position < stretch_end; ++position) {
            const QueryRuns runs = runs_of(view, position);
            const std::size_t first = position + 1;
            const std::size_t first_count = runs.row_end - first;
            const std::size_t second_count = runs.below_end - runs.below_first;
            tests += first_count + second_count;
            const unsigned lanes = first_lanes[std::min<std::size_t>(first_count, 4)] |
                                   (first_lanes[std::min<std::size_t>(second_count, 4)] << 4);
            found += pairs_in_two_blocks(
                _mm256_set1_ps(grid.min_x[position]), _mm256_set1_ps(grid.min_y[position]),
                _mm256_set1_ps(grid.max_x[position]), _mm256_set1_ps(grid.max_y[position]),
                _mm256_set1_epi32(static_cast<int>(grid.id[position])), grid, first,
                runs.below_first, lanes, target + found);
            longer[longer_count] = static_cast<std::uint32_t>(position - stretch_begin);
            longer_count += (first_count > 4) | (second_count > 4);
        }
        cursor.count += found;
        for (std::size_t index = 0; index < longer_count; ++index)
            pairs_past_first_blocks(view, stretch_begin + longer[index], cursor);
    }
    cursor.finish();
    return tests;
}

}  // namespace

void ExactGrid::clear() {
    boxes_ = 0;
    sort_left_ = false;
    columns_ = 0;
    cells_ = 0;
    start_.clear();
    cell_of_.clear();
    cell_.clear();
    slots_.clear();
    min_x_.clear();
    min_y_.clear();
    max_x_.clear();
    max_y_.clear();
    id_.clear();
    bucket_start_.clear();
    bucketed_.clear();
    bucket_stride_ = 0;
    chunk_slots_.clear();
}

void ExactGrid::reserve(std::size_t boxes) {
    // The arrays' resize writes nothing (ScratchVector), so each is filled once here: the
    // pages are then the process's before the first build.
    const std::size_t entries = boxes + padding;
    if (cell_of_.capacity() >= entries) return;
    const auto touch = [entries](auto& values) {
        values.resize(entries);
        std::fill(values.begin(), values.end(),
                  typename std::decay_t<decltype(values)>::value_type{});
    };
    touch(cell_of_);
    // One pass uses the slots, the bucketed sort its bucketed boxes. The boxes in cell order
    // take a window of two buckets when find_all_pairs() sorts them (a million bullets: 24 MB
    // fewer), sized by the first build.
    if (boxes < bucketed_from) {
        touch(slots_);
    } else if (!find_in_window) {
        touch(bucketed_);
    } else {
        // scatter_with_room's buckets: half again the mean each, and 16 more per bucket (a
        // square spread of n boxes makes about √(4n) buckets).
        const auto buckets = static_cast<std::size_t>(std::sqrt(4.0 * static_cast<double>(boxes)));
        bucketed_.resize(entries + boxes / 2 + 16 * (buckets + 1));
        std::fill(bucketed_.begin(), bucketed_.end(), BucketedBox{});
    }
    if (boxes < bucketed_from || !find_in_window) {
        touch(min_x_);
        touch(min_y_);
        touch(max_x_);
        touch(max_y_);
        touch(id_);
        touch(cell_);
    }
    start_.resize(2 * entries);
    std::fill(start_.begin(), start_.end(), 0u);
    clear();
}

std::uint64_t ExactGrid::find_pairs(std::size_t begin, std::size_t end, PairBuffer& out,
                                    bool wide) const {
    if (sort_left_)
        throw std::logic_error("ExactGrid::find_pairs: the build left its sort to find_all_pairs");
    end = std::min(end, boxes_);
    if (begin >= end) return 0;
    const GridView view{{min_x_.data(), min_y_.data(), max_x_.data(), max_y_.data(), id_.data()},
                        start_.data(),
                        cell_.data(),
                        columns_,
                        0};
    return wide ? find_pairs_avx2(view, begin, end, out) : find_pairs_sse2(view, begin, end, out);
}

std::optional<std::uint64_t> ExactGrid::find_all_pairs(PairBuffer& out, bool wide) {
    if (sort_left_) return find_in_buckets(out, wide);
    return find_pairs(0, boxes_, out, wide);
}

std::optional<std::uint64_t> ExactGrid::find_in_buckets(PairBuffer& out, bool wide) {
    // The window holds bucket b from its start and bucket b + 1 after it: bucket b + 1 is
    // sorted into it, which makes the starts of b's forward neighbours final (a bucket is
    // longer than a row and two cells), b's pairs are found, and b + 1 moves to the front.
    // The boxes in cell order are never written out and read back (a million bullets: 24 MB
    // each way): aabb-bench bullets 1M, pinned and interleaved, 27.7-29.0 ms a frame against
    // 30.1-34.1 with the sorted arrays. The decline is decided as the sort goes: the squared
    // counts are summed bucket by bucket, and each bucket's pairs are found only once its own
    // and the next bucket's are in the sum, so a crowded bucket is never searched.
    sort_left_ = false;
    const std::uint32_t* bucket_end = bucket_start_.data();
    const std::size_t buckets = bucket_start_.size();
    const SortedArrays window = sorted_arrays();
    const auto find = wide ? find_pairs_avx2 : find_pairs_sse2;
    std::uint64_t squares = sort_bucket(0, window, 0);
    std::uint64_t tests = 0;
    std::size_t base = 0;  // the slot at the window's front
    for (std::size_t bucket = 0; bucket < buckets; ++bucket) {
        const std::size_t first_box = bucket == 0 ? 0 : bucket_end[bucket - 1];
        const std::size_t end_box = bucket_end[bucket];
        std::size_t window_end = end_box;
        if (bucket + 1 < buckets) {
            squares += sort_bucket(bucket + 1, window, base);
            window_end = bucket_end[bucket + 1];
        }
        if (!few_enough_tests(squares, boxes_)) {
            clear();
            return std::nullopt;
        }
        window.pad(window_end - base);
        if (end_box > first_box) {
            const GridView view{{window.min_x, window.min_y, window.max_x, window.max_y, window.id},
                                start_.data(),
                                window.cell,
                                columns_,
                                base};
            tests += find(view, first_box - base, end_box - base, out);
        }
        // Bucket b + 1 moves to the window's front (a window of 8 buckets, moved only when
        // full, was no quicker).
        const std::size_t front = end_box - base;
        const std::size_t next = window_end - end_box;
        for (float* values : {window.min_x, window.min_y, window.max_x, window.max_y})
            std::memmove(values, values + front, next * sizeof(float));
        std::memmove(window.id, window.id + front, next * sizeof(BoxId));
        std::memmove(window.cell, window.cell + front, next * sizeof(std::uint32_t));
        base = end_box;
    }
    return tests;
}

std::pair<int, int> ExactGrid::occupancy() const {
    int used = 0;
    int most = 0;
    for (std::size_t cell = 0; cell + 1 < start_.size(); ++cell) {
        const auto count = static_cast<int>(start_[cell + 1] - start_[cell]);
        used += count > 0 ? 1 : 0;
        most = std::max(most, count);
    }
    return {used, most};
}

std::size_t ExactGrid::memory_bytes() const {
    return (start_.capacity() + cell_of_.capacity() + cell_.capacity()) * sizeof(std::uint32_t) +
           slots_.capacity() * sizeof(std::uint64_t) +
           (min_x_.capacity() + min_y_.capacity() + max_x_.capacity() + max_y_.capacity()) *
               sizeof(float) +
           id_.capacity() * sizeof(BoxId) +
           (bucket_start_.capacity() + chunk_slots_.capacity()) * sizeof(std::uint32_t) +
           bucketed_.capacity() * sizeof(BucketedBox);
}

}  // namespace aabb::banded
