// The margin policy of the full sweeps (FatBoxes::start_sweep): margins pause when a full sweep
// follows a sweep with margins at once, are tried again on the 8th, 16th, 32nd, 64th and 128th
// sweep of the pause and every 128th after while the tries fail, and come back at once (with
// retries from the 8th again) once they pay; while the motion predicts they cannot pay, only
// every 128th. And the gather's SIMD fattening against moved_ahead and fattened_box.
// And record_motion_and_make_exact against record_motion then make_exact, and against
// take_recorded_motion after the copy of a grid frame recorded the motion.

#include <doctest/doctest.h>

#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "core/broadphase/banded/fat_boxes.hpp"
#include "core/broadphase/banded/kernels/escape_scan.hpp"

namespace aabb::banded {

namespace {

// Starts a full sweep `searches` find_pairs calls after the last one (1: the very next frame)
// and returns whether it uses margins; the sweep fattens boxes when it does (as the gather
// would for moving boxes).
bool full_sweep_after(FatBoxes& fat, std::uint32_t searches) {
    fat.searches_since_full = searches;
    fat.start_sweep(16.0f, 4.0f);
    fat.sweep_fattened = fat.sweep_margin_frames > 0.0f;
    return fat.sweep_fattened;
}

// The sweeps (counted from 0) that used margins among `sweeps` full sweeps in a row.
std::vector<int> sweeps_with_margins(FatBoxes& fat, int sweeps) {
    std::vector<int> used;
    for (int sweep = 0; sweep < sweeps; ++sweep) {
        if (full_sweep_after(fat, 1)) used.push_back(sweep);
    }
    return used;
}

}  // namespace

TEST_CASE("margins that never pay are retried ever later, up to every 128th sweep") {
    FatBoxes fat;
    const std::vector<int> used = sweeps_with_margins(fat, 600);
    // The first sweep has margins; each retry after it fails too, so the gaps double.
    const std::vector<int> expected = {0, 8, 16, 32, 64, 128, 256, 384, 512};
    CHECK(used == expected);
    CHECK(fat.margin_retry_every == FatBoxes::most_sweeps_between_retries);
}

TEST_CASE("margins that pay again come back at once and are retried every 8th after") {
    FatBoxes fat;
    const std::vector<int> used = sweeps_with_margins(fat, 100);
    REQUIRE(used.back() == 64);
    REQUIRE(fat.margin_retry_every == 128);
    // Motion calms down: sweeps come several frames apart, so the margins held.
    int with_margins = 0;
    for (int sweep = 0; sweep < 5; ++sweep)
        with_margins += full_sweep_after(fat, 3) ? 1 : 0;
    // The first of these still runs without margins (the pause is still on when it starts);
    // the margins of the next retry hold, and from then on every sweep has them.
    CHECK(fat.margin_pauses == 0);
    CHECK(fat.margin_retry_every == FatBoxes::fewest_sweeps_between_retries);
    CHECK(with_margins >= 4);
    // Fast motion again: the first of these sweeps follows one with margins at once, so the
    // margins pause; the first retry is the eighth sweep of the pause, the next 8 later.
    const std::vector<int> again = sweeps_with_margins(fat, 20);
    CHECK(again == std::vector<int>{7, 15});
}

TEST_CASE("margins are predicted to pay unless too many boxes would leave them within two frames") {
    // 1000 unit boxes; `fast` of them move 3 per frame (more than half the widest margin of 4
    // sizes: no margin), `quick` 1.9 (room for 4 / (1.125 * 1.9) = 1.87 frames: gone by the
    // second), the rest 0.5 (room for 7 frames), and 100 more stand still.
    const auto predict = [](int fast, int quick) {
        FatBoxes fat;
        fat.grow(1100);
        std::vector<Box2> boxes(1100, Box2{{0.0f, 0.0f}, {1.0f, 1.0f}});
        std::vector<BoxId> ids;
        for (BoxId id = 0; id < 1100; ++id) {
            ids.push_back(id);
            const float step = id >= 1000                            ? 0.0f
                               : static_cast<int>(id) < fast         ? 3.0f
                               : static_cast<int>(id) < fast + quick ? 1.9f
                                                                     : 0.5f;
            fat.record_motion(id, Box2{{step, 0.0f}, {1.0f + step, 1.0f}}, boxes[id]);
        }
        fat.predict_margins(ids, boxes, 16.0f, 4.0f, 0.15f);
        return fat.margins_may_pay;
    };
    CHECK(predict(0, 0));
    CHECK(predict(100, 0));  // 10% leave: within the partial fraction
    CHECK(predict(70, 70));  // 14%
    CHECK_FALSE(predict(200, 0));
    CHECK_FALSE(predict(0, 200));
    CHECK_FALSE(predict(100, 100));
    CHECK_FALSE(predict(1000, 0));
    // Nothing moves: nothing to predict from, margins may pay.
    FatBoxes still;
    still.grow(10);
    const std::vector<Box2> boxes(10, Box2{{0.0f, 0.0f}, {1.0f, 1.0f}});
    const std::vector<BoxId> ids = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    still.predict_margins(ids, boxes, 16.0f, 4.0f, 0.15f);
    CHECK(still.margins_may_pay);
}

TEST_CASE("margins predicted not to pay are retried only every 128th sweep") {
    FatBoxes fat;
    fat.margins_may_pay = false;
    const std::vector<int> used = sweeps_with_margins(fat, 400);
    // The first sweep still has them (nothing failed yet); the pause then lasts 128 sweeps.
    CHECK(used == std::vector<int>{0, 128, 256, 384});
}

TEST_CASE("no margins without margin frames") {
    FatBoxes fat;
    fat.searches_since_full = 5;
    fat.start_sweep(0.0f, 4.0f);
    CHECK(fat.sweep_margin_frames == 0.0f);
}

}  // namespace aabb::banded

