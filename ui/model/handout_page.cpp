#include "ui/model/handout_page.hpp"

#include <stdexcept>
#include <vector>

#include "core/lesson/display_names.hpp"
#include "core/lesson/lesson_question.hpp"
#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

namespace {

// Print CSS: one column on A4, a step never split across pages, the answers on a page of
// their own. Fonts fall back to what the printing machine has (the CJK ones for Chinese).
constexpr std::string_view page_style = R"(
@page { size: A4; margin: 14mm; }
body { font-family: "Noto Sans", "Noto Sans CJK SC", "WenQuanYi Micro Hei", "DejaVu Sans",
       sans-serif; font-size: 11pt; line-height: 1.45; color: #111; max-width: 182mm;
       margin: 0 auto; }
h1 { font-size: 19pt; margin: 0 0 1mm; }
h1 .number { color: #555; }
.objective { margin: 0 0 4mm; }
section.step { break-inside: avoid; page-break-inside: avoid; border-top: 1px solid #999;
               padding-top: 2mm; margin-top: 4mm; }
h2 { font-size: 13pt; margin: 0 0 1mm; }
.formula { font-family: "DejaVu Sans Mono", "Noto Sans Mono CJK SC", monospace;
           font-size: 10pt; margin: 0.5mm 0; }
.formula b, .readout b { color: #0a4d8c; }
.readout { font-size: 10pt; margin: 0.5mm 0; }
figure { margin: 2mm 0; }
figure img { width: 100%; height: auto; border: 1px solid #bbb; }
figcaption { font-size: 8.5pt; color: #555; }
.try, .question { background: #f2f2f2; padding: 1.5mm 3mm; margin: 1.5mm 0; }
.question ul { list-style: none; padding-left: 2mm; margin: 1mm 0; }
.blank { display: inline-block; min-width: 40mm; border-bottom: 1px solid #333; }
section.answers { break-before: page; page-break-before: always; }
.answers ul { list-style: none; padding-left: 0; }
.answers li { margin-bottom: 2mm; }
footer { margin-top: 6mm; font-size: 8.5pt; color: #555; }
@media screen { body { margin: 8mm auto; } }
)";

// What follows a label ending in a colon: a space in English, nothing after Chinese's
// full-width "：".
std::string_view after_label(Language language) {
    return language == Language::zh ? "" : " ";
}

lesson::DisplayLanguage display_language(Language language) {
    return language == Language::zh ? lesson::DisplayLanguage::zh : lesson::DisplayLanguage::en;
}

const std::string& in_language(Language language, const std::string& english,
                               const std::string& chinese) {
    return lesson::in_language(english, chinese, display_language(language));
}

// One formula: literal text as is, each value in bold.
std::string formula_html(const lesson::ResolvedFormula& formula) {
    std::string html;
    for (const lesson::FormulaSegment& segment : formula.segments) {
        html += segment.ref == lesson::FormulaRef::text
                    ? html_escaped(segment.text)
                    : "<b>" + html_escaped(segment.text) + "</b>";
    }
    return html;
}

std::string question_html(const lesson::Question& question, Language language, std::size_t number) {
    std::string html = "<div class=\"question\"><p><strong>" +
                       html_escaped(text_format(language, TextKey::handout_question, number)) +
                       "</strong>" + std::string(after_label(language)) +
                       html_escaped(in_language(language, question.text, question.text_zh)) +
                       "</p>\n";
    if (question.is_number()) {
        html += "<p>" + html_escaped(text(language, TextKey::handout_your_answer)) +
                " <span class=\"blank\">&nbsp;</span></p>\n";
    } else {
        html += "<ul>\n";
        for (const lesson::QuestionChoice& choice : question.choices)
            html += "<li>&#9744; " +
                    html_escaped(in_language(language, choice.text, choice.text_zh)) + "</li>\n";
        html += "</ul>\n";
    }
    return html + "</div>\n";
}

std::string answer_html(const lesson::Lesson& lesson, const lesson::Question& question,
                        Language language, std::size_t number, std::size_t step) {
    const std::string answer =
        question.is_number() ? lesson::answer_text(question, lesson)
                             : in_language(language, question.choices[question.answer_choice].text,
                                           question.choices[question.answer_choice].text_zh);
    std::string html =
        "<li><strong>" +
        html_escaped(text_format(language, TextKey::handout_answer_of, number, step)) +
        "</strong>" + std::string(after_label(language)) +
        html_escaped(text_format(language, TextKey::question_answer, answer.c_str()));
    const std::string& explain = in_language(language, question.explain, question.explain_zh);
    if (!explain.empty()) html += "<br>" + html_escaped(explain);
    return html + "</li>\n";
}

}  // namespace

std::string handout_page_name(std::string_view lesson_id, Language language) {
    return std::string(lesson_id) + "." + std::string(language_code(language)) + ".html";
}

std::string handout_picture_name(std::string_view lesson_id, Language language, std::size_t step) {
    return std::string(lesson_id) + "." + std::string(language_code(language)) + ".step" +
           std::to_string(step + 1) + ".png";
}

std::string html_escaped(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            case '\'':
                out += "&#39;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

std::string handout_html(lesson::LessonRuntime& runtime, Language language,
                         std::span<const std::string> pictures, std::string_view command) {
    const lesson::Lesson& lesson = runtime.lesson();
    if (pictures.size() != runtime.step_count()) {
        throw std::invalid_argument("handout of " + lesson.id + ": " +
                                    std::to_string(pictures.size()) + " pictures for " +
                                    std::to_string(runtime.step_count()) + " steps");
    }
    const std::string title = in_language(language, lesson.title, lesson.title_zh);
    const std::string number = lesson.id.substr(0, lesson.id.find('_'));
    std::string html =
        "<!DOCTYPE html>\n<html lang=\"" + std::string(language == Language::zh ? "zh-CN" : "en") +
        "\">\n<head>\n<meta charset=\"utf-8\">\n<title>" +
        html_escaped(text_format(language, TextKey::handout_lesson, number.c_str())) + ": " +
        html_escaped(title) + "</title>\n<style>" + std::string(page_style) +
        "</style>\n</head>\n<body>\n";
    html += "<h1><span class=\"number\">" + html_escaped(number) + ".</span> " +
            html_escaped(title) + "</h1>\n";
    const std::string& objective = in_language(language, lesson.objective, lesson.objective_zh);
    if (!objective.empty()) {
        html += "<p class=\"objective\"><strong>" +
                html_escaped(text(language, TextKey::handout_objective)) + "</strong>" +
                std::string(after_label(language)) + html_escaped(objective) + "</p>\n";
    }
    std::string answers;
    std::size_t questions = 0;
    for (std::size_t k = 0; k < runtime.step_count(); ++k) {
        runtime.go_to_step(k);
        const lesson::Step& step = runtime.step();
        const World* world = runtime.own_world();
        html += "<section class=\"step\" id=\"step-" + std::to_string(k + 1) + "\">\n<h2>" +
                html_escaped(
                    text_format(language, TextKey::handout_step, k + 1, runtime.step_count())) +
                "</h2>\n<p>" + html_escaped(in_language(language, step.text, step.text_zh)) +
                "</p>\n";
        for (const lesson::ResolvedFormula& formula :
             runtime.formulas(world, display_language(language)))
            html += "<p class=\"formula\">" + formula_html(formula) + "</p>\n";
        for (const lesson::ReadoutResult& result : runtime.readouts(world)) {
            if (!result.visible) continue;
            const lesson::Readout& readout = *result.readout;
            html += "<p class=\"readout\">" +
                    html_escaped(in_language(language, readout.label, readout.label_zh)) +
                    " = <b>" +
                    html_escaped(lesson::display_value(result.value, readout.format,
                                                       display_language(language))) +
                    "</b></p>\n";
        }
        const std::string caption = text_format(language, TextKey::handout_picture, k + 1);
        html += "<figure><img src=\"" + html_escaped(pictures[k]) + "\" alt=\"" +
                html_escaped(caption) + "\"><figcaption>" + html_escaped(caption) +
                "</figcaption></figure>\n";
        const std::string& prompt = in_language(language, step.try_text, step.try_zh);
        if (!prompt.empty()) {
            html += "<p class=\"try\">&#9744; <strong>" +
                    html_escaped(text(language, TextKey::handout_try)) + "</strong>" +
                    std::string(after_label(language)) + html_escaped(prompt) + "</p>\n";
        }
        if (step.question) {
            ++questions;
            html += question_html(*step.question, language, questions);
            answers += answer_html(lesson, *step.question, language, questions, k + 1);
        }
        html += "</section>\n";
    }
    if (!answers.empty()) {
        html += "<section class=\"answers\">\n<h2>" +
                html_escaped(text(language, TextKey::handout_answers)) + "</h2>\n<ul>\n" + answers +
                "</ul>\n</section>\n";
    }
    html += "<footer>" +
            html_escaped(
                text_format(language, TextKey::handout_made_by, std::string(command).c_str())) +
            "</footer>\n</body>\n</html>\n";
    return html;
}

}  // namespace aabb::ui
