// Headless lessons: the flags, the documented JSON of one state (box_intervals with
// b_min_x = 5: dx 0, overlap true), exit codes of bad input, and --check-lessons on every
// shipped lesson (each of which has both languages and expected values in every step).

#include "core/lesson/lesson_headless.hpp"

#include <doctest/doctest.h>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "app/sandbox/command_line.hpp"
#include "app/sandbox/windowless_run.hpp"
#include "core/lesson/lesson_file.hpp"
#include "core/lesson/lesson_library.hpp"
#include "tests/support/temporary_path.hpp"

namespace aabb::lesson {
namespace {

const std::filesystem::path lessons = std::filesystem::path(AABB_SOURCE_DIR) / "lessons";

struct Run {
    int code = 0;
    std::string out;
    std::string errors;
};

Run run(std::vector<std::string_view> arguments) {
    // Through aabb-sandbox's one command line (app/sandbox/command_line.hpp), as the program
    // runs it: these tests give the flags a user types.
    std::ostringstream out;
    std::ostringstream errors;
    Run result;
    try {
        result.code = sandbox::run_windowless(sandbox::parse_command_line(arguments), out, errors);
    } catch (const sandbox::CommandLineError& error) {
        errors << "aabb-sandbox: " << error.what() << '\n';
        result.code = exit_usage;
    }
    result.out = out.str();
    result.errors = errors.str();
    return result;
}

}  // namespace

TEST_CASE("--readouts - prints the documented JSON: box_intervals with b_min_x = 5") {
    const Run result =
        run({"--headless", "--lesson", "box_intervals", "--set", "b_min_x=5", "--readouts", "-"});
    REQUIRE(result.code == exit_ok);
    CHECK(result.errors.empty());
    const nlohmann::json state = nlohmann::json::parse(result.out);
    CHECK(state["lesson"] == "02_box_intervals");
    CHECK(state["step"] == 1);
    CHECK(state["handles"]["b_min_x"] == 5);
    CHECK(state["handles"]["a_max"] == nlohmann::json::array({5, 4}));
    CHECK(state["readouts"]["dx"] == 0);
    CHECK(state["readouts"]["dy"] == 1);
    CHECK(state["readouts"]["overlap"] == true);
    CHECK(state["readouts"]["push_axis"] == "y");
    const std::vector<std::string> keys{"lesson", "step", "handles", "readouts", "try", "question"};
    std::vector<std::string> order;
    const nlohmann::ordered_json ordered = nlohmann::ordered_json::parse(result.out);
    for (const auto& item : ordered.items())
        order.push_back(item.key());
    CHECK(order == keys);
}

// Issue 49 item 6: the JSON says whether the step's "try this" goal is met, and item 7 what
// its question stands at (the answer only once revealed).
TEST_CASE("--readouts includes the try's state and the question's") {
    const Run entered = run({"--headless", "--lesson", "box_intervals", "--step", "1"});
    REQUIRE(entered.code == exit_ok);
    const nlohmann::json state = nlohmann::json::parse(entered.out);
    CHECK(state["try"] == nlohmann::json::parse(R"({"met": false, "demonstration": false})"));
    CHECK(state["question"] == nlohmann::json::parse(
                                   R"({"kind": "choice", "revealed": false, "response": null,
                                       "correct": null})"));
    const Run solved =
        run({"--headless", "--lesson", "box_intervals", "--step", "1", "--set", "b_min_x=5"});
    CHECK(nlohmann::json::parse(solved.out)["try"]["met"] == true);
    // A step without a prompt or a question: both null.
    const Run plain = run({"--headless", "--lesson", "box_intervals", "--step", "2"});
    const nlohmann::json none = nlohmann::json::parse(plain.out);
    CHECK(none["try"].is_null());
    CHECK(none["question"].is_null());
    // A number question, answered and revealed in the runtime the window drives.
    LessonRuntime runtime =
        LessonRuntime::load(lessons / "01_pair_growth.json", RuntimeOptions{.own_world = true});
    runtime.answer_number(180.0);
    runtime.reveal_answer(true);
    const nlohmann::json answered = nlohmann::json::parse(state_json(runtime))["question"];
    CHECK(answered == nlohmann::json::parse(R"({"kind": "number", "revealed": true,
                                                "response": 180, "correct": false,
                                                "answer": 190})"));
}

// Issue 49 item 4: "try this" ticked itself on entry in six lessons; --check-lessons now fails
// a goal that holds at its step's own values.
TEST_CASE("--check-lessons fails a goal already met on entering its step") {
    const testing::TemporaryFolder folder("goal_on_entry");
    const std::filesystem::path path = folder.path / "ticks.json";
    std::ofstream(path) << R"({"id": "ticks", "section": 1, "title": "t",
      "objects": [{"name": "n", "kind": "number", "value": 10000}],
      "handles": [{"name": "n", "kind": "slider", "target": "n", "range": [2, 100000]}],
      "readouts": [{"name": "pairs", "kind": "pairs_formula", "args": {"n": "n"}}],
      "steps": [{"text": "s", "try": "Find the smallest n with a million pairs.",
                 "goal": {"readout": "pairs", "op": ">=", "value": 1000000},
                 "expect": {"pairs": 49995000}}]})";
    const Run result = run({"--check-lessons", path.string()});
    CHECK(result.code == exit_failed);
    CHECK(result.errors == path.generic_string() +
                               ": steps[0].goal: holds on entering the step (pairs >= 1000000: "
                               "got 4.9995e+07), so the try box ticks itself; make the goal test "
                               "what the try asks, or mark the step \"demonstration\": true\n");
    CHECK(result.out ==
          "checked 1 lesson, 1 steps, 1 expected values, 1 goal, 0 questions: 1 failed\n");
}

