// Every row of the engine's path table (path_table.hpp) is taken on aabb-bench's own scenes, as
// its frame report says, and every frame on the way gives brute force's pairs. The sizes are
// small, so the options that keep the one-band and prepared paths to large scenes are lowered;
// each path's own test (the table's Test column) covers its corners.

#include <doctest/doctest.h>

#include <random>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/broadphase/banded/banded_sort_and_sweep.hpp"
#include "core/broadphase/banded/path_table.hpp"
#include "core/broadphase/brute_force.hpp"
#include "core/measure/workload.hpp"
#include "tests/support/broad_phase_checks.hpp"

namespace aabb {
namespace {

// The path table's name of the frame `report` describes: a switch to a prepared sweep, a grid
// and a merge are named as such (they ride on kept or partial, full and partial frames).
std::string_view row_of(const BandedFrameReport& report) {
    if (report.prepared_switch) return "prepared";
    switch (report.path) {
        case BandedPath::cached:
            return "cached";
        case BandedPath::kept:
            return "kept";
        case BandedPath::partial:
            return report.merged ? "merge" : "partial";
        case BandedPath::full:
            return report.grid ? "grid" : "full sweep";
        case BandedPath::one_band:
            return "one band";
        case BandedPath::none:
            break;
    }
    return "none";
}

// The rows taken over `frames` frames of `kind` with `count` boxes, every frame checked against
// brute force; each frame is given twice once in a while, which the cached path answers.
std::set<std::string_view> rows_taken(WorkloadKind kind, std::size_t count, int frames) {
    WorkloadOptions workload_options;
    workload_options.kind = kind;
    workload_options.box_count = count;
    workload_options.frame_count = frames;
    Workload workload(workload_options);
    BandedSortAndSweepOptions options;
    options.threads = 1;
    options.prepared_min_boxes = 0;
    options.one_band_min_boxes = 0;
    BandedSortAndSweep tested(TouchingPolicy::closed(), options);
    BruteForce reference;
    std::set<std::string_view> rows;
    for (int frame = 0; frame < frames; ++frame) {
        if (frame > 0) workload.advance();
        const int repeats = frame % 16 == 5 ? 2 : 1;
        for (int repeat = 0; repeat < repeats; ++repeat) {
            testing::check_same_frame(
                tested, reference, workload.boxes(),
                std::string(workload_name(kind)) + ", frame " + std::to_string(frame));
            rows.insert(row_of(tested.last_frame()));
        }
    }
    return rows;
}

// The rows taken while 20 of 400 still boxes jump to random places each frame: a few escape
// at a time, so the partial path answers, and once more than partial_fraction of the boxes
// changed since the bands were made, its search ends in a merge.
std::set<std::string_view> rows_of_jumps() {
    std::mt19937 random(2031);
    std::vector<Box2> boxes;
    for (int row = 0; row < 20; ++row)
        for (int column = 0; column < 20; ++column) {
            const glm::vec2 low{3.0f * float(column), 3.0f * float(row)};
            boxes.push_back(Box2{low, low + glm::vec2{1.5f, 1.5f}});
        }
    BandedSortAndSweepOptions options;
    options.threads = 1;
    BandedSortAndSweep tested(TouchingPolicy::closed(), options);
    BruteForce reference;
    std::uniform_int_distribution<std::size_t> pick(0, boxes.size() - 1);
    std::uniform_real_distribution<float> place(0.0f, 60.0f);
    std::set<std::string_view> rows;
    for (int frame = 0; frame < 12; ++frame) {
        for (int jump = 0; frame > 0 && jump < 20; ++jump) {
            const glm::vec2 to{place(random), place(random)};
            boxes[pick(random)] = Box2{to, to + glm::vec2{1.5f, 1.5f}};
        }
        testing::check_same_frame(tested, reference, boxes,
                                  "jumps, frame " + std::to_string(frame));
        rows.insert(row_of(tested.last_frame()));
    }
    return rows;
}

}  // namespace

TEST_CASE("every path of the path table is taken on the benchmark's scenes, exactly") {
    std::set<std::string_view> taken;
    const auto take = [&taken](WorkloadKind kind, std::size_t count,
                               std::initializer_list<std::string_view> expected) {
        const std::set<std::string_view> rows = rows_taken(kind, count, 80);
        for (const std::string_view row : expected) {
            CAPTURE(workload_name(kind));
            CAPTURE(row);
            CHECK(rows.count(row) == 1);
        }
        taken.insert(rows.begin(), rows.end());
    };
    take(WorkloadKind::uniform, 1500, {"full sweep", "cached", "kept", "partial", "prepared"});
    take(WorkloadKind::line, 1500, {"one band"});
    take(WorkloadKind::bullets, 1500, {"grid"});
    take(WorkloadKind::static_scene, 1500, {"partial"});
    take(WorkloadKind::mixed, 1500, {});
    const std::set<std::string_view> jumps = rows_of_jumps();
    CHECK(jumps.count("partial") == 1);
    CHECK(jumps.count("merge") == 1);
    taken.insert(jumps.begin(), jumps.end());
    for (const banded::PathRow& row : banded::path_table) {
        CAPTURE(row.name);
        CHECK(taken.count(row.name) == 1);
    }
}

}  // namespace aabb
