#include "ui/lesson/lesson_card.hpp"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <string>
#include <string_view>
#include <vector>

#include "ui/canvas/overlay_draw.hpp"
#include "ui/lesson/lesson_language.hpp"
#include "ui/lesson/lesson_question.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/lesson_colors.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/style/palette.hpp"
#include "ui/text/text_catalog.hpp"
#include "ui/widgets/overlay_rows.hpp"
#include "ui/widgets/shared_widgets.hpp"

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
            record_item_text(TextOwner::card, std::string_view(text.data() + begin, end - begin));
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
    for (const lesson::ResolvedFormula& formula : runtime->formulas(&world, lesson_language())) {
        float width = 0.0f;
        for (const lesson::FormulaSegment& segment : formula.segments) {
            width += width_of(segment.text);
            // A value never breaks; the card must hold the widest.
            if (segment.ref != lesson::FormulaRef::text)
                widest_word = std::max(widest_word, width_of(segment.text));
        }
        measure.block_widths.push_back(width);
    }
    // Each readout as draw_readouts wraps it: "label = value", the value kept whole.
    const lesson::DisplayLanguage language = lesson_language();
    for (const lesson::ReadoutResult& result : runtime->readouts(&world)) {
        if (!result.visible) continue;
        const lesson::Readout& readout = *result.readout;
        const std::string value = lesson::display_value(result.value, readout.format, language);
        measure.block_widths.push_back(
            width_of(in_language(readout.label, readout.label_zh) + " = " + value));
        widest_word = std::max(widest_word, width_of(value));
    }
    const std::string& prompt = in_language(step.try_text, step.try_zh);
    if (!prompt.empty())
        measure.block_widths.push_back(width_of("[ ] ") + style.ItemSpacing.x + width_of(prompt));
    measure.min_width = widest_word + measure.horizontal_padding;
    measure_lesson_question(*runtime, measure);
    return measure;
}

namespace {

/// What the card holds: the lesson's title, the step's text, formulas and readouts, the try
/// prompt and the question.
void draw_card_content(LessonSession& session, const World& world) {
    lesson::LessonRuntime* runtime = session.runtime();
    const lesson::Lesson& lesson = runtime->lesson();
    const lesson::Step& step = runtime->step();
    const std::string& title = in_language(lesson.title, lesson.title_zh);
    ImGui::PushStyleColor(ImGuiCol_Text, to_imgui_vec4(overlay_colors.caption_title));
    wrapped_text(title);
    ImGui::PopStyleColor();
    record_item_text(TextOwner::card, title);
    ImGui::Separator();
    const std::string& text = in_language(step.text, step.text_zh);
    wrapped_text(text);
    record_item_text(TextOwner::card, text);
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
        record_item_text(TextOwner::card, done ? "[x]" : "[ ]");
        ImGui::SameLine();
        wrapped_text(prompt);
        record_item_text(TextOwner::card, prompt);
    }
    draw_lesson_question(*runtime);
}

}  // namespace

void draw_lesson_card(const CardPlace& place, LessonSession& session, const World& world) {
    lesson::LessonRuntime* runtime = session.runtime();
    if (runtime == nullptr) return;
    ImGui::SetNextWindowPos(to_imvec(place.anchor), ImGuiCond_Always, to_imvec(place.pivot));
    // A fixed width (so text wraps the same in both languages), the height of what it holds.
    ImGui::SetNextWindowSizeConstraints(ImVec2(place.width, 0.0f),
                                        ImVec2(place.width, std::max(place.max_height, 1.0f)));
    ImGui::SetNextWindowBgAlpha(std::max(0.82f, overlay_colors.text_backdrop.a / 255.0f));
    if (ImGui::Begin("##lesson_card", nullptr, overlay_window_flags)) {
        record_window_region(layout_region::card);
        // Cut (no place holds it whole): its content scrolls in a body under which a last row
        // says there is more below, so a teacher at a projector knows to scroll (the wheel
        // over the card).
        const ImGuiStyle& style = ImGui::GetStyle();
        const float cue_row = ImGui::GetTextLineHeightWithSpacing();
        if (place.cut) {
            const float body = std::max(
                place.max_height - 2.0f * style.WindowPadding.y - cue_row - style.ItemSpacing.y,
                ImGui::GetTextLineHeight());
            ImGui::BeginChild("##lesson_card_body", ImVec2(0.0f, body), false,
                              ImGuiWindowFlags_NoBackground);
        }
        draw_card_content(session, world);
        if (place.cut) {
            const bool more = ImGui::GetScrollY() < ImGui::GetScrollMaxY() - 0.5f;
            ImGui::EndChild();
            if (more) {
                const std::string cue = std::string("\u25bc ") + tr(TextKey::lessons_card_more);
                ImGui::TextColored(to_imgui_vec4(palette.text_dim), "%s", cue.c_str());
                record_item_text(TextOwner::card, cue);
            } else {
                ImGui::Dummy(ImVec2(1.0f, ImGui::GetTextLineHeight()));
            }
        }
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
        // With the panel hidden (a narrow canvas hides it, panel_collapses_for_lesson in
        // ui/view/panel_width.hpp, or the teacher did) the bar says how to bring it back; a click
        // does too.
        if (targets.panel_hidden) {
            const char* hint = tr(TextKey::lessons_bar_panel);
            rows.next(ImGui::CalcTextSize("|").x + 2.0f * style.ItemSpacing.x +
                      ImGui::CalcTextSize(hint).x + 2.0f * style.FramePadding.x);
            ImGui::TextDisabled("|");
            ImGui::SameLine();
            if (ImGui::SmallButton(hint)) targets.panel_hidden = false;
            record_item_text(TextOwner::bar, hint);
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(TextKey::lessons_bar_panel_tip));
        }
    }
    ImGui::End();
}

}  // namespace aabb::ui
