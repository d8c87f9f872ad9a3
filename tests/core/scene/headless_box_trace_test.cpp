// Replaying a box trace headless: each trace box is a box body with its trace id, tunneling is
// found between consecutive frames with each box moving linearly, and the answers are the ones
// computed by hand (docs/tunneling.md, docs/recording_format.md).

#include <doctest/doctest.h>

#include <fstream>
#include <string>

#include "core/scene/headless_run.hpp"
#include "tests/support/temporary_path.hpp"

namespace aabb {

namespace {

std::filesystem::path write(const std::filesystem::path& path, const std::string& text) {
    std::ofstream(path) << text;
    return path;
}

// Box 0: a wall 0.2 wide at x = 10 (x 9.9..10.1, y −5..5), still. Box 1: 0.2 × 0.2 at
// (2, 0), jumping to (14, 0) in frame 1 and staying. Box 2: 0.2 × 0.2 at (2, 20), moving
// 3 a frame at y = 20, above the wall: it never crosses anything.
constexpr const char* through_wall =
    "frame,id,min_x,min_y,max_x,max_y\n"
    "0,0,9.9,-5,10.1,5\n0,1,1.9,-0.1,2.1,0.1\n0,2,1.9,19.9,2.1,20.1\n"
    "1,0,9.9,-5,10.1,5\n1,1,13.9,-0.1,14.1,0.1\n1,2,4.9,19.9,5.1,20.1\n"
    "2,0,9.9,-5,10.1,5\n2,1,13.9,-0.1,14.1,0.1\n2,2,7.9,19.9,8.1,20.1\n";

}  // namespace

TEST_CASE("two boxes moving through each other between two frames: tunneled, by hand") {
    // Box 0 (x 0..0.2) moves +10 and box 1 (x 9.8..10) moves −10 in one step, both at
    // y 0..0.2: the gap 9.8 − 0.2 = 9.6 closes at 20 a step, τ = 0.48; they part when
    // 0 + 10τ passes 10 − 10τ, τ = 0.5. At the end (10..10.2 and −0.2..0) they are apart:
    // tunneled. Boxes 2 and 3 (y 5..5.2) close the gap 9.8 between them exactly in the step:
    // a hit at τ = 1, touching at the end.
    testing::TemporaryFolder folder("aabb_box_trace_moving_pair");
    HeadlessOptions options;
    options.replay = write(folder.path / "pair.csv",
                           "frame,id,min_x,min_y,max_x,max_y\n"
                           "0,0,0,0,0.2,0.2\n0,1,9.8,0,10,0.2\n"
                           "0,2,0,5,0.2,5.2\n0,3,10,5,10.2,5.2\n"
                           "1,0,10,0,10.2,0.2\n1,1,-0.2,0,0,0.2\n"
                           "1,2,5,5,5.2,5.2\n1,3,5.2,5,5.4,5.2\n");
    const HeadlessReport report = run_scene_headless(options);
    REQUIRE(report.events.size() == 2);
    const MotionEvent& through = report.events[0];
    CHECK(through.kind == MotionEventKind::tunneled);
    CHECK(through.step == 1);
    CHECK(through.body == 0);
    CHECK(through.other == 1);
    CHECK(through.time_of_impact == doctest::Approx(0.48).epsilon(1e-5));
    CHECK(through.time_of_exit == doctest::Approx(0.5).epsilon(1e-5));
    CHECK(through.body_pose.position.x == doctest::Approx(0.1 + 10.0 * 0.48).epsilon(1e-5));
    CHECK(through.other_pose.position.x == doctest::Approx(9.9 - 10.0 * 0.48).epsilon(1e-5));
    // From box 0 toward box 1: +x.
    CHECK(through.normal == glm::vec2(1.0f, 0.0f));
    // Box 2 moves +5, box 3 moves −4.8: the gap 9.8 closes at 9.8 a step, at τ = 1, touching.
    const MotionEvent& met = report.events[1];
    CHECK(met.kind == MotionEventKind::hit);
    CHECK(met.body == 2);
    CHECK(met.other == 3);
    CHECK(met.time_of_impact == doctest::Approx(1.0).epsilon(1e-5));
    CHECK(report.totals.tunneling_events == 1);
    CHECK(report.totals.tunneled_bodies == 1);
    CHECK(report.totals.hits == 1);
}

TEST_CASE("a box jumping across a wall between two frames is tunneled at the hand-computed τ") {
    testing::TemporaryFolder folder("aabb_box_trace_wall");
    HeadlessOptions options;
    options.replay = write(folder.path / "trace.csv", through_wall);
    const HeadlessReport report = run_scene_headless(options);
    CHECK(report.frames == 2);
    CHECK(report.bodies == 3);
    CHECK(report.ccd == ContinuousBodies::all);
    // Only box 1 crosses anything; box 2 moves but meets nothing.
    REQUIRE(report.events.size() == 1);
    const MotionEvent& event = report.events[0];
    CHECK(event.kind == MotionEventKind::tunneled);
    CHECK(event.step == 1);
    CHECK(event.body == 1);
    CHECK(event.other == 0);
    CHECK(event.body_kind == BodyKind::box);
    CHECK(event.other_kind == BodyKind::box);
    // By hand: box 1's right face at 2.1 + 12τ meets the wall's left face 9.9 at
    // τ = (9.9 − 2.1)/12 = 0.65; its left face 1.9 + 12τ leaves the wall's right face 10.1
    // at τ = (10.1 − 1.9)/12 = 0.683333. At x = 14 nothing touches: tunneled.
    CHECK(event.time_of_impact == doctest::Approx(0.65).epsilon(1e-5));
    CHECK(event.time_of_exit == doctest::Approx(8.2 / 12.0).epsilon(1e-5));
    CHECK(event.time == doctest::Approx(0.65 / 60.0).epsilon(1e-5));
    CHECK(event.body_pose.position.x == doctest::Approx(2.0 + 12.0 * 0.65).epsilon(1e-5));
    CHECK(event.other_pose.position == glm::vec2(10.0f, 0.0f));
    CHECK(event.normal == glm::vec2(1.0f, 0.0f));
    CHECK(report.totals.tunneling_events == 1);
    CHECK(report.totals.tunneled_bodies == 1);
    CHECK(report.totals.hits == 0);
}

TEST_CASE("a box ending inside the wall is a hit; a slow box never crossing gives nothing") {
    testing::TemporaryFolder folder("aabb_box_trace_hit");
    HeadlessOptions options;
    // Box 1 goes from x = 2 to x = 10 (inside the wall at the end of the step): the end-of-step
    // test sees it, a hit at τ = (9.9 − 2.1)/8 = 0.975. Box 2 moves 0.5 a frame, far away.
    options.replay = write(folder.path / "trace.csv",
                           "frame,id,min_x,min_y,max_x,max_y\n"
                           "0,0,9.9,-5,10.1,5\n0,1,1.9,-0.1,2.1,0.1\n0,2,1.9,19.9,2.1,20.1\n"
                           "1,0,9.9,-5,10.1,5\n1,1,9.9,-0.1,10.1,0.1\n1,2,2.4,19.9,2.6,20.1\n");
    const HeadlessReport report = run_scene_headless(options);
    REQUIRE(report.events.size() == 1);
    CHECK(report.events[0].kind == MotionEventKind::hit);
    CHECK(report.events[0].body == 1);
    CHECK(report.events[0].time_of_impact == doctest::Approx(7.8 / 8.0).epsilon(1e-5));
    CHECK(report.totals.tunneling_events == 0);
}

TEST_CASE("a box that changes size is swept at its larger size: conservative, never missed") {
    testing::TemporaryFolder folder("aabb_box_trace_resize");
    HeadlessOptions options;
    // Box 1 shrinks from 0.2 to 0.1 wide while jumping across the wall: min 1.9 → 13.95, max
    // 2.1 → 14.05. Exactly (min and max linear), its right face 2.1 + 11.95τ meets 9.9 at
    // τ = 7.8/11.95 = 0.652720. Swept at the larger half size 0.1 about the center 2 + 12τ,
    // it touches at τ = 7.8/12 = 0.65: at or before the exact time, by at most the growth.
    options.replay = write(folder.path / "trace.csv",
                           "frame,id,min_x,min_y,max_x,max_y\n"
                           "0,0,9.9,-5,10.1,5\n0,1,1.9,-0.1,2.1,0.1\n"
                           "1,0,9.9,-5,10.1,5\n1,1,13.95,-0.05,14.05,0.05\n");
    const HeadlessReport report = run_scene_headless(options);
    REQUIRE(report.events.size() == 1);
    CHECK(report.events[0].kind == MotionEventKind::tunneled);
    CHECK(report.events[0].time_of_impact <= 7.8f / 11.95f);
    CHECK(report.events[0].time_of_impact == doctest::Approx(0.65).epsilon(1e-5));
}

TEST_CASE("a box trace with a scene takes the scene's settings, not its bodies") {
    testing::TemporaryFolder folder("aabb_box_trace_scene");
    HeadlessOptions options;
    options.scene = write(folder.path / "settings.json", R"({
      "version": 1, "time_step": 0.5, "bounds": {"min": [0, 0], "max": [5, 5]},
      "bodies": [{"kind": "wall", "position": [1, 1], "size": [1, 1]}]
    })");
    options.replay = write(folder.path / "trace.csv", through_wall);
    const HeadlessReport report = run_scene_headless(options);
    CHECK(report.bodies == 3);
    CHECK(report.time_step == 0.5f);
    REQUIRE(report.events.size() == 1);
    // The bounds grew to hold the boxes: box 1 went on to x = 14, not bounced at x = 5.
    CHECK(report.events[0].time == doctest::Approx(0.65 * 0.5).epsilon(1e-5));
}

}  // namespace aabb
