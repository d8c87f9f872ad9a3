// Replaying motion recordings headless: a recorded run replays to the same events as the live
// run, and a two-frame recording's time of impact is the one computed by hand.

#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <iterator>
#include <string>

#include "core/scene/headless_run.hpp"
#include "tests/support/temporary_path.hpp"

namespace aabb {

namespace {

// A corridor of three walls 0.2 wide, discrete bullets at 1, 10 and 100 units a step, one of
// them spinning, and one leaving the world after the walls.
constexpr const char* corridor_scene = R"({
  "version": 1,
  "bounds": {"min": [-10, -20], "max": [60, 20]},
  "bodies": [
    {"kind": "wall", "position": [10, 0], "size": [0.2, 40]},
    {"kind": "wall", "position": [20, 0], "size": [0.2, 40]},
    {"kind": "wall", "position": [30, 0], "size": [0.2, 40]},
    {"kind": "bullet", "position": [8, -15], "velocity": [60, 0], "size": [0.2, 0.2]},
    {"kind": "bullet", "position": [0.5, -5], "velocity": [600, 0], "size": [0.2, 0.2]},
    {"kind": "bullet", "position": [0.5, 5], "velocity": [600, 0], "size": [0.6, 0.1],
     "angular_velocity": 3},
    {"kind": "bullet", "position": [2, 15], "velocity": [6000, 0], "size": [0.2, 0.2]}
  ]
})";

// Two spawners shooting through two walls and out of the world: discrete bullets at 10 units a
// step (five of them), and spinning bars at 5 a step (three), never ending a step in a wall.
constexpr const char* spawner_scene = R"({
  "version": 1,
  "bounds": {"min": [-10, -20], "max": [60, 20]},
  "bodies": [
    {"kind": "wall", "position": [10, 0], "size": [0.2, 40]},
    {"kind": "wall", "position": [20, 0], "size": [0.2, 40]}
  ],
  "spawners": [
    {"position": [-5, -5], "direction": 0, "speed": 600, "rate": 20, "limit": 5,
     "body": {"kind": "bullet", "size": [0.2, 0.2]}},
    {"position": [-2.5, 5], "direction": 0, "speed": 300, "rate": 10, "limit": 3,
     "body": {"kind": "bullet", "size": [0.6, 0.1], "angular_velocity": 3}}
  ]
})";

std::filesystem::path write(const std::filesystem::path& path, const std::string& text) {
    std::ofstream(path) << text;
    return path;
}

}  // namespace

TEST_CASE("a recorded corridor replays to the live run's events") {
    testing::TemporaryFolder folder("aabb_replay_corridor");
    HeadlessOptions live;
    live.scene = write(folder.path / "corridor.json", corridor_scene);
    live.frames = 30;
    live.record = folder.path / "corridor.csv";
    const HeadlessReport recorded = run_scene_headless(live);
    REQUIRE(recorded.totals.tunneling_events >= 6);
    REQUIRE(recorded.totals.escaped >= 1);

    HeadlessOptions replay;
    replay.replay = live.record;  // its "# scene:" comment names corridor.json
    const HeadlessReport replayed = run_scene_headless(replay);
    CHECK(replayed.frames == recorded.frames);
    CHECK(replayed.totals.tunneling_events == recorded.totals.tunneling_events);
    CHECK(replayed.totals.tunneled_bodies == recorded.totals.tunneled_bodies);
    CHECK(replayed.totals.hits == recorded.totals.hits);
    CHECK(replayed.totals.escaped == recorded.totals.escaped);
    REQUIRE(replayed.events.size() == recorded.events.size());
    for (std::size_t k = 0; k < recorded.events.size(); ++k) {
        const MotionEvent& a = recorded.events[k];
        const MotionEvent& b = replayed.events[k];
        CAPTURE(k);
        CHECK(a.kind == b.kind);
        CHECK(a.step == b.step);
        CHECK(a.body == b.body);
        CHECK(a.other == b.other);
        // The replayed velocity is (next − current) / time step, a rounding away from the
        // live one: τ agrees within the time of impact's slop (1e-4 for these 0.2-wide
        // bodies) over the distance a step, far below 1e-4 of a step (docs/tunneling.md).
        CHECK(std::abs(a.time_of_impact - b.time_of_impact) < 1e-4f);
        CHECK(std::abs(a.time_of_exit - b.time_of_exit) < 1e-4f);
    }
}

TEST_CASE("spawned bodies are declared in a recording and replay to the live run's events") {
    testing::TemporaryFolder folder("aabb_replay_spawners");
    HeadlessOptions live;
    live.scene = write(folder.path / "spawners.json", spawner_scene);
    live.frames = 40;
    live.record = folder.path / "spawners.csv";
    const HeadlessReport recorded = run_scene_headless(live);
    // 8 spawned bullets, each through both walls (ending each step between them: 5, 15, 25
    // and 2.5, 7.5, ... 22.5), then out of the world.
    REQUIRE(recorded.totals.tunneled_bodies == 8);
    REQUIRE(recorded.totals.tunneling_events == 16);
    std::ifstream file(live.record);
    const std::string text{std::istreambuf_iterator<char>(file), {}};
    // The walls are ids 0 and 1; each bullet is declared with its spawner before its first row
    // (spawner 0 every 3 steps, spawner 1 every 6).
    for (const char* line :
         {"# spawned: 2 0\n", "# spawned: 3 0\n", "# spawned: 4 1\n", "# spawned: 5 0\n",
          "# spawned: 6 0\n", "# spawned: 7 1\n", "# spawned: 8 0\n", "# spawned: 9 1\n"}) {
        CAPTURE(line);
        CHECK(text.find(line) != std::string::npos);
    }
    CHECK(text.find("# spawned: 0 ") == std::string::npos);
    CHECK(text.find("# spawned: 1 ") == std::string::npos);

    HeadlessOptions replay;
    replay.replay = live.record;
    const HeadlessReport replayed = run_scene_headless(replay);
    REQUIRE(replayed.events.size() == recorded.events.size());
    for (std::size_t k = 0; k < recorded.events.size(); ++k) {
        const MotionEvent& a = recorded.events[k];
        const MotionEvent& b = replayed.events[k];
        CAPTURE(k);
        CHECK(a.kind == b.kind);
        CHECK(a.step == b.step);
        CHECK(a.body == b.body);
        CHECK(a.other == b.other);
        // Including each bullet's first step, from its spawner (τ within the slop, as above).
        CHECK(std::abs(a.time_of_impact - b.time_of_impact) < 1e-4f);
    }
}

