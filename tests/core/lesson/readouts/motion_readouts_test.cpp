// The motion readouts on the curriculum's numbers (lessons.md L08, L09, L10): the bullet's
// window [0.40, 0.55], the wall at −2 (0.333 / 0.458), N = 3 missing where N = 2 and N = 4
// catch, v = 12 slipping through at N = 4, and the region that contains an obstacle the sweep
// never hits (0.7 > 0.2).

#include <doctest/doctest.h>

#include <limits>

#include "tests/core/lesson/readouts/readout_probe.hpp"

namespace aabb::lesson {

using testing::ReadoutProbe;

namespace {

ReadoutProbe bullet_and_wall(float speed, float wall_speed = 0.0f) {
    ReadoutProbe probe;
    probe.box("A", {{0, -0.5f}, {1, 0.5f}})
        .box("B", {{5, -2}, {5.5f, 2}})
        .point("dA", {speed, 0}, ObjectKind::vector)
        .point("dB", {wall_speed, 0}, ObjectKind::vector)
        .number("N", 1);
    return probe;
}

const std::initializer_list<std::pair<std::string, std::string>> sweep_args = {
    {"a", "A"}, {"b", "B"}, {"da", "dA"}, {"db", "dB"}};
const std::initializer_list<std::pair<std::string, std::string>> sample_args = {
    {"a", "A"}, {"b", "B"}, {"da", "dA"}, {"db", "dB"}, {"samples", "N"}};

}  // namespace

TEST_CASE("the swept bullet: t1x = 0.40, t2x = 0.55, y unconstrained, a hit at 0.40") {
    const ReadoutProbe probe = bullet_and_wall(10);
    CHECK(probe.number_of("swept", "t1_x", sweep_args) == doctest::Approx(0.4));
    CHECK(probe.number_of("swept", "t2_x", sweep_args) == doctest::Approx(0.55));
    CHECK(probe.value("swept", "entry_y", sweep_args).number ==
          -std::numeric_limits<double>::infinity());
    CHECK(probe.value("swept", "exit_y", sweep_args).number ==
          std::numeric_limits<double>::infinity());
    CHECK(probe.value("swept", "t1_y", sweep_args).type == ValueType::null);
    CHECK(probe.number_of("swept", "enter", sweep_args) == doctest::Approx(0.4));
    CHECK(probe.number_of("swept", "exit", sweep_args) == doctest::Approx(0.55));
    CHECK(probe.flag_of("swept", "hit", sweep_args));
    CHECK(probe.number_of("swept", "normal_x", sweep_args) == -1.0);
}

TEST_CASE("only relative motion matters: the wall at −2 per step gives d = 12, 0.333 / 0.458") {
    const ReadoutProbe probe = bullet_and_wall(10, -2);
    CHECK(probe.number_of("swept", "d_x", sweep_args) == 12.0);
    CHECK(probe.number_of("swept", "enter", sweep_args) == doctest::Approx(1.0 / 3.0));
    CHECK(probe.number_of("swept", "exit", sweep_args) == doctest::Approx(5.5 / 12.0));
}

TEST_CASE("sweep edge cases: raised never hits, touching is τ = 0, overlapping is its own state") {
    ReadoutProbe raised = bullet_and_wall(10);
    raised.objects[0].box = {{0, 2.5f}, {1, 3.5f}};
    CHECK(raised.value("swept", "state", sweep_args).text == "separated");
    CHECK(raised.value("swept", "enter", sweep_args).type == ValueType::null);
    ReadoutProbe touching = bullet_and_wall(10);
    touching.objects[0].box = {{4, -0.5f}, {5, 0.5f}};
    CHECK(touching.number_of("swept", "enter", sweep_args) == 0.0);
    CHECK(touching.value("swept", "state", sweep_args).text == "hit");
    ReadoutProbe inside = bullet_and_wall(10);
    inside.objects[0].box = {{4.5f, -0.5f}, {5.5f, 0.5f}};
    CHECK(inside.value("swept", "state", sweep_args).text == "already_overlapping");
    CHECK_FALSE(inside.flag_of("swept", "hit", sweep_args));
}

TEST_CASE("tunneling at v = 10: N = 1 and N = 3 miss, N = 2 and N = 4 catch at τ = 0.5") {
    ReadoutProbe probe = bullet_and_wall(10);
    CHECK(probe.number_of("sampled_sweep", "window_enter", sample_args) == doctest::Approx(0.4));
    CHECK(probe.number_of("sampled_sweep", "window_exit", sample_args) == doctest::Approx(0.55));
    const bool caught[] = {false, true, false, true};
    for (int n = 1; n <= 4; ++n) {
        probe.set("N", n);
        CAPTURE(n);
        CHECK(probe.flag_of("sampled_sweep", "caught", sample_args) == caught[n - 1]);
        CHECK(probe.flag_of("sampled_sweep", "passes_unseen", sample_args) == !caught[n - 1]);
    }
    probe.set("N", 2);
    CHECK(probe.number_of("sampled_sweep", "caught_at", sample_args) == 0.5);
}

TEST_CASE(
    "v = 20 is first caught at N = 4 — the slowest that passes is v = 6 at N = 1, v = 12 at N = "
    "4") {
    ReadoutProbe fast = bullet_and_wall(20);
    CHECK(fast.number_of("sampled_sweep", "window_enter", sample_args) == doctest::Approx(0.2));
    CHECK(fast.number_of("sampled_sweep", "window_exit", sample_args) == doctest::Approx(0.275));
    for (int n = 1; n <= 3; ++n) {
        fast.set("N", n);
        CHECK_FALSE(fast.flag_of("sampled_sweep", "caught", sample_args));
    }
    fast.set("N", 4);
    CHECK(fast.flag_of("sampled_sweep", "caught", sample_args));
    CHECK(fast.number_of("sampled_sweep", "caught_at", sample_args) == 0.25);
    const auto first_unseen = [](int samples) {
        for (int v = 1; v <= 40; ++v) {
            ReadoutProbe probe = bullet_and_wall(float(v));
            probe.set("N", samples);
            if (probe.flag_of("sampled_sweep", "passes_unseen", sample_args)) return v;
        }
        return 0;
    };
    CHECK(first_unseen(1) == 6);
    CHECK(first_unseen(4) == 12);
    ReadoutProbe twelve = bullet_and_wall(12);
    twelve.set("N", 4);
    CHECK(twelve.number_of("sampled_sweep", "window_enter", sample_args) ==
          doctest::Approx(1.0 / 3.0));
    CHECK(twelve.number_of("sampled_sweep", "window_exit", sample_args) ==
          doctest::Approx(5.5 / 12.0));
}

TEST_CASE("a swept box is a region: it contains the obstacle, yet enter 0.7 > exit 0.2") {
    ReadoutProbe probe;
    probe.box("A", {{0, 0}, {1, 1}})
        .point("dA", {10, 10}, ObjectKind::vector)
        .box("O", {{8, 1}, {9, 2}});
    const std::initializer_list<std::pair<std::string, std::string>> region = {
        {"box", "A"}, {"displacement", "dA"}, {"obstacle", "O"}};
    CHECK(probe.number_of("swept_region", "max_x", region) == 11.0);
    CHECK(probe.number_of("swept_region", "min_y", region) == 0.0);
    CHECK(probe.flag_of("swept_region", "contains_obstacle", region));
    const std::initializer_list<std::pair<std::string, std::string>> sweep = {
        {"a", "A"}, {"b", "O"}, {"da", "dA"}};
    CHECK(probe.number_of("swept", "entry_x", sweep) == doctest::Approx(0.7));
    CHECK(probe.number_of("swept", "exit_x", sweep) == doctest::Approx(0.9));
    CHECK(probe.number_of("swept", "entry_y", sweep) == 0.0);
    CHECK(probe.number_of("swept", "exit_y", sweep) == doctest::Approx(0.2));
    CHECK(probe.number_of("swept", "enter", sweep) > probe.number_of("swept", "exit", sweep));
    CHECK_FALSE(probe.flag_of("swept", "hit", sweep));
}

TEST_CASE("a contact that lasts an instant is a hit of zero length") {
    // A = [0,1]×[2,3] moving by (4, −1) reaches the wall's face x = 5 exactly at τ = 1 (the
    // x window [1, 1.375] starts where the step ends): enter = exit = 1.
    ReadoutProbe probe;
    probe.box("A", {{0, 2}, {1, 3}})
        .box("B", {{5, -2}, {5.5f, 2}})
        .point("dA", {4, -1}, ObjectKind::vector);
    const std::initializer_list<std::pair<std::string, std::string>> args = {
        {"a", "A"}, {"b", "B"}, {"da", "dA"}};
    CHECK(probe.flag_of("swept", "hit", args));
    CHECK(probe.number_of("swept", "contact_length", args) == doctest::Approx(0.0).epsilon(1e-6));
}

TEST_CASE("the boxes at τ: the bullet meets the wall for τ in [0.40, 0.55], x window only") {
    ReadoutProbe probe = bullet_and_wall(10);
    probe.number("tau", 0);
    const auto at = [&](double tau, const char* output) {
        probe.set("tau", tau);
        return probe.value("swept", output,
                           {{"a", "A"}, {"b", "B"}, {"da", "dA"}, {"db", "dB"}, {"tau", "tau"}});
    };
    CHECK_FALSE(at(0.3, "tau_overlaps").flag);
    CHECK_FALSE(at(0.3, "tau_overlap_x").flag);
    CHECK(at(0.3, "tau_overlap_y").flag);  // y is never a constraint here
    CHECK(at(0.3, "tau_a_min_x").number == doctest::Approx(3.0));
    CHECK(at(0.4, "tau_overlaps").flag);  // touching at the entry counts (closed)
    CHECK(at(0.47, "tau_overlaps").flag);
    CHECK(at(0.55, "tau_overlaps").flag);
    CHECK_FALSE(at(0.6, "tau_overlaps").flag);
    CHECK(at(1.0, "tau_a_min_x").number == doctest::Approx(10.0));
    CHECK(at(7.0, "tau_a_min_x").number == doctest::Approx(10.0));  // clamped to the step
    CHECK(at(-1.0, "tau_a_min_x").number == 0.0);
    // Default τ = 0: the start of the step.
    CHECK_FALSE(probe.flag_of("swept", "tau_overlaps", sweep_args));
    // The region of L10: at τ = 0.8 the x intervals overlap, the y intervals do not.
    ReadoutProbe region;
    region.box("A", {{0, 0}, {1, 1}})
        .point("dA", {10, 10}, ObjectKind::vector)
        .box("O", {{8, 1}, {9, 2}})
        .number("tau", 0.8);
    const std::initializer_list<std::pair<std::string, std::string>> moving = {
        {"a", "A"}, {"b", "O"}, {"da", "dA"}, {"tau", "tau"}};
    CHECK(region.flag_of("swept", "tau_overlap_x", moving));
    CHECK_FALSE(region.flag_of("swept", "tau_overlap_y", moving));
    CHECK(region.number_of("swept", "tau_a_min_y", moving) == doctest::Approx(8.0));
}

}  // namespace aabb::lesson
