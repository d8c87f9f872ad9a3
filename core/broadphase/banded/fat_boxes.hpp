#pragma once
// Fat boxes and margins: a box grown by the motion it made last frame, so it stays inside for
// a while and the pairs found for it can be kept (Box2D's fat leaves, Bullet's pair cache),
// and the policy that turns margins off while they do not pay.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include <immintrin.h>

#include "core/broadphase/box_validity_simd.hpp"
#include "core/broadphase/broad_phase.hpp"
#include "core/geometry/box.hpp"

namespace aabb::banded {

/// Whether a box whose last motion was `motion` (change of min and max corners) stood still.
inline bool is_still(const Box2& motion) {
    return motion.min == glm::vec2(0.0f) && motion.max == glm::vec2(0.0f);
}

/// is_still() of a motion held in an SSE register (min x, min y, max x, max y).
inline bool is_still_lanes(__m128 motion) {
    return _mm_movemask_ps(_mm_cmpeq_ps(motion, _mm_setzero_ps())) == 0xf;
}

/// Whether fattened_box() gave `box` the margin of `fat`: any side differs. (Testing the
/// minimum x alone, which the slack always widens near the origin, was wrong from 2^24 on: there
/// one float step is 2, the slack rounds away on x while the margin still widens another side,
/// and a fat box taken for an exact one made its candidates pass as pairs, reporting boxes 2
/// units apart; issue 48.)
inline bool got_margin(const Box2& fat, const Box2& box) {
    return fat.min.x != box.min.x || fat.min.y != box.min.y || fat.max.x != box.max.x ||
           fat.max.y != box.max.y;
}

/// got_margin() of boxes held in SSE registers (min x, min y, max x, max y).
inline bool got_margin_lanes(__m128 fat, __m128 box) {
    return _mm_movemask_ps(_mm_cmpneq_ps(fat, box)) != 0;
}

/// `box` moved on by its last motion `motion` repeated for `frames` frames: where it will be
/// if it keeps moving alike (the next sweep prepared over frames is made for then); `box`
/// itself when that is not a valid box (a shrinking box, or far from the origin).
inline Box2 moved_ahead(const Box2& box, const Box2& motion, float frames) {
    const Box2 moved{box.min + frames * motion.min, box.max + frames * motion.max};
    return moved.is_valid() ? moved : box;
}

/// `box` grown by its last motion repeated for `margin_frames` frames plus slack (see
/// BandedSortAndSweepOptions::margin_frames and max_margin_sizes); the box itself when it is
/// still, too fast, or the margin would round away. Always inlined: the gather calls it for
/// every box of a full sweep.
[[gnu::always_inline]] inline Box2 fattened_box(const Box2& box, const Box2& motion,
                                                float margin_frames, float max_margin_sizes) {
    const float moved = std::max(std::max(std::abs(motion.min.x), std::abs(motion.min.y)),
                                 std::max(std::abs(motion.max.x), std::abs(motion.max.y)));
    if (!(moved > 0.0f) || margin_frames == 0.0f) return box;
    const float size = 0.5f * ((box.max.x - box.min.x) + (box.max.y - box.min.y));
    const float widest = max_margin_sizes * size;
    if (!(2.0f * moved <= widest)) return box;
    // The margin repeats last frame's motion of each side (a box moving right grows to the
    // right), plus an eighth of it on every side for turns and wobbles, never beyond `widest`.
    // (A wider side margin held turning boxes longer but made more candidates than it saved
    // queries on every workload of aabb-bench.)
    constexpr float slack_fraction = 0.125f;
    const float frames = std::min(margin_frames, widest / ((1.0f + slack_fraction) * moved));
    const float slack = slack_fraction * frames * moved;
    Box2 fat;
    for (int axis = 0; axis < 2; ++axis) {
        fat.min[axis] = box.min[axis] + frames * std::min(0.0f, motion.min[axis]) - slack;
        fat.max[axis] = box.max[axis] + frames * std::max(0.0f, motion.max[axis]) + slack;
    }
    // Far from the origin a margin can round away or overflow: keep the exact box then.
    if (!fat.is_valid() || !contains(fat, box)) return box;
    return fat;
}

/// fattened_box(moved_ahead(box, motion, ahead), motion, margin_frames, max_margin_sizes) with
/// the box and motion in SSE registers (min x, min y, max x, max y): the same floats, bit for
/// bit (the same operations in the same order; std::min(0, v) is _mm_min_ps(v, 0)), but the
/// validity and containment checks are a few lane compares instead of a branch per
/// coordinate. The gather of a full sweep runs it for every box. `from` gets the box moved
/// ahead (what got_margin compares with).
[[gnu::always_inline]] inline __m128 fattened_ahead_lanes(__m128 box, __m128 motion, float ahead,
                                                          float margin_frames,
                                                          float max_margin_sizes, __m128& from) {
    const auto all_lanes = [](__m128 lanes) { return _mm_movemask_ps(lanes) == 0xf; };
    from = box;
    if (ahead != 0.0f) {
        const __m128 moved = _mm_add_ps(box, _mm_mul_ps(_mm_set1_ps(ahead), motion));
        if (all_lanes(valid_box_lanes(moved))) from = moved;
    }
    const __m128 magnitudes = _mm_and_ps(motion, _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff)));
    // max(max(|min x|, |min y|), max(|max x|, |max y|)), as fattened_box pairs them.
    const __m128 pair_max =
        _mm_max_ps(magnitudes, _mm_shuffle_ps(magnitudes, magnitudes, _MM_SHUFFLE(2, 3, 0, 1)));
    const __m128 upper_max = _mm_movehl_ps(pair_max, pair_max);
    const float moved = _mm_cvtss_f32(_mm_max_ss(upper_max, pair_max));
    if (!(moved > 0.0f) || margin_frames == 0.0f) return from;
    const __m128 extent = _mm_sub_ps(_mm_movehl_ps(from, from), from);  // width, height
    const float size =
        0.5f * (_mm_cvtss_f32(extent) +
                _mm_cvtss_f32(_mm_shuffle_ps(extent, extent, _MM_SHUFFLE(1, 1, 1, 1))));
    const float widest = max_margin_sizes * size;
    if (!(2.0f * moved <= widest)) return from;
    constexpr float slack_fraction = 0.125f;
    const float frames = std::min(margin_frames, widest / ((1.0f + slack_fraction) * moved));
    const float slack = slack_fraction * frames * moved;
    const __m128 zero = _mm_setzero_ps();
    const __m128 frames_lanes = _mm_set1_ps(frames);
    const __m128 slack_lanes = _mm_set1_ps(slack);
    const __m128 lower = _mm_sub_ps(
        _mm_add_ps(from, _mm_mul_ps(frames_lanes, _mm_min_ps(motion, zero))), slack_lanes);
    const __m128 upper = _mm_add_ps(
        _mm_add_ps(from, _mm_mul_ps(frames_lanes, _mm_max_ps(motion, zero))), slack_lanes);
    const __m128 fat = _mm_shuffle_ps(lower, upper, _MM_SHUFFLE(3, 2, 1, 0));
    // Inside: fat min <= box min (lanes 0, 1) and box max <= fat max (lanes 2, 3).
    const __m128 inside =
        _mm_shuffle_ps(_mm_cmple_ps(fat, from), _mm_cmple_ps(from, fat), _MM_SHUFFLE(3, 2, 1, 0));
    if (!all_lanes(_mm_and_ps(valid_box_lanes(fat), inside))) return from;
    return fat;
}

