// aabb-sandbox's one command line in its four modes (issue 51 item 1): --headless scene runs
// and --headless --lesson runs parse into the core option structs, --help works in every
// mode, a flag of another mode is refused naming it, and --step has one range everywhere.

#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

#include "app/sandbox/command_line.hpp"
#include "core/lesson/lesson_file.hpp"

namespace aabb::sandbox {
namespace {

std::string error_of(std::vector<std::string_view> arguments) {
    try {
        (void)parse_command_line(arguments);
    } catch (const CommandLineError& error) {
        return error.what();
    }
    return "";
}

}  // namespace

TEST_CASE("command line modes: the arguments pick the mode") {
    CHECK(mode_of(std::vector<std::string_view>{}) == Mode::window);
    CHECK(mode_of(std::vector<std::string_view>{"--lesson", "x"}) == Mode::window);
    CHECK(mode_of(std::vector<std::string_view>{"--headless", "--scene", "a.json"}) ==
          Mode::headless);
    CHECK(mode_of(std::vector<std::string_view>{"--lesson=x", "--headless"}) == Mode::lesson);
    CHECK(mode_of(std::vector<std::string_view>{"--check-lessons", "lessons"}) == Mode::check);
}

TEST_CASE("command line modes: headless flags parse into HeadlessOptions") {
    const std::vector<std::string_view> good = {
        "--headless",  "--scene",      "scenes/tunneling.json",
        "--frames",    "12",           "--broadphase",
        "brute_force", "--ccd",        "swept",
        "--seed",      "42",           "--report",
        "out.json",    "--max-pairs",  "12",
        "--max-cells", "34",           "--max-bytes",
        "5678",        "--events-csv", "e.csv",
        "--record",    "r.csv"};
    const CommandLine line = parse_command_line(good);
    REQUIRE(line.mode == Mode::headless);
    const HeadlessOptions& options = line.headless;
    CHECK(options.scene == "scenes/tunneling.json");
    CHECK(options.frames == 12);
    CHECK(options.broad_phase == "brute_force");
    CHECK(options.ccd == DetectionMode::swept);
    REQUIRE(options.seed.has_value());
    CHECK(*options.seed == 42);
    CHECK(options.report == "out.json");
    CHECK(options.events_csv == "e.csv");
    CHECK(options.record == "r.csv");
    CHECK(options.budget.max_pairs == 12);
    CHECK(options.budget.max_cells == 34);
    CHECK(options.budget.max_bytes == 5678);
    CHECK(parse_command_line(std::vector<std::string_view>{"--headless", "--scene", "a.json"})
              .headless.frames == HeadlessOptions{}.frames);

    CHECK(error_of({"--headless", "--scene", "a.json", "--fast"}) ==
          "unknown flag '--fast' (see --help)");
    CHECK(error_of({"--headless", "--scene"}) == "--scene: needs a value FILE");
    CHECK(error_of({"--headless", "--scene", "a.json", "--frames", "-3"}) ==
          "--frames: expected a whole number in [0, 10000000], got '-3'");
    CHECK(error_of({"--headless", "--scene", "a.json", "--seed", "99999999999"}) ==
          "--seed: expected a whole number in [0, 4294967295], got '99999999999'");
    CHECK(error_of({"--headless", "--scene", "a.json", "--frames", "1", "--frames", "2"}) ==
          "--frames: given more than once");
    CHECK(error_of({"--headless", "--scene", "a.json", "--max-pairs", "1", "--max-pairs", "2"}) ==
          "--max-pairs: given more than once");
    CHECK(error_of({"--headless", "--scene", "a.json", "--max-pairs", "0"}) ==
          "--max-pairs: expected a whole number in [1, 68719476736], got '0'");
    CHECK(error_of({"--headless", "--frames", "3"}) ==
          "--scene: a scene file is required (or --replay FILE)");
    CHECK(error_of({"--headless", "--scene", "a.json", "--report", ""}) ==
          "--report: the file name is empty");
    CHECK(error_of({"--headless", "--replay", "r.csv", "--record", "s.csv"}) ==
          "--record: not with --replay (the recording is the input)");
}

TEST_CASE("command line modes: a bad value after --headless is a usage error naming the flag") {
    // Issue 51: these were found only by the run (exit 1, no "aabb-sandbox:" prefix).
    CHECK(error_of({"--headless", "--scene", "a.json", "--broadphase", "nope"})
              .starts_with("--broadphase: unknown algorithm 'nope' (known: brute_force, "));
    CHECK(error_of({"--headless", "--scene", "a.json", "--ccd", "sideways"}) ==
          "--ccd: unknown detection mode 'sideways' (known: discrete, swept)");
}

TEST_CASE("command line modes: lesson flags parse into LessonRunOptions") {
    const std::vector<std::string_view> args = {
        "--headless", "--lesson", "box_intervals", "--step",     "2", "--set",
        "b_min_x=5",  "--set",    "b_min_y=3.5",   "--readouts", "-"};
    const CommandLine line = parse_command_line(args);
    REQUIRE(line.mode == Mode::lesson);
    const lesson::LessonRunOptions& options = line.lesson_run;
    CHECK(options.lesson == "box_intervals");
    CHECK(options.step == 2);
    REQUIRE(options.sets.size() == 2);
    CHECK(options.sets[1] == std::pair<std::string, std::string>{"b_min_y", "3.5"});
    CHECK(options.readouts == "-");
    CHECK(error_of({"--headless", "--lesson"}) == "--lesson: needs a value NAME");
    CHECK(error_of({"--headless", "--lesson", "x", "--set", "novalue"}) ==
          "--set: expected HANDLE=VALUE such as b_min_x=5, got 'novalue'");
    CHECK(error_of({"--headless", "--lesson", "x", "--frames", "3"}) ==
          "--frames: does not apply to --headless --lesson (see --help)");
    CHECK(error_of({"--headless", "--lesson", "x", "--step", "1", "--step", "2"}) ==
          "--step: given more than once");
    CHECK(error_of({"--headless", "--lesson", "x", "--lesson", "y"}) ==
          "--lesson: given more than once");
    CHECK(error_of({"--headless", "--lesson", "x", "--readouts", "-", "--readouts", "a"}) ==
          "--readouts: given more than once");
    CHECK(error_of({"--check-lessons"}) == "--check-lessons: needs a value DIR|FILE");
    CHECK(error_of({"--check-lessons", "lessons", "--step", "2"}) ==
          "--step: does not apply to --check-lessons (see --help)");
    CHECK(parse_command_line(std::vector<std::string_view>{"--check-lessons", "lessons"})
              .check_lessons == "lessons");
}

TEST_CASE("command line modes: --step has one range in the window and headless") {
    // Issue 51: 1..1000 in the window, 1..32 headless. Now 1..LessonLimits::steps in both.
    const std::string top = std::to_string(lesson::LessonLimits::steps);
    const std::string past = std::to_string(lesson::LessonLimits::steps + 1);
    const std::string expected =
        "--step: expected a whole number in [1, " + top + "], got '" + past + "'";
    CHECK(error_of({"--lesson", "x", "--step", past}) == expected);
    CHECK(error_of({"--headless", "--lesson", "x", "--step", past}) == expected);
    CHECK(parse_command_line(std::vector<std::string_view>{"--lesson", "x", "--step", top})
              .sandbox.lesson_step == lesson::LessonLimits::steps - 1);
    CHECK(parse_command_line(
              std::vector<std::string_view>{"--headless", "--lesson", "x", "--step", top})
              .lesson_run.step == lesson::LessonLimits::steps);
}

TEST_CASE("command line modes: --help works in every mode") {
    for (const std::vector<std::string_view>& arguments :
         {std::vector<std::string_view>{"--help"},
          std::vector<std::string_view>{"--headless", "--help"},
          std::vector<std::string_view>{"--headless", "--lesson", "x", "--help"},
          std::vector<std::string_view>{"--check-lessons", "--help"},
          std::vector<std::string_view>{"--headless", "--frames", "x", "--help"}}) {
        CHECK(parse_command_line(arguments).show_help);
    }
}

TEST_CASE("command line modes: a flag of one mode is refused in another, naming both") {
    CHECK(error_of({"--headless", "--scene", "a.json", "--screenshot", "a.png"}) ==
          "--screenshot: does not apply to --headless (see --help)");
    CHECK(error_of({"--report", "r.json"}) ==
          "--report: does not apply to the window (see --help)");
    CHECK(error_of({"--readouts", "-"}) == "--readouts: does not apply to the window (see --help)");
}

TEST_CASE("command line modes: --record and --events-csv in the window") {
    const CommandLine line = parse_command_line(std::vector<std::string_view>{
        "--scene", "scenes/tunneling.json", "--record", "r.csv", "--events-csv", "e.csv"});
    CHECK(line.recording.scene == "scenes/tunneling.json");
    CHECK(line.recording.record == "r.csv");
    CHECK(line.recording.events_csv == "e.csv");
    const std::string needs =
        "--record: records a --scene FILE run: needs --scene, and takes none of --replay, "
        "--tools, --lesson";
    CHECK(error_of({"--record", "r.csv"}) == needs);
    CHECK(error_of({"--scene", "s.json", "--record", "r.csv", "--tools", "clear"}) == needs);
    CHECK(error_of({"--events-csv", ""}) == "--events-csv: the file name is empty");
    // --events-csv alone works on any scene, the random one too.
    CHECK(parse_command_line(std::vector<std::string_view>{"--events-csv", "e.csv"})
              .recording.events_csv == "e.csv");
}

TEST_CASE("command line modes: the help has a section per mode from the same rows") {
    const std::string help = command_line_help("aabb-sandbox");
    const std::size_t window = help.find("Window flags:");
    const std::size_t headless = help.find("Headless scene runs");
    const std::size_t lesson = help.find("Headless lesson runs");
    const std::size_t check = help.find("Lesson checks:");
    REQUIRE(window != std::string::npos);
    REQUIRE(headless != std::string::npos);
    REQUIRE(lesson != std::string::npos);
    REQUIRE(check != std::string::npos);
    const std::string headless_part = help.substr(headless, lesson - headless);
    // A row in both modes prints the same line in both sections.
    for (const FlagSpec& flag : command_line_flags()) {
        const unsigned both =
            static_cast<unsigned>(Mode::window) | static_cast<unsigned>(Mode::headless);
        if ((flag.modes & both) != both) continue;
        CAPTURE(flag.name);
        CHECK(headless_part.find(flag.help) != std::string::npos);
        CHECK(help.substr(window, headless - window).find(flag.help) != std::string::npos);
    }
    CHECK(headless_part.find("--report FILE") != std::string::npos);
    CHECK(headless_part.find("(default 600;") != std::string::npos);
    CHECK(headless_part.find("--screenshot") == std::string::npos);
    CHECK(help.find("Exit status: 0 done; 1 a run, check or write failed; 2 a bad command line") !=
          std::string::npos);
}

}  // namespace aabb::sandbox
