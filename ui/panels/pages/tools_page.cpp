// The Tools tab: choose an editing tool (select, bullet, wall, shape, move, erase, spray) and
// its options, or clear everything. The tool then owns the canvas's left button
// (ui/canvas/editing_tools.hpp); each use becomes World commands.

#include <memory>

#include <imgui.h>

#include "ui/panels/panel_page.hpp"

namespace aabb::ui {

namespace {

/// The probe ray's hits, nearest first, and what the broad phase visited to find them.
void draw_ray_hits(const World& world, RayProbe& probe) {
    if (!probe.ray()) return;
    if (!ImGui::CollapsingHeader("Ray", ImGuiTreeNodeFlags_DefaultOpen)) return;
    const Ray2& ray = *probe.ray();
    ImGui::Text("o (%.2f, %.2f)  d (%.2f, %.2f)", ray.origin.x, ray.origin.y, ray.direction.x,
                ray.direction.y);
    const std::vector<RayProbeHit> hits = probe.cast(world);
    ImGui::Text("%zu hits", hits.size());
    constexpr std::size_t listed = 10;
    for (std::size_t k = 0; k < hits.size() && k < listed; ++k) {
        ImGui::Text("  body %u: t enter %.3f, exit %.3f", static_cast<unsigned>(hits[k].id),
                    hits[k].t_enter, hits[k].t_exit);
    }
    if (hits.size() > listed) ImGui::TextDisabled("  ... and %zu more", hits.size() - listed);
    if (ImGui::SmallButton("Clear ray")) probe.clear();
}

/// The Tools page.
class ToolsPage final : public PanelPage {
  public:
    void draw(PanelContext& context) override;
};

void ToolsPage::draw(PanelContext& context) {
    SimulationController& simulation = context.simulation;
    EditingTools& tools = context.tools;
    ToolSettings& settings = tools.settings();
    constexpr Tool choices[] = {Tool::select, Tool::bullet, Tool::wall,  Tool::shape,
                                Tool::move,   Tool::erase,  Tool::spray, Tool::ray};
    int column = 0;
    for (const Tool choice : choices) {
        if (column++ % 4 != 0) ImGui::SameLine();
        if (ImGui::RadioButton(tool_name(choice), tools.tool() == choice)) tools.set_tool(choice);
    }
    ImGui::SameLine();
    if (ImGui::Button("Clear all")) {
        (void)apply_tool_action(simulation, {Tool::clear, {}, {}}, settings, 0);
    }
    const float width = ImGui::GetContentRegionAvail().x * 0.5f;
    switch (tools.tool()) {
        case Tool::select:
            ImGui::TextDisabled("Click selects, Shift+click inspects a pair, drag pans.");
            break;
        case Tool::bullet:
            ImGui::TextDisabled("Drag from the start in the direction of flight.");
            ImGui::SetNextItemWidth(width);
            ImGui::SliderFloat("speed per unit dragged", &settings.bullet_speed_per_unit, 1.0f,
                               100.0f, "%.0f /s", ImGuiSliderFlags_Logarithmic);
            ImGui::SetNextItemWidth(width);
            ImGui::SliderFloat("bullet size", &settings.bullet_size, 0.1f, 5.0f);
            ImGui::Checkbox("swept detection (no tunneling)", &settings.swept_bullets);
            break;
        case Tool::wall:
            ImGui::TextDisabled("Drag a rectangle.");
            break;
        case Tool::shape: {
            ImGui::TextDisabled("Click to drop a rotating shape.");
            int shape = static_cast<int>(settings.shape);
            ImGui::RadioButton("box", &shape, 0);
            ImGui::SameLine();
            ImGui::RadioButton("circle", &shape, 1);
            ImGui::SameLine();
            ImGui::RadioButton("hexagon", &shape, 2);
            settings.shape = static_cast<ToolShape>(shape);
            ImGui::SetNextItemWidth(width);
            ImGui::SliderFloat("size", &settings.shape_size, 0.5f, 50.0f, "%.1f",
                               ImGuiSliderFlags_Logarithmic);
            ImGui::SetNextItemWidth(width);
            ImGui::SliderFloat("spin rad/s", &settings.shape_spin, -10.0f, 10.0f);
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
            ImGui::SliderInt("objects per click", &settings.spray_count, 1, 2000, "%d",
                             ImGuiSliderFlags_Logarithmic);
            ImGui::SetNextItemWidth(width);
            ImGui::SliderFloat("radius", &settings.spray_radius, 1.0f, 100.0f);
            break;
        case Tool::ray:
            ImGui::TextDisabled("Drag from the origin through a point (t = 1 there).");
            ImGui::TextDisabled("Hover a box for its x and y slabs.");
            break;
        case Tool::clear:
            break;
    }
    draw_ray_hits(simulation.world(), tools.ray_probe());
    ImGui::TextDisabled("Step back (Left arrow) undoes an edit.");
}

}  // namespace

std::unique_ptr<PanelPage> make_tools_page(const SimulationController&) {
    return std::make_unique<ToolsPage>();
}

}  // namespace aabb::ui