namespace aabb::banded {

TEST_CASE("the widest margin halves while margins keep over 4 candidates per pair") {
    FatBoxes fat;
    fat.start_sweep(16.0f, 4.0f);
    CHECK(fat.sweep_max_margin_sizes == 4.0f);
    // A tumbling pile: 430,000 candidates kept for 44,000 pairs (aabb-bench physics_tumbler).
    fat.note_candidates(430000, 44000);
    fat.note_candidates(9000, 5000);  // the worst frame since the sweep counts
    fat.start_sweep(16.0f, 4.0f);
    CHECK(fat.margin_scale == 0.5f);
    CHECK(fat.sweep_max_margin_sizes == 2.0f);
    // Halved on every sweep after such frames, down to a sixteenth.
    for (int sweep = 0; sweep < 8; ++sweep) {
        fat.note_candidates(50, 10);
        fat.start_sweep(16.0f, 4.0f);
    }
    CHECK(fat.margin_scale == FatBoxes::smallest_margin_scale);
    CHECK(fat.sweep_max_margin_sizes == 4.0f / 16.0f);
    // Between 2 and 4 candidates per pair the scale stays; below 2 it doubles back to 1.
    fat.note_candidates(30, 10);
    fat.start_sweep(16.0f, 4.0f);
    CHECK(fat.margin_scale == FatBoxes::smallest_margin_scale);
    for (int sweep = 0; sweep < 5; ++sweep) {
        fat.note_candidates(18, 10);
        fat.start_sweep(16.0f, 4.0f);
    }
    CHECK(fat.margin_scale == 1.0f);
    CHECK(fat.sweep_max_margin_sizes == 4.0f);
    // A sweep with no frame noted since (a full sweep right after another) keeps the scale.
    fat.note_candidates(100, 10);
    fat.start_sweep(16.0f, 4.0f);
    fat.start_sweep(16.0f, 4.0f);
    CHECK(fat.margin_scale == 0.5f);
}

TEST_CASE("fattened_ahead_lanes gives moved_ahead then fattened_box, bit for bit") {
    std::mt19937 random(77);
    std::uniform_real_distribution<float> place(-50.0f, 50.0f);
    std::uniform_real_distribution<float> size(0.0f, 3.0f);
    std::uniform_real_distribution<float> step(-1.5f, 1.5f);
    std::uniform_int_distribution<int> kind(0, 9);
    const float huge = 3.0e38f;
    const float infinity = std::numeric_limits<float>::infinity();
    int margins = 0;
    int kept = 0;
    for (int trial = 0; trial < 20000; ++trial) {
        const glm::vec2 low{place(random), place(random)};
        Box2 box{low, low + glm::vec2{size(random), size(random)}};
        Box2 motion{{step(random), step(random)}, {step(random), step(random)}};
        switch (kind(random)) {
            case 0:
                motion = Box2{{0, 0}, {0, 0}};
                break;  // still
            case 1:
                motion.max = motion.min;
                break;  // translated
            case 2:
                motion.min.x = -0.0f;
                motion.max.y = 0.0f;
                break;  // signed zeros
            case 3:
                box = Box2{{huge, -huge}, {huge, huge}};
                break;  // margins overflow
            case 4:
                motion.max.x = infinity;
                break;  // an overflowed motion
            case 5:
                motion.max = motion.min - glm::vec2(2.0f);
                break;  // shrinking
            case 6:
                box.max = box.min;
                break;  // zero size
            default:
                break;
        }
        for (const float ahead : {0.0f, 1.0f, 7.0f}) {
            for (const float margin_frames : {0.0f, 16.0f}) {
                const Box2 from = ahead == 0.0f ? box : moved_ahead(box, motion, ahead);
                const Box2 expected = fattened_box(from, motion, margin_frames, 4.0f);
                __m128 from_lanes;
                const __m128 fat_lanes =
                    fattened_ahead_lanes(_mm_loadu_ps(reinterpret_cast<const float*>(&box)),
                                         _mm_loadu_ps(reinterpret_cast<const float*>(&motion)),
                                         ahead, margin_frames, 4.0f, from_lanes);
                Box2 fat;
                Box2 moved;
                _mm_storeu_ps(reinterpret_cast<float*>(&fat), fat_lanes);
                _mm_storeu_ps(reinterpret_cast<float*>(&moved), from_lanes);
                INFO("trial " << trial << " ahead " << ahead);
                REQUIRE(std::memcmp(&fat, &expected, sizeof(Box2)) == 0);
                REQUIRE(std::memcmp(&moved, &from, sizeof(Box2)) == 0);
                (got_margin(expected, from) ? margins : kept) += 1;
            }
        }
    }
    // Both outcomes were exercised.
    CHECK(margins > 1000);
    CHECK(kept > 1000);
}

}  // namespace aabb::banded

