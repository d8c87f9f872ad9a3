#include "ui/canvas/editing_tools.hpp"

#include <cmath>
#include <cstdio>
#include <exception>

#include <imgui.h>

#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/view/body_picking.hpp"

namespace aabb::ui {

std::optional<ToolAction> EditingTools::drag() const {
    if (!dragging_) return std::nullopt;
    return ToolAction{tool_, drag_from_, drag_to_};
}

void EditingTools::handle_input(SimulationController& simulation, const Camera& camera) {
    if (tool_ == Tool::select || tool_ == Tool::clear) return;
    const ImGuiIO& io = ImGui::GetIO();
    const glm::vec2 mouse(io.MousePos.x, io.MousePos.y);
    const glm::vec2 point = camera.screen_to_world(mouse);
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left) && ImGui::IsMousePosValid() &&
        !io.WantCaptureMouse && camera.viewport().contains(mouse)) {
        dragging_ = true;
        drag_from_ = drag_to_ = point;
        moving_.reset();
        if (tool_ == Tool::move) {
            const World& world = simulation.world();
            if (const auto picked = pick_body(world, point, 3.0f / camera.zoom())) {
                moving_ = world.body_ids()[*picked];
                moving_offset_ = world.bodies()[*picked].position - point;
                simulation.move_body(*moving_, point + moving_offset_, true);
            }
        }
        return;
    }
    if (!dragging_) return;
    if (ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
        drag_to_ = point;
        if (moving_) simulation.move_body(*moving_, point + moving_offset_, false);
        if (tool_ == Tool::ray) ray_probe_.aim(drag_from_, drag_to_);
        return;
    }
    dragging_ = false;
    drag_to_ = point;
    if (tool_ == Tool::move) return;
    if (tool_ == Tool::ray) {
        // A click without a drag keeps the ray there was.
        if (glm::distance(drag_from_, drag_to_) * camera.zoom() > 2.0f)
            ray_probe_.aim(drag_from_, drag_to_);
        return;
    }
    try {
        (void)apply_tool_action(simulation, {tool_, drag_from_, drag_to_}, settings_,
                                spray_seed_++);
    } catch (const std::exception&) {
        // A body the world rejects (e.g. an absurd size) is simply not added.
    }
}

}  // namespace aabb::ui
