#include "core/measure/workload.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "core/broadphase/broad_phase_factory.hpp"

namespace aabb {

namespace {

WorkloadOptions options_for(WorkloadKind kind, std::size_t count, std::uint32_t seed = 7) {
    WorkloadOptions options;
    options.kind = kind;
    options.box_count = count;
    options.frame_count = 10;
    options.seed = seed;
    return options;
}

std::vector<Box2> copy_of(std::span<const Box2> boxes) {
    return {boxes.begin(), boxes.end()};
}

std::size_t pair_count(std::span<const Box2> boxes) {
    const auto brute_force = make_broad_phase("brute_force");
    brute_force->set_all(boxes);
    std::vector<BoxPair> pairs;
    brute_force->find_pairs(pairs);
    return pairs.size();
}

Box2 bounds_of(std::span<const Box2> boxes) {
    Box2 bounds = Box2::empty();
    for (const Box2& box : boxes)
        bounds = merge(bounds, box);
    return bounds;
}

}  // namespace

TEST_CASE("workload names round-trip and unknown names are rejected") {
    const std::vector<std::string> names = workload_names();
    CHECK(names.size() == 7);
    for (const std::string& name : names) {
        CHECK(workload_name(workload_kind_from_name(name)) == name);
    }
    CHECK(workload_kind_from_name("static") == WorkloadKind::static_scene);
    CHECK_THROWS_AS((void)workload_kind_from_name("nope"), std::invalid_argument);
}

TEST_CASE("every workload has the right count, stays valid and inside its bounds") {
    for (const std::string& name : workload_names()) {
        CAPTURE(name);
        Workload workload(options_for(workload_kind_from_name(name), 700));
        CHECK(workload.box_count() == 700);
        CHECK(workload.current_frame() == 0);
        for (int frame = 0; frame < 10; ++frame) {
            REQUIRE(workload.boxes().size() == 700);
            for (const Box2& box : workload.boxes()) {
                REQUIRE(box.is_valid());
                REQUIRE(contains(workload.bounds(), box));
            }
            workload.advance();
        }
        CHECK(workload.current_frame() == 10);
    }
}

TEST_CASE("same seed gives the same boxes, another seed different ones") {
    for (const std::string& name : workload_names()) {
        CAPTURE(name);
        const WorkloadKind kind = workload_kind_from_name(name);
        Workload first(options_for(kind, 300, 11));
        Workload second(options_for(kind, 300, 11));
        Workload other(options_for(kind, 300, 12));
        for (int frame = 0; frame < 5; ++frame) {
            CHECK(copy_of(first.boxes()) == copy_of(second.boxes()));
            CHECK(copy_of(first.boxes()) != copy_of(other.boxes()));
            first.advance();
            second.advance();
            other.advance();
        }
        // restart and go_to_frame replay exactly the same frames.
        const std::vector<Box2> frame_five = copy_of(first.boxes());
        first.restart();
        CHECK(first.current_frame() == 0);
        CHECK(copy_of(first.boxes()) == copy_of(Workload(options_for(kind, 300, 11)).boxes()));
        first.go_to_frame(5);
        CHECK(copy_of(first.boxes()) == frame_five);
    }
}

TEST_CASE("boxes move from frame to frame") {
    for (const std::string& name : workload_names()) {
        CAPTURE(name);
        Workload workload(options_for(workload_kind_from_name(name), 400));
        const std::vector<Box2> before = copy_of(workload.boxes());
        workload.advance();
        CHECK(copy_of(workload.boxes()) != before);
    }
}

TEST_CASE("static: at least 95% of the boxes never move, the rest move fast") {
    Workload workload(options_for(WorkloadKind::static_scene, 2000));
    const std::vector<Box2> first = copy_of(workload.boxes());
    std::vector<char> ever_moved(first.size(), 0);
    double total_step = 0.0;
    std::size_t steps = 0;
    for (int frame = 1; frame < 10; ++frame) {
        const std::vector<Box2> previous = copy_of(workload.boxes());
        workload.advance();
        for (std::size_t i = 0; i < first.size(); ++i) {
            if (workload.boxes()[i] != previous[i]) {
                ever_moved[i] = 1;
                total_step += glm::length(workload.boxes()[i].center() - previous[i].center());
                ++steps;
            }
        }
    }
    const auto moved =
        static_cast<std::size_t>(std::count(ever_moved.begin(), ever_moved.end(), 1));
    CHECK(moved == 100);  // exactly n/20
    // A mover travels about one box size (1 unit) per frame; bounces shorten a few steps.
    REQUIRE(steps > 0);
    CHECK(total_step / static_cast<double>(steps) > 0.8);
}

TEST_CASE("line: every box lies in one thin band") {
    Workload workload(options_for(WorkloadKind::line, 1000));
    for (int frame = 0; frame < 5; ++frame) {
        const glm::vec2 size = bounds_of(workload.boxes()).size();
        CHECK(size.x <= 2.0f);
        CHECK(size.y >= 100.0f * size.x);
        workload.advance();
    }
    // The band is what a sweep along x hates: most x-intervals overlap each other.
    const std::span<const Box2> boxes = workload.boxes();
    std::size_t overlapping_on_x = 0;
    for (std::size_t i = 1; i < 200; ++i) {
        if (boxes[0].min.x <= boxes[i].max.x && boxes[i].min.x <= boxes[0].max.x)
            ++overlapping_on_x;
    }
    CHECK(overlapping_on_x > 80);
}

TEST_CASE("dense has many pairs per box, uniform about one") {
    const double dense_pairs = pair_count(Workload(options_for(WorkloadKind::dense, 2000)).boxes());
    const double uniform_pairs =
        pair_count(Workload(options_for(WorkloadKind::uniform, 2000)).boxes());
    CHECK(dense_pairs / 2000.0 >= 8.0);
    CHECK(uniform_pairs / 2000.0 >= 0.3);
    CHECK(uniform_pairs / 2000.0 <= 3.0);
}

TEST_CASE("mixed holds a few walls spanning a large part of the world") {
    Workload workload(options_for(WorkloadKind::mixed, 4000));
    const float side = workload.bounds().size().x;
    std::size_t walls = 0;
    std::size_t small = 0;
    for (const Box2& box : workload.boxes()) {
        const glm::vec2 size = box.size();
        if (std::max(size.x, size.y) >= 0.3f * side) ++walls;
        if (std::max(size.x, size.y) <= 0.8f) ++small;
    }
    CHECK(walls >= 4);
    CHECK(walls <= 20);
    CHECK(small + walls == 4000);
}

TEST_CASE("bullets move several of their sizes per frame") {
    Workload workload(options_for(WorkloadKind::bullets, 500));
    const std::vector<Box2> before = copy_of(workload.boxes());
    workload.advance();
    std::size_t fast = 0;
    for (std::size_t i = 0; i < before.size(); ++i) {
        const float size = std::max(before[i].size().x, before[i].size().y);
        const float step = glm::length(workload.boxes()[i].center() - before[i].center());
        if (step >= 2.5f * size) ++fast;  // 3..6 sizes, less only when bounced off a wall
    }
    CHECK(fast >= 450);
}

TEST_CASE("clustered boxes are crowded around a few centers") {
    const double clustered_pairs =
        pair_count(Workload(options_for(WorkloadKind::clustered, 2000)).boxes());
    const Workload clustered(options_for(WorkloadKind::clustered, 2000));
    // The world is 16x sparser than uniform's, yet clusters keep pairs per box well above the
    // uniform-at-that-density figure of ~0.05.
    CHECK(clustered.bounds().size().x >= 300.0f);
    CHECK(clustered_pairs / 2000.0 >= 0.5);
}

TEST_CASE("absurd counts are rejected with a message naming the field") {
    WorkloadOptions options;
    options.box_count = 0;
    CHECK_THROWS_WITH_AS(Workload{options}, doctest::Contains("box_count"), std::invalid_argument);
    options.box_count = max_workload_boxes + 1;
    CHECK_THROWS_WITH_AS(Workload{options}, doctest::Contains("box_count"), std::invalid_argument);
    options.box_count = 10;
    options.frame_count = 0;
    CHECK_THROWS_WITH_AS(Workload{options}, doctest::Contains("frame_count"),
                         std::invalid_argument);
}

TEST_CASE("a single box works") {
    for (const std::string& name : workload_names()) {
        CAPTURE(name);
        Workload workload(options_for(workload_kind_from_name(name), 1));
        workload.go_to_frame(20);
        REQUIRE(workload.boxes().size() == 1);
        CHECK(contains(workload.bounds(), workload.boxes()[0]));
    }
}

}  // namespace aabb
