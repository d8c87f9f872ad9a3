#include "ui/widgets/overlay_rows.hpp"

#include <imgui.h>

namespace aabb::ui {

void OverlayRows::next(float width) {
    ImGui::SameLine();
    if (ImGui::GetCursorPosX() + width <= right_) return;
    ImGui::NewLine();
    ++rows_;
}

float OverlayRows::extra_height() const {
    return static_cast<float>(rows_ - 1) * ImGui::GetFrameHeightWithSpacing();
}

}  // namespace aabb::ui
