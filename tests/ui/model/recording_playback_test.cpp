// Replaying a motion recording in the window's model: each step goes to the next recorded
// frame with the world's detection, step back and the scrubber go to frames already read (and
// on to later ones), every broad phase gives the same events, and the end pauses.

#include <doctest/doctest.h>

#include <fstream>
#include <string>

#include "core/broadphase/broad_phase_factory.hpp"
#include "tests/support/temporary_path.hpp"
#include "ui/model/simulation_controller.hpp"

namespace aabb::ui {

namespace {

// A wall at x = 10 and a bullet (id 1) recorded at x = 0, 20, 40, 60 (20 units a frame) and a
// box (id 2) recorded still, then gone from frame 3 on.
struct RecordedCorridor {
    testing::TemporaryFolder folder{"aabb_playback"};
    std::string recording = (folder.path / "run.csv").string();
    RecordedCorridor() {
        std::ofstream(folder.path / "wall.json") << R"({
  "version": 1,
  "bounds": {"min": [-100, -50], "max": [100, 50]},
  "bodies": [
    {"kind": "wall", "position": [10, 0], "size": [0.2, 10]},
    {"kind": "bullet", "position": [0, 0], "size": [0.2, 0.2]},
    {"kind": "box", "position": [0, 30], "size": [1, 1]}
  ]
})";
        std::ofstream out(recording);
        out << "# scene: wall.json\nframe,id,x,y,angle\n";
        for (int frame = 0; frame < 4; ++frame) {
            out << frame << ",0,10,0,0\n" << frame << ",1," << 20 * frame << ",0,0\n";
            if (frame < 3) out << frame << ",2,0,30,0\n";
        }
    }
};

}  // namespace

TEST_CASE("a replay steps through the recorded frames and finds the tunneling between them") {
    RecordedCorridor corridor;
    SceneRequest request;
    request.replay_path = corridor.recording;
    SimulationController simulation(request);
    REQUIRE(simulation.replay() != nullptr);
    CHECK(simulation.world().bodies().size() == 3);
    simulation.set_paused(true);
    simulation.request_single_step();
    CHECK(simulation.advance_frame() == 1);
    CHECK(simulation.replay()->frame() == 1);
    // Linear motion from the pose difference: within a rounding of the recorded pose.
    CHECK(simulation.world().bodies()[1].position.x == doctest::Approx(20.0));
    // 0 → 20 through the wall 9.9..10.1: tunneled at τ = 9.8 / 20 = 0.49.
    REQUIRE(simulation.world().events().size() == 1);
    CHECK(simulation.world().events()[0].kind == MotionEventKind::tunneled);
    CHECK(simulation.world().events()[0].time_of_impact == doctest::Approx(0.49).epsilon(1e-4));

    simulation.set_paused(false);
    CHECK(simulation.advance_frame() == 1);
    CHECK(simulation.advance_frame() == 1);
    CHECK(simulation.replay()->frame() == 3);
    CHECK(simulation.world().bodies().size() == 2);  // the box left the recording
    CHECK(simulation.advance_frame() == 0);          // the end: paused there
    CHECK(simulation.paused());
    CHECK(simulation.replay()->ended());

    REQUIRE(simulation.step_back());
    CHECK(simulation.replay()->frame() == 2);
    CHECK(simulation.world().bodies().size() == 3);
    CHECK(simulation.world().bodies()[1].position.x == doctest::Approx(40.0));
    simulation.request_single_step();
    CHECK(simulation.advance_frame() == 1);
    CHECK(simulation.world().bodies()[1].position.x == doctest::Approx(60.0));

    // Scrub back to frame 0 and step over the wall again, under another broad phase.
    REQUIRE(simulation.seek_replay(0));
    CHECK(simulation.world().frame() == 0);
    CHECK(simulation.world().bodies().size() == 3);
    simulation.select_broad_phase("brute_force");
    simulation.request_single_step();
    CHECK(simulation.advance_frame() == 1);
    REQUIRE(simulation.world().events().size() == 1);
    CHECK(simulation.world().events()[0].step == 1);
    CHECK_FALSE(simulation.seek_replay(9));
    CHECK(simulation.replay()->frame() == 1);
    simulation.reset();
    CHECK(simulation.replay()->frame() == 0);
}

TEST_CASE("the scrubber reads forward to frames not read yet") {
    RecordedCorridor corridor;
    SceneRequest request;
    request.replay_path = corridor.recording;
    SimulationController simulation(request);
    REQUIRE(simulation.seek_replay(3));
    CHECK(simulation.world().frame() == 3);
    CHECK(simulation.world().bodies().size() == 2);
    CHECK(simulation.world().bodies()[1].position.x == doctest::Approx(60.0));
    REQUIRE(simulation.seek_replay(1));
    CHECK(simulation.world().bodies().size() == 3);
    simulation.request_single_step();
    CHECK(simulation.advance_frame() == 1);
    CHECK(simulation.world().bodies()[1].position.x == doctest::Approx(40.0));
}

TEST_CASE("a bad recording names its file and line; loading another scene ends the replay") {
    RecordedCorridor corridor;
    std::ofstream(corridor.folder.path / "bad.csv")
        << "# scene: wall.json\nframe,id,x,y,angle\n0,0,10,0,0\n0,1,zero,0,0\n";
    SceneRequest bad;
    bad.replay_path = (corridor.folder.path / "bad.csv").string();
    CHECK_THROWS_WITH_AS(SimulationController{bad},
                         doctest::Contains("bad.csv:4: field 'x' is not a finite float: 'zero'"),
                         std::invalid_argument);
    SceneRequest request;
    request.replay_path = corridor.recording;
    SimulationController simulation(request);
    simulation.load_scene_file((corridor.folder.path / "wall.json").string());
    CHECK(simulation.replay() == nullptr);
}

}  // namespace aabb::ui
