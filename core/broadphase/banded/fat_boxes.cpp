#include "core/broadphase/banded/fat_boxes.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

namespace aabb::banded {

void FatBoxes::resize(std::size_t count) {
    motion.resize(count);
    boxes.resize(count);
    no_margin.resize(count, 1);
    still.resize(count, 1);
}

void FatBoxes::refit(BoxId id, const Box2& box, float max_margin_sizes) {
    const Box2 fat = fattened_box(box, motion[id], sweep_margin_frames, max_margin_sizes);
    boxes[id] = fat;
    const std::uint8_t margin_now = got_margin(fat, box) ? 1 : 0;
    margin_count = margin_count + margin_now - (1u - no_margin[id]);
    no_margin[id] = static_cast<std::uint8_t>(1u - margin_now);
    still[id] = is_still(motion[id]) ? 1 : 0;
}

std::size_t FatBoxes::make_exact(std::span<const Box2> frame_boxes, std::span<const BoxId> ids) {
    static_assert(sizeof(Box2) == 4 * sizeof(float));
    // Plain pointers and a branch-free still flag: through the vectors' members the compiler
    // reloaded them after every byte written, and a branch on the still test mispredicts as
    // often as boxes stop (aabb-bench bullets at 10,000: this loop was 3.5% of a run).
    Box2* fat = boxes.data();
    std::uint8_t* exact = no_margin.data();
    std::uint8_t* still_now = still.data();
    const float* moved = reinterpret_cast<const float*>(motion.data());
    std::size_t still_count = 0;
    const auto make = [&](std::size_t id) {
        fat[id] = frame_boxes[id];
        exact[id] = 1;
        const std::uint8_t is = is_still_lanes(_mm_loadu_ps(moved + 4 * id)) ? 1 : 0;
        still_now[id] = is;
        still_count += is;
    };
    if (ids.empty()) {
        for (std::size_t id = 0; id < frame_boxes.size(); ++id)
            make(id);
    } else {
        for (const BoxId id : ids)
            make(id);
    }
    count_margins();
    return still_count;
}

std::size_t FatBoxes::record_motion_and_make_exact(const Box2* now, const Box2* before,
                                                   std::size_t first, std::size_t end) {
    const std::size_t still_count = record_and_make_exact(now, before, first, end);
    count_margins();
    return still_count;
}

std::size_t FatBoxes::record_and_make_exact(const Box2* now, const Box2* before, std::size_t first,
                                            std::size_t end) {
    const float* now_floats = reinterpret_cast<const float*>(now);
    const float* before_floats = reinterpret_cast<const float*>(before);
    float* moved = reinterpret_cast<float*>(motion.data());
    float* fat = reinterpret_cast<float*>(boxes.data());
    std::uint8_t* exact = no_margin.data();
    std::uint8_t* still_now = still.data();
    std::size_t still_count = 0;
    for (std::size_t id = first; id < end; ++id) {
        const __m128 box = _mm_loadu_ps(now_floats + 4 * id);
        const __m128 motion_now = _mm_sub_ps(box, _mm_loadu_ps(before_floats + 4 * id));
        _mm_storeu_ps(moved + 4 * id, motion_now);
        _mm_storeu_ps(fat + 4 * id, box);
        exact[id] = 1;
        const std::uint8_t is = is_still_lanes(motion_now) ? 1 : 0;
        still_now[id] = is;
        still_count += is;
    }
    return still_count;
}

std::size_t FatBoxes::take_recorded_motion(const Box2* now, const Box2* before,
                                           std::size_t recorded, std::size_t count,
                                           const std::uint64_t* still_bits) {
    motion.swap(recorded_motion);
    std::uint8_t* still_now = still.data();
    std::size_t still_count = 0;
    // Eight flags at a time: each byte of bits spread to eight bytes of 0 or 1.
    static constexpr std::array<std::uint64_t, 256> flag_bytes = [] {
        std::array<std::uint64_t, 256> table{};
        for (unsigned bits = 0; bits < 256; ++bits) {
            for (unsigned bit = 0; bit < 8; ++bit)
                table[bits] |= std::uint64_t{(bits >> bit) & 1u} << (8 * bit);
        }
        return table;
    }();
    for (std::size_t block = 0; block < recorded / 64; ++block) {
        const std::uint64_t bits = still_bits[block];
        still_count += static_cast<std::size_t>(std::popcount(bits));
        for (std::size_t part = 0; part < 8; ++part) {
            const std::uint64_t flags = flag_bytes[(bits >> (8 * part)) & 0xffu];
            std::memcpy(still_now + 64 * block + 8 * part, &flags, sizeof flags);
        }
    }
    // No id had a margin, so every no-margin flag is 1 already and margin_count stays 0 (no
    // recount: a pass over every flag).
    return still_count + record_and_make_exact(now, before, recorded, count);
}

void FatBoxes::adapt_margin_scale(float max_margin_sizes) {
    if (worst_candidates_per_pair > most_candidates_per_pair) {
        margin_scale = std::max(0.5f * margin_scale, smallest_margin_scale);
    } else if (worst_candidates_per_pair > 0.0f &&
               worst_candidates_per_pair < fewest_candidates_per_pair) {
        margin_scale = std::min(2.0f * margin_scale, 1.0f);
    }
    worst_candidates_per_pair = 0.0f;
    sweep_max_margin_sizes = max_margin_sizes * margin_scale;
}

void FatBoxes::start_sweep(float margin_frames, float max_margin_sizes) {
    adapt_margin_scale(max_margin_sizes);
    if (searches_since_full <= 1 && sweep_fattened) {
        // A sweep with margins, and a full sweep again at once: the margins did not pay. When
        // that sweep was already a retry, the next comes twice as late: on boxes that keep
        // outrunning margins each retry cost twice a plain sweep (more candidates, each tested)
        // and every eighth frame was such a spike (100,000 boxes of the window's random scene:
        // 9.5-10.8 ms against a median of 4.9).
        if (margin_pauses > 0)
            margin_retry_every = std::min(2 * margin_retry_every, most_sweeps_between_retries);
        margin_pauses = std::max<std::uint32_t>(margin_pauses, 1);
    } else if (searches_since_full > 2) {
        margin_pauses = 0;
        margin_retry_every = fewest_sweeps_between_retries;
    }
    const std::uint32_t retry_every =
        margins_may_pay ? margin_retry_every : most_sweeps_between_retries;
    const bool margins =
        margin_frames > 0.0f && (margin_pauses == 0 || margin_pauses % retry_every == 0);
    sweep_margin_frames = margins ? margin_frames : 0.0f;
    if (margin_pauses > 0) ++margin_pauses;
    searches_since_full = 0;
}

void FatBoxes::predict_margins(std::span<const BoxId> ids, std::span<const Box2> boxes,
                               float margin_frames, float max_margin_sizes,
                               float partial_fraction) {
    // Margins pay when at least two frames without a full sweep follow one (start_sweep), and
    // a full sweep comes once more than partial_fraction of the boxes left their fat boxes in
    // a frame. fattened_box() gives a box moving `moved` per frame room for
    // min(margin_frames, widest / (1.125 moved)) frames of it, and none when it moves more
    // than half the widest margin: boxes with room for fewer than two frames leave by the
    // second. A sample of at most 1024 boxes is a few per cent off; a wrong "may pay" costs
    // one retry, a wrong "cannot" only makes the retries rarer.
    margins_may_pay = true;
    constexpr std::size_t sample_size = 1024;
    const std::size_t stride = std::max<std::size_t>(1, ids.size() / sample_size);
    std::size_t moving = 0;
    std::size_t leaving = 0;
    for (std::size_t position = 0; position < ids.size(); position += stride) {
        const BoxId id = ids[position];
        if (id >= motion.size() || id >= boxes.size()) continue;
        const Box2& moved_by = motion[id];
        const float moved = std::max(std::max(std::abs(moved_by.min.x), std::abs(moved_by.min.y)),
                                     std::max(std::abs(moved_by.max.x), std::abs(moved_by.max.y)));
        if (!(moved > 0.0f)) continue;
        ++moving;
        const Box2& box = boxes[id];
        const float widest =
            max_margin_sizes * 0.5f * ((box.max.x - box.min.x) + (box.max.y - box.min.y));
        const bool has_room =
            2.0f * moved <= widest && std::min(margin_frames, widest / (1.125f * moved)) >= 2.0f;
        if (!has_room) ++leaving;
    }
    margins_may_pay = static_cast<double>(leaving) <=
                      static_cast<double>(partial_fraction) * static_cast<double>(moving);
}

void FatBoxes::count_margins() {
    margin_count =
        static_cast<std::size_t>(std::count(no_margin.begin(), no_margin.end(), std::uint8_t{0}));
}

std::size_t FatBoxes::memory_bytes() const {
    return (motion.capacity() + boxes.capacity() + recorded_motion.capacity()) * sizeof(Box2) +
           no_margin.capacity() + still.capacity();
}

}  // namespace aabb::banded
