// The structure readouts on the curriculum's numbers (lessons.md L01, L16, L17, L18): 499,500
// pairs for 1,000 boxes, 100.9× for ten times the boxes, 1,000,405 at n = 1,415; seed 001's
// parity rule finding 0 of 1 pair and 2 of 3; a column sweeping x through 190 pairs for none;
// 4,096 cells for a 70 × 70 box at c = 1.1; a straddler at depth 0 and the same box at depth 6.

#include <doctest/doctest.h>

#include "tests/core/lesson/readouts/readout_probe.hpp"

namespace aabb::lesson {

using testing::ReadoutProbe;

TEST_CASE("pairs = n(n−1)/2: 10, 190, 4,950, 499,500, 49,995,000 — 100.9× per tenfold") {
    ReadoutProbe probe;
    probe.number("n", 5);
    const auto pairs = [&](double n) {
        probe.set("n", n);
        return probe.number_of("pairs_formula", "pairs", {{"n", "n"}});
    };
    CHECK(pairs(5) == 10.0);
    CHECK(pairs(20) == 190.0);
    CHECK(pairs(100) == 4950.0);
    CHECK(pairs(1000) == 499500.0);
    CHECK(pairs(10000) == 49995000.0);
    CHECK(pairs(1414) == 998991.0);
    CHECK(pairs(1415) == 1000405.0);  // the first n past one million
    probe.set("n", 1000);
    CHECK(probe.number_of("pairs_formula", "ratio_tenth", {{"n", "n"}}) ==
          doctest::Approx(100.909).epsilon(1e-5));
    probe.set("n", 150);
    CHECK(probe.number_of("pairs_formula", "two_log2_n", {{"n", "n"}}) ==
          doctest::Approx(14.457).epsilon(1e-4));
}

TEST_CASE("seed 001's parity rule: 0 of 1 pair for [0,2], [1,3] — 2 of 3 for [0,3], [1,4], [2,5]") {
    ReadoutProbe probe;
    probe.boxes("pair", {{{0, 0}, {2, 1}}, {{1, 0}, {3, 1}}});
    probe.boxes("trio", {{{0, 0}, {3, 1}}, {{1, 0}, {4, 1}}, {{2, 0}, {5, 1}}});
    CHECK(probe.number_of("sweep_axis", "true_pairs", {{"boxes", "pair"}}) == 1.0);
    CHECK(probe.number_of("sweep_axis", "seed001_pairs", {{"boxes", "pair"}}) == 0.0);
    CHECK(probe.value("sweep_axis", "order", {{"boxes", "pair"}}).text == "A( B( A) B)");
    CHECK(probe.number_of("sweep_axis", "true_pairs", {{"boxes", "trio"}}) == 3.0);
    CHECK(probe.number_of("sweep_axis", "seed001_pairs", {{"boxes", "trio"}}) == 2.0);
    CHECK(probe.number_of("sweep_axis", "seed001_missed", {{"boxes", "trio"}}) == 1.0);
}

TEST_CASE("a column of 20 boxes: sweeping x tests 190 pairs for 0 true pairs — auto picks y") {
    std::vector<Box2> column;
    for (int i = 0; i < 20; ++i)
        column.push_back({{0, float(2 * i)}, {1, float(2 * i + 1)}});
    ReadoutProbe probe;
    probe.boxes("C", column);
    CHECK(probe.number_of("sweep_axis", "overlaps_tested", {{"boxes", "C"}, {"axis", "x"}}) ==
          190.0);
    CHECK(probe.number_of("sweep_axis", "true_pairs", {{"boxes", "C"}}) == 0.0);
    CHECK(probe.value("sweep_axis", "axis", {{"boxes", "C"}}).text == "y");
    CHECK(probe.number_of("sweep_axis", "overlaps_tested", {{"boxes", "C"}}) == 0.0);
    probe.objects[0].count = 6;  // the try: 6 boxes, all 15 pairs tested on x
    CHECK(probe.number_of("sweep_axis", "overlaps_tested", {{"boxes", "C"}, {"axis", "x"}}) ==
          15.0);
}

TEST_CASE("grid cells: a unit box at c = 2 covers 1–4 cells — 70 × 70 at c = 1.1 at least 4,096") {
    ReadoutProbe probe;
    probe.box("unit", {{0.5f, 0.5f}, {1.5f, 1.5f}}).box("huge", {{0, 0}, {70, 70}}).number("c", 2);
    const auto of = [&](const char* box, const char* output) {
        return probe.value("grid_cells", output, {{"box", box}, {"cell", "c"}});
    };
    CHECK(of("unit", "fewest_cells").number == 1.0);
    CHECK(of("unit", "most_cells").number == 4.0);
    CHECK(of("unit", "cells").number == 1.0);
    probe.objects[0].box = {{1.5f, 1.5f}, {2.5f, 2.5f}};  // across a corner of the lattice
    CHECK(of("unit", "cells").number == 4.0);
    probe.set("c", 1.1);
    CHECK(of("huge", "fewest_cells").number == 4096.0);
    CHECK(of("huge", "most_cells").number == 4225.0);
    CHECK(of("huge", "oversize").flag);
    probe.set("c", 0);
    CHECK(of("huge", "cells").type == ValueType::null);  // 0 = auto: the probe shows nothing
}

TEST_CASE(
    "a 2 × 0.4 straddler over x in [−1, 1] stays at depth 0 — at [1, 3] it sinks to depth 6") {
    ReadoutProbe probe;
    probe.box("Q", {{-1, 1}, {1, 1.4f}}).box("R", {{-100, -100}, {100, 100}});
    const auto of = [&](const char* output) {
        return probe.value("quadtree_fit", output, {{"box", "Q"}, {"region", "R"}});
    };
    CHECK(of("depth").number == 0.0);
    CHECK(of("at_root").flag);
    probe.objects[0].box = {{0, 1}, {2, 1.4f}};  // touching the split line x = 0 stays too
    CHECK(of("depth").number == 0.0);
    probe.objects[0].box = {{1, 1}, {3, 1.4f}};
    CHECK(of("depth").number == 6.0);
    CHECK(of("node_max_x").number == doctest::Approx(3.125));
}

TEST_CASE("sweep_events: A = [0, 2], B = [1, 3] event by event — B opens against A, one pair") {
    ReadoutProbe probe;
    probe.boxes("pair", {{{0, 0}, {2, 1}}, {{1, 0}, {3, 1}}}).number("p", 0);
    const auto at = [&](double progress, const char* output) {
        probe.set("p", progress);
        return probe.value("sweep_events", output, {{"boxes", "pair"}, {"progress", "p"}});
    };
    // 4 endpoints, 5 states: each takes a fifth of the pass.
    CHECK(at(0.0, "done").number == 0.0);
    CHECK(at(0.0, "events").number == 4.0);
    CHECK(at(0.0, "value").type == ValueType::null);
    CHECK(at(0.0, "current").type == ValueType::null);
    CHECK(at(0.0, "active").text == "—");
    CHECK(at(0.2, "current").text == "A(");
    CHECK(at(0.2, "value").number == 0.0);
    CHECK(at(0.2, "tested").text == "—");
    CHECK(at(0.2, "active").text == "A");
    CHECK(at(0.4, "current").text == "B(");
    CHECK(at(0.4, "tested").text == "A");  // B opens while A is open: the pair A–B
    CHECK(at(0.4, "pairs_so_far").number == 1.0);
    CHECK(at(0.4, "active").text == "A, B");
    CHECK(at(0.6, "current").text == "A)");
    CHECK_FALSE(at(0.6, "opens").flag);
    CHECK(at(0.6, "value").number == 2.0);
    CHECK(at(0.6, "active").text == "B");
    CHECK(at(1.0, "done").number == 4.0);
    CHECK(at(1.0, "finished").flag);
    CHECK(at(1.0, "active_count").number == 0.0);
    CHECK(at(1.0, "pairs_so_far").number == 1.0);
    CHECK(at(1.0, "axis").text == "x");
}

TEST_CASE("sweep_events: at the end the sweep has handed on exactly sweep_axis's overlaps") {
    std::vector<Box2> column;
    for (int i = 0; i < 20; ++i)
        column.push_back({{0, float(2 * i)}, {1, float(2 * i + 1)}});
    ReadoutProbe probe;
    probe.boxes("C", column)
        .boxes("trio", {{{0, 0}, {3, 1}}, {{1, 0}, {4, 1}}, {{2, 0}, {5, 1}}})
        .boxes("mixed", {{{0, 0}, {4, 1}}, {{1, 5}, {2, 6}}, {{3, 2}, {6, 3}}, {{5, 0}, {7, 9}}});
    for (const char* list : {"C", "trio", "mixed"}) {
        for (const char* axis : {"x", "y", "auto"}) {
            CAPTURE(list);
            CAPTURE(axis);
            CHECK(probe.number_of("sweep_events", "pairs_so_far",
                                  {{"boxes", list}, {"axis", axis}}) ==
                  probe.number_of("sweep_axis", "overlaps_tested",
                                  {{"boxes", list}, {"axis", axis}}));
        }
    }
    // The column on x: all 190 pairs; the last box opens against the 19 still open.
    CHECK(probe.number_of("sweep_events", "pairs_so_far", {{"boxes", "C"}, {"axis", "x"}}) ==
          190.0);
    CHECK(probe.value("sweep_events", "axis", {{"boxes", "C"}}).text == "y");
}

TEST_CASE("quadtree_fit level by level: [1, 3] × [1, 1.4] goes into the upper right six times") {
    ReadoutProbe probe;
    probe.box("Q", {{1, 1}, {3, 1.4f}}).box("R", {{-100, -100}, {100, 100}}).number("p", 0);
    const auto at = [&](double progress, const char* output) {
        probe.set("p", progress);
        return probe.value("quadtree_fit", output,
                           {{"box", "Q"}, {"region", "R"}, {"progress", "p"}});
    };
    // 7 levels (0..6), each a seventh of the pass.
    CHECK(at(0.0, "level").number == 0.0);
    CHECK(at(0.0, "quadrant").number == 3.0);
    CHECK(at(0.0, "level_max_x").number == 100.0);
    CHECK_FALSE(at(0.0, "settled").flag);
    CHECK(at(1.5 / 7.0, "level").number == 1.0);
    CHECK(at(1.5 / 7.0, "level_min_x").number == 0.0);  // the upper-right quadrant [0, 100]²
    CHECK(at(1.5 / 7.0, "level_max_y").number == 100.0);
    // Each level halves the node: 100, 50, 25, 12.5, 6.25, 3.125.
    for (int level = 1; level <= 6; ++level) {
        const double progress = (level + 0.5) / 7.0;
        CHECK(at(progress, "level").number == level);
        CHECK(at(progress, "level_max_x").number == doctest::Approx(200.0 / (1 << level)));
    }
    CHECK(at(1.0, "settled").flag);
    CHECK(at(1.0, "quadrant").type == ValueType::null);
    CHECK(at(1.0, "level_max_x").number == at(1.0, "node_max_x").number);
    // A straddler: one level, settled at once.
    probe.objects[0].box = {{-1, 1}, {1, 1.4f}};
    CHECK(at(0.0, "level").number == 0.0);
    CHECK(at(0.0, "settled").flag);
    CHECK(at(0.0, "quadrant").type == ValueType::null);
}

}  // namespace aabb::lesson
