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
        return;
    }
    dragging_ = false;
    drag_to_ = point;
    if (tool_ == Tool::move) return;
    try {
        (void)apply_tool_action(simulation, {tool_, drag_from_, drag_to_}, settings_,
                                spray_seed_++);
    } catch (const std::exception&) {
        // A body the world rejects (e.g. an absurd size) is simply not added.
    }
}

void EditingTools::draw_panel(SimulationController& simulation) {
    constexpr Tool choices[] = {Tool::select, Tool::bullet, Tool::wall, Tool::shape,
                                Tool::move,   Tool::erase,  Tool::spray};
    int column = 0;
    for (const Tool choice : choices) {
        if (column++ % 4 != 0) ImGui::SameLine();
        if (ImGui::RadioButton(tool_name(choice), tool_ == choice)) tool_ = choice;
    }
    ImGui::SameLine();
    if (ImGui::Button("Clear all")) {
        (void)apply_tool_action(simulation, {Tool::clear, {}, {}}, settings_, 0);
    }
    const float width = ImGui::GetContentRegionAvail().x * 0.5f;
    switch (tool_) {
        case Tool::select:
            ImGui::TextDisabled("Click selects, Shift+click inspects a pair, drag pans.");
            break;
        case Tool::bullet:
            ImGui::TextDisabled("Drag from the start in the direction of flight.");
            ImGui::SetNextItemWidth(width);
            ImGui::SliderFloat("speed per unit dragged", &settings_.bullet_speed_per_unit, 1.0f,
                               100.0f, "%.0f /s", ImGuiSliderFlags_Logarithmic);
            ImGui::SetNextItemWidth(width);
            ImGui::SliderFloat("bullet size", &settings_.bullet_size, 0.1f, 5.0f);
            ImGui::Checkbox("swept detection (no tunneling)", &settings_.swept_bullets);
            break;
        case Tool::wall:
            ImGui::TextDisabled("Drag a rectangle.");
            break;
        case Tool::shape: {
            ImGui::TextDisabled("Click to drop a rotating shape.");
            int shape = static_cast<int>(settings_.shape);
            ImGui::RadioButton("box", &shape, 0);
            ImGui::SameLine();
            ImGui::RadioButton("circle", &shape, 1);
            ImGui::SameLine();
            ImGui::RadioButton("hexagon", &shape, 2);
            settings_.shape = static_cast<ToolShape>(shape);
            ImGui::SetNextItemWidth(width);
            ImGui::SliderFloat("size", &settings_.shape_size, 0.5f, 50.0f, "%.1f",
                               ImGuiSliderFlags_Logarithmic);
            ImGui::SetNextItemWidth(width);
            ImGui::SliderFloat("spin rad/s", &settings_.shape_spin, -10.0f, 10.0f);
            break;
        }
        case Tool::move:
            ImGui::TextDisabled("Drag an object.");
            break;
        case Tool::erase:
            ImGui::TextDisabled("Click an object to delete it.");
            break;
        case Tool::spray:
            ImGui::TextDisabled("Click to add random moving boxes.");
            ImGui::SetNextItemWidth(width);
            ImGui::SliderInt("objects per click", &settings_.spray_count, 1, 2000, "%d",
                             ImGuiSliderFlags_Logarithmic);
            ImGui::SetNextItemWidth(width);
            ImGui::SliderFloat("radius", &settings_.spray_radius, 1.0f, 100.0f);
            break;
        case Tool::clear:
            break;
    }
    ImGui::TextDisabled("Step back (Left arrow) undoes an edit.");
}

void ToolPreviewOverlay::draw(const OverlayContext& context) {
    const auto drag = tools_.drag();
    if (!drag) return;
    const glm::vec2 from = context.camera.world_to_screen(drag->from);
    const glm::vec2 to = context.camera.world_to_screen(drag->to);
    const ImU32 color = to_imgui_color(legend_color());
    if (drag->tool == Tool::bullet) {
        context.draw_list.AddLine({from.x, from.y}, {to.x, to.y}, color, overlay_stroke(2.5f));
        context.draw_list.AddCircleFilled({to.x, to.y}, overlay_size(5.0f), color);
        char text[48];
        std::snprintf(text, sizeof text, "%.0f units/s",
                      glm::length(drag->to - drag->from) * tools_.settings().bullet_speed_per_unit);
        context.draw_list.AddText({to.x + overlay_size(8.0f), to.y - 0.5f * ImGui::GetFontSize()},
                                  color, text);
    } else if (drag->tool == Tool::wall) {
        context.draw_list.AddRect({std::min(from.x, to.x), std::min(from.y, to.y)},
                                  {std::max(from.x, to.x), std::max(from.y, to.y)}, color, 0.0f, 0,
                                  overlay_stroke(2.0f));
    }
}

}  // namespace aabb::ui
