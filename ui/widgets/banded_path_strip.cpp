#include "ui/widgets/banded_path_strip.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>

#include <imgui.h>

#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/widgets/shared_widgets.hpp"

namespace aabb::ui {

namespace {

/// The paths' swatches and names, wrapped at the available width.
void legend() {
    const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
    bool first = true;
    for (const BandedStripKind kind : banded_strip_kinds) {
        const char* name = tr(strip_kind_name(kind));
        const float width = ImGui::GetFrameHeight() * 0.6f + 4.0f + ImGui::CalcTextSize(name).x;
        if (!first) {
            ImGui::SameLine(0.0f, ImGui::GetFontSize());
            // A name that would run past the edge starts the next line instead.
            if (ImGui::GetCursorScreenPos().x + width > right) ImGui::NewLine();
        }
        first = false;
        swatch(strip_kind_color(kind));
        ImGui::TextUnformatted(name);
    }
}

}  // namespace

void banded_path_strip(const BandedFrameHistory& history) {
    const RollingRing<BandedFrame>& frames = history.frames();
    const float width = std::max(ImGui::GetContentRegionAvail().x, 1.0f);
    const float height = ImGui::GetFontSize() * 3.0f;
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImDrawList& draw = *ImGui::GetWindowDrawList();
    draw.AddRectFilled(origin, ImVec2(origin.x + width, origin.y + height),
                       to_imgui_color(overlay_colors.text_backdrop.with_alpha(200)));
    // One cell per step the ring holds, newest at the right edge; a full ring fills the width.
    const float cell = width / static_cast<float>(frames.capacity());
    const float gap = cell >= 4.0f ? 1.0f : 0.0f;
    // Heights on a log scale between the fastest and the slowest step held: one slow full sweep
    // would otherwise flatten every other step to nothing.
    const float slowest = std::max(history.max_find_pairs_ms(), 1e-6f);
    float fastest = slowest;
    for (std::size_t i = 0; i < frames.size(); ++i)
        fastest = std::min(fastest, std::max(frames.at(i).find_pairs_ms, 1e-6f));
    const float range = std::log(slowest / fastest);
    // The cheapest steps still show their colour: a fifth of the height at least.
    const float floor_height = height * 0.2f;
    ImGui::InvisibleButton("##banded_strip", ImVec2(width, height));
    const bool hovered = ImGui::IsItemHovered();
    const float mouse_x = ImGui::GetIO().MousePos.x;
    const std::size_t count = frames.size();
    for (std::size_t i = 0; i < count; ++i) {
        const BandedFrame& frame = frames.at(i);
        const float x1 = origin.x + width - cell * static_cast<float>(count - 1 - i);
        const float x0 = x1 - cell;
        const float share =
            range < 1e-3f
                ? 1.0f
                : std::clamp(std::log(std::max(frame.find_pairs_ms, 1e-6f) / fastest) / range, 0.0f,
                             1.0f);
        const float top = origin.y + height - (floor_height + share * (height - floor_height));
        const ImU32 color = to_imgui_color(strip_kind_color(strip_kind(frame.report)));
        draw.AddRectFilled(ImVec2(x0, top),
                           ImVec2(std::max(x0 + 1.0f, x1 - gap), origin.y + height), color);
        if (hovered && mouse_x >= x0 && mouse_x < x1) {
            draw.AddRect(ImVec2(x0 - 1.0f, origin.y), ImVec2(x1 + 1.0f, origin.y + height),
                         IM_COL32(255, 255, 255, 255), 0.0f, 0, 2.0f);
            ImGui::BeginTooltip();
            ImGui::Text(tr(TextKey::bp_banded_cell_tip),
                        static_cast<unsigned long long>(frame.world_step),
                        static_cast<double>(frame.find_pairs_ms));
            wrapped_text(banded_frame_sentence(frame, current_language()),
                         ImGui::GetFontSize() * 24.0f);
            ImGui::EndTooltip();
        }
    }
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    wrapped_text(tr_format(TextKey::bp_banded_strip, static_cast<int>(frames.capacity()),
                           static_cast<double>(fastest), static_cast<double>(slowest)));
    ImGui::PopStyleColor();
    legend();
}

}  // namespace aabb::ui
