// Replaying a box trace in the window's model: no scene needed, each trace box a box body
// with its trace id, play, step, step back and scrub through the frames under any broad phase,
// the tunneling found between frames, and two frames held in memory however long it plays.

#include <doctest/doctest.h>

#include <fstream>
#include <string>

#include "core/broadphase/broad_phase_factory.hpp"
#include "tests/support/temporary_path.hpp"
#include "ui/model/simulation_controller.hpp"

namespace aabb::ui {

namespace {

// Box 0: a still wall 0.2 wide at x = 10 (9.9..10.1, y −5..5). Box 1: 0.2 × 0.2 at y = 0,
// recorded at x = 2 + 12 f (2, 14, 26, ...). Box 2: 0.2 × 0.2 at y = 20 moving 1 a frame.
struct TraceThroughWall {
    testing::TemporaryFolder folder{"aabb_box_trace_playback"};
    std::string trace = (folder.path / "trace.csv").string();
    explicit TraceThroughWall(int frames) {
        std::ofstream out(trace);
        out << "frame,id,min_x,min_y,max_x,max_y\n";
        for (int frame = 0; frame < frames; ++frame) {
            const float x1 = 2.0f + 12.0f * static_cast<float>(frame);
            const float x2 = 2.0f + static_cast<float>(frame);
            out << frame << ",2," << x2 - 0.1f << ",19.9," << x2 + 0.1f << ",20.1\n"
                << frame << ",0,9.9,-5,10.1,5\n"
                << frame << ",1," << x1 - 0.1f << ",-0.1," << x1 + 0.1f << ",0.1\n";
        }
    }
};

}  // namespace

TEST_CASE("a box trace replays in the window without a scene: step, step back, scrub") {
    TraceThroughWall trace(4);
    SceneRequest request;
    request.replay_path = trace.trace;
    SimulationController simulation(request);
    REQUIRE(simulation.replay() != nullptr);
    CHECK(simulation.replay()->format() == RecordingFormat::box_trace);
    REQUIRE(simulation.world().bodies().size() == 3);
    CHECK(simulation.world().body_ids()[2] == 2);
    CHECK(simulation.world().bodies()[1].kind == BodyKind::box);
    CHECK(simulation.world().settings().ccd == ContinuousBodies::all);
    CHECK(simulation.world().world_boxes()[1].min.x == doctest::Approx(1.9));

    simulation.set_paused(true);
    simulation.request_single_step();
    CHECK(simulation.advance_frame() == 1);
    CHECK(simulation.replay()->frame() == 1);
    // At the recorded box, exactly its center, a box again after the step.
    CHECK(simulation.world().bodies()[1].position.x == 14.0f);
    CHECK(simulation.world().bodies()[0].kind == BodyKind::box);
    // 2 → 14 through the wall 9.9..10.1: τ = (9.9 − 2.1)/12 = 0.65.
    REQUIRE(simulation.world().events().size() == 1);
    CHECK(simulation.world().events()[0].kind == MotionEventKind::tunneled);
    CHECK(simulation.world().events()[0].body == 1);
    CHECK(simulation.world().events()[0].other == 0);
    CHECK(simulation.world().events()[0].time_of_impact == doctest::Approx(0.65).epsilon(1e-5));

    simulation.request_single_step();
    CHECK(simulation.advance_frame() == 1);
    CHECK(simulation.world().events().empty());  // 14 → 26: nothing in the way
    REQUIRE(simulation.step_back());
    CHECK(simulation.replay()->frame() == 1);
    CHECK(simulation.world().bodies()[1].position.x == 14.0f);

    // Scrub back to frame 0 and step over the wall again under every broad phase.
    for (const std::string_view name : broad_phase_names()) {
        REQUIRE(simulation.seek_replay(0));
        simulation.select_broad_phase(name);
        simulation.request_single_step();
        CHECK(simulation.advance_frame() == 1);
        REQUIRE(simulation.world().events().size() == 1);
        CHECK(simulation.world().events()[0].time_of_impact == doctest::Approx(0.65).epsilon(1e-5));
    }
    REQUIRE(simulation.seek_replay(3));
    CHECK(simulation.world().bodies()[1].position.x == 38.0f);
    simulation.reset();
    CHECK(simulation.replay()->frame() == 0);
    CHECK(simulation.world().bodies().size() == 3);
}

TEST_CASE("a long box trace plays with two frames in memory and a bounded reader") {
    // 300 frames: the playback holds the current and the next frame (3 boxes each), after
    // playing them all, scrubbing back and forward and stepping back.
    TraceThroughWall trace(300);
    SceneRequest request;
    request.replay_path = trace.trace;
    SimulationController simulation(request);
    const std::size_t reader_start = simulation.replay()->reader_bytes();
    simulation.set_steps_per_frame(SimulationController::max_steps_per_frame);
    while (!simulation.replay()->ended())
        (void)simulation.advance_frame();
    CHECK(simulation.replay()->frame() == 299);
    REQUIRE(simulation.seek_replay(10));
    REQUIRE(simulation.seek_replay(250));
    (void)simulation.step_back();
    CHECK(simulation.replay()->known_frames() == 300);
    // Two frames of 3 poses; vectors may keep a little spare capacity.
    CHECK(simulation.replay()->resident_poses() <= 2 * 4);
    // The reader grew by its index alone: 16 bytes a frame (capacity doubling included).
    CHECK(simulation.replay()->reader_bytes() - reader_start <= 300 * 2 * 16);
}

}  // namespace aabb::ui
