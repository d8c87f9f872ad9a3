// Headless runs of shipped scenes: the curriculum's tunneling example under both detection
// modes, and the same report from every broad phase.

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string_view>
#include <vector>

#include "core/broadphase/broad_phase_factory.hpp"
#include "core/scene/headless_run.hpp"
#include "tests/support/temporary_path.hpp"

namespace aabb {

namespace {

// The detection mode --ccd NAME gives; empty for "" (the scene's own).
std::optional<DetectionMode> detection(std::string_view name) {
    if (name.empty()) return std::nullopt;
    return name == "swept" ? DetectionMode::swept : DetectionMode::discrete;
}

HeadlessReport run(const char* scene, std::uint64_t frames, const char* ccd,
                   const std::string& broad_phase = "") {
    HeadlessOptions options;
    options.scene = scene;
    options.frames = frames;
    options.ccd = detection(ccd);
    options.broad_phase = broad_phase;
    return run_scene_headless(options);
}

// Everything but the broad phase's name.
void check_same_results(const HeadlessReport& a, const HeadlessReport& b) {
    CHECK(a.frames == b.frames);
    CHECK(a.bodies == b.bodies);
    CHECK(a.totals.candidate_pairs == b.totals.candidate_pairs);
    CHECK(a.totals.contacts == b.totals.contacts);
    CHECK(a.totals.false_positives == b.totals.false_positives);
    CHECK(a.totals.tunneling_events == b.totals.tunneling_events);
    CHECK(a.totals.tunneled_bodies == b.totals.tunneled_bodies);
    CHECK(a.totals.hits == b.totals.hits);
    CHECK(a.totals.escaped == b.totals.escaped);
    // Every event, field by field (kinds, steps, times, ids, poses, normals).
    CHECK(a.events == b.events);
    CHECK(a.state_hash == b.state_hash);
}

}  // namespace

TEST_CASE("tunneling.json: discrete detection tunnels, the detector records the crossing") {
    const HeadlessReport report = run("scenes/tunneling.json", 10, "discrete");
    CHECK(report.totals.tunneling_events == 1);
    CHECK(report.totals.tunneled_bodies == 1);
    CHECK(report.totals.hits == 0);
    REQUIRE(report.events.size() == 1);
    CHECK(report.events[0].kind == MotionEventKind::tunneled);
    CHECK(report.events[0].step == 1);
    CHECK(report.events[0].body == 1);
    CHECK(report.events[0].other == 0);
    CHECK(report.events[0].time_of_impact == doctest::Approx(0.40f));
    CHECK(report.events[0].time_of_exit == doctest::Approx(0.55f));
    // The bullet flew on and left the bounds; the wall stays.
    CHECK(report.bodies == 1);
}

TEST_CASE("tunneling.json: swept detection hits at 0.40 and stops the bullet at the wall") {
    const HeadlessReport report = run("scenes/tunneling.json", 10, "swept");
    CHECK(report.totals.tunneling_events == 0);
    REQUIRE(report.events.size() == 1);
    CHECK(report.events[0].kind == MotionEventKind::hit);
    CHECK(report.events[0].step == 1);
    CHECK(report.events[0].body == 1);
    CHECK(report.events[0].other == 0);
    CHECK(report.events[0].time_of_impact == doctest::Approx(0.40f));
    CHECK(report.bodies == 2);
    // The stopped bullet touches the wall every frame: a contact, not a new hit.
    CHECK(report.totals.contacts == 10);
    CHECK(report.totals.false_positives == 0);
}

TEST_CASE("every broad phase gives the same headless report") {
    for (const char* ccd : {"discrete", "swept"}) {
        for (const char* scene :
             {"scenes/tunneling.json", "scenes/bullet_storm.json", "scenes/slanted_bars.json",
              "scenes/rotating_bars.json", "scenes/shapes_spawner.json"}) {
            CAPTURE(scene);
            CAPTURE(ccd);
            const HeadlessReport reference = run(scene, 90, ccd, "brute_force");
            for (const std::string& name : broad_phase_names()) {
                CAPTURE(name);
                const HeadlessReport report = run(scene, 90, ccd, name);
                CHECK(report.broad_phase == name);
                check_same_results(reference, report);
            }
        }
    }
}

TEST_CASE("bullet storm: discrete bullets tunnel through the walls, swept ones do not") {
    const HeadlessReport discrete = run("scenes/bullet_storm.json", 120, "discrete");
    const HeadlessReport swept = run("scenes/bullet_storm.json", 120, "swept");
    CHECK(discrete.totals.tunneling_events > 10);
    CHECK(swept.totals.tunneling_events == 0);
    CHECK(swept.totals.hits > discrete.totals.hits);
}

TEST_CASE("slanted bars: every candidate pair is a false positive") {
    const HeadlessReport report = run("scenes/slanted_bars.json", 5, "");
    CHECK(report.totals.candidate_pairs > 0);
    CHECK(report.totals.contacts == 0);
    CHECK(report.totals.false_positives == report.totals.candidate_pairs);
}

TEST_CASE("the report JSON holds the documented fields") {
    const std::string text = report_to_json_text(run("scenes/tunneling.json", 3, "swept"));
    for (const char* field : {"\"frames\": 3",
                              "\"bodies\": 2",
                              "\"broadphase\"",
                              "\"candidate_pairs\"",
                              "\"contacts\"",
                              "\"false_positives\"",
                              "\"ccd\": \"bullets\"",
                              "\"hit_events\": 1",
                              "\"tunneling_events\": 0",
                              "\"tunneled_bodies\": 0",
                              "\"escaped_events\": 0",
                              "\"unresolved_impacts\": 0",
                              "\"kind\": \"hit\"",
                              "\"step\": 1",
                              "\"tau\": 0.4",
                              "\"time\": 0.4",
                              "\"kind\": \"bullet\"",
                              "\"kind\": \"wall\"",
                              "\"position\"",
                              "\"angle\"",
                              "\"normal\"",
                              "\"state_hash\""}) {
        CAPTURE(field);
        CHECK(text.find(field) != std::string::npos);
    }
}

TEST_CASE("headless runs reject bad options with one clear line") {
    std::ostringstream errors;
    HeadlessOptions options;
    options.scene = "scenes/tunneling.json";
    options.frames = 1;
    options.broad_phase = "nope";
    CHECK(run_headless(options, errors) == 1);
    CHECK(errors.str().find("--broadphase") != std::string::npos);
    errors.str("");
    options.broad_phase = "";
    options.scene = "scenes/does_not_exist.json";
    CHECK(run_headless(options, errors) == 1);
    CHECK(errors.str().find("scenes/does_not_exist.json") != std::string::npos);
}

TEST_CASE("run_headless writes the report file") {
    const auto path = testing::unique_temporary_path("aabb_headless_report", ".json");
    HeadlessOptions options;
    options.scene = "scenes/tunneling.json";
    options.frames = 2;
    options.ccd = DetectionMode::discrete;
    options.report = path;
    std::ostringstream errors;
    REQUIRE(run_headless(options, errors) == 0);
    CHECK(errors.str().empty());
    std::ifstream file(path);
    std::stringstream contents;
    contents << file.rdbuf();
    CHECK(contents.str().find("\"tunneling_events\": 1") != std::string::npos);
    std::filesystem::remove(path);
}

}  // namespace aabb