TEST_CASE("a spawned line names its spawner: bad lines and unknown spawners are errors") {
    testing::TemporaryFolder folder("aabb_replay_spawned_errors");
    write(folder.path / "spawners.json", spawner_scene);
    HeadlessOptions bad;
    bad.replay = write(folder.path / "bad.csv",
                       "# scene: spawners.json\nframe,id,x,y,angle\n0,0,10,0,0\n0,1,20,0,0\n"
                       "# spawned: 2\n1,0,10,0,0\n");
    CHECK_THROWS_WITH_AS((void)run_scene_headless(bad),
                         doctest::Contains("bad.csv:5: expected '# spawned: ID SPAWNER'"),
                         std::invalid_argument);
    HeadlessOptions unknown;
    unknown.replay = write(folder.path / "unknown.csv",
                           "# scene: spawners.json\nframe,id,x,y,angle\n0,0,10,0,0\n"
                           "0,1,20,0,0\n1,0,10,0,0\n1,1,20,0,0\n# spawned: 2 7\n1,2,0,0,0\n");
    CHECK_THROWS_WITH_AS((void)run_scene_headless(unknown),
                         doctest::Contains("unknown.csv: frame 1: id 2 was spawned by spawner 7, "
                                           "but the scene has 2 spawners"),
                         std::invalid_argument);
}

TEST_CASE("a two-frame recording tunnels at the time of impact computed by hand") {
    testing::TemporaryFolder folder("aabb_replay_two_frames");
    write(folder.path / "wall.json", R"({
  "version": 1,
  "bodies": [
    {"kind": "wall", "position": [10, 0], "size": [0.2, 10]},
    {"kind": "bullet", "position": [0, 0], "size": [0.2, 0.2]}
  ]
})");
    // The bullet (id 1) goes from x = 0 to x = 20 in one step, turning by 0 (a box on a
    // straight path). Its right face 0.1 + 20τ meets the wall's left face 9.9 at
    // τ = 9.8 / 20 = 0.49; its left face −0.1 + 20τ leaves the right face 10.1 at
    // τ = 10.2 / 20 = 0.51. No contact at the end: tunneled.
    HeadlessOptions replay;
    replay.replay = write(folder.path / "two.csv",
                          "# scene: wall.json\n"
                          "frame,id,x,y,angle\n"
                          "0,0,10,0,0\n0,1,0,0,0\n"
                          "1,0,10,0,0\n1,1,20,0,0\n");
    const HeadlessReport report = run_scene_headless(replay);
    CHECK(report.frames == 1);
    REQUIRE(report.events.size() == 1);
    const MotionEvent& event = report.events[0];
    CHECK(event.kind == MotionEventKind::tunneled);
    CHECK(event.step == 1);
    CHECK(event.body == 1);
    CHECK(event.other == 0);
    // Conservative advancement stops at most the slop (1e-4) before the touching time, over
    // 20 units a step: at most 5e-6 of a step early.
    CHECK(event.time_of_impact <= 0.49f + 1e-6f);
    CHECK(event.time_of_impact >= 0.49f - 1e-5f);
    CHECK(event.time_of_exit >= 0.51f - 1e-5f);
    CHECK(event.time_of_exit <= 0.51f + 1e-5f);
}

TEST_CASE("replay errors name the file: an unknown id, a recording without a scene") {
    testing::TemporaryFolder folder("aabb_replay_errors");
    write(folder.path / "wall.json",
          R"({"version": 1, "bodies": [{"kind": "wall", "position": [0, 0], "size": [1, 1]}]})");
    HeadlessOptions unknown;
    unknown.replay = write(folder.path / "unknown.csv",
                           "# scene: wall.json\nframe,id,x,y,angle\n0,0,0,0,0\n1,7,0,0,0\n");
    CHECK_THROWS_WITH_AS((void)run_scene_headless(unknown),
                         doctest::Contains("unknown.csv: frame 1: id 7 is not a body of the scene "
                                           "(or left it in an earlier frame)"),
                         std::invalid_argument);
    HeadlessOptions no_scene;
    no_scene.replay = write(folder.path / "bare.csv", "frame,id,x,y,angle\n0,0,0,0,0\n");
    CHECK_THROWS_WITH_AS((void)run_scene_headless(no_scene),
                         doctest::Contains("bare.csv: names no scene (a first line '# scene: "
                                           "FILE') and no --scene was given"),
                         std::invalid_argument);
    no_scene.scene = folder.path / "wall.json";
    CHECK(run_scene_headless(no_scene).frames == 0);
}

}  // namespace aabb
