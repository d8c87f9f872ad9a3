// The engine's widest margin adapts to the candidates it keeps (FatBoxes::adapt_margin_scale):
// on a pile whose boxes jitter a tenth of their size a frame in every direction, as in a
// tumbling container of a physics engine, margins of 16 frames of motion keep many times more
// candidates than pairs, so the scale falls; on slow steady motion (aabb-bench's synthetic
// workloads keep 1.0-1.9 candidates per pair) it stays at 1. Every frame gives brute force's
// pairs.

#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "core/broadphase/banded/banded_sort_and_sweep.hpp"
#include "core/broadphase/brute_force.hpp"
#include "tests/support/broad_phase_checks.hpp"

namespace aabb {
namespace {

// `count` unit boxes in a square `side` wide; each frame every box moves by `step` in a
// direction drawn afresh (`jitter`) or kept from the start (steady), staying in the square.
float smallest_scale(bool jitter, std::size_t count, float side, float step) {
    std::mt19937 random(52);
    std::uniform_real_distribution<float> place(0.0f, side - 1.0f);
    std::uniform_real_distribution<float> turn(-1.0f, 1.0f);
    std::vector<glm::vec2> low(count);
    std::vector<glm::vec2> heading(count);
    for (std::size_t i = 0; i < count; ++i) {
        low[i] = {place(random), place(random)};
        heading[i] = glm::normalize(glm::vec2{turn(random), turn(random)} + glm::vec2{1e-3f});
    }
    BandedSortAndSweepOptions options;
    options.threads = 1;
    BandedSortAndSweep tested(TouchingPolicy::closed(), options);
    BruteForce reference(TouchingPolicy::closed());
    std::vector<Box2> boxes(count);
    float smallest = 1.0f;
    for (int frame = 0; frame < 80; ++frame) {
        for (std::size_t i = 0; i < count; ++i) {
            if (frame > 0) {
                const glm::vec2 way =
                    jitter ? glm::normalize(glm::vec2{turn(random), turn(random)} + 1e-3f)
                           : heading[i];
                low[i] = glm::clamp(low[i] + step * way, glm::vec2(0.0f), glm::vec2(side - 1.0f));
            }
            boxes[i] = Box2{low[i], low[i] + glm::vec2(1.0f)};
        }
        testing::check_same_frame(
            tested, reference, boxes,
            (jitter ? "jitter, frame " : "steady, frame ") + std::to_string(frame));
        smallest = std::min(smallest, tested.margin_scale());
    }
    return smallest;
}

TEST_CASE("margins shrink on a jittering pile and stay whole on steady motion") {
    // 3,000 boxes at about 1.2 per unit square: every box overlaps a few; each moves a tenth
    // of its size a frame.
    CHECK(smallest_scale(true, 3000, 50.0f, 0.1f) < 1.0f);
    // The same boxes moving steadily a fiftieth of their size a frame keep few candidates.
    CHECK(smallest_scale(false, 3000, 50.0f, 0.02f) == 1.0f);
}

}  // namespace
}  // namespace aabb