/// Per-id motion, fat boxes and margin flags, and the margin policy of the full sweeps.
struct FatBoxes {
    /// Per id: last change of min and max corners.
    std::vector<Box2> motion;
    /// Per id: the fat box candidates are kept for. Always a valid box (made from a checked
    /// box, or the zero box where none was made yet): a frame box equal to it bit for bit
    /// needs no check of its own.
    std::vector<Box2> boxes;
    /// Per id: 1 when its fat box is its box (no margin).
    std::vector<std::uint8_t> no_margin;
    /// Per id: 1 when it did not move when its fat box was made.
    std::vector<std::uint8_t> still;
    /// The motion the copy of a grid frame recorded (copy_scan_and_record_blocks_avx2), taken
    /// into `motion` by take_recorded_motion when that frame is a grid search again.
    std::vector<Box2> recorded_motion;
    /// Ids whose no_margin flag is 0.
    std::size_t margin_count = 0;

    /// The margin_frames the last full sweep used (0 while margins are paused).
    float sweep_margin_frames = 0.0f;
    /// The max_margin_sizes the last full sweep used: the option's, times margin_scale.
    float sweep_max_margin_sizes = 0.0f;
    /// Scales the widest margin (adapt_margin_scale): 1, or halved while margins make many
    /// more candidates than pairs.
    float margin_scale = 1.0f;
    /// The most kept candidates per pair of any frame since the last full sweep (note_candidates).
    float worst_candidates_per_pair = 0.0f;
    /// Above this many candidates per pair in a frame, the next sweep's widest margin is halved;
    /// below fewest_candidates_per_pair it doubles again, up to the option's. Measured on
    /// aabb-bench's 10,000-box workloads: the synthetic ones keep 1.0-1.9 candidates per pair,
    /// and so do the settled physics recordings (pyramid 1.3, rain 1.4); a pile tumbling in a
    /// container kept 7.8 (430,000 candidates for 44,000 pairs), an avalanche 6.0, where the
    /// exact test of the candidates was most of the frame.
    static constexpr float most_candidates_per_pair = 4.0f;
    static constexpr float fewest_candidates_per_pair = 2.0f;
    /// The smallest margin_scale.
    static constexpr float smallest_margin_scale = 1.0f / 16.0f;
    /// The last full sweep gave some box a margin.
    bool sweep_fattened = false;
    /// Full sweeps since margins last failed to pay off (0: they pay).
    std::uint32_t margin_pauses = 0;
    /// While paused, margins are tried again on every margin_retry_every-th full sweep.
    static constexpr std::uint32_t fewest_sweeps_between_retries = 8;
    /// Each retry that fails doubles the interval, up to this.
    static constexpr std::uint32_t most_sweeps_between_retries = 128;
    /// The interval of the retries now: 8 after margins paid, doubled by each failed retry.
    std::uint32_t margin_retry_every = fewest_sweeps_between_retries;
    /// Whether the motion of the last full sweep's boxes lets margins pay (predict_margins);
    /// while it does not, paused margins are tried only every most_sweeps_between_retries.
    bool margins_may_pay = true;
    /// find_pairs calls since the last full sweep.
    std::uint32_t searches_since_full = 0;

