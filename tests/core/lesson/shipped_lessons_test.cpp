// The shipped lessons say what they compute (issue 49 item 6, "labels contradict each other"):
// each case below is one contradiction a teacher met, pinned so it cannot come back.

#include <doctest/doctest.h>

#include <map>
#include <string>

#include "core/lesson/display_names.hpp"
#include "core/lesson/lesson_file.hpp"
#include "core/lesson/lesson_library.hpp"
#include "core/lesson/lesson_runtime.hpp"

namespace aabb::lesson {
namespace {

LessonRuntime shipped(std::string_view name, bool own_world = false) {
    const std::filesystem::path directory = find_lesson_directory();
    REQUIRE_FALSE(directory.empty());
    return LessonRuntime(load_lesson(resolve_lesson(name, directory)), RuntimeOptions{own_world});
}

std::string formula(const LessonRuntime& runtime, std::size_t index, DisplayLanguage language,
                    const World* world = nullptr) {
    const auto formulas = runtime.formulas(world, language);
    REQUIRE(index < formulas.size());
    return formulas[index].plain_text();
}

}  // namespace

TEST_CASE("09 s2: after dragging ΔA.y the y formula shows the new relative motion, not d = 0") {
    LessonRuntime runtime = shipped("swept_aabb");
    runtime.go_to_step(1);
    CHECK(formula(runtime, 0, DisplayLanguage::en) == "y: d = 0.000 → [−∞, +∞]");
    runtime.set_handle_text("rise", "1");
    CHECK(formula(runtime, 0, DisplayLanguage::en) == "y: d = 1.000 → [-2.500, 2.500]");
    CHECK(formula(runtime, 0, DisplayLanguage::zh) == "y: d = 1.000 → [-2.500, 2.500]");
}

TEST_CASE("09 s6: overlapping at the start is no hit, in words in both languages") {
    LessonRuntime runtime = shipped("swept_aabb");
    runtime.go_to_step(5);
    CHECK(formula(runtime, 0, DisplayLanguage::en) == "state: already overlapping");
    CHECK(formula(runtime, 0, DisplayLanguage::zh) == "状态：一开始就重叠");
    CHECK(runtime.readout("hit", nullptr) == ReadoutValue::of_bool(false));
}

TEST_CASE("16 s6 and s7: each step states the tests its own sweep axis makes") {
    LessonRuntime runtime = shipped("sort_and_sweep", true);
    for (const std::size_t step : {5u, 6u}) {
        CAPTURE(step);
        runtime.go_to_step(step);
        const std::string tests =
            format_value(runtime.readout("box_tests", runtime.own_world()), "%,d");
        // The step's text gives the number its world computes (16 s6 said "about 45,000
        // whichever axis" while s7 showed 83,614 on y).
        CHECK(runtime.step().text.find(tests) != std::string::npos);
        CHECK(runtime.step().text_zh.find(tests) != std::string::npos);
        CHECK(runtime.step().text.find("whichever axis") == std::string::npos);
    }
}

TEST_CASE("20 s3: the L-shape's tests are the x sweep's, as lesson 16 computes them") {
    LessonRuntime runtime = shipped("worst_case_tour", true);
    runtime.go_to_step(2);
    const std::string tests =
        format_value(runtime.readout("box_tests", runtime.own_world()), "%,d");
    CHECK(runtime.step().text.find(tests) != std::string::npos);
    CHECK(runtime.step().text_zh.find(tests) != std::string::npos);
}

TEST_CASE("18 s6: no quadtree probe is drawn over the dynamic tree") {
    LessonRuntime runtime = shipped("quadtree_straddlers");
    REQUIRE(runtime.lesson().gadgets.size() == 1);
    REQUIRE(runtime.lesson().gadgets[0].kind == "quadtree_probe");
    for (std::size_t step = 0; step < runtime.step_count(); ++step) {
        runtime.go_to_step(step);
        const bool quadtree = runtime.handle_value_text("structure") == "quadtree";
        CAPTURE(step);
        CHECK(runtime.gadget_visible(0) == quadtree);
    }
}

TEST_CASE("03 s3: the written gap and the stored gap are both shown, side by side") {
    LessonRuntime runtime = shipped("touching");
    runtime.go_to_step(2);
    CHECK(formula(runtime, 0, DisplayLanguage::en) ==
          "ulp(10⁶) = 0.0625: gap as written 0.0100, stored gap 0");
    CHECK(runtime.step().text.find("dx = −0.01") != std::string::npos);
}

TEST_CASE("every shipped formula shows the same numbers in both languages") {
    for (const std::filesystem::path& file : lesson_files(find_lesson_directory())) {
        LessonRuntime runtime(load_lesson(file));
        for (std::size_t step = 0; step < runtime.step_count(); ++step) {
            runtime.go_to_step(step);
            const auto english = runtime.formulas(nullptr, DisplayLanguage::en);
            const auto chinese = runtime.formulas(nullptr, DisplayLanguage::zh);
            REQUIRE(english.size() == chinese.size());
            for (std::size_t i = 0; i < english.size(); ++i) {
                std::map<std::string, std::string> shown;
                for (const FormulaSegment& segment : english[i].segments)
                    if (segment.ref != FormulaRef::text) shown[segment.name] = segment.text;
                for (const FormulaSegment& segment : chinese[i].segments) {
                    if (segment.ref == FormulaRef::text) continue;
                    CAPTURE(file.filename().string());
                    CAPTURE(step);
                    CAPTURE(segment.name);
                    REQUIRE(shown.count(segment.name) == 1);
                    // Numbers are the same; verdicts and fixed names are translated.
                    const std::string& en = shown[segment.name];
                    if (en.find_first_of("0123456789") != std::string::npos)
                        CHECK(segment.text == en);
                }
            }
        }
    }
}

}  // namespace aabb::lesson
