#include "ui/lesson/lesson_card.hpp"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <string>
#include <string_view>
#include <vector>

#include "ui/canvas/overlay_draw.hpp"
#include "ui/lesson/lesson_question.hpp"
#include "ui/panels/panel_widgets.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/lesson_colors.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/style/palette.hpp"
#include "ui/text/text_catalog.hpp"
#include "ui/windows/canvas_toolbar.hpp"

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
        record_item_text(TextOwner::card, text);
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
        const std::string row = label + " = " + result.text;
        ImGui::TextColored(to_imgui_vec4(lesson_role_color(readout.color)), "%s", row.c_str());
        record_item_text(TextOwner::card, row);
    }
}

}  // namespace

CardMeasure measure_lesson_card(const LessonSession& session, const World& world) {
    CardMeasure measure;
    const lesson::LessonRuntime* runtime = session.runtime();
    if (runtime == nullptr) return measure;
    const lesson::Lesson& lesson = runtime->lesson();
    const lesson::Step& step = runtime->step();
    const ImGuiStyle& style = ImGui::GetStyle();
    const auto width_of = [](const std::string& text) {
        return ImGui::CalcTextSize(text.c_str()).x;
    };
    measure.line_height = ImGui::GetTextLineHeightWithSpacing();
    measure.horizontal_padding = 2.0f * style.WindowPadding.x;
    // Padding, two separators with their spacing, and the spacing rows.
    measure.fixed_height = 2.0f * style.WindowPadding.y + 4.0f * style.ItemSpacing.y;
    measure.block_widths.push_back(width_of(in_language(lesson.title, lesson.title_zh)));
    measure.block_widths.push_back(width_of(in_language(step.text, step.text_zh)));
    float widest_word = 0.0f;
    for (const lesson::ResolvedFormula& formula : runtime->formulas(&world)) {
        float width = 0.0f;
        for (const lesson::FormulaSegment& segment : formula.segments) {
            width += width_of(segment.text);
            // A value never breaks; the card must hold the widest.
            if (segment.ref != lesson::FormulaRef::text)
                widest_word = std::max(widest_word, width_of(segment.text));
        }
        measure.block_widths.push_back(width);
    }
    for (const lesson::ReadoutResult& result : runtime->readouts(&world)) {
        if (!result.visible) continue;
        const lesson::Readout& readout = *result.readout;
        const std::string& label =
            in_language(readout.label.empty() ? readout.name : readout.label, readout.label_zh);
        // A readout row does not wrap.
        measure.fixed_height += measure.line_height;
        widest_word = std::max(widest_word, width_of(label + " = " + result.text));
    }
    const std::string& prompt = in_language(step.try_text, step.try_zh);
    if (!prompt.empty())
        measure.block_widths.push_back(width_of("[ ] ") + style.ItemSpacing.x + width_of(prompt));
    measure.min_width = widest_word + measure.horizontal_padding;
    measure_lesson_question(*runtime, measure);
    return measure;
}

