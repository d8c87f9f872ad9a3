// What a learner reads: the words for fixed names, verdicts as true/false and 是/否 in the color
// of their value, choice labels, the symbol check, and every shipped lesson complete in both
// languages with no identifier on screen (issue 49 item 5).

#include "core/lesson/display_names.hpp"

#include <doctest/doctest.h>

#include <cctype>
#include <filesystem>
#include <string>
#include <vector>

#include "core/broadphase/broad_phase_factory.hpp"
#include "core/lesson/formula.hpp"
#include "core/lesson/lesson_file.hpp"
#include "core/lesson/lesson_library.hpp"
#include "core/lesson/lesson_names.hpp"
#include "core/lesson/lesson_runtime.hpp"
#include "core/scene/scene_file_names.hpp"

namespace aabb::lesson {
namespace {

using Words = std::vector<std::string_view>;

std::string without_references(const std::string& formula) {
    std::string text;
    for (const FormulaPart& part : split_formula(formula))
        text += part.ref == FormulaRef::text ? part.text : std::string("0");
    return text;
}

/// An English text shows no identifier: nothing like center_overlap or push_axis.
bool has_identifier(std::string_view text) {
    for (std::size_t at = text.find('_'); at != std::string_view::npos;
         at = text.find('_', at + 1)) {
        const bool letter_before = at > 0 && std::isalnum(static_cast<unsigned char>(text[at - 1]));
        const bool letter_after =
            at + 1 < text.size() && std::isalnum(static_cast<unsigned char>(text[at + 1]));
        if (letter_before && letter_after) return true;
    }
    return false;
}

}  // namespace

TEST_CASE("unlisted_words finds the English words a Chinese text must not hold") {
    CHECK(unlisted_words("两盒重叠：dx ≥ 0 且 dy ≥ 0") == Words{});
    CHECK(unlisted_words("tEnter = max(2, 1) = 2，A.max.x = 5") == Words{});
    CHECK(unlisted_words("n(n−1)/2 = 5·4/2，t1 与 y0，k/N，O(n log n)") == Words{});
    CHECK(unlisted_words("盒子测试 box tests：10") == Words{"box", "tests"});
    CHECK(unlisted_words("state: already_overlapping") == Words{"state", "already_overlapping"});
    CHECK(unlisted_words("max_cells_per_box 与 center_overlap") ==
          Words{"max_cells_per_box", "center_overlap"});
    // Symbols are case-sensitive: the engine Bullet, not the word bullet.
    CHECK(unlisted_words("Box2D 和 Bullet") == Words{});
    CHECK(unlisted_words("bullet") == Words{"bullet"});
}

TEST_CASE("every fixed name that can be shown as a value or choice has words in both languages") {
    std::vector<std::string> names = broad_phase_names();
    for (const auto& entry : detection_names)
        names.emplace_back(entry.name);
    for (const auto& entry : touching_names)
        names.emplace_back(entry.name);
    for (const char* state : {"separated", "hit", "already_overlapping"})
        names.emplace_back(state);
    for (const std::string& name : names) {
        CAPTURE(name);
        const auto words = fixed_name_words(name);
        REQUIRE(words.has_value());
        CHECK_FALSE(words->en.empty());
        CHECK_FALSE(words->zh.empty());
        CHECK_FALSE(has_identifier(words->en));
        CHECK(unlisted_words(words->zh) == Words{});
    }
    CHECK_FALSE(fixed_name_words("x").has_value());
}

TEST_CASE("verdicts read true/false or 是/否 and take the color of their value") {
    const ReadoutValue yes = ReadoutValue::of_bool(true);
    const ReadoutValue no = ReadoutValue::of_bool(false);
    CHECK(display_value(yes, "", DisplayLanguage::en) == "true");
    CHECK(display_value(no, "", DisplayLanguage::en) == "false");
    CHECK(display_value(yes, "", DisplayLanguage::zh) == "是");
    CHECK(display_value(no, "", DisplayLanguage::zh) == "否");
    const ReadoutValue state = ReadoutValue::of_text("already_overlapping");
    CHECK(display_value(state, "", DisplayLanguage::en) == "already overlapping");
    CHECK(display_value(state, "", DisplayLanguage::zh) == "一开始就重叠");
    CHECK(display_value(ReadoutValue::of_text("y"), "", DisplayLanguage::zh) == "y");
    CHECK(display_value(ReadoutValue::of_number(1000405), "%,d", DisplayLanguage::zh) ==
          "1,000,405");
    // Red meant true and false alike (issue 49): a verdict's color is its value's, whatever the
    // readout's role.
    Readout verdict;
    verdict.color = "bug";
    CHECK(value_color(verdict, yes) == "hit");
    CHECK(value_color(verdict, no) == "miss");
    CHECK(value_color(verdict, ReadoutValue::of_number(2)) == "bug");
}

TEST_CASE("handle numbers never show an exponent (issue 49: sliders showed 1e+03)") {
    CHECK(display_number(1000.0, false) == "1,000");
    CHECK(display_number(1000000.0, false) == "1,000,000");
    CHECK(display_number(12345.6, false) == "12,346");
    CHECK(display_number(0.0625, false) == "0.0625");
    CHECK(display_number(5.01, false) == "5.01");
    CHECK(display_number(20.0, true) == "20");
    CHECK(display_number(-2.5, false) == "-2.5");
}

TEST_CASE("choices are written in words: scene titles and algorithm names, in both languages") {
    const Lesson lesson = parse_lesson(R"({
        "version": 1, "id": "choices", "section": 8, "title": "t",
        "scene": {"version": 1, "box_fields": [{"count": 4,
                   "region": {"min": [0, 0], "max": [10, 10]},
                   "size_min": [1, 1], "size_max": [2, 2]}]},
        "objects": [{"name": "mode", "kind": "number", "value": 0, "label": "mode",
                     "label_zh": "模式"}],
        "handles": [
          {"name": "algorithm", "kind": "choice", "target": "world.broad_phase",
           "choices": ["sort_and_sweep", "bvh"]},
          {"name": "detection", "kind": "choice", "target": "world.detection"},
          {"name": "pick", "kind": "choice", "target": "mode", "choices": ["one", "two"],
           "choice_labels": ["first", "second"], "choice_labels_zh": ["第一", "第二"]}],
        "steps": [{"text": "s"}]})",
                                       "lessons/choices.json", "lessons");
    const Handle& algorithm = lesson.handles[0];
    CHECK(choice_label(algorithm, 0, DisplayLanguage::en) == "sort-and-sweep");
    CHECK(choice_label(algorithm, 0, DisplayLanguage::zh) == "排序扫描");
    CHECK(choice_label(algorithm, 1, DisplayLanguage::zh) == "BVH");
    const Handle& detection = lesson.handles[1];
    CHECK(choice_label(detection, 1, DisplayLanguage::zh) == "扫掠检测");
    const Handle& pick = lesson.handles[2];
    CHECK(choice_label(pick, 1, DisplayLanguage::en) == "second");
    CHECK(choice_label(pick, 1, DisplayLanguage::zh) == "第二");
    CHECK(handle_display_text(pick, HandleValue{{1.0, 0.0}}, DisplayLanguage::zh) == "第二");
    CHECK(lesson.objects[0].label_zh == "模式");
}