TEST_CASE("JSON numbers: floats as their shortest decimal, infinities as null") {
    const Run swept = run({"--headless", "--lesson", "swept_aabb", "--step", "2"});
    REQUIRE(swept.code == exit_ok);
    const nlohmann::json state = nlohmann::json::parse(swept.out);
    CHECK(state["readouts"]["t_entry"] == 0.4);
    CHECK(state["readouts"]["t_exit"] == 0.55);
    CHECK(state["readouts"]["hit"] == true);
    CHECK(state["readouts"]["entry_y"].is_null());
    CHECK(state["readouts"]["world_toi"].is_null());  // step 2 steps no frames: no hit yet
    CHECK(state["handles"]["detection"] == "swept");
    const Run first = run({"--headless", "--lesson", "09_swept_aabb", "--step", "1"});
    CHECK(nlohmann::json::parse(first.out)["readouts"]["world_toi"] == 0.4);
}

TEST_CASE("bad input: an unknown handle or an out-of-range --set names the handle and its range") {
    const Run unknown = run({"--headless", "--lesson", "box_intervals", "--set", "b_max_x=5"});
    CHECK(unknown.code == exit_usage);
    CHECK(unknown.errors ==
          "aabb-sandbox: --set b_max_x=5: unknown handle 'b_max_x' (known: b_min_x, b_min_y, "
          "a_max, small)\n");
    CHECK(unknown.out.empty());
    const Run range = run({"--headless", "--lesson", "box_intervals", "--set", "b_min_x=50"});
    CHECK(range.code == exit_usage);
    CHECK(range.errors ==
          "aabb-sandbox: --set b_min_x=50: handle 'b_min_x': 50 is outside its range [-2, 10]\n");
    const Run step = run({"--headless", "--lesson", "box_intervals", "--step", "9"});
    CHECK(step.code == exit_usage);
    CHECK(step.errors == "aabb-sandbox: --step 9: 02_box_intervals has 5 steps\n");
    const Run missing = run({"--headless", "--lesson", "no_such_lesson"});
    CHECK(missing.code == exit_usage);
    const Run flags = run({"--headless", "--lesson", "box_intervals", "--speed", "2"});
    CHECK(flags.code == exit_usage);
    const Run check = run({"--check-lessons"});
    CHECK(check.code == exit_usage);
}

TEST_CASE("every shipped lesson passes --check-lessons") {
    const Run result = run({"--check-lessons", lessons.string()});
    CHECK(result.errors == "");
    CHECK(result.code == exit_ok);
    CHECK(result.out.rfind("checked 20 lessons, ", 0) == 0);
}

