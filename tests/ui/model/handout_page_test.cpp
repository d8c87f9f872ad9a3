// A lesson's handout page: self-contained HTML in one language with every step's text,
// formulas with their values as the step is entered, its picture, its try prompt and its
// question, the answers at the end, and nothing of the lesson's text unescaped.

#include "ui/model/handout_page.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "core/lesson/lesson_file.hpp"

namespace aabb::ui {
namespace {

const std::filesystem::path lessons = std::filesystem::path(AABB_SOURCE_DIR) / "lessons";

bool contains(const std::string& text, std::string_view part) {
    return text.find(part) != std::string::npos;
}

std::vector<std::string> pictures_of(const lesson::LessonRuntime& runtime, Language language) {
    std::vector<std::string> names;
    for (std::size_t k = 0; k < runtime.step_count(); ++k)
        names.push_back(handout_picture_name(runtime.lesson().id, language, k));
    return names;
}

}  // namespace

TEST_CASE("file names and HTML escaping") {
    CHECK(handout_page_name("02_box_intervals", Language::en) == "02_box_intervals.en.html");
    CHECK(handout_picture_name("02_box_intervals", Language::zh, 0) ==
          "02_box_intervals.zh.step1.png");
    CHECK(html_escaped("a < b && \"c\" > 'd'") ==
          "a &lt; b &amp;&amp; &quot;c&quot; &gt; &#39;d&#39;");
}

TEST_CASE("box_intervals in English: every step, its values, picture, prompt and question") {
    lesson::LessonRuntime runtime = lesson::LessonRuntime::load(
        lessons / "02_box_intervals.json", lesson::RuntimeOptions{.own_world = true});
    const std::string html =
        handout_html(runtime, Language::en, pictures_of(runtime, Language::en), "the command");
    CHECK(html.rfind("<!DOCTYPE html>\n<html lang=\"en\">", 0) == 0);
    CHECK(contains(html, "@page"));  // print CSS
    CHECK(contains(html, "A box is two intervals: dx and dy"));
    CHECK(contains(html, "<strong>Objective:</strong> Read the overlap"));
    for (std::size_t k = 1; k <= 5; ++k) {
        CAPTURE(k);
        CHECK(contains(html, "<h2>Step " + std::to_string(k) + " of 5</h2>"));
        CHECK(contains(html, "src=\"02_box_intervals.en.step" + std::to_string(k) + ".png\""));
    }
    // Step 1's formula with its values, and step 2's (entered: B.x = [5, 7]).
    CHECK(contains(html, "dx = min(<b>5</b>, <b>8</b>) − max(<b>2</b>, <b>6</b>) = <b>-1.00</b>"));
    CHECK(contains(html, "dx = min(<b>5</b>, <b>7</b>) − max(<b>2</b>, <b>5</b>) = <b>0.00</b>"));
    CHECK(contains(html, "<strong>Try this:</strong> Make dx exactly 0."));
    CHECK(contains(html, "When dx = 0 (B.x = [5, 7]), do the boxes overlap?"));
    // The answer only in the answers at the end, after the last step.
    const std::size_t answers = html.find("<section class=\"answers\">");
    REQUIRE(answers != std::string::npos);
    CHECK(html.find("Answer: yes: touching counts") > answers);
    CHECK(html.find("step-5") < answers);
    CHECK(contains(html, "&gt;= 0"));  // the objective's ">=" escaped
    CHECK(contains(html, "<footer>Made by the sandbox: the command</footer>"));
    CHECK(runtime.current_step() == 4);
}

TEST_CASE("pair_growth in Chinese: Chinese texts, world readouts, a number question's answer") {
    lesson::LessonRuntime runtime = lesson::LessonRuntime::load(
        lessons / "01_pair_growth.json", lesson::RuntimeOptions{.own_world = true});
    const std::string html =
        handout_html(runtime, Language::zh, pictures_of(runtime, Language::zh), "c");
    CHECK(html.rfind("<!DOCTYPE html>\n<html lang=\"zh-CN\">", 0) == 0);
    CHECK(contains(html, "为什么需要宽相位"));
    CHECK(contains(html, "<h2>步骤 1 / 6</h2>"));
    CHECK(contains(html, "20 个盒子时，暴力法要测试多少对？"));
    CHECK(contains(html, "你的答案："));
    // The world's box tests at step 1 (5 boxes, brute force) come from the runtime's own world,
    // in the step's Chinese formula.
    CHECK(contains(html, "本时间步的包围盒测试：<b>10</b>"));
    CHECK(contains(html, "答案：190"));
    CHECK(contains(html, "问题 2（步骤 2）"));
    std::vector<std::string> too_few = pictures_of(runtime, Language::zh);
    too_few.pop_back();
    CHECK_THROWS_AS((void)handout_html(runtime, Language::zh, too_few, "c"), std::invalid_argument);
}

}  // namespace aabb::ui
