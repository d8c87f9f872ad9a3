#include "core/broadphase/banded/kernels/exact_grid.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <limits>

#include <immintrin.h>

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

constexpr float infinity = std::numeric_limits<float>::infinity();

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

// For each mask of four lanes, the 32-bit lanes that move the masked lanes' pairs (two
// lanes each) to the front, in order: _mm256_permutevar8x32_epi32 then compresses four pairs
// in one step, where the SSE kernel stores each lane's pair and advances the cursor by its bit.
struct PairCompress {
    alignas(32) std::int32_t lanes[16][8];
    constexpr PairCompress() : lanes{} {
        for (unsigned mask = 0; mask < 16; ++mask) {
            int to = 0;
            for (int lane = 0; lane < 4; ++lane) {
                if ((mask >> lane) & 1u) {
                    lanes[mask][to++] = 2 * lane;
                    lanes[mask][to++] = 2 * lane + 1;
                }
            }
            while (to < 8) {
                lanes[mask][to] = to;
                ++to;
            }
        }
    }
};
constexpr PairCompress pair_compress;

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
    // Smaller id first: unsigned minimum and maximum, then (low, high) pairs lane by lane.
    const __m256i low = _mm256_min_epu32(query, ids);
    const __m256i high = _mm256_max_epu32(query, ids);
    const __m256i pairs_a = _mm256_unpacklo_epi32(low, high);  // pairs 0, 1 | 4, 5
    const __m256i pairs_b = _mm256_unpackhi_epi32(low, high);  // pairs 2, 3 | 6, 7
    const __m256i first_four = _mm256_permute2x128_si256(pairs_a, pairs_b, 0x20);
    const __m256i second_four = _mm256_permute2x128_si256(pairs_a, pairs_b, 0x31);
    const unsigned first_mask = mask & 0xfu;
    const unsigned second_mask = mask >> 4;
    _mm256_storeu_si256(
        reinterpret_cast<__m256i*>(target),
        _mm256_permutevar8x32_epi32(first_four, _mm256_load_si256(reinterpret_cast<const __m256i*>(
                                                    pair_compress.lanes[first_mask]))));
    const auto found = static_cast<std::size_t>(std::popcount(first_mask));
    _mm256_storeu_si256(
        reinterpret_cast<__m256i*>(target + found),
        _mm256_permutevar8x32_epi32(second_four, _mm256_load_si256(reinterpret_cast<const __m256i*>(
                                                     pair_compress.lanes[second_mask]))));
    return found + static_cast<std::size_t>(std::popcount(second_mask));
}

// What find_pairs reads, held in locals: the pairs are stored through __m128i / __m256i, which
// may alias anything, so members and the buffer's fields would be read again after each store.
struct GridView {
    GridArrays arrays;
    const std::uint32_t* starts;
    const std::uint32_t* cells;
    std::size_t columns;
};

// A query box's two runs in cell order: [its position + 1, row_end) (later in its cell and
// the next cell of its row) and [below_first, below_end) (three cells of the next row).
struct QueryRuns {
    std::size_t row_end;
    std::size_t below_first;
    std::size_t below_end;
};