TEST_CASE("a readout without a label is named by the catalog, never by its identifier") {
    const Lesson lesson = parse_lesson(R"({
        "version": 1, "id": "labels", "section": 2, "title": "t",
        "objects": [{"name": "A", "kind": "box", "min": [0, 0], "max": [2, 2]},
                    {"name": "B", "kind": "box", "min": [1, 1], "max": [3, 3]}],
        "readouts": [
          {"name": "center_overlap", "kind": "center_form", "output": "overlap",
           "args": {"a": "A", "b": "B"}},
          {"name": "push_axis", "kind": "push_out", "output": "axis",
           "args": {"a": "A", "b": "B"}, "label": "push-out axis"},
          {"name": "dx", "kind": "overlap_length", "args": {"a": "A", "b": "B"}, "label": "dx"}],
        "steps": [{"text": "s"}]})",
                                       "lessons/labels.json", "lessons");
    CHECK(lesson.readouts[0].label == "boxes overlap (center form)");
    CHECK(lesson.readouts[0].label_zh == "两盒重叠（中心形式）");
    // A label the file gives is the Chinese one too unless it gives label_zh: the lesson test
    // below then finds English in Chinese.
    CHECK(lesson.readouts[1].label_zh == "push-out axis");
    CHECK(lesson.readouts[2].label_zh == "dx");
}

