#include "core/broadphase/banded/fat_boxes.hpp"

#include <algorithm>

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

void FatBoxes::start_sweep(float margin_frames) {
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
    const bool margins =
        margin_frames > 0.0f && (margin_pauses == 0 || margin_pauses % margin_retry_every == 0);
    sweep_margin_frames = margins ? margin_frames : 0.0f;
    if (margin_pauses > 0) ++margin_pauses;
    searches_since_full = 0;
}

void FatBoxes::count_margins() {
    margin_count =
        static_cast<std::size_t>(std::count(no_margin.begin(), no_margin.end(), std::uint8_t{0}));
}

std::size_t FatBoxes::memory_bytes() const {
    return (motion.capacity() + boxes.capacity()) * sizeof(Box2) + no_margin.capacity() +
           still.capacity();
}

}  // namespace aabb::banded
