#include "ui/lesson/lesson_card.hpp"

#include <imgui.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "ui/lesson/lesson_language.hpp"
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

/// A piece of a line drawn in one color; a value is kept whole on one line.
struct ColoredPiece {
    std::string text;
    ImVec4 color;
    bool value = false;
};

/// `pieces` as one text wrapped like the step's text (wrap_lines: between words, never inside a
/// value or a short bracketed group such as "[0.40, 0.55]"), each piece in its color.
void draw_wrapped_pieces(const std::vector<ColoredPiece>& pieces) {
    struct Span {
        std::size_t begin;
        std::size_t end;
        ImVec4 color;
    };
    std::string text;
    std::vector<Span> spans;
    std::vector<KeepTogether> values;
    for (const ColoredPiece& piece : pieces) {
        const std::size_t begin = text.size();
        text += piece.text;
        spans.push_back({begin, text.size(), piece.color});
        if (piece.value) values.push_back({begin, text.size()});
    }
    for (const std::string_view line : wrap_at_available_width(text, values)) {
        const std::size_t line_begin = static_cast<std::size_t>(line.data() - text.data());
        const std::size_t line_end = line_begin + line.size();
        bool first = true;
        for (const Span& span : spans) {
            const std::size_t begin = std::max(span.begin, line_begin);
            const std::size_t end = std::min(span.end, line_end);
            if (begin >= end) continue;
            if (!first) ImGui::SameLine(0.0f, 0.0f);
            first = false;
            ImGui::PushStyleColor(ImGuiCol_Text, span.color);
            ImGui::TextUnformatted(text.data() + begin, text.data() + end);
            ImGui::PopStyleColor();
        }
        if (first) ImGui::NewLine();
    }
}

/// One formula: literal text in the text color, each value in the color of what it describes.
void draw_formula(const lesson::ResolvedFormula& formula) {
    const ImVec4 text_color = ImGui::GetStyleColorVec4(ImGuiCol_Text);
    std::vector<ColoredPiece> pieces;
    for (const lesson::FormulaSegment& segment : formula.segments) {
        const bool value = segment.ref != lesson::FormulaRef::text;
        pieces.push_back({segment.text,
                          value ? to_imgui_vec4(lesson_role_color(segment.color)) : text_color,
                          value});
    }
    draw_wrapped_pieces(pieces);
}

/// The readouts the step shows, as "label = value" rows: the label in the readout's color, the
/// value in the color of what it is (a verdict: true or false), both in the interface's
/// language.
void draw_readouts(const lesson::LessonRuntime& runtime, const World& world) {
    const lesson::DisplayLanguage language = lesson_language();
    for (const lesson::ReadoutResult& result : runtime.readouts(&world)) {
        if (!result.visible) continue;
        const lesson::Readout& readout = *result.readout;
        const std::string_view value_role = lesson::value_color(readout, result.value);
        draw_wrapped_pieces({{in_language(readout.label, readout.label_zh) + " = ",
                              to_imgui_vec4(lesson_role_color(readout.color))},
                             {lesson::display_value(result.value, readout.format, language),
                              to_imgui_vec4(lesson_role_color(value_role)), true}});
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
        const auto formulas = runtime->formulas(&world, lesson_language());
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