TEST_CASE(
    "every shipped lesson: both languages (questions too), and expected values in every step") {
    const std::vector<std::filesystem::path> files = lesson_files(lessons);
    REQUIRE(files.size() == 20);
    for (std::size_t i = 0; i < files.size(); ++i) {
        const Lesson lesson = load_lesson(files[i]);
        CAPTURE(lesson.id);
        CHECK(lesson.id == lesson_name(files[i]));
        CHECK(std::stoi(lesson.id.substr(0, 2)) == int(i + 1));  // numbered 01..20
        CHECK(!lesson.title_zh.empty());
        CHECK(!lesson.objective.empty());
        CHECK(!lesson.objective_zh.empty());
        for (const Step& step : lesson.steps) {
            CAPTURE(step.text);
            CHECK(!step.text_zh.empty());
            CHECK(!step.expect.empty());
            CHECK(step.try_text.empty() == step.try_zh.empty());
            if (const std::optional<Question>& question = step.question) {
                CHECK(!question->text_zh.empty());
                CHECK(question->explain.empty() == question->explain_zh.empty());
                for (const QuestionChoice& choice : question->choices)
                    CHECK(!choice.text_zh.empty());
            }
        }
    }
}

TEST_CASE("a lesson whose expected values do not hold fails the check, one line per mismatch") {
    const std::filesystem::path path = testing::unique_temporary_path("aabb_wrong_expect", ".json");
    {
        std::ofstream file(path);
        file << R"({"id": "wrong", "section": 2, "title": "t",
          "objects": [{"name": "A", "kind": "box", "min": [2, 2], "max": [5, 4]},
                      {"name": "B", "kind": "box", "min": [6, 3], "max": [8, 5]}],
          "readouts": [{"name": "dx", "kind": "overlap_length", "args": {"a": "A", "b": "B"}}],
          "steps": [{"text": "s", "expect": {"dx": 1}}, {"text": "t", "expect": {"dx": -1}}]})";
    }
    const Run result = run({"--check-lessons", path.string()});
    CHECK(result.code == exit_failed);
    CHECK(result.errors == path.generic_string() + ": steps[0].expect.dx: got -1, want 1\n");
    CHECK(result.out ==
          "checked 1 lesson, 2 steps, 2 expected values, 0 goals, 0 questions: 1 failed\n");
    std::filesystem::remove(path);
    const Run broken = run(
        {"--check-lessons",
         (std::filesystem::path(AABB_SOURCE_DIR) / "tests/data/malformed_lesson.json").string()});
    CHECK(broken.code == exit_failed);
    CHECK(broken.errors.find("malformed_lesson.json: steps[1].formulas[0]: unknown name 'dz'") !=
          std::string::npos);
}

// Issue 48 item 12: values from the command line and from lesson files reached the terminal raw.
TEST_CASE("--set values, choice names and expected texts are quoted escaped and cut") {
    const Run value = run({"--headless", "--lesson", "box_intervals", "--set", "b_min_x=\x1b[2J"});
    CHECK(value.errors ==
          "aabb-sandbox: --set b_min_x=\\x1B[2J: handle 'b_min_x': \"\\x1B[2J\" is not a value "
          "(expected a number: [-2, 10])\n");
    const std::string long_name = std::string(1, '\x1b').append(10'000, 'h');
    const Run name = run({"--headless", "--lesson", "box_intervals", "--set", long_name + "=1"});
    CHECK(name.errors.find("unknown handle '\\x1B" + std::string(79, 'h') + "…'") !=
          std::string::npos);
    CHECK(name.errors.size() < 600);
    CHECK(name.errors.find('\x1b') == std::string::npos);

    const testing::TemporaryFolder folder("lesson_echo");
    const std::filesystem::path path = folder.path / "echo.json";
    std::ofstream(path) << R"({"id": "echo", "section": 2, "title": "t",
      "objects": [{"name": "A", "kind": "box", "min": [2, 2], "max": [5, 4]},
                  {"name": "n", "kind": "number", "value": 0}],
      "handles": [{"name": "pick", "kind": "choice", "target": "n",
                   "choices": ["\u001b[31mred", "blue"]}],
      "readouts": [{"name": "axis", "kind": "push_out", "args": {"a": "A", "b": "A"},
                    "output": "axis"}],
      "steps": [{"text": "s", "set": {"pick": "\u001b[31mred"},
                 "expect": {"axis": "\u001b[32m)" +
                               std::string(3000, 'w') + R"("}}]})";
    const Run check = run({"--check-lessons", path.string()});
    CHECK(check.code == exit_failed);
    CHECK(check.errors == path.generic_string() +
                              ": steps[0].expect.axis: got \"y\", want \"\\x1B[32m" +
                              std::string(75, 'w') + "…\" (pick=\\x1B[31mred)\n");
    const Run choice = run({"--headless", "--lesson", path.string(), "--set", "pick=green"});
    CHECK(choice.errors ==
          "aabb-sandbox: --set pick=green: handle 'pick': \"green\" is not a "
          "value (expected a choice: one of \\x1B[31mred, blue)\n");
}