TEST_CASE("formulas_zh: one per formula, naming the same values, shown in Chinese") {
    const std::string base = R"({
        "version": 1, "id": "formulas", "section": 2, "title": "t",
        "objects": [{"name": "A", "kind": "box", "min": [0, 0], "max": [2, 2]},
                    {"name": "B", "kind": "box", "min": [1, 1], "max": [3, 3]}],
        "readouts": [{"name": "overlap", "kind": "overlap_verdict", "args": {"a": "A", "b": "B"}}],
        "steps": [{"text": "s", "formulas": ["overlap: {overlap}, A.max.x = {A.max.x}"],
                   "formulas_zh": FORMULAS}]})";
    const auto with = [&](const std::string& chinese) {
        std::string text = base;
        text.replace(text.find("FORMULAS"), 8, chinese);
        return text;
    };
    LessonRuntime runtime(
        parse_lesson(with(R"(["两盒重叠：{overlap}，A.max.x = {A.max.x}"])"), "f.json", "."));
    CHECK(runtime.formulas(nullptr, DisplayLanguage::zh).front().plain_text() ==
          "两盒重叠：是，A.max.x = 2");
    CHECK(runtime.formulas(nullptr, DisplayLanguage::en).front().plain_text() ==
          "overlap: true, A.max.x = 2");
    CHECK(runtime.formulas(nullptr, DisplayLanguage::zh).front().segments[1].color == "hit");
    // "" shows the English formula.
    LessonRuntime same(parse_lesson(with(R"([""])"), "f.json", "."));
    CHECK(same.formulas(nullptr, DisplayLanguage::zh).front().plain_text() ==
          "overlap: 是, A.max.x = 2");
    CHECK_THROWS_WITH_AS(parse_lesson(with(R"(["a", "b"])"), "f.json", "."),
                         "f.json: steps[0].formulas_zh: must hold one Chinese formula per "
                         "formula (1), \"\" for the English one",
                         LessonError);
    CHECK_THROWS_WITH_AS(parse_lesson(with(R"(["两盒重叠：{overlap}"])"), "f.json", "."),
                         "f.json: steps[0].formulas_zh[0]: must name the same values as "
                         "formulas[0]",
                         LessonError);
}

// Every shipped lesson, as a Chinese class sees it: every text has its Chinese, every Chinese
// text (titles, steps, try prompts, formulas, labels of readouts, handles, objects and choices)
// holds no English word outside screen_symbols, and no English label shows an identifier.
TEST_CASE("every shipped lesson is complete in Chinese and shows no identifier") {
    const std::filesystem::path directory = find_lesson_directory();
    REQUIRE_FALSE(directory.empty());
    std::size_t lessons = 0;
    for (const std::filesystem::path& file : lesson_files(directory)) {
        const Lesson lesson = load_lesson(file);
        ++lessons;
        const auto chinese = [&](const std::string& where, const std::string& text) {
            CAPTURE(file.filename().string());
            CAPTURE(where);
            CAPTURE(text);
            CHECK_FALSE(text.empty());
            CHECK(unlisted_words(text) == Words{});
        };
        const auto english = [&](const std::string& where, const std::string& text) {
            CAPTURE(file.filename().string());
            CAPTURE(where);
            CAPTURE(text);
            CHECK_FALSE(text.empty());
            CHECK_FALSE(has_identifier(text));
        };
        chinese("title_zh", lesson.title_zh);
        chinese("objective_zh", lesson.objective_zh);
        if (lesson.scene && !lesson.scene->title.empty()) chinese("scene", lesson.scene->title_zh);
        for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
            const Step& step = lesson.steps[i];
            const std::string at = "steps[" + std::to_string(i) + "]";
            english(at + ".text", step.text);
            chinese(at + ".text_zh", step.text_zh);
            if (!step.try_text.empty()) chinese(at + ".try_zh", step.try_zh);
            for (std::size_t k = 0; k < step.formulas.size(); ++k) {
                const bool own = k < step.formulas_zh.size() && !step.formulas_zh[k].empty();
                english(at + ".formulas", without_references(step.formulas[k]));
                chinese(at + ".formulas_zh",
                        without_references(own ? step.formulas_zh[k] : step.formulas[k]));
            }
            // A question, its choices and its explanation are read in class too.
            if (step.question) {
                const Question& question = *step.question;
                english(at + ".question.text", question.text);
                chinese(at + ".question.text_zh", question.text_zh);
                if (!question.explain.empty())
                    chinese(at + ".question.explain_zh", question.explain_zh);
                for (const QuestionChoice& choice : question.choices) {
                    english(at + ".question.choices", choice.text);
                    chinese(at + ".question.choices.text_zh", choice.text_zh);
                }
            }
        }
        for (const Readout& readout : lesson.readouts) {
            english("readout " + readout.name, readout.label);
            chinese("readout " + readout.name, readout.label_zh);
        }
        for (const Handle& handle : lesson.handles) {
            english("handle " + handle.name, handle.label);
            chinese("handle " + handle.name, handle.label_zh);
            for (std::size_t i = 0; i < handle.choices.size(); ++i) {
                english("choice " + handle.choices[i],
                        choice_label(handle, i, DisplayLanguage::en));
                chinese("choice " + handle.choices[i],
                        choice_label(handle, i, DisplayLanguage::zh));
            }
        }
        for (const LessonObject& object : lesson.objects) {
            english("object " + object.name, object.label);
            chinese("object " + object.name, object.label_zh);
        }
    }
    CHECK(lessons >= 20);
}

}  // namespace aabb::lesson
