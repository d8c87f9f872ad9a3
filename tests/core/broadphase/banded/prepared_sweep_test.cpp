// The banded sort-and-sweep's full sweep prepared over frames (prepared_sweep.hpp): the next
// structure is gathered, sorted, banded and swept a slice per frame while the last one answers,
// then replaces it. Every frame must still agree with brute force: through whole runs of moving
// boxes, and when boxes teleport, stop, start, shrink, turn back, appear or vanish at any step
// of a preparation, under the three touching rules and at one and two threads.

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/broadphase/banded/banded_sort_and_sweep.hpp"
#include "core/broadphase/banded/prepared_sweep.hpp"
#include "core/broadphase/brute_force.hpp"
#include "core/measure/workload.hpp"
#include "tests/support/broad_phase_checks.hpp"
#include "tests/support/drifting_boxes.hpp"

namespace aabb {
namespace {

using Path = BandedSortAndSweep::LastPath;

using testing::check_same_frame;

using testing::DriftingBoxes;

BandedSortAndSweepOptions prepared_options(int threads) {
    BandedSortAndSweepOptions options;
    options.threads = threads;
    options.parallel_threshold = 0;  // both threads share every step, however small
    options.prepared_min_boxes = 0;  // prepared at any size
    return options;
}

// What happens to the boxes in one frame of a preparation.
enum class Event { teleport, stop, start, shrink, turn_back, add, remove, clear };

const char* event_name(Event event) {
    switch (event) {
        case Event::teleport:
            return "teleport";
        case Event::stop:
            return "stop";
        case Event::start:
            return "start";
        case Event::shrink:
            return "shrink";
        case Event::turn_back:
            return "turn back";
        case Event::add:
            return "add";
        case Event::remove:
            return "remove";
        case Event::clear:
            return "clear";
    }
    return "?";
}

void apply(Event event, DriftingBoxes& scene, std::mt19937& random) {
    std::uniform_real_distribution<float> place(0.0f, scene.side - 2.0f);
    const std::size_t count = scene.boxes.size();
    switch (event) {
        case Event::teleport:
            for (std::size_t index = 0; index < count; index += 17) {
                const glm::vec2 corner{place(random), place(random)};
                scene.boxes[index] = {corner, corner + glm::vec2{1.0f, 1.0f}};
            }
            break;
        case Event::stop:
            for (std::size_t index = 0; index < count; index += 3)
                scene.velocities[index] = glm::vec2(0.0f);
            break;
        case Event::start:
            for (std::size_t index = 0; index < count; index += 3)
                scene.velocities[index] = glm::vec2{0.02f, -0.03f};
            break;
        case Event::shrink:
            for (std::size_t index = 0; index < count; index += 5) {
                Box2& box = scene.boxes[index];
                box.max = box.min + 0.5f * (box.max - box.min);
            }
            break;
        case Event::turn_back:
            for (glm::vec2& velocity : scene.velocities)
                velocity = -velocity;
            break;
        case Event::add: {
            const glm::vec2 corner{place(random), place(random)};
            scene.boxes.push_back({corner, corner + glm::vec2{1.0f, 1.0f}});
            scene.velocities.emplace_back(0.01f, 0.01f);
            break;
        }
        case Event::remove:
            scene.boxes.pop_back();
            scene.velocities.pop_back();
            break;
        case Event::clear:
            break;  // the engine is cleared and reloaded by the caller
    }
}

}  // namespace

TEST_CASE("PreparedSchedule gives every stage a step and ends with the reach and the switch") {
    for (int steps = 8; steps <= 64; ++steps) {
        const banded::PreparedSchedule schedule{steps};
        INFO("steps " << steps);
        CHECK(schedule.gather_steps() >= 1);
        CHECK(schedule.sort_steps() >= 1);
        CHECK(schedule.band_steps() >= 1);
        CHECK(schedule.sweep_steps() >= 1);
        CHECK(schedule.sort_step() == schedule.gather_steps());
        CHECK(schedule.spread_step() == schedule.band_step() + schedule.band_steps());
        CHECK(schedule.sweep_step() + schedule.sweep_steps() == schedule.reach_step());
        CHECK(schedule.last_step() == steps - 1);
        CHECK(schedule.reach_step() == steps - 3);
        CHECK(schedule.gather_steps() + schedule.sort_steps() + schedule.band_steps() +
                  schedule.sweep_steps() + 4 ==
              steps);
    }
    // Slices cover a range exactly once.
    CHECK(banded::PreparedSchedule::slice_begin(10, 0, 3) == 0);
    CHECK(banded::PreparedSchedule::slice_begin(10, 3, 3) == 10);
    // Gather slices cover it too, the first one half the size of the others.
    CHECK(banded::PreparedSchedule::gather_slice_begin(70, 0, 4) == 0);
    CHECK(banded::PreparedSchedule::gather_slice_begin(70, 1, 4) == 10);
    CHECK(banded::PreparedSchedule::gather_slice_begin(70, 2, 4) == 30);
    CHECK(banded::PreparedSchedule::gather_slice_begin(70, 3, 4) == 50);
    CHECK(banded::PreparedSchedule::gather_slice_begin(70, 4, 4) == 70);
    CHECK(banded::PreparedSchedule::gather_slice_begin(5, 1, 1) == 5);
}

TEST_CASE("banded sort-and-sweep prepares its full sweeps over frames and never sweeps at once") {
    // The benchmark's own scenes: after the first sweep with motion every full sweep is
    // prepared over frames, and each frame agrees with brute force.
    const WorkloadKind kinds[] = {WorkloadKind::uniform, WorkloadKind::clustered,
                                  WorkloadKind::mixed, WorkloadKind::line};
    for (const WorkloadKind kind : kinds) {
        for (const int threads : {1, 2}) {
            INFO(workload_name(kind) << ", threads " << threads);
            WorkloadOptions workload_options;
            workload_options.kind = kind;
            workload_options.box_count = 1000;
            workload_options.frame_count = 70;
            Workload workload(workload_options);
            BandedSortAndSweep tested(TouchingPolicy::closed(), prepared_options(threads));
            BruteForce reference;
            int full_after_start = 0;
            for (int frame = 0; frame < 70; ++frame) {
                if (frame > 0) workload.advance();
                check_same_frame(tested, reference, workload.boxes(),
                                 "frame " + std::to_string(frame));
                if (frame >= 2 && tested.last_path() == Path::full) ++full_after_start;
            }
            // 68 frames, a switch every 16: at least three prepared sweeps took over.
            CHECK(tested.prepared_switches() >= 3);
            CHECK(full_after_start == 0);
        }
    }
}

TEST_CASE("banded sort-and-sweep stays exact whatever happens during a prepared sweep") {
    // The preparation after the first full sweep with motion (frame 1) takes its step k at
    // frame 2 + k; the schedule of 16 steps: gather 0-3, sort 4-5, band fill 6-7, spread 8,
    // sweep 9-12, reach 13-14, switch 15.
    const Event events[] = {Event::teleport,  Event::stop, Event::start,  Event::shrink,
                            Event::turn_back, Event::add,  Event::remove, Event::clear};
    const int steps[] = {0, 3, 4, 6, 8, 9, 13, 15};
    for (const Event event : events) {
        for (const int step : steps) {
            for (const int threads : {1, 2}) {
                // Two threads at the steps where a stage hands over to the next.
                if (threads == 2 && step != 4 && step != 8 && step != 15) continue;
                INFO(event_name(event) << " at step " << step << ", threads " << threads);
                std::mt19937 random(static_cast<unsigned>(7 * step + 3));
                DriftingBoxes scene(random, 700, 50.0f, 0.06f);
                BandedSortAndSweep tested(TouchingPolicy::closed(), prepared_options(threads));
                BruteForce reference;
                bool preparing_before = false;
                // Through the switch that follows and the first steps of the next preparation.
                for (int frame = 0; frame < 2 + step + 24; ++frame) {
                    if (frame > 0) scene.step();
                    if (frame == 2 + step) {
                        preparing_before = tested.preparing();
                        apply(event, scene, random);
                        if (event == Event::clear) tested.clear();
                    }
                    check_same_frame(tested, reference, scene.boxes,
                                     "frame " + std::to_string(frame));
                    if (frame == 2 + step &&
                        (event == Event::add || event == Event::remove || event == Event::clear)) {
                        // What was prepared no longer fits the boxes: it was dropped.
                        CHECK_FALSE(tested.preparing());
                    }
                }
                CHECK(preparing_before);
            }
        }
    }
}

TEST_CASE("banded sort-and-sweep prepares under every touching rule and with per-box updates") {
    const TouchingPolicy policies[] = {TouchingPolicy::closed(), TouchingPolicy::open(),
                                       TouchingPolicy::tolerance(1e-3f)};
    for (const TouchingPolicy& policy : policies) {
        for (const bool per_box : {false, true}) {
            INFO("rule " << static_cast<int>(policy.rule)
                         << (per_box ? ", update()" : ", set_all"));
            std::mt19937 random(2027);
            DriftingBoxes scene(random, 1000, 50.0f, 0.05f);
            // Boxes that touch exactly: equal edges at integer coordinates.
            for (std::size_t index = 0; index + 1 < 200; index += 2) {
                const glm::vec2 corner{static_cast<float>(index % 40), 30.0f};
                scene.boxes[index] = {corner, corner + glm::vec2{1.0f, 1.0f}};
                scene.boxes[index + 1] = {corner + glm::vec2{1.0f, 0.0f},
                                          corner + glm::vec2{2.0f, 1.0f}};
                scene.velocities[index] = scene.velocities[index + 1] = {0.0f, 0.01f};
            }
            BandedSortAndSweep tested(policy, prepared_options(1));
            BruteForce reference(policy);
            for (int frame = 0; frame < 60; ++frame) {
                if (frame > 0) scene.step();
                if (per_box && frame > 0) {
                    for (std::size_t index = 0; index < scene.boxes.size(); ++index)
                        tested.update(static_cast<BoxId>(index), scene.boxes[index]);
                    reference.set_all(scene.boxes);
                    const std::vector<BoxPair> expected = testing::sorted_pairs_of(reference);
                    CHECK(testing::sorted_pairs_of(tested) == expected);
                } else {
                    check_same_frame(tested, reference, scene.boxes,
                                     "frame " + std::to_string(frame));
                }
            }
            CHECK(tested.prepared_switches() >= 2);
        }
    }
}

TEST_CASE("a pair budget exceeded while a sweep is prepared fails that search alone") {
    std::mt19937 random(99);
    DriftingBoxes scene(random, 1500, 40.0f, 0.05f);
    BandedSortAndSweep tested(TouchingPolicy::closed(), prepared_options(1));
    BruteForce reference;
    for (int frame = 0; frame < 4; ++frame) {
        if (frame > 0) scene.step();
        check_same_frame(tested, reference, scene.boxes, "before the budget");
    }
    REQUIRE(tested.preparing());
    // Room for the pairs, not for the fat boxes' candidates a sweep keeps.
    ResourceBudget tight = tested.budget();
    tight.max_pairs = testing::sorted_pairs_of(reference).size() + 64;
    tested.set_budget(tight);
    int failures = 0;
    for (int frame = 0; frame < 20; ++frame) {
        scene.step();
        tested.set_all(scene.boxes);
        reference.set_all(scene.boxes);
        std::vector<BoxPair> pairs{{1, 2}};
        try {
            tested.find_pairs(pairs);
        } catch (const BudgetExceeded& error) {
            ++failures;
            CHECK(pairs.empty());
            CHECK(std::string(error.what()).find("max_pairs") != std::string::npos);
        }
    }
    CHECK(failures > 0);
    tested.set_budget(default_resource_budget);
    for (int frame = 0; frame < 40; ++frame) {
        scene.step();
        check_same_frame(tested, reference, scene.boxes, "after the budget");
    }
    CHECK(tested.prepared_switches() >= 1);
}

TEST_CASE("banded sort-and-sweep takes prepared_frames in [0, 64], below 8 as 8") {
    for (const int frames : {-1, 65}) {
        BandedSortAndSweepOptions options;
        options.prepared_frames = frames;
        CHECK_THROWS_WITH_AS(BandedSortAndSweep(TouchingPolicy::closed(), options),
                             doctest::Contains("prepared_frames"), std::invalid_argument);
    }
    for (const int frames : {1, 7}) {
        BandedSortAndSweepOptions options;
        options.prepared_frames = frames;
        CHECK(BandedSortAndSweep(TouchingPolicy::closed(), options).options().prepared_frames == 8);
    }
    BandedSortAndSweepOptions options;
    options.prepared_min_boxes = -1;
    CHECK_THROWS_WITH_AS(BandedSortAndSweep(TouchingPolicy::closed(), options),
                         doctest::Contains("prepared_min_boxes"), std::invalid_argument);
    // Off: full sweeps come back, and the answers stay exact.
    options = prepared_options(1);
    options.prepared_frames = 0;
    BandedSortAndSweep tested(TouchingPolicy::closed(), options);
    BruteForce reference;
    std::mt19937 random(5);
    DriftingBoxes scene(random, 1500, 60.0f, 0.05f);
    int full = 0;
    for (int frame = 0; frame < 60; ++frame) {
        if (frame > 0) scene.step();
        check_same_frame(tested, reference, scene.boxes, "frame " + std::to_string(frame));
        full += frame >= 2 && tested.last_path() == Path::full ? 1 : 0;
    }
    CHECK(tested.prepared_switches() == 0);
    CHECK(full > 0);
}

}  // namespace aabb
