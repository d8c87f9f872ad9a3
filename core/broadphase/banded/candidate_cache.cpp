#include "core/broadphase/banded/candidate_cache.hpp"

#include <immintrin.h>

namespace aabb::banded {

namespace {

// Whether boxes `a` and `b` (four floats each: min x, min y, max x, max y) overlap, in one
// SSE compare: (a.min, b.min) <= (b.max, a.max) lane by lane, closed rule. The open rule
// compares strictly and also asks each box for a positive extent (a box of zero size
// overlaps nothing under it).
template <bool Open>
inline bool boxes_overlap(const float* a, const float* b) {
    const __m128 box_a = _mm_loadu_ps(a);
    const __m128 box_b = _mm_loadu_ps(b);
    const __m128 minima = _mm_movelh_ps(box_a, box_b);  // a.min, b.min
    const __m128 maxima = _mm_movehl_ps(box_a, box_b);  // b.max, a.max
    if constexpr (Open) {
        const __m128 own_maxima = _mm_movehl_ps(box_b, box_a);  // a.max, b.max
        return _mm_movemask_ps(_mm_and_ps(_mm_cmplt_ps(minima, maxima),
                                          _mm_cmplt_ps(minima, own_maxima))) == 0xf;
    } else {
        return _mm_movemask_ps(_mm_cmple_ps(minima, maxima)) == 0xf;
    }
}

// Candidates come in sweep order, so their boxes are read at random: once the box array is
// beyond the L2 cache, fetching the boxes of a candidate some way ahead keeps several of those
// reads in flight (the candidate tests took 38% less time at 100,000 uniform boxes, 3% more at
// 10,000 dense ones, whose boxes fit: the caller decides). 64 candidates ahead, not 16: at a
// million boxes a box comes from memory, further away than 16 short tests (aabb-bench uniform
// at 1,000,000: median frame 12.7 -> 10.3 ms; 48 and 96 did as well; 100,000 unchanged).
constexpr std::size_t box_prefetch_distance = 64;

inline void prefetch_boxes(BoxPair candidate, const float* boxes) {
    __builtin_prefetch(boxes + 4 * std::size_t{candidate.first});
    __builtin_prefetch(boxes + 4 * std::size_t{candidate.second});
}

// Fetches the boxes of the candidate box_prefetch_distance after `index` (when it is before
// `end`), and its escape flags when it is also before `flags_end`: the test of the candidates
// made before this frame's queries reads those too, one byte per id, as scattered as the boxes
// and a megabyte at 1,000,000 boxes, beyond the L2 cache (aabb-bench at 1,000,000 boxes, 120
// frames, interleaved pairs: uniform mean 8.8-9.4 -> 8.4-8.6 ms, static 12.2-12.6 -> 11.8-12.0;
// 100,000 unchanged).
inline void prefetch_ahead(const BoxPair* candidates, std::size_t index, std::size_t end,
                           std::size_t flags_end, const float* boxes, const std::uint8_t* escaped) {
    const std::size_t later = index + box_prefetch_distance;
    if (later >= end) return;
    const BoxPair ahead = candidates[later];
    prefetch_boxes(ahead, boxes);
    if (later < flags_end) {
        __builtin_prefetch(escaped + ahead.first);
        __builtin_prefetch(escaped + ahead.second);
    }
}

// Branch-free: every candidate is written, and the cursor advances only for a pair (about
// half of the candidates are pairs, so a branch would mispredict often). Candidates made
// before this frame's queries first lose those of the boxes that escaped.
template <bool Open>
std::size_t test_marking(BoxPair* candidates, std::size_t begin, std::size_t end,
                         std::size_t fresh_from, const float* boxes, const std::uint8_t* escaped,
                         bool fetch_ahead, BoxPair* target, std::size_t& marked) {
    std::size_t count = 0;
    for (std::size_t index = begin; index < end; ++index) {
        if (fetch_ahead) prefetch_ahead(candidates, index, end, fresh_from, boxes, escaped);
        BoxPair candidate = candidates[index];
        if (index < fresh_from && (escaped[candidate.first] | escaped[candidate.second]) != 0) {
            candidate = BoxPair{0, 0};
            candidates[index] = candidate;
            ++marked;
        }
        const bool overlap = boxes_overlap<Open>(boxes + 4 * std::size_t{candidate.first},
                                                 boxes + 4 * std::size_t{candidate.second});
        target[count] = candidate;
        // (0, 0) is a dropped candidate, not a pair.
        count += (overlap & (candidate.first != candidate.second)) ? 1 : 0;
    }
    return count;
}

// The exact test of candidates[begin, end) for test_and_compact: pairs go to `target`, the
// candidates that stay are moved down to `kept`. With Escapes, the candidates of escaped boxes
// go; with Marks, the (0, 0) marks of dropped candidates too. Both tests are bitwise, not
// branches: which candidates go follows no pattern.
template <bool Open, bool Escapes, bool Marks>
void test_compacting(BoxPair* candidates, std::size_t begin, std::size_t end, const float* boxes,
                     const std::uint8_t* escaped, bool fetch_ahead, BoxPair* target,
                     std::size_t& count, std::size_t& kept) {
    for (std::size_t index = begin; index < end; ++index) {
        if (fetch_ahead) prefetch_ahead(candidates, index, end, Escapes ? end : 0, boxes, escaped);
        const BoxPair candidate = candidates[index];
        unsigned gone = 0;
        if constexpr (Escapes) gone |= (escaped[candidate.first] | escaped[candidate.second]);
        if constexpr (Marks) gone |= static_cast<unsigned>(candidate.first == candidate.second);
        candidates[kept] = candidate;
        kept += gone ^ 1u;
        const bool overlap = boxes_overlap<Open>(boxes + 4 * std::size_t{candidate.first},
                                                 boxes + 4 * std::size_t{candidate.second});
        target[count] = candidate;
        count += static_cast<unsigned>(overlap) & (gone ^ 1u);
    }
}

// Only the candidates made before this frame's queries can belong to escaped boxes.
template <bool Open>
void test_all_compacting(BoxPair* candidates, std::size_t fresh_from, std::size_t total, bool marks,
                         const float* boxes, const std::uint8_t* escaped, bool fetch_ahead,
                         BoxPair* target, std::size_t& count, std::size_t& kept) {
    if (marks) {
        test_compacting<Open, true, true>(candidates, 0, fresh_from, boxes, escaped, fetch_ahead,
                                          target, count, kept);
        test_compacting<Open, false, true>(candidates, fresh_from, total, boxes, escaped,
                                           fetch_ahead, target, count, kept);
    } else {
        test_compacting<Open, true, false>(candidates, 0, fresh_from, boxes, escaped, fetch_ahead,
                                           target, count, kept);
        test_compacting<Open, false, false>(candidates, fresh_from, total, boxes, escaped,
                                            fetch_ahead, target, count, kept);
    }
}

}  // namespace

void CandidateCache::clear() {
    candidates.clear();
    fresh_from = 0;
    dropped = 0;
    settled.clear();
    settled_dirty = false;
}

// A box too fast for a margin has none either, but it changes every frame: its pairs as
// settled ones would make every frame sift through all settled pairs, so only pairs of two
// still boxes settle.
void CandidateCache::settle_or_keep(const BoxPair* found, std::size_t count, bool found_exact,
                                    const std::uint8_t* still, const Box2* boxes, bool open) {
    for (std::size_t index = 0; index < count; ++index) {
        const BoxPair pair = found[index];
        if (still[pair.first] & still[pair.second]) {
            const Box2& a = boxes[pair.first];
            const Box2& b = boxes[pair.second];
            if (found_exact || (open ? overlaps_open(a, b) : overlaps_closed(a, b)))
                settled.push_back(pair);
        } else {
            candidates.push_back(pair);
        }
    }
}

void CandidateCache::drop_settled_of(const std::uint8_t* escaped) {
    std::size_t kept = 0;
    for (const BoxPair pair : settled) {
        settled[kept] = pair;
        kept += (escaped[pair.first] | escaped[pair.second]) ? 0 : 1;
    }
    settled.resize(kept);
    settled_dirty = false;
}

void CandidateCache::test_range(bool open, std::size_t begin, std::size_t end, const float* boxes,
                                const std::uint8_t* escaped, bool fetch_ahead, PairBuffer& out,
                                std::size_t& marked) {
    out.reserve_more(end - begin);
    BoxPair* target = out.storage.data() + out.count;
    out.count += open ? test_marking<true>(candidates.data(), begin, end, fresh_from, boxes,
                                           escaped, fetch_ahead, target, marked)
                      : test_marking<false>(candidates.data(), begin, end, fresh_from, boxes,
                                            escaped, fetch_ahead, target, marked);
}

void CandidateCache::test_and_compact(bool open, const float* boxes, const std::uint8_t* escaped,
                                      bool fetch_ahead, PairBuffer& out) {
    const std::size_t total = candidates.size();
    out.reserve_more(total);
    BoxPair* target = out.storage.data() + out.count;
    std::size_t count = 0;
    std::size_t kept = 0;
    if (open) {
        test_all_compacting<true>(candidates.data(), fresh_from, total, dropped > 0, boxes, escaped,
                                  fetch_ahead, target, count, kept);
    } else {
        test_all_compacting<false>(candidates.data(), fresh_from, total, dropped > 0, boxes,
                                   escaped, fetch_ahead, target, count, kept);
    }
    out.count += count;
    candidates.resize(kept);
    dropped = 0;
}

void CandidateCache::compact() {
    std::size_t kept = 0;
    for (const BoxPair candidate : candidates) {
        candidates[kept] = candidate;
        kept += candidate.first != candidate.second ? 1 : 0;
    }
    candidates.resize(kept);
    dropped = 0;
}

}  // namespace aabb::banded
