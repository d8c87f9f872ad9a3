// Every broad phase returns exactly brute force's pairs at any coordinate magnitude, across
// frames: boxes on consecutive floats around 2^20 ... 1e30 (where one float step is 0.125 ...
// 7.6e22 and sizes, gaps and motion are a few steps), touching rows moved by one step, ties,
// a binade boundary crossed by the coordinates, and a box that spans the whole world. The banded
// engine is run with options that force each of its paths (partial, prepared, one band, strips,
// exact grid, two threads) on these small sets. Issue 48: from 2^24 the banded engine took a fat
// box whose x slack had rounded away for an exact one and reported boxes 2 units apart.

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "core/broadphase/broad_phase_factory.hpp"
#include "core/broadphase/brute_force.hpp"
#include "tests/support/broad_phase_checks.hpp"

namespace aabb {
namespace {

/// Consecutive floats around `center`: floats[k] is `center` stepped k - steps_below floats
/// (toward -inf for negative k), so the table crosses a binade boundary when `center` is a
/// power of two.
struct FloatLadder {
    static constexpr int steps_below = 24;
    static constexpr int size = 96;
    std::vector<float> floats;
    explicit FloatLadder(float center) {
        float value = center;
        for (int step = 0; step < steps_below; ++step)
            value = std::nextafter(value, -std::numeric_limits<float>::infinity());
        for (int k = 0; k < size; ++k) {
            floats.push_back(value);
            value = std::nextafter(value, std::numeric_limits<float>::infinity());
        }
    }
    [[nodiscard]] float at(int k) const {
        return floats[static_cast<std::size_t>(std::clamp(k, 0, size - 1))];
    }
};

/// One box as rungs of the two ladders (x and y): low corner and size in float steps.
struct RungBox {
    int x, y, w, h;
};

Box2 to_box(const RungBox& rung, const FloatLadder& x, const FloatLadder& y) {
    return {{x.at(rung.x), y.at(rung.y)}, {x.at(rung.x + rung.w), y.at(rung.y + rung.h)}};
}

/// The magnitudes the test runs at, both signs: where one float step is 0.125, 1, 2, 3 (not a
/// power of two), 128, about 8.8e12 and about 7.6e22.
const float magnitudes[] = {0.0f,          1048576.0f, 8388608.0f, 16777216.0f,  25165824.0f,
                            1073741824.0f, 1e20f,      1e30f,      -16777216.0f, -1e30f};

/// Algorithm runs: every registered broad phase at its defaults, and the banded engine with
/// options that make its rarer paths run on a few hundred boxes.
struct Run {
    std::string name;
    BroadPhaseParameterValues options;
    std::string label;
};

std::vector<Run> runs() {
    std::vector<Run> all;
    for (const std::string& name : broad_phase_names())
        all.push_back({name, {}, name});
    const std::string banded = "banded_sort_and_sweep";
    all.push_back({banded, {{"threads", 2.0}}, banded + " 2 threads"});
    all.push_back({banded,
                   {{"prepared_min_boxes", 0.0}, {"prepared_frames", 8.0}, {"margin_frames", 16.0}},
                   banded + " prepared"});
    all.push_back(
        {banded, {{"one_band_min_boxes", 0.0}, {"max_bands", 1.0}}, banded + " one band"});
    all.push_back(
        {banded, {{"strip_min_boxes", 0.0}, {"partial_fraction", 1.0}}, banded + " strips"});
    all.push_back({banded, {{"margin_frames", 0.0}, {"exact_grid", 1.0}}, banded + " exact grid"});
    all.push_back({banded,
                   {{"margin_frames", 1000.0}, {"max_margin_sizes", 1000.0}},
                   banded + " wide margins"});
    return all;
}

/// A frame's worth of boxes: touching rows along x (the reproducer's shape), random boxes with
/// ties (several boxes on the same rungs), boxes of size zero, and one box spanning everything.
std::vector<RungBox> first_frame(std::mt19937& random) {
    std::vector<RungBox> boxes;
    // Rows of boxes one and two steps wide, each touching the next: a margin of a step or two
    // makes a box reach the one after next.
    for (int row = 0; row < 4; ++row) {
        const int width = 1 + row % 2;
        for (int i = 0; i < 12; ++i)
            boxes.push_back({8 + width * i, 20 + 6 * row, width, width});
    }
    std::uniform_int_distribution<int> rung(0, FloatLadder::size - 8);
    std::uniform_int_distribution<int> size(0, 5);
    for (int i = 0; i < 150; ++i) {
        const RungBox box{rung(random), rung(random), size(random), size(random)};
        boxes.push_back(box);
        if (i % 10 == 0) boxes.push_back(box);  // a tie
    }
    return boxes;
}

/// Moves the boxes for frame `frame`: in runs of frames, every box by one step right (the
/// reproducer: coherent motion, so fat boxes get margins from it), every box by -2..2 steps, a
/// few boxes only, nothing, a teleport of some, every box one step up.
void move(std::vector<RungBox>& boxes, int frame, std::mt19937& random) {
    std::uniform_int_distribution<int> small(-2, 2);
    std::uniform_int_distribution<int> anywhere(0, FloatLadder::size - 8);
    std::bernoulli_distribution few(0.05);
    const auto keep_inside = [](RungBox& box) {
        box.x = std::clamp(box.x, 0, FloatLadder::size - 1 - box.w);
        box.y = std::clamp(box.y, 0, FloatLadder::size - 1 - box.h);
    };
    const int phase = frame % 16;
    for (RungBox& box : boxes) {
        if (phase < 5) {
            box.x += 1;
        } else if (phase < 8) {
            box.x += small(random);
            box.y += small(random);
        } else if (phase < 10) {
            if (few(random)) box.x += small(random);
        } else if (phase == 10) {
            // nothing moves
        } else if (phase == 11) {
            if (few(random)) box = {anywhere(random), anywhere(random), box.w, box.h};
        } else {
            box.y += 1;
        }
        keep_inside(box);
    }
}

std::vector<Box2> boxes_at(const std::vector<RungBox>& rungs, const FloatLadder& x,
                           const FloatLadder& y, float magnitude) {
    std::vector<Box2> boxes;
    for (const RungBox& rung : rungs)
        boxes.push_back(to_box(rung, x, y));
    // One box spanning the world from far out on both sides (it overlaps everything).
    const float span = std::max(1.0f, 2.0f * std::abs(magnitude));
    boxes.push_back({{-span, -span}, {span, span}});
    return boxes;
}

}  // namespace

TEST_CASE("every broad phase matches brute force at every magnitude, frame after frame") {
    const TouchingPolicy policies[] = {TouchingPolicy::closed(), TouchingPolicy::open(),
                                       TouchingPolicy::tolerance(1e-6f)};
    const char* policy_names[] = {"closed", "open", "tolerance"};
    for (const Run& run : runs()) {
        for (int p = 0; p < 3; ++p) {
            for (const float magnitude : magnitudes) {
                // y far out too, or near the origin (the reproducer: a margin that rounds away
                // on x but not on y).
                for (const float y_center : {0.5f * magnitude, 1.0f}) {
                    const FloatLadder x(magnitude);
                    const FloatLadder y(y_center);
                    std::mt19937 random(48);
                    auto tested = make_broad_phase(run.name, policies[p], run.options);
                    BruteForce reference(policies[p]);
                    std::vector<RungBox> rungs = first_frame(random);
                    for (int frame = 0; frame < 32; ++frame) {
                        if (frame > 0) move(rungs, frame, random);
                        const std::vector<Box2> boxes = boxes_at(rungs, x, y, magnitude);
                        testing::check_same_frame(*tested, reference, boxes,
                                                  run.label + " / " + policy_names[p] + " / at " +
                                                      std::to_string(magnitude) + ", y " +
                                                      std::to_string(y_center) + " / frame " +
                                                      std::to_string(frame));
                    }
                }
            }
        }
    }
}

TEST_CASE("every broad phase matches brute force at every magnitude through update and remove") {
    for (const Run& run : runs()) {
        for (const float magnitude : magnitudes) {
            const FloatLadder x(magnitude);
            const FloatLadder y(-magnitude);
            std::mt19937 random(2448);
            auto tested = make_broad_phase(run.name, TouchingPolicy::closed(), run.options);
            BruteForce reference(TouchingPolicy::closed());
            std::vector<RungBox> rungs = first_frame(random);
            std::vector<bool> present(rungs.size(), true);
            for (std::size_t i = 0; i < rungs.size(); ++i) {
                tested->add(static_cast<BoxId>(i), to_box(rungs[i], x, y));
                reference.add(static_cast<BoxId>(i), to_box(rungs[i], x, y));
            }
            std::bernoulli_distribution toggle(0.03);
            for (int frame = 1; frame < 32; ++frame) {
                move(rungs, frame, random);
                for (std::size_t i = 0; i < rungs.size(); ++i) {
                    const auto id = static_cast<BoxId>(i);
                    const Box2 box = to_box(rungs[i], x, y);
                    if (toggle(random)) {
                        if (present[i]) {
                            tested->remove(id);
                            reference.remove(id);
                        } else {
                            tested->add(id, box);
                            reference.add(id, box);
                        }
                        present[i] = !present[i];
                    } else if (present[i]) {
                        tested->update(id, box);
                        reference.update(id, box);
                    }
                }
                INFO(run.label << " at " << magnitude << " frame " << frame);
                CHECK(testing::sorted_pairs_of(*tested) == testing::sorted_pairs_of(reference));
            }
        }
    }
}

TEST_CASE("banded sort-and-sweep: three touching boxes at 2^24 moved by one float step") {
    // The reproducer: boxes [x, x+2] at x = 2^24, 2^24 + 2, 2^24 + 4 touch in a row; all
    // move by one float step (2). The outer two are 2 units apart and must not be a pair.
    for (const int threads : {1, 2}) {
        auto tested = make_broad_phase("banded_sort_and_sweep", TouchingPolicy::closed(),
                                       {{"threads", static_cast<double>(threads)}});
        for (int frame = 0; frame < 4; ++frame) {
            std::vector<Box2> boxes;
            for (int i = 0; i < 3; ++i) {
                const float low = 16777216.0f + 2.0f * static_cast<float>(i + frame);
                boxes.push_back({{low, 0.0f}, {low + 2.0f, 2.0f}});
            }
            tested->set_all(boxes);
            INFO("threads " << threads << " frame " << frame);
            CHECK(testing::sorted_pairs_of(*tested) == std::vector<BoxPair>{{0, 1}, {1, 2}});
        }
    }
}

}  // namespace aabb
