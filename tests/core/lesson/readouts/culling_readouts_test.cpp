// The culling readouts on the curriculum's numbers (lessons.md L15): the top plane (0.5,
// −0.866) with −1.062 ≥ −1.366 (kept) and −1.928 < −1.366 (culled), the conservative false
// keep beyond the corner (20, 11.547), and the near plane's −0.5 < −0.4.

#include <doctest/doctest.h>

#include "tests/core/lesson/readouts/readout_probe.hpp"

namespace aabb::lesson {

using testing::ReadoutProbe;

namespace {

ReadoutProbe view(glm::vec2 center, float half) {
    ReadoutProbe probe;
    probe.wedge("W", ViewWedge{}).box("T", Box2::from_center_extents(center, glm::vec2(half)));
    return probe;
}

double plane(const ReadoutProbe& probe, const char* which, const char* output) {
    return probe.number_of("plane_test", output, {{"wedge", "W"}, {"box", "T"}, {"plane", which}});
}

bool verdict(const ReadoutProbe& probe, const char* output) {
    return probe.flag_of("view_culling", output, {{"wedge", "W"}, {"box", "T"}});
}

}  // namespace

TEST_CASE("the top plane: n = (0.5, −0.866), d = 0 — (10, 7) is kept at −1.062 ≥ −1.366") {
    const ReadoutProbe probe = view({10, 7}, 1);
    CHECK(plane(probe, "top", "normal_x") == doctest::Approx(0.5));
    CHECK(plane(probe, "top", "normal_y") == doctest::Approx(-0.866025));
    CHECK(plane(probe, "top", "offset") == doctest::Approx(0.0));
    CHECK(plane(probe, "top", "distance") == doctest::Approx(-1.062178));
    CHECK(plane(probe, "top", "limit") == doctest::Approx(-1.366025));
    CHECK_FALSE(verdict(probe, "culled"));
    CHECK(verdict(probe, "visible"));
}

TEST_CASE("(10, 8) is culled: −1.928 < −1.366") {
    const ReadoutProbe probe = view({10, 8}, 1);
    CHECK(plane(probe, "top", "distance") == doctest::Approx(-1.928203));
    CHECK(verdict(probe, "culled"));
    CHECK_FALSE(verdict(probe, "visible"));
}

TEST_CASE("beyond the corner (20, 11.547) a box is kept though invisible: conservative") {
    const ReadoutProbe probe = view({21, 12.8f}, 1.2f);
    CHECK(plane(probe, "far", "distance") == doctest::Approx(-1.0));
    CHECK(plane(probe, "far", "limit") == doctest::Approx(-1.2));
    CHECK(plane(probe, "top", "distance") == doctest::Approx(-0.585125).epsilon(1e-4));
    CHECK(plane(probe, "top", "limit") == doctest::Approx(-1.639230).epsilon(1e-4));
    CHECK_FALSE(verdict(probe, "culled"));
    CHECK_FALSE(verdict(probe, "visible"));
    CHECK(verdict(probe, "false_keep"));
    CHECK(verdict(view({21, -12.8f}, 1.2f), "false_keep"));  // the bottom far corner
}

TEST_CASE("too near: (0.5, 0) with e = 0.4 is culled by the near plane, −0.5 < −0.4") {
    const ReadoutProbe probe = view({0.5f, 0}, 0.4f);
    CHECK(plane(probe, "near", "distance") == doctest::Approx(-0.5));
    CHECK(plane(probe, "near", "limit") == doctest::Approx(-0.4));
    CHECK(verdict(probe, "culled"));
}

TEST_CASE("the conservative test never culls a visible box") {
    for (float x = -2.0f; x <= 24.0f; x += 0.75f) {
        for (float y = -16.0f; y <= 16.0f; y += 0.75f) {
            const ReadoutProbe probe = view({x, y}, 0.6f);
            CHECK_FALSE(verdict(probe, "false_cull"));
        }
    }
}

}  // namespace aabb::lesson