namespace aabb {

TEST_CASE("a headless run over the pair budget names the scene, the frame, the count, the limit") {
    const std::filesystem::path path =
        testing::unique_temporary_path("aabb_budget_pile_scene", ".json");
    {
        std::ofstream file(path);
        // 10,000 unit boxes with their centers in a square of 0.01: 49,995,000 pairs.
        file << R"({"version": 1, "box_fields": [{"count": 10000,
                   "region": {"min": [0, 0], "max": [0.01, 0.01]}}]})";
    }
    HeadlessOptions options;
    options.scene = path;
    options.frames = 3;
    try {
        (void)run_scene_headless(options);
        FAIL("no error");
    } catch (const std::runtime_error& error) {
        const std::string message = error.what();
        INFO(message);
        // Frame 0: the pairs are first found while the world is built.
        CHECK(message.find(path.generic_string() + ", frame 0: sort_and_sweep: ") == 0);
        CHECK(message.find("pairs needed, above the budget of 33554432 (max_pairs)") !=
              std::string::npos);
    }
    std::filesystem::remove(path);
}

}  // namespace aabb

namespace aabb {

TEST_CASE("the resource budget reaches the headless world") {
    // (--max-pairs and the other flags are parsed in app/: tests/app/sandbox/.)
    const std::filesystem::path path =
        testing::unique_temporary_path("aabb_budget_flag_scene", ".json");
    {
        std::ofstream file(path);
        // 60 unit boxes at one point: 1,770 pairs.
        file << R"({"version": 1, "box_fields": [{"count": 60,
                   "region": {"min": [0, 0], "max": [0.01, 0.01]}}]})";
    }
    HeadlessOptions small;
    small.scene = path;
    small.frames = 2;
    small.budget.max_pairs = 1000;
    CHECK_THROWS_WITH_AS((void)run_scene_headless(small),
                         doctest::Contains("above the budget of 1000 (max_pairs); too many boxes "
                                           "overlap"),
                         std::runtime_error);
    // Raised, the same scene runs: the flag is what the message tells the user to change.
    small.budget.max_pairs = 1770;
    CHECK(run_scene_headless(small).frames == 2);
    std::filesystem::remove(path);
}

}  // namespace aabb
