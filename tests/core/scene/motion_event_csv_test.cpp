// The events CSV: the same rows as the headless report's JSON events, field for field, on
// scenes whose events are known (docs/tunneling.md), and the --events-csv flag writing it.

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/scene/headless_run.hpp"
#include "core/scene/motion_event_csv.hpp"
#include "tests/support/temporary_path.hpp"

namespace aabb {

namespace {

// The detection mode --ccd NAME gives; empty for "" (the scene's own).
std::optional<DetectionMode> detection(std::string_view name) {
    if (name.empty()) return std::nullopt;
    return name == "swept" ? DetectionMode::swept : DetectionMode::discrete;
}

HeadlessReport run(const char* scene, std::uint64_t frames, const char* ccd) {
    HeadlessOptions options;
    options.scene = scene;
    options.frames = frames;
    options.ccd = detection(ccd);
    return run_scene_headless(options);
}

std::vector<std::string> split(const std::string& line) {
    std::vector<std::string> fields;
    std::stringstream stream(line);
    std::string field;
    while (std::getline(stream, field, ','))
        fields.push_back(field);
    return fields;
}

std::vector<std::vector<std::string>> csv_rows(const std::string& text) {
    std::stringstream stream(text);
    std::string line;
    std::getline(stream, line);
    CHECK(line == motion_event_csv_header);
    std::vector<std::vector<std::string>> rows;
    while (std::getline(stream, line))
        rows.push_back(split(line));
    return rows;
}

/// A JSON event flattened in the CSV's column order.
std::vector<nlohmann::json> json_fields(const nlohmann::json& event) {
    std::vector<nlohmann::json> fields{event["kind"], event["step"], event["tau"], event["exit"],
                                       event["time"]};
    for (const char* side : {"body", "other"}) {
        const nlohmann::json& body = event[side];
        fields.insert(fields.end(), {body["id"], body["kind"], body["position"][0],
                                     body["position"][1], body["angle"]});
    }
    fields.insert(fields.end(), {event["normal"][0], event["normal"][1]});
    return fields;
}

/// Every CSV row equals its JSON event: strings and whole numbers as text, decimals as the
/// same double.
void check_rows_match_json(const HeadlessReport& report) {
    std::ostringstream csv;
    write_motion_events_csv(csv, report.events);
    const auto rows = csv_rows(csv.str());
    const nlohmann::json json = nlohmann::json::parse(report_to_json_text(report));
    const nlohmann::json& events = json["events"];
    REQUIRE(rows.size() == events.size());
    const std::vector<std::string> columns = split(std::string(motion_event_csv_header));
    for (std::size_t row = 0; row < rows.size(); ++row) {
        const auto expected = json_fields(events[row]);
        REQUIRE(rows[row].size() == columns.size());
        REQUIRE(expected.size() == columns.size());
        for (std::size_t column = 0; column < columns.size(); ++column) {
            CAPTURE(row);
            CAPTURE(columns[column]);
            const nlohmann::json& want = expected[column];
            const std::string& got = rows[row][column];
            if (want.is_string()) {
                CHECK(got == want.get<std::string>());
            } else if (want.is_number_unsigned() || want.is_number_integer()) {
                CHECK(got == want.dump());
            } else {
                CHECK(std::stod(got) == want.get<double>());
            }
        }
    }
}

}  // namespace

TEST_CASE("motion event CSV: a bullet leaving the world after a wall, row for row as the JSON") {
    // Discrete: tunneled through the wall at tau 0.078, escaped at tau 0.581 (the scene's
    // description works both out).
    const HeadlessReport discrete = run("tests/data/escape_after_wall.json", 2, "discrete");
    REQUIRE(discrete.events.size() == 2);
    check_rows_match_json(discrete);
    std::ostringstream csv;
    write_motion_events_csv(csv, discrete.events);
    const auto rows = csv_rows(csv.str());
    CHECK(rows[0][0] == "tunneled");
    CHECK(rows[0][1] == "1");
    CHECK(std::stod(rows[0][2]) == doctest::Approx(0.078).epsilon(1e-3));
    CHECK(rows[0][5] == "1");
    CHECK(rows[0][6] == "bullet");
    CHECK(rows[0][10] == "0");
    CHECK(rows[0][11] == "wall");
    CHECK(rows[1][0] == "escaped");
    CHECK(std::stod(rows[1][2]) == doctest::Approx(0.581).epsilon(1e-3));
    // Swept: one hit, where the bullet stops.
    check_rows_match_json(run("tests/data/escape_after_wall.json", 2, "swept"));
}

TEST_CASE("motion event CSV: the rotated bar and a storm of bullets, row for row as the JSON") {
    check_rows_match_json(run("tests/data/rotated_bar_start_inside_box.json", 20, "discrete"));
    const HeadlessReport storm = run("scenes/bullet_storm.json", 60, "discrete");
    CHECK(storm.events.size() > 10);
    check_rows_match_json(storm);
}

TEST_CASE("motion event CSV: no events is the header alone") {
    std::ostringstream csv;
    write_motion_events_csv(csv, {});
    CHECK(csv.str() == std::string(motion_event_csv_header) + "\n");
}

TEST_CASE("motion event CSV: --events-csv writes the file the report's events give") {
    testing::TemporaryFolder folder("events_csv");
    const std::string csv_path = (folder.path / "events.csv").string();
    const std::string report_path = (folder.path / "report.json").string();
    HeadlessOptions options;
    options.scene = "tests/data/escape_after_wall.json";
    options.frames = 2;
    options.ccd = DetectionMode::discrete;
    options.events_csv = csv_path;
    options.report = report_path;
    std::ostringstream errors;
    const int status = run_headless(options, errors);
    CAPTURE(errors.str());
    REQUIRE(status == 0);
    CHECK(errors.str().empty());
    std::ifstream written(folder.path / "events.csv");
    std::stringstream text;
    text << written.rdbuf();
    std::ostringstream expected;
    write_motion_events_csv(expected, run_scene_headless(options).events);
    CHECK(text.str() == expected.str());
    CHECK(csv_rows(text.str()).size() == 2);
}

TEST_CASE("motion event CSV: --events-csv over the scene is refused before the run") {
    HeadlessOptions options;
    options.scene = "tests/data/escape_after_wall.json";
    options.events_csv = options.scene;
    std::ostringstream errors;
    CHECK(run_headless(options, errors) == 2);
    CHECK(errors.str().find("--events-csv") != std::string::npos);
}

}  // namespace aabb