namespace aabb::banded {

TEST_CASE("record_motion_and_make_exact is record_motion for every box, then make_exact") {
    std::mt19937 random(61);
    std::uniform_real_distribution<float> coordinate(-50.0f, 50.0f);
    const std::size_t count = 333;
    std::vector<Box2> before(count);
    std::vector<Box2> now(count);
    for (std::size_t id = 0; id < count; ++id) {
        const glm::vec2 corner{coordinate(random), coordinate(random)};
        before[id] = {corner, corner + glm::vec2(1.0f, 2.0f)};
        // Every third box stands still but one, which moves its maximum x alone; the others
        // move.
        now[id] = id % 3 == 0 ? before[id]
                              : Box2{before[id].min + glm::vec2(0.5f, -0.25f),
                                     before[id].max + glm::vec2(0.5f, -0.25f)};
    }
    now[9].max.x += 1.0f;
    FatBoxes separate;
    FatBoxes fused;
    for (FatBoxes* fat : {&separate, &fused}) {
        fat->grow(count);
        // A margin on one box first: both must make it exact and recount.
        fat->boxes[5] = {before[5].min - glm::vec2(1.0f), before[5].max + glm::vec2(1.0f)};
        fat->no_margin[5] = 0;
        fat->margin_count = 1;
    }
    for (std::size_t id = 0; id < count; ++id)
        separate.record_motion(static_cast<BoxId>(id), now[id], before[id]);
    const std::size_t still_separate = separate.make_exact(now, {});
    const std::size_t still_fused =
        fused.record_motion_and_make_exact(now.data(), before.data(), 0, count);
    CHECK(still_fused == still_separate);
    CHECK(still_fused == (count + 2) / 3 - 1);
    CHECK(fused.margin_count == 0);
    CHECK(std::memcmp(fused.motion.data(), separate.motion.data(), count * sizeof(Box2)) == 0);
    CHECK(std::memcmp(fused.boxes.data(), now.data(), count * sizeof(Box2)) == 0);
    CHECK(fused.no_margin == separate.no_margin);
    CHECK(fused.still == separate.still);
}

TEST_CASE("take_recorded_motion after the copy recorded is record_motion_and_make_exact") {
    // A grid frame: every fat box is last frame's box, without margin. The copy records whole
    // blocks of 64 boxes (here 320 of 333); the rest are recorded by take_recorded_motion.
    if (!__builtin_cpu_supports("avx2")) return;
    std::mt19937 random(62);
    std::uniform_real_distribution<float> coordinate(-50.0f, 50.0f);
    const std::size_t count = 333;
    const std::size_t recorded = 64 * (count / 64);
    std::vector<Box2> before(count);
    std::vector<Box2> now(count);
    for (std::size_t id = 0; id < count; ++id) {
        const glm::vec2 corner{coordinate(random), coordinate(random)};
        before[id] = {corner, corner + glm::vec2(1.0f, 2.0f)};
        now[id] = id % 4 == 0 ? before[id]
                              : Box2{before[id].min + glm::vec2(0.5f, -0.25f),
                                     before[id].max + glm::vec2(0.5f, 0.75f)};
    }
    FatBoxes plain;
    FatBoxes taken;
    for (FatBoxes* fat : {&plain, &taken}) {
        fat->grow(count);
        std::copy(before.begin(), before.end(), fat->boxes.begin());
        // Motion from an older frame, and still flags that are all wrong now.
        std::fill(fat->motion.begin(), fat->motion.end(), Box2{glm::vec2(3.0f), glm::vec2(4.0f)});
        std::fill(fat->still.begin(), fat->still.end(), std::uint8_t{1});
    }
    const std::size_t still_plain =
        plain.record_motion_and_make_exact(now.data(), before.data(), 0, count);
    taken.recorded_motion.resize(count);
    std::vector<Box2> stored(count);
    std::vector<std::uint64_t> escaped(recorded / 64);
    std::vector<std::uint64_t> still_bits(recorded / 64);
    REQUIRE(copy_scan_and_record_blocks_avx2(
        reinterpret_cast<const float*>(now.data()), reinterpret_cast<float*>(stored.data()),
        reinterpret_cast<float*>(taken.boxes.data()),
        reinterpret_cast<float*>(taken.recorded_motion.data()), taken.no_margin.data(),
        escaped.data(), still_bits.data(), 0, recorded / 64));
    const std::size_t still_taken =
        taken.take_recorded_motion(now.data(), before.data(), recorded, count, still_bits.data());
    CHECK(still_taken == still_plain);
    CHECK(still_taken == (count + 3) / 4);
    CHECK(taken.margin_count == 0);
    CHECK(std::memcmp(taken.motion.data(), plain.motion.data(), count * sizeof(Box2)) == 0);
    CHECK(std::memcmp(taken.boxes.data(), now.data(), count * sizeof(Box2)) == 0);
    CHECK(taken.no_margin == plain.no_margin);
    CHECK(taken.still == plain.still);
}

}  // namespace aabb::banded