void draw_lesson_card(const CardPlace& place, LessonSession& session, const World& world) {
    lesson::LessonRuntime* runtime = session.runtime();
    if (runtime == nullptr) return;
    const lesson::Lesson& lesson = runtime->lesson();
    const lesson::Step& step = runtime->step();
    ImGui::SetNextWindowPos(to_imvec(place.anchor), ImGuiCond_Always, to_imvec(place.pivot));
    // A fixed width (so text wraps the same in both languages), the height of what it holds.
    ImGui::SetNextWindowSizeConstraints(ImVec2(place.width, 0.0f),
                                        ImVec2(place.width, std::max(place.max_height, 1.0f)));
    ImGui::SetNextWindowBgAlpha(std::max(0.82f, overlay_colors.text_backdrop.a / 255.0f));
    // Cut (no place holds it whole): it scrolls, with its scroll bar shown.
    const ImGuiWindowFlags flags =
        place.cut ? overlay_window_flags & ~ImGuiWindowFlags_NoScrollbar : overlay_window_flags;
    if (ImGui::Begin("##lesson_card", nullptr, flags)) {
        record_window_region(layout_region::card);
        const std::string& title = in_language(lesson.title, lesson.title_zh);
        ImGui::PushStyleColor(ImGuiCol_Text, to_imgui_vec4(overlay_colors.caption_title));
        wrapped_text(title);
        ImGui::PopStyleColor();
        record_item_text(TextOwner::card, title);
        ImGui::Separator();
        const std::string& text = in_language(step.text, step.text_zh);
        wrapped_text(text);
        record_item_text(TextOwner::card, text);
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
            record_item_text(TextOwner::card, done ? "[x]" : "[ ]");
            ImGui::SameLine();
            wrapped_text(prompt);
            record_item_text(TextOwner::card, prompt);
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
    const ImGuiStyle& style = ImGui::GetStyle();
    const float margin = 8.0f;
    ImGui::SetNextWindowPos(ImVec2(canvas_area.center().x, canvas_area.max.y - 0.6f * font),
                            ImGuiCond_Always, ImVec2(0.5f, 1.0f));
    ImGui::SetNextWindowSizeConstraints(
        ImVec2(0.0f, 0.0f), ImVec2(std::max(canvas_area.size().x - 2.0f * margin, 1.0f), FLT_MAX));
    ImGui::SetNextWindowBgAlpha(std::max(0.85f, overlay_colors.text_backdrop.a / 255.0f));
    if (ImGui::Begin("##lesson_bar", nullptr, overlay_window_flags)) {
        record_window_region(layout_region::bar);
        // Wrapped where the canvas ends (its width less the margins and the window's padding).
        OverlayRows rows(canvas_area.size().x - 2.0f * margin - style.WindowPadding.x);
        const auto text_item = [&](const std::string& text, bool first) {
            if (!first) rows.next(ImGui::CalcTextSize(text.c_str()).x);
            ImGui::TextUnformatted(text.c_str());
            record_item_text(TextOwner::bar, text);
        };
        const std::size_t count = session.entries().size();
        const auto index = session.lesson_index();
        text_item(index ? tr_format(TextKey::lessons_bar_lesson, *index + 1, count)
                        : std::string(tr(TextKey::tab_lessons)),
                  true);
        rows.next(ImGui::CalcTextSize("|").x);
        ImGui::TextDisabled("|");
        text_item(tr_format(TextKey::lessons_bar_step, runtime->current_step() + 1,
                            runtime->step_count()),
                  false);
        const float arrow = ImGui::GetFrameHeight();
        rows.next(2.0f * arrow + style.ItemSpacing.x);
        if (ImGui::ArrowButton("##previous", ImGuiDir_Left)) (void)session.previous_step();
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(TextKey::lessons_bar_previous));
        ImGui::SameLine();
        if (ImGui::ArrowButton("##next", ImGuiDir_Right)) (void)session.next_step();
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(TextKey::lessons_bar_next));
        // The language choice: radio buttons EN and 中文, together.
        const float radio = ImGui::GetFrameHeight() + style.ItemInnerSpacing.x;
        rows.next(ImGui::CalcTextSize("|").x + 2.0f * style.ItemSpacing.x + 2.0f * radio +
                  ImGui::CalcTextSize("EN").x + ImGui::CalcTextSize("中文").x);
        ImGui::TextDisabled("|");
        ImGui::SameLine();
        if (ImGui::RadioButton("EN", current_language() == Language::en))
            set_interface_language(targets, Language::en);
        record_item_text(TextOwner::bar, "EN");
        ImGui::SameLine();
        if (ImGui::RadioButton("中文", current_language() == Language::zh))
            set_interface_language(targets, Language::zh);
        record_item_text(TextOwner::bar, "中文");
    }
    ImGui::End();
}

}  // namespace aabb::ui
