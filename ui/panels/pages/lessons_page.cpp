// The Lessons tab: every lesson of lessons/ grouped by curriculum section, with its titles in
// English and Chinese and a tick for each step goal reached; a click opens it. For the
// running lesson: its objective, the handles that have no place on the canvas (sliders,
// choices, toggles) as widgets, Reload (R) and Close, and a loading error in place (a broken
// file never replaces the running lesson).

#include <cmath>
#include <cstdio>
#include <exception>
#include <memory>
#include <string>

#include <imgui.h>

#include <iterator>
#include <optional>

#include "core/lesson/display_names.hpp"
#include "ui/lesson/lesson_language.hpp"
#include "ui/panels/panel_page.hpp"
#include "ui/text/framed_message.hpp"
#include "ui/text/text_catalog.hpp"
#include "ui/widgets/shared_widgets.hpp"

namespace aabb::ui {

namespace {

/// The title of curriculum section 1..8 (curriculum.md), or nullopt.
std::optional<TextKey> section_title(int section) {
    constexpr TextKey titles[] = {TextKey::lessons_section_1, TextKey::lessons_section_2,
                                  TextKey::lessons_section_3, TextKey::lessons_section_4,
                                  TextKey::lessons_section_5, TextKey::lessons_section_6,
                                  TextKey::lessons_section_7, TextKey::lessons_section_8};
    if (section < 1 || section > static_cast<int>(std::size(titles))) return std::nullopt;
    return titles[section - 1];
}

/// The text in the other language than in_language() picks, or "" when it is the same text.
const std::string& in_other_language(const std::string& english, const std::string& chinese) {
    static const std::string none;
    const std::string& shown = in_language(english, chinese);
    const std::string& other = &shown == &chinese ? english : chinese;
    return other == shown ? none : other;
}

/// A slider's value as an ImGui format: display_number() (1,000, not 1e+03) with a literal '%'
/// doubled.
std::string slider_format(double value, bool integer) {
    std::string format;
    for (const char c : lesson::display_number(value, integer)) {
        format += c;
        if (c == '%') format += '%';
    }
    return format;
}

/// A handle's label on its own line above the widget when it does not fit beside a widget of
/// `widget_width` (long labels were cut at the panel's edge: "offset X added to ever"); returns
/// the ImGui label for the widget: the text beside it, or only its id.
std::string label_beside_or_above(const std::string& shown, const std::string& name,
                                  float widget_width) {
    const float room =
        ImGui::GetContentRegionAvail().x - widget_width - ImGui::GetStyle().ItemInnerSpacing.x;
    if (ImGui::CalcTextSize(shown.c_str()).x <= room) return shown + "###" + name;
    wrapped_text(shown);
    return "###" + name;
}

/// A slider, choice or toggle handle as a widget; changes go through set_handle (validated).
void draw_handle_widget(lesson::LessonRuntime& runtime, const lesson::Handle& handle,
                        FramedMessage& error) {
    const std::string& shown = in_language(handle.label, handle.label_zh);
    // The same ImGui id in both languages (the handle's name), so a drag survives Z.
    lesson::HandleValue value = runtime.handle_value(handle.name);
    bool changed = false;
    switch (handle.kind) {
        case lesson::HandleKind::slider: {
            double number = value.numbers[0];
            const double low = handle.range[0].low;
            const double high = handle.range[0].high;
            const float width = ImGui::GetContentRegionAvail().x * 0.55f;
            const std::string label = label_beside_or_above(shown, handle.name, width);
            ImGui::SetNextItemWidth(label.starts_with("###") ? -1.0f : width);
            changed = ImGui::SliderScalar(label.c_str(), ImGuiDataType_Double, &number, &low, &high,
                                          slider_format(number, handle.integer).c_str(),
                                          handle.log_scale ? ImGuiSliderFlags_Logarithmic : 0);
            if (changed) value.numbers[0] = handle.integer ? std::round(number) : number;
            break;
        }
        case lesson::HandleKind::choice: {
            int index = static_cast<int>(value.numbers[0]);
            ImGui::TextUnformatted(shown.c_str());
            // The choices follow on the same row while they fit, then wrap (algorithm names
            // are long at large UI scales). Each is written in words (a scene's title, an
            // algorithm's name), with the same id in both languages.
            const ImGuiStyle& style = ImGui::GetStyle();
            const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
            for (std::size_t i = 0; i < handle.choices.size(); ++i) {
                const std::string& words = lesson::choice_label(handle, i, lesson_language());
                const float width = ImGui::GetFrameHeight() + style.ItemInnerSpacing.x +
                                    ImGui::CalcTextSize(words.c_str()).x;
                ImGui::SameLine();
                if (ImGui::GetCursorScreenPos().x + width > right) ImGui::NewLine();
                const std::string id = words + "###" + handle.choices[i];
                if (ImGui::RadioButton(id.c_str(), index == static_cast<int>(i))) {
                    index = static_cast<int>(i);
                    changed = true;
                }
            }
            value.numbers[0] = index;
            break;
        }
        case lesson::HandleKind::toggle: {
            bool on = value.numbers[0] != 0.0;
            const std::string label = shown + "###" + handle.name;
            changed = ImGui::Checkbox(label.c_str(), &on);
            value.numbers[0] = on ? 1.0 : 0.0;
            break;
        }
        case lesson::HandleKind::point:
        case lesson::HandleKind::vector:
        case lesson::HandleKind::corner:
            wrapped_text(shown + " = " +
                         lesson::handle_display_text(handle, value, lesson_language()));
            return;
    }
    if (!changed) return;
    try {
        runtime.set_handle(handle.name, value);
        error.clear();
    } catch (const std::exception& problem) {
        error.set(TextKey::lessons_handle_error, problem);
    }
}

/// The Lessons page.
class LessonsPage final : public PanelPage {
  public:
    void draw(PanelContext& context) override;

