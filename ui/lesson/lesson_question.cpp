#include "ui/lesson/lesson_question.hpp"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <string>

#include "core/lesson/lesson_question.hpp"
#include "ui/canvas/overlay_draw.hpp"
#include "ui/commands/command_targets.hpp"
#include "ui/lesson/lesson_language.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/lesson_colors.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/text/text_catalog.hpp"
#include "ui/widgets/shared_widgets.hpp"

namespace aabb::ui {

namespace {

// The number typed in `text`, if all of it is one finite number.
std::optional<double> typed_number(const char* text) {
    errno = 0;
    char* end = nullptr;
    const double value = std::strtod(text, &end);
    if (end == text || *end != '\0' || errno != 0 || !std::isfinite(value)) return std::nullopt;
    return value;
}

void draw_choices(lesson::LessonRuntime& runtime, const lesson::Question& question) {
    const lesson::QuestionState& state = runtime.question_state();
    for (std::size_t i = 0; i < question.choices.size(); ++i) {
        const lesson::QuestionChoice& choice = question.choices[i];
        ImGui::PushID(static_cast<int>(i));
        // The button alone, its text beside it wrapped at the card's width (a long choice
        // would run off the card as a label).
        if (ImGui::RadioButton("##choice", state.choice == i)) runtime.choose_answer(i);
        ImGui::SameLine();
        const std::string& text = in_language(choice.text, choice.text_zh);
        wrapped_text(text);
        record_item_text(TextOwner::card, text);
        ImGui::PopID();
    }
}

void draw_number_field(lesson::LessonRuntime& runtime) {
    // The field shows the response the runtime holds; ImGui keeps its own text while typing.
    std::array<char, 32> text{};
    if (const std::optional<double> number = runtime.question_state().number)
        std::snprintf(text.data(), text.size(), "%s", lesson::plain_number(*number).c_str());
    ImGui::SetNextItemWidth(9.0f * ImGui::GetFontSize());
    if (ImGui::InputTextWithHint("##question_number", tr(TextKey::question_your_number),
                                 text.data(), text.size(), ImGuiInputTextFlags_CharsScientific)) {
        if (const std::optional<double> number = typed_number(text.data()))
            runtime.answer_number(*number);
    }
}

// The learner's response as the verdict quotes it: the choice's text or the number.
std::string response_text(const lesson::Question& question, const lesson::QuestionState& state) {
    if (state.choice) {
        const lesson::QuestionChoice& choice = question.choices[*state.choice];
        return in_language(choice.text, choice.text_zh);
    }
    return state.number ? lesson::plain_number(*state.number) : std::string();
}

void draw_answer(const lesson::LessonRuntime& runtime, const lesson::Question& question) {
    const lesson::QuestionState& state = runtime.question_state();
    const std::string answer = question.is_number()
                                   ? lesson::answer_text(question, runtime.lesson())
                                   : in_language(question.choices[question.answer_choice].text,
                                                 question.choices[question.answer_choice].text_zh);
    const Rgba8 right = lesson_role_color("correct");
    ImGui::PushStyleColor(ImGuiCol_Text, to_imgui_vec4(right));
    const std::string answer_line = tr_format(TextKey::question_answer, answer.c_str());
    wrapped_text(answer_line);
    record_item_text(TextOwner::card, answer_line);
    ImGui::PopStyleColor();
    const std::string& explain = in_language(question.explain, question.explain_zh);
    if (!explain.empty()) {
        wrapped_text(explain);
        record_item_text(TextOwner::card, explain);
    }
    const std::optional<bool> correct = lesson::response_correct(question, state);
    if (!correct) {
        ImGui::TextDisabled("%s", tr(TextKey::question_no_response));
        record_item_text(TextOwner::card, tr(TextKey::question_no_response));
    } else if (*correct) {
        ImGui::TextColored(to_imgui_vec4(right), "%s", tr(TextKey::question_right));
        record_item_text(TextOwner::card, tr(TextKey::question_right));
    } else {
        ImGui::PushStyleColor(ImGuiCol_Text, to_imgui_vec4(lesson_role_color("bug")));
        const std::string wrong =
            tr_format(TextKey::question_wrong, response_text(question, state).c_str());
        wrapped_text(wrong);
        record_item_text(TextOwner::card, wrong);
        ImGui::PopStyleColor();
    }
}

}  // namespace

void draw_lesson_question(lesson::LessonRuntime& runtime) {
    const std::optional<lesson::Question>& question = runtime.step().question;
    if (!question) return;
    ImGui::Separator();
    ImGui::PushID("question");
    ImGui::TextColored(to_imgui_vec4(overlay_colors.caption_title), "%s",
                       tr(TextKey::question_title));
    record_item_text(TextOwner::card, tr(TextKey::question_title));
    const std::string& text = in_language(question->text, question->text_zh);
    wrapped_text(text);
    record_item_text(TextOwner::card, text);
    if (question->is_number()) {
        draw_number_field(runtime);
    } else {
        draw_choices(runtime, *question);
    }
    const bool revealed = runtime.question_state().revealed;
    const char* reveal = tr(revealed ? TextKey::question_hide : TextKey::question_reveal);
    if (ImGui::SmallButton(reveal)) toggle_question_answer(runtime);
    record_item_text(TextOwner::card, reveal);
    if (revealed) draw_answer(runtime, *question);
    ImGui::PopID();
}

void measure_lesson_question(const lesson::LessonRuntime& runtime, CardMeasure& measure) {
    const std::optional<lesson::Question>& question = runtime.step().question;
    if (!question) return;
    const ImGuiStyle& style = ImGui::GetStyle();
    const auto width_of = [](const std::string& text) {
        return ImGui::CalcTextSize(text.c_str()).x;
    };
    // The separator, the title row and the reveal button's row.
    measure.fixed_height += style.ItemSpacing.y + 2.0f * measure.line_height;
    measure.block_widths.push_back(width_of(in_language(question->text, question->text_zh)));
    if (question->is_number()) {
        measure.fixed_height += ImGui::GetFrameHeightWithSpacing();
        measure.min_width =
            std::max(measure.min_width, 9.0f * ImGui::GetFontSize() + measure.horizontal_padding);
    } else {
        // Each choice wraps beside its radio button.
        const float radio =
            ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + style.ItemSpacing.x;
        for (const lesson::QuestionChoice& choice : question->choices)
            measure.block_widths.push_back(radio +
                                           width_of(in_language(choice.text, choice.text_zh)));
    }
    if (!runtime.question_state().revealed) return;
    const std::string answer =
        question->is_number() ? lesson::answer_text(*question, runtime.lesson())
                              : in_language(question->choices[question->answer_choice].text,
                                            question->choices[question->answer_choice].text_zh);
    measure.block_widths.push_back(width_of(tr_format(TextKey::question_answer, answer.c_str())));
    const std::string& explain = in_language(question->explain, question->explain_zh);
    if (!explain.empty()) measure.block_widths.push_back(width_of(explain));
    const std::string wrong = tr_format(TextKey::question_wrong,
                                        response_text(*question, runtime.question_state()).c_str());
    measure.block_widths.push_back(width_of(wrong));
}

}  // namespace aabb::ui