// Issue 48 item 13: --check-lessons DIR skipped dangling links and FIFOs named *.json without a
// word; item 10: a lesson nested 100,000 deep killed the whole folder check with SIGSEGV.
TEST_CASE("--check-lessons DIR reports every *.json that cannot be read, and goes on") {
    const testing::TemporaryFolder folder("check_lessons");
    std::filesystem::copy_file(lessons / "02_box_intervals.json",
                               folder.path / "02_box_intervals.json");
    std::ofstream(folder.path / "05_deep.json")
        << "{\"scene\": {\"title\": " + std::string(100'000, '[') + std::string(100'000, ']') +
               "}}";
    std::filesystem::create_symlink(folder.path / "nowhere.json", folder.path / "09_dangling.json");
    REQUIRE(::mkfifo((folder.path / "10_fifo.json").c_str(), 0600) == 0);
    const Run result = run({"--check-lessons", folder.path.string()});
    const std::string name = folder.path.generic_string();
    CHECK(result.code == exit_failed);
    // The one readable lesson's steps, expected values, goals and questions, counted from the
    // file (lessons gain expectations as they are edited).
    const Lesson readable = load_lesson(lessons / "02_box_intervals.json");
    std::size_t expected = 0;
    std::size_t goals = 0;
    std::size_t questions = 0;
    for (const Step& step : readable.steps) {
        expected += step.expect.size();
        goals += step.goal.empty() ? 0 : 1;
        questions += step.question ? 1 : 0;
    }
    CHECK(result.out == "checked 4 lessons, " + std::to_string(readable.steps.size()) + " steps, " +
                            std::to_string(expected) + " expected values, " +
                            std::to_string(goals) + (goals == 1 ? " goal, " : " goals, ") +
                            std::to_string(questions) +
                            (questions == 1 ? " question: " : " questions: ") + "3 failed\n");
    CHECK(result.errors.find(name + "/05_deep.json: scene.title[0]") != std::string::npos);
    CHECK(result.errors.find("is nested deeper than 64 levels") != std::string::npos);
    CHECK(result.errors.find(name + "/09_dangling.json: cannot open the file: No such file or "
                                    "directory\n") != std::string::npos);
    CHECK(result.errors.find(name + "/10_fifo.json: is a FIFO (named pipe), not a lesson file\n") !=
          std::string::npos);
}

// Issue 48 item 11: the pair budget's error inside a lesson's world named no lesson.
TEST_CASE("an error inside a lesson's world names the lesson file and step") {
    const testing::TemporaryFolder folder("lesson_budget");
    const std::filesystem::path path = folder.path / "pile.json";
    // 8,200 boxes piled at one point: 33.6 million pairs, above a lesson world's pair budget
    // (2^23, LessonWorldLimits::max_pairs) and the default one (2^25).
    std::ofstream(path) << R"({"id": "pile", "section": 2, "title": "t",
      "scene": {"broadphase": {"name": "sort_and_sweep"},
                "bounds": {"min": [-100, -100], "max": [100, 100]},
                "box_fields": [{"count": 8200, "region": {"min": [-1, -1], "max": [1, 1]},
                                "size_min": [50, 50], "size_max": [50, 50],
                                "speed_min": 0, "speed_max": 0}]},
      "readouts": [{"name": "n", "kind": "world_stat", "output": "bodies"}],
      "steps": [{"text": "s", "frames": 0, "expect": {"n": 8200}}]})";
    const Run check = run({"--check-lessons", path.string()});
    CHECK(check.code == exit_failed);
    CHECK(check.errors.rfind(path.generic_string() +
                                 ": steps[0]: sort_and_sweep: 8388609 pairs needed, above the "
                                 "budget of 8388608 (max_pairs)",
                             0) == 0);
    const Run headless = run({"--headless", "--lesson", path.string()});
    CHECK(headless.code == exit_failed);
    CHECK(headless.errors.rfind(path.generic_string() + ": steps[0]: sort_and_sweep: ", 0) == 0);
}

}  // namespace aabb::lesson
