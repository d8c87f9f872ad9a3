#include "ui/canvas/object_selection.hpp"

#include <cmath>

#include <imgui.h>

#include "ui/view/body_picking.hpp"

namespace aabb::ui {

void ObjectSelection::handle_input(const World& world, const Camera& camera) {
    const ImGuiIO& io = ImGui::GetIO();
    const glm::vec2 mouse(io.MousePos.x, io.MousePos.y);
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
        press_on_canvas_ =
            ImGui::IsMousePosValid() && !io.WantCaptureMouse && camera.viewport().contains(mouse);
    }
    if (!press_on_canvas_ || !ImGui::IsMouseReleased(ImGuiMouseButton_Left)) return;
    press_on_canvas_ = false;
    const ImVec2 drag = ImGui::GetMouseDragDelta(ImGuiMouseButton_Left, 0.0f);
    if (std::hypot(drag.x, drag.y) > click_slop_pixels) return;
    const std::optional<std::size_t> picked =
        pick_body(world, camera.screen_to_world(mouse), 3.0f / camera.zoom());
    std::optional<BodyId> id;
    if (picked) id = world.body_ids()[*picked];
    if (io.KeyShift) {
        second_ = id;
    } else {
        selected_ = id;
        if (!id) second_.reset();
    }
}

}  // namespace aabb::ui
