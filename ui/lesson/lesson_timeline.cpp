#include "ui/lesson/lesson_timeline.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <exception>
#include <optional>
#include <string>

#include "ui/canvas/overlay_draw.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

namespace {

constexpr ImGuiWindowFlags timeline_flags =
    ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
    ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoMove;

/// The height of a one-row overlay window (the lesson bar, the timeline).
float row_window_height() {
    return ImGui::GetFrameHeight() + 2.0f * ImGui::GetStyle().WindowPadding.y;
}

/// The bottom edge of the lesson bar (lesson_card.cpp places it 0.6 font sizes up).
float bar_bottom(const ScreenRect& canvas_area) {
    return canvas_area.max.y - 0.6f * ImGui::GetFontSize();
}

/// The gap between the bar and the timeline.
float gap() {
    return 0.3f * ImGui::GetFontSize();
}

/// The handle's label in the interface's language.
const std::string& handle_label(const lesson::Handle& handle) {
    const std::string& english = handle.label.empty() ? handle.name : handle.label;
    if (current_language() == Language::zh && !handle.label_zh.empty()) return handle.label_zh;
    return english;
}

}  // namespace

float lesson_bottom_overlays_top(const ScreenRect& canvas_area, bool with_timeline) {
    // In the window's frame the bar and the scrubber are drawn before the gadgets: their
    // rectangles as drawn (the bar wraps onto a second row on a narrow canvas).
    if (const LayoutRecord* record = current_layout_record()) {
        if (const std::optional<ScreenRect> bar = record->region(layout_region::bar)) {
            float top = bar->min.y;
            if (const std::optional<ScreenRect> scrubber = record->region(layout_region::scrubber))
                top = std::min(top, scrubber->min.y);
            return top;
        }
    }
    const float bar_top = bar_bottom(canvas_area) - row_window_height();
    return with_timeline ? bar_top - gap() - row_window_height() : bar_top;
}

namespace {

/// Set by the lesson layout each frame (one window, one lesson layout).
std::optional<glm::vec2> band_columns;

}  // namespace

void set_bottom_band_columns(std::optional<glm::vec2> columns) {
    band_columns = columns;
}

ScreenRect lesson_bottom_band(const ScreenRect& view, bool with_timeline, float height) {
    const float bottom =
        lesson_bottom_overlays_top(view, with_timeline) - 0.4f * ImGui::GetFontSize();
    if (band_columns) return {{band_columns->x, bottom - height}, {band_columns->y, bottom}};
    return {{view.min.x + view.size().x * 0.15f, bottom - height},
            {view.min.x + view.size().x * 0.85f, bottom}};
}

void draw_lesson_timeline(const ScreenRect& canvas_area, LessonSession& session) {
    lesson::LessonRuntime* runtime = session.runtime();
    if (runtime == nullptr || runtime->animation() == nullptr) return;
    const lesson::Animation& animation = *runtime->animation();
    const lesson::Handle* handle = lesson::find_handle(runtime->lesson(), animation.handle);
    if (handle == nullptr) return;
    const float font = ImGui::GetFontSize();
    float bottom = bar_bottom(canvas_area) - row_window_height() - gap();
    if (const LayoutRecord* record = current_layout_record()) {
        if (const std::optional<ScreenRect> bar = record->region(layout_region::bar))
            bottom = bar->min.y - gap();
    }
    ImGui::SetNextWindowPos(ImVec2(canvas_area.center().x, bottom), ImGuiCond_Always,
                            ImVec2(0.5f, 1.0f));
    ImGui::SetNextWindowBgAlpha(std::max(0.85f, overlay_colors.text_backdrop.a / 255.0f));
    if (ImGui::Begin("##lesson_timeline", nullptr, timeline_flags)) {
        record_window_region(layout_region::scrubber);
        const bool playing = runtime->animation_state().playing;
        // The button keeps one width in both states and languages, so the slider never jumps.
        const float button = std::max(ImGui::CalcTextSize(tr(TextKey::timeline_play)).x,
                                      ImGui::CalcTextSize(tr(TextKey::timeline_pause)).x) +
                             2.0f * ImGui::GetStyle().FramePadding.x;
        const std::string caption =
            std::string(tr(playing ? TextKey::timeline_pause : TextKey::timeline_play)) +
            "###timeline_play";
        if (ImGui::Button(caption.c_str(), ImVec2(button, 0.0f))) runtime->toggle_animation();
        record_item_text(TextOwner::scrubber,
                         tr(playing ? TextKey::timeline_pause : TextKey::timeline_play));
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "%s", tr(playing ? TextKey::timeline_pause_tip : TextKey::timeline_play_tip));
        ImGui::SameLine();
        ImGui::TextUnformatted(handle_label(*handle).c_str());
        record_item_text(TextOwner::scrubber, handle_label(*handle));
        ImGui::SameLine();
        const float width = std::clamp(canvas_area.size().x * 0.3f, 8.0f * font, 24.0f * font);
        ImGui::SetNextItemWidth(width);
        const double low = std::min(animation.from, animation.to);
        const double high = std::max(animation.from, animation.to);
        const double now = runtime->handle_value(animation.handle).numbers[0];
        bool changed = false;
        double wanted = now;
        if (handle->integer) {
            int value = static_cast<int>(std::lround(std::clamp(now, low, high)));
            changed = ImGui::SliderInt("##timeline_scrub", &value, static_cast<int>(low),
                                       static_cast<int>(high), "%d", ImGuiSliderFlags_AlwaysClamp);
            wanted = value;
        } else {
            auto value = static_cast<float>(std::clamp(now, low, high));
            changed =
                ImGui::SliderFloat("##timeline_scrub", &value, static_cast<float>(low),
                                   static_cast<float>(high), "%.2f", ImGuiSliderFlags_AlwaysClamp);
            wanted = value;
        }
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(TextKey::timeline_scrub_tip));
        if (changed) {
            try {
                runtime->set_handle(animation.handle, lesson::HandleValue{{wanted, 0.0}});
            } catch (const std::exception&) {
                // The slider stays within [from, to], which the reader checked lies in the
                // handle's range: nothing to report.
            }
        }
    }
    ImGui::End();
}

}  // namespace aabb::ui