    /// Makes room for ids [0, count): new ids start still, without a margin, with the zero box
    /// as fat box. Inline: every add calls it.
    void grow(std::size_t count) {
        if (motion.size() < count) resize(count);
    }
    /// Starts id `id` afresh at `box`: still, no margin, its box as fat box.
    void reset(BoxId id, const Box2& box) {
        motion[id] = Box2{glm::vec2(0.0f), glm::vec2(0.0f)};
        boxes[id] = box;
        if (no_margin[id] == 0) --margin_count;
        no_margin[id] = 1;
        still[id] = 1;
    }
    /// Records the motion of `id` from `before` to `now`. Inline: before a full sweep it runs
    /// for every box.
    void record_motion(BoxId id, const Box2& now, const Box2& before) {
        static_assert(sizeof(Box2) == 4 * sizeof(float));
        _mm_storeu_ps(reinterpret_cast<float*>(motion.data() + std::size_t{id}),
                      _mm_sub_ps(_mm_loadu_ps(reinterpret_cast<const float*>(&now)),
                                 _mm_loadu_ps(reinterpret_cast<const float*>(&before))));
    }
    /// What a full search of exact boxes leaves: each id of `ids` (every id of `frame_boxes`
    /// when `ids` is empty) gets its box in `frame_boxes` as fat box, no margin and its still
    /// flag; margin_count is recounted. Returns how many of those boxes are still.
    std::size_t make_exact(std::span<const Box2> frame_boxes, std::span<const BoxId> ids);
    /// record_motion then make_exact for ids [first, end), in one pass: each box's motion from
    /// `before[id]` to `now[id]`, and `now[id]` as its exact fat box; margin_count is recounted.
    /// Returns how many of them are still.
    std::size_t record_motion_and_make_exact(const Box2* now, const Box2* before, std::size_t first,
                                             std::size_t end);
    /// What record_motion_and_make_exact(now, before, 0, count) leaves, when the copy already
    /// recorded ids [0, recorded) (their motion in recorded_motion, their fat boxes made, and
    /// still_bits, 64 ids a word, for the ones that did not move) and no id had a margin:
    /// recorded_motion becomes `motion`, and the ids past `recorded` are recorded here.
    /// Returns how many are still.
    std::size_t take_recorded_motion(const Box2* now, const Box2* before, std::size_t recorded,
                                     std::size_t count, const std::uint64_t* still_bits);
    /// Fetches what refit(id, boxes[id], ...) reads and writes into the cache.
    void prefetch(BoxId id, std::span<const Box2> frame_boxes) const {
        __builtin_prefetch(motion.data() + id);
        __builtin_prefetch(boxes.data() + id);
        __builtin_prefetch(no_margin.data() + id);
        __builtin_prefetch(still.data() + id);
        __builtin_prefetch(frame_boxes.data() + id);
    }
    /// Gives `id`, now at `box`, a fat box for its recorded motion under the last full sweep's
    /// margins, updating its flags and margin_count.
    void refit(BoxId id, const Box2& box, float max_margin_sizes);
    /// Chooses the margins of the full sweep about to run (`margin_frames` from the options):
    /// when a full sweep follows the last one at once (most boxes outran their margins in one
    /// frame: fast or chaotic motion), the next sweeps use exact boxes, and margins are tried
    /// again on the 8th sweep of the pause, then (while each try fails) on the 16th, 32nd,
    /// 64th and 128th and every 128th after.
    void start_sweep(float margin_frames, float max_margin_sizes);
    /// Notes a frame's kept `candidates` and the `pairs` they held.
    void note_candidates(std::size_t candidates, std::size_t pairs) {
        const float ratio =
            static_cast<float>(candidates) / static_cast<float>(std::max<std::size_t>(pairs, 1));
        worst_candidates_per_pair = std::max(worst_candidates_per_pair, ratio);
    }
    /// Halves margin_scale when a frame since the last full sweep kept more than
    /// most_candidates_per_pair candidates per pair, doubles it when every frame kept fewer
    /// than fewest_candidates_per_pair, and sets sweep_max_margin_sizes from `max_margin_sizes`.
    void adapt_margin_scale(float max_margin_sizes);
    /// Sets margins_may_pay from the recorded motion of a sample of `ids` at `boxes` (per id):
    /// false when more than `partial_fraction` of the moving boxes would leave the fat boxes
    /// fattened_box() gives them within two frames (the next full sweep would come at once).
    void predict_margins(std::span<const BoxId> ids, std::span<const Box2> boxes,
                         float margin_frames, float max_margin_sizes, float partial_fraction);
    /// Recounts margin_count from the flags.
    void count_margins();
    /// Bytes reserved.
    [[nodiscard]] std::size_t memory_bytes() const;

  private:
    void resize(std::size_t count);
    // record_motion_and_make_exact without the recount of margin_count.
    std::size_t record_and_make_exact(const Box2* now, const Box2* before, std::size_t first,
                                      std::size_t end);
};

}  // namespace aabb::banded
