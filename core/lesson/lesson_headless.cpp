#include "core/lesson/lesson_headless.hpp"

#include <algorithm>
#include <cmath>
#include <new>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "core/io/atomic_file.hpp"
#include "core/io/output_files.hpp"
#include "core/lesson/handles/handle_values.hpp"
#include "core/lesson/lesson_checks.hpp"
#include "core/lesson/lesson_file.hpp"
#include "core/lesson/lesson_library.hpp"
#include "core/parallel/stop_request.hpp"
#include "core/scene/shortest_float.hpp"
#include "core/text/input_excerpt.hpp"

namespace aabb::lesson {

namespace {

using OrderedJson = nlohmann::ordered_json;

// A number as JSON: whole numbers as integers, a float's value as its shortest decimal.
OrderedJson json_number(double value) {
    if (std::abs(value) < 9007199254740992.0 && value == std::floor(value))
        return static_cast<std::int64_t>(value);
    const auto single = static_cast<float>(value);
    if (double{single} == value) return shortest_float(single);
    return value;
}

OrderedJson json_value(const ReadoutValue& value) {
    switch (value.type) {
        case ValueType::number:
            return json_number(value.number);
        case ValueType::boolean:
            return value.flag;
        case ValueType::text:
            return value.text;
        case ValueType::null:
            break;
    }
    return nullptr;
}

OrderedJson json_handle(const Handle& handle, const HandleValue& value) {
    switch (handle.kind) {
        case HandleKind::choice:
        case HandleKind::toggle:
            if (handle.kind == HandleKind::toggle) return value.numbers[0] != 0.0;
            return value_text(handle, value);
        default:
            break;
    }
    if (value_components(handle) == 2)
        return OrderedJson::array({json_number(value.numbers[0]), json_number(value.numbers[1])});
    return json_number(value.numbers[0]);
}

// The step's animation as the runtime holds it: which handle, its pass, where the clock is
// and whether it would play (headless, nothing moves; the window gives it the frame time).
OrderedJson animation_json(const LessonRuntime& runtime, const Animation& animation) {
    const AnimationState& state = runtime.animation_state();
    OrderedJson json;
    json["handle"] = animation.handle;
    json["value"] = json_number(runtime.handle_value(animation.handle).numbers[0]);
    json["from"] = json_number(animation.from);
    json["to"] = json_number(animation.to);
    json["seconds"] = json_number(animation.seconds);
    json["loop"] = animation.loop;
    json["clock"] = json_number(state.clock);
    json["progress"] = json_number(animation_progress(animation, state.clock));
    json["playing"] = state.playing;
    return json;
}

// What a failure while loading or running the lesson file `file` prints: a LessonError names
// the file itself; anything else (memory running out) gets the file's name in front.
std::string failure_text(const std::filesystem::path& file, const std::exception& problem) {
    if (dynamic_cast<const LessonError*>(&problem) != nullptr) return problem.what();
    const bool memory = dynamic_cast<const std::bad_alloc*>(&problem) != nullptr;
    return input_excerpt(file.generic_string(), quoted_path_limit) + ": " +
           (memory ? "out of memory (std::bad_alloc)" : problem.what());
}

// The step's "try this": null without a prompt or goal; otherwise whether its goal holds now
// (null without a goal) and whether the step is a demonstration (its goal met on entry).
OrderedJson try_json(const LessonRuntime& runtime, const World* world) {
    const Step& step = runtime.step();
    if (step.try_text.empty() && step.try_zh.empty() && step.goal.empty()) return nullptr;
    OrderedJson state;
    state["met"] =
        step.goal.empty() ? OrderedJson(nullptr) : OrderedJson(runtime.goal_reached(world));
    state["demonstration"] = step.demonstration;
    return state;
}

// The step's question: null without one; its kind, whether the answer is shown, the learner's
// response and whether it is right (null without a response), and the answer once revealed.
OrderedJson question_json(const LessonRuntime& runtime) {
    const std::optional<Question>& question = runtime.step().question;
    if (!question) return nullptr;
    const QuestionState& state = runtime.question_state();
    OrderedJson json;
    json["kind"] = question->is_number() ? "number" : "choice";
    json["revealed"] = state.revealed;
    if (question->is_number()) {
        json["response"] = state.number ? json_number(*state.number) : OrderedJson(nullptr);
    } else {
        json["response"] = state.choice ? OrderedJson(question->choices[*state.choice].text)
                                        : OrderedJson(nullptr);
    }
    const std::optional<bool> correct = response_correct(*question, state);
    json["correct"] = correct ? OrderedJson(*correct) : OrderedJson(nullptr);
    if (state.revealed) {
        json["answer"] = question->is_number()
                             ? json_number(question->answer)
                             : OrderedJson(question->choices[question->answer_choice].text);
    }
    return json;
}

bool write_text(const std::string& text, const std::string& target, std::ostream& out,
                std::ostream& errors) {
    if (target == "-") {
        out << text << std::flush;
        if (!out) errors << "aabb-sandbox: --readouts: cannot write to standard output\n";
        return static_cast<bool>(out);
    }
    try {
        io::write_file_atomically(target, text);
        return true;
    } catch (const io::WriteError& error) {
        errors << "aabb-sandbox: --readouts: " << error.what() << '\n';
        return false;
    }
}

}  // namespace

std::string state_json(LessonRuntime& runtime) {
    const World* world = runtime.own_world();
    OrderedJson root;
    root["lesson"] = runtime.lesson().id;
    root["step"] = runtime.current_step() + 1;
    OrderedJson handles = OrderedJson::object();
    const Lesson& lesson = runtime.lesson();
    for (std::size_t i = 0; i < lesson.handles.size(); ++i)
        handles[lesson.handles[i].name] =
            json_handle(lesson.handles[i], runtime.handle_values()[i]);
    root["handles"] = std::move(handles);
    if (const Animation* animation = runtime.animation())
        root["animate"] = animation_json(runtime, *animation);
    OrderedJson readouts = OrderedJson::object();
    for (const ReadoutResult& result : runtime.readouts(world))
        readouts[result.readout->name] = json_value(result.value);
    root["readouts"] = std::move(readouts);
    root["try"] = try_json(runtime, world);
    root["question"] = question_json(runtime);
    return root.dump(2) + "\n";
}

int run_lesson(const LessonRunOptions& options, std::ostream& out, std::ostream& errors) {
    std::filesystem::path path;
    try {
        path = resolve_lesson(options.lesson, find_lesson_directory());
    } catch (const std::invalid_argument& error) {
        errors << "aabb-sandbox: --lesson: " << error.what() << '\n';
        return exit_usage;
    }
    if (options.readouts != "-") {
        // Before loading: --readouts over the lesson file would destroy it.
        const io::NamedFile readouts[] = {{"--readouts", options.readouts}};
        const io::NamedFile lesson[] = {{"--lesson", path}};
        try {
            io::check_output_files(readouts, lesson);
        } catch (const io::OutputFileError& error) {
            errors << "aabb-sandbox: " << error.what() << '\n';
            return exit_usage;
        }
    }
    try {
        LessonRuntime runtime = LessonRuntime::load(path, RuntimeOptions{.own_world = true});
        if (options.step > runtime.step_count()) {
            errors << "aabb-sandbox: --step " << options.step << ": " << runtime.lesson().id
                   << " has " << runtime.step_count() << " steps\n";
            return exit_usage;
        }
        runtime.go_to_step(options.step - 1);
        for (const auto& [name, value] : options.sets) {
            try {
                runtime.set_handle_text(name, value);
            } catch (const LessonError& error) {
                errors << "aabb-sandbox: --set " << input_excerpt(name) << "="
                       << input_excerpt(value) << ": " << error.what() << '\n';
                return exit_usage;
            }
        }
        return write_text(state_json(runtime), options.readouts, out, errors) ? exit_ok
                                                                              : exit_failed;
    } catch (const std::exception& error) {
        errors << failure_text(path, error) << '\n';
        return exit_failed;
    }
}

int check_lessons(const std::filesystem::path& path, std::ostream& out, std::ostream& errors) {
    std::vector<std::filesystem::path> files;
    std::error_code error;
    if (std::filesystem::is_directory(path, error)) {
        files = lesson_files(path);
    } else {
        files.push_back(path);
    }
    if (files.empty()) {
        errors << "aabb-sandbox: --check-lessons "
               << input_excerpt(path.generic_string(), quoted_path_limit) << ": no lesson files\n";
        return exit_failed;
    }
    std::size_t steps = 0;
    std::size_t expectations = 0;
    std::size_t failures = 0;
    std::size_t goals = 0;
    std::size_t questions = 0;
    for (const std::filesystem::path& file : files) {
        try {
            LessonRuntime runtime = LessonRuntime::load(file, RuntimeOptions{.own_world = true});
            for (std::size_t k = 0; k < runtime.step_count(); ++k) {
                runtime.go_to_step(k);
                std::vector<std::string> lines = runtime.check_expectations(runtime.own_world());
                for (std::vector<std::string> more : {check_goal(runtime), check_question(runtime)})
                    lines.insert(lines.end(), more.begin(), more.end());
                for (const std::string& line : lines)
                    errors << line << '\n';
                failures += lines.size();
                ++steps;
                expectations += runtime.step().expect.size();
                goals += runtime.step().goal.empty() ? 0 : 1;
                questions += runtime.step().question ? 1 : 0;
            }
        } catch (const StopRequested& stop) {
            // SIGINT / SIGTERM: the remaining files are not checked.
            errors << stop.what() << '\n';
            return exit_failed;
        } catch (const std::exception& problem) {
            errors << failure_text(file, problem) << '\n';
            ++failures;
        }
    }
    out << "checked " << files.size() << (files.size() == 1 ? " lesson, " : " lessons, ") << steps
        << " steps, " << expectations << " expected values, " << goals
        << (goals == 1 ? " goal, " : " goals, ") << questions
        << (questions == 1 ? " question: " : " questions: ")
        << (failures == 0 ? std::string("all hold") : std::to_string(failures) + " failed") << '\n';
    return failures == 0 ? exit_ok : exit_failed;
}

}  // namespace aabb::lesson