  private:
    void draw_list(LessonSession& session);
    void draw_running(LessonSession& session);

    FramedMessage error_;
    FramedMessage load_error_;
};

void LessonsPage::draw(PanelContext& context) {
    if (context.lessons.error().empty()) {
        load_error_.clear();
    } else {
        load_error_.set(TextKey::lessons_error, context.lessons.error());
    }
    error_text(load_error_);
    error_text(error_);
    draw_running(context.lessons);
    draw_list(context.lessons);
}

void LessonsPage::draw_list(LessonSession& session) {
    if (session.entries().empty()) {
        ImGui::TextDisabled("%s", tr(TextKey::lessons_none_found));
        return;
    }
    int section = -1;
    const auto current = session.lesson_index();
    for (std::size_t i = 0; i < session.entries().size(); ++i) {
        const lesson::LessonEntry& entry = session.entries()[i];
        if (entry.section != section) {
            section = entry.section;
            ImGui::Spacing();
            if (const auto title = section_title(section)) {
                ImGui::TextDisabled("%d  %s  %s", section, tr(*title),
                                    text(other_language(current_language()), *title));
            }
        }
        ImGui::PushID(static_cast<int>(i));
        const std::size_t reached = session.goals_reached(entry.id);
        // The title in the interface's language first, the other one below it.
        char line[320];
        std::snprintf(line, sizeof line, "%02zu  %s", i + 1,
                      in_language(entry.title, entry.title_zh).c_str());
        if (ImGui::Selectable(line, current == i)) {
            if (session.open(i)) error_.clear();
        }
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("%s%s%s", entry.path.string().c_str(),
                              entry.error.empty() ? "" : "\n", entry.error.c_str());
        }
        ImGui::Indent();
        ImGui::TextDisabled("%s", in_other_language(entry.title, entry.title_zh).c_str());
        if (reached > 0) {
            ImGui::SameLine();
            ImGui::TextColored(ImVec4(0.47f, 0.9f, 0.55f, 1.0f), "%s %zu", "✓", reached);
        }
        if (!entry.error.empty())
            ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.4f, 1.0f), "%s", tr(TextKey::lessons_broken));
        ImGui::Unindent();
        ImGui::PopID();
    }
}

void LessonsPage::draw_running(LessonSession& session) {
    lesson::LessonRuntime* runtime = session.runtime();
    if (runtime == nullptr) {
        wrapped_text(tr(TextKey::lessons_pick));
        return;
    }
    const lesson::Lesson& lesson = runtime->lesson();
    // The interface's language first (a Chinese class reads the Chinese title and objective
    // first); the other language follows, dimmed.
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.85f, 0.45f, 1.0f));
    wrapped_text(in_language(lesson.title, lesson.title_zh));
    ImGui::PopStyleColor();
    wrapped_text(in_language(lesson.objective, lesson.objective_zh));
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    if (const std::string& title = in_other_language(lesson.title, lesson.title_zh); !title.empty())
        wrapped_text(title);
    if (const std::string& objective = in_other_language(lesson.objective, lesson.objective_zh);
        !objective.empty())
        wrapped_text(objective);
    ImGui::PopStyleColor();
    for (const lesson::Handle& handle : lesson.handles) {
        if (!runtime->handle_visible(handle.name)) continue;
        ImGui::PushID(handle.name.c_str());
        draw_handle_widget(*runtime, handle, error_);
        ImGui::PopID();
    }
    if (ImGui::Button(tr_label(TextKey::lessons_restart))) session.restart_step();
    ImGui::SameLine();
    if (ImGui::Button(tr_label(TextKey::lessons_reload))) (void)session.reload();
    ImGui::SameLine();
    if (ImGui::Button(tr_label(TextKey::lessons_close))) session.close();
    ImGui::Separator();
}

}  // namespace

std::unique_ptr<PanelPage> make_lessons_page(const SimulationController&) {
    return std::make_unique<LessonsPage>();
}

}  // namespace aabb::ui
