#include "ui/lesson/lesson_card.hpp"

#include <imgui.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "ui/lesson/lesson_question.hpp"
#include "ui/panels/panel_widgets.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/lesson_colors.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/style/palette.hpp"
#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

namespace {

constexpr ImGuiWindowFlags overlay_window_flags =
    ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
    ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoMove;

/// The text in the chosen language, falling back to the other when it is missing.
const std::string& in_language(const std::string& english, const std::string& chinese) {
    if (current_language() == Language::zh && !chinese.empty()) return chinese;
    return english.empty() ? chinese : english;
}

/// The pieces a formula's literal text wraps between: each word with the spaces after it.
std::vector<std::string_view> words_of(std::string_view text) {
    std::vector<std::string_view> words;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find(' ', start);
        end = end == std::string_view::npos ? text.size() : text.find_first_not_of(' ', end);
        if (end == std::string_view::npos) end = text.size();
        words.push_back(text.substr(start, end - start));
        start = end;
    }
    return words;
}

/// One formula: literal text in the text color, each value in the color of what it describes,
/// wrapped between words (and never inside a value) at the card's width.
void draw_formula(const lesson::ResolvedFormula& formula) {
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    const ImVec4 text_color = ImGui::GetStyleColorVec4(ImGuiCol_Text);
    bool line_start = true;
    const auto piece = [&](std::string_view text, const ImVec4& color) {
        if (!line_start) {
            ImGui::SameLine(0.0f, 0.0f);
            const float width = ImGui::CalcTextSize(text.data(), text.data() + text.size()).x;
            if (ImGui::GetCursorScreenPos().x + width > right) ImGui::NewLine();
        }
        line_start = false;
        ImGui::PushStyleColor(ImGuiCol_Text, color);
        ImGui::TextUnformatted(text.data(), text.data() + text.size());
        ImGui::PopStyleColor();
    };
    for (const lesson::FormulaSegment& segment : formula.segments) {
        if (segment.ref == lesson::FormulaRef::text) {
            for (const std::string_view word : words_of(segment.text))
                piece(word, text_color);
        } else {
            piece(segment.text, to_imgui_vec4(lesson_role_color(segment.color)));
        }
    }
}

/// The readouts the step shows, as "label = value" rows in their colors.
void draw_readouts(const lesson::LessonRuntime& runtime, const World& world) {
    for (const lesson::ReadoutResult& result : runtime.readouts(&world)) {
        if (!result.visible) continue;
        const lesson::Readout& readout = *result.readout;
        const std::string& label =
            in_language(readout.label.empty() ? readout.name : readout.label, readout.label_zh);
        ImGui::TextColored(to_imgui_vec4(lesson_role_color(readout.color)), "%s = %s",
                           label.c_str(), result.text.c_str());
    }
}

}  // namespace

float lesson_card_right(const ScreenRect& canvas_area, float font) {
    const float width = canvas_area.size().x;
    return canvas_area.min.x + 8.0f +
           std::min(std::max(22.0f * font, 0.42f * width), width - 16.0f);
}

void draw_lesson_card(const ScreenRect& canvas_area, LessonSession& session, const World& world) {
    lesson::LessonRuntime* runtime = session.runtime();
    if (runtime == nullptr) return;
    const lesson::Lesson& lesson = runtime->lesson();
    const lesson::Step& step = runtime->step();
    const float font = ImGui::GetFontSize();
    // Below the toolbar and the scene caption (three text lines at the top-left).
    ImGui::SetNextWindowPos(ImVec2(canvas_area.min.x + 8.0f, canvas_area.min.y + 5.2f * font));
    // A fixed width (so text wraps the same in both languages), the height of what it holds.
    const float width = lesson_card_right(canvas_area, font) - canvas_area.min.x - 8.0f;
    ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0.0f),
                                        ImVec2(width, canvas_area.size().y * 0.75f));
    ImGui::SetNextWindowBgAlpha(std::max(0.82f, overlay_colors.text_backdrop.a / 255.0f));
    if (ImGui::Begin("##lesson_card", nullptr, overlay_window_flags)) {
        ImGui::TextColored(to_imgui_vec4(overlay_colors.caption_title), "%s",
                           in_language(lesson.title, lesson.title_zh).c_str());
        ImGui::Separator();
        wrapped_text(in_language(step.text, step.text_zh));
        const auto formulas = runtime->formulas(&world);
        if (!formulas.empty()) ImGui::Spacing();
        for (const lesson::ResolvedFormula& formula : formulas)
            draw_formula(formula);
        ImGui::Spacing();
        draw_readouts(*runtime, world);
        const std::string& prompt = in_language(step.try_text, step.try_zh);
        if (!prompt.empty()) {
            ImGui::Separator();
            const bool done = session.goal_reached(lesson.id, runtime->current_step());
            const Rgba8 tick = done ? lesson_role_color("correct") : palette.text_dim;
            ImGui::TextColored(to_imgui_vec4(tick), "%s", done ? "[x]" : "[ ]");
            ImGui::SameLine();
            wrapped_text(prompt);
        }
        draw_lesson_question(*runtime);
    }
    ImGui::End();
}

void draw_lesson_bar(const ScreenRect& canvas_area, LessonSession& session,
                     CommandTargets& targets) {
    const lesson::LessonRuntime* runtime = session.runtime();
    if (runtime == nullptr) return;
    const float font = ImGui::GetFontSize();
    ImGui::SetNextWindowPos(ImVec2(canvas_area.center().x, canvas_area.max.y - 0.6f * font),
                            ImGuiCond_Always, ImVec2(0.5f, 1.0f));
    ImGui::SetNextWindowBgAlpha(std::max(0.85f, overlay_colors.text_backdrop.a / 255.0f));
    if (ImGui::Begin("##lesson_bar", nullptr, overlay_window_flags)) {
        const std::size_t count = session.entries().size();
        if (const auto index = session.lesson_index()) {
            ImGui::TextUnformatted(
                tr_format(TextKey::lessons_bar_lesson, *index + 1, count).c_str());
        } else {
            ImGui::TextUnformatted(tr(TextKey::tab_lessons));
        }
        ImGui::SameLine();
        ImGui::TextDisabled("|");
        ImGui::SameLine();
        ImGui::TextUnformatted(
            tr_format(TextKey::lessons_bar_step, runtime->current_step() + 1, runtime->step_count())
                .c_str());
        ImGui::SameLine();
        if (ImGui::ArrowButton("##previous", ImGuiDir_Left)) (void)session.previous_step();
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(TextKey::lessons_bar_previous));
        ImGui::SameLine();
        if (ImGui::ArrowButton("##next", ImGuiDir_Right)) (void)session.next_step();
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(TextKey::lessons_bar_next));
        ImGui::SameLine();
        ImGui::TextDisabled("|");
        ImGui::SameLine();
        if (ImGui::RadioButton("EN", current_language() == Language::en))
            set_interface_language(targets, Language::en);
        ImGui::SameLine();
        if (ImGui::RadioButton("中文", current_language() == Language::zh))
            set_interface_language(targets, Language::zh);
    }
    ImGui::End();
}

}  // namespace aabb::ui