inline QueryRuns runs_of(const GridView& view, std::size_t position) {
    const std::size_t cell = view.cells[position];
    return {view.starts[cell + 2], view.starts[cell + view.columns - 1],
            view.starts[cell + view.columns + 2]};
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
        if (count + run + 8 > capacity) [[unlikely]]
            grow(run);
    }
    // Out of line: the loops keep the cursor in registers.
    [[gnu::noinline]] void grow(std::size_t run) {
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

void ExactGrid::clear() {
    columns_ = 0;
    start_.clear();
    cell_of_.clear();
    cell_.clear();
    slots_.clear();
    min_x_.clear();
    min_y_.clear();
    max_x_.clear();
    max_y_.clear();
    id_.clear();
}

void ExactGrid::reserve(std::size_t boxes) {
    // resize writes every entry, so the pages are the process's before the first build.
    const std::size_t entries = boxes + padding;
    if (min_x_.capacity() >= entries) return;
    for (std::vector<float>* values : {&min_x_, &min_y_, &max_x_, &max_y_})
        values->resize(entries);
    id_.resize(entries);
    cell_.resize(entries);
    cell_of_.resize(entries);
    slots_.resize(entries);
    start_.resize(2 * entries);
    clear();
}

bool ExactGrid::build(std::span<const Box2> boxes, std::span<const BoxId> ids,
                      std::uint64_t most_cells) {
    clear();
    const std::size_t count = ids.size();
    if (count == 0) return false;
    // All ids present (ids is then 0, 1, ..., n - 1): the boxes are read in place.
    const bool every_id = count == boxes.size();
    const GridBounds bounds =
        every_id
            ? measure(count, [&](std::size_t index) -> const Box2& { return boxes[index]; })
            : measure(count, [&](std::size_t index) -> const Box2& { return boxes[ids[index]]; });
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

    // Counting sort by cell: count (cell c's count at c + 2), prefix (the start of c at c + 1),
    // scatter (the start of c at c + 1 moves to its end, the start of c + 1): no shift after.
    const double inverse_width = 1.0 / cell_width;
    const double inverse_height = 1.0 / cell_height;
    const auto last_column = static_cast<std::uint32_t>(used_columns - 1);
    const auto last_row = static_cast<std::uint32_t>(used_rows - 1);
    const auto row_cells = static_cast<std::uint32_t>(columns_);
    start_.assign(cells + 2, 0);
    cell_of_.resize(count);
    std::uint32_t* starts = start_.data();
    std::uint32_t* cell_of = cell_of_.data();
    // Both axes at once, in double as above: (corner - origin) / cell size, at most the last
    // column and row (rounding can put the farthest corner one past them), truncated. The
    // scalar code took about twice as long (aabb-bench bullets at 10,000).
    const __m128d origin = _mm_setr_pd(origin_x_, origin_y_);
    const __m128d inverse = _mm_setr_pd(inverse_width, inverse_height);
    const __m128d last = _mm_setr_pd(last_column, last_row);
    const auto place = [&](std::size_t index, const Box2& box) {
        const __m128d corner = _mm_cvtps_pd(
            _mm_castsi128_ps(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(&box.min.x))));
        const __m128i column_row =
            _mm_cvttpd_epi32(_mm_min_pd(_mm_mul_pd(_mm_sub_pd(corner, origin), inverse), last));
        const auto column = static_cast<std::uint32_t>(_mm_cvtsi128_si32(column_row));
        const auto row =
            static_cast<std::uint32_t>(_mm_cvtsi128_si32(_mm_srli_si128(column_row, 4)));
        const std::uint32_t cell = row * row_cells + column;
        cell_of[index] = cell;
        ++starts[cell + 2];
    };
    if (every_id) {
        for (std::size_t index = 0; index < count; ++index)
            place(index, boxes[index]);
    } else {
        for (std::size_t index = 0; index < count; ++index)
            place(index, boxes[ids[index]]);
    }
    // The prefix sum; on the way, the sum of the squared cell counts: a box meets about the
    // boxes of its own cell and its neighbours, so this is the tests to come, near 2n when
    // cells hold one box on average (Poisson). One wall across the world, or a crowd of tiny
    // boxes in a few of the cells sized for the rest, makes it quadratic: the grid declines,
    // having counted once, and the sweep takes the frame.
    std::uint64_t squares = 0;
    for (std::size_t cell = 0; cell < cells; ++cell) {
        const std::uint64_t in_cell = starts[cell + 2];
        squares += in_cell * in_cell;
        starts[cell + 2] = static_cast<std::uint32_t>(in_cell) + starts[cell + 1];
    }
    if (static_cast<double>(squares) > most_squares_per_box * boxes_count + 1024.0) {
        clear();
        return false;
    }
    // The scatter moves only (cell, index) pairs: one scattered write per box, where writing
    // the boxes themselves at their slots was six (a million boxes: 4 MB arrays each, a miss
    // per write); the boxes are then read in cell order, fetched ahead, and written in order.
    slots_.resize(count);
    std::uint64_t* slots = slots_.data();
    for (std::size_t index = 0; index < count; ++index) {
        const std::uint32_t cell = cell_of[index];
        slots[starts[cell + 1]++] = (std::uint64_t{cell} << 32) | index;
    }
    // A block of padding after the boxes: a query reads four at a time past a run's end.
    for (std::vector<float>* values : {&min_x_, &min_y_})
        values->resize(count + padding);
    for (std::vector<float>* values : {&max_x_, &max_y_})
        values->resize(count + padding);
    id_.resize(count + padding);
    cell_.resize(count);
    float* min_x = min_x_.data();
    float* min_y = min_y_.data();
    float* max_x = max_x_.data();
    float* max_y = max_y_.data();
    BoxId* sorted_id = id_.data();
    std::uint32_t* sorted_cell = cell_.data();
    constexpr std::size_t ahead = 16;
    for (std::size_t slot = 0; slot < count; ++slot) {
        if (slot + ahead < count) {
            const auto later = static_cast<std::uint32_t>(slots[slot + ahead]);
            __builtin_prefetch(&boxes[every_id ? later : ids[later]]);
        }
        const auto index = static_cast<std::uint32_t>(slots[slot]);
        const BoxId id = every_id ? static_cast<BoxId>(index) : ids[index];
        const Box2& box = boxes[id];
        min_x[slot] = box.min.x;
        min_y[slot] = box.min.y;
        max_x[slot] = box.max.x;
        max_y[slot] = box.max.y;
        sorted_id[slot] = id;
        sorted_cell[slot] = static_cast<std::uint32_t>(slots[slot] >> 32);
    }
    for (std::size_t slot = count; slot < count + padding; ++slot) {
        min_x[slot] = infinity;
        min_y[slot] = infinity;
        max_x[slot] = -infinity;
        max_y[slot] = -infinity;
        sorted_id[slot] = 0;
    }
    start_.pop_back();  // the last cell's end twice
    return true;
}

std::uint64_t ExactGrid::find_pairs(std::size_t begin, std::size_t end, PairBuffer& out,
                                    bool wide) const {
    end = std::min(end, cell_.size());
    if (begin >= end) return 0;
    const GridView view{{min_x_.data(), min_y_.data(), max_x_.data(), max_y_.data(), id_.data()},
                        start_.data(),
                        cell_.data(),
                        columns_};
    return wide ? find_pairs_avx2(view, begin, end, out) : find_pairs_sse2(view, begin, end, out);
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
           id_.capacity() * sizeof(BoxId);
}

}  // namespace aabb::banded
