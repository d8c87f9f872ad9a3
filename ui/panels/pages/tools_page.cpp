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
    if (!ImGui::CollapsingHeader(tr_label(TextKey::tools_ray_header),
                                 ImGuiTreeNodeFlags_DefaultOpen))
        return;
    const Ray2& ray = *probe.ray();
    ImGui::TextUnformatted(tr_format(TextKey::tools_ray_definition, ray.origin.x, ray.origin.y,
                                     ray.direction.x, ray.direction.y)
                               .c_str());
    const std::vector<RayProbeHit> hits = probe.cast(world);
    ImGui::TextUnformatted(tr_format(TextKey::tools_ray_hits, hits.size()).c_str());
    constexpr std::size_t listed = 10;
    for (std::size_t k = 0; k < hits.size() && k < listed; ++k) {
        ImGui::TextUnformatted(tr_format(TextKey::tools_ray_hit, static_cast<unsigned>(hits[k].id),
                                         hits[k].t_enter, hits[k].t_exit)
                                   .c_str());
    }
    if (hits.size() > listed)
        ImGui::TextDisabled("%s", tr_format(TextKey::tools_ray_more, hits.size() - listed).c_str());
    if (ImGui::SmallButton(tr_label(TextKey::tools_ray_clear))) probe.clear();
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
    // The radio buttons' labels (the script names of tool_name() stay English).
    constexpr struct {
        Tool tool;
        TextKey label;
    } choices[] = {{Tool::select, TextKey::tool_select}, {Tool::bullet, TextKey::tool_bullet},
                   {Tool::wall, TextKey::tool_wall},     {Tool::shape, TextKey::tool_shape},
                   {Tool::move, TextKey::tool_move},     {Tool::erase, TextKey::tool_erase},
                   {Tool::spray, TextKey::tool_spray},   {Tool::ray, TextKey::tool_ray}};
    int column = 0;
    for (const auto& choice : choices) {
        if (column++ % 4 != 0) ImGui::SameLine();
        if (ImGui::RadioButton(tr_label(choice.label), tools.tool() == choice.tool))
            tools.set_tool(choice.tool);
    }
    ImGui::SameLine();
    if (ImGui::Button(tr_label(TextKey::tools_clear_all))) {
        (void)apply_tool_action(simulation, {Tool::clear, {}, {}}, settings, 0);
    }
    const float width = ImGui::GetContentRegionAvail().x * 0.5f;
    switch (tools.tool()) {
        case Tool::select:
            ImGui::TextDisabled("%s", tr(TextKey::tools_select_hint));
            break;
        case Tool::bullet:
            ImGui::TextDisabled("%s", tr(TextKey::tools_bullet_hint));
            ImGui::SetNextItemWidth(width);
            ImGui::SliderFloat(tr_label(TextKey::tools_bullet_speed),
                               &settings.bullet_speed_per_unit, 1.0f, 100.0f, "%.0f /s",
                               ImGuiSliderFlags_Logarithmic);
            ImGui::SetNextItemWidth(width);
            ImGui::SliderFloat(tr_label(TextKey::tools_bullet_size), &settings.bullet_size, 0.1f,
                               5.0f);
            ImGui::Checkbox(tr_label(TextKey::tools_swept), &settings.swept_bullets);
            break;
        case Tool::wall:
            ImGui::TextDisabled("%s", tr(TextKey::tools_wall_hint));
            break;
        case Tool::shape: {
            ImGui::TextDisabled("%s", tr(TextKey::tools_shape_hint));
            int shape = static_cast<int>(settings.shape);
            ImGui::RadioButton(tr_label(TextKey::tools_shape_box), &shape, 0);
            ImGui::SameLine();
            ImGui::RadioButton(tr_label(TextKey::tools_shape_circle), &shape, 1);
            ImGui::SameLine();
            ImGui::RadioButton(tr_label(TextKey::tools_shape_hexagon), &shape, 2);
            settings.shape = static_cast<ToolShape>(shape);
            ImGui::SetNextItemWidth(width);
            ImGui::SliderFloat(tr_label(TextKey::tools_shape_size), &settings.shape_size, 0.5f,
                               50.0f, "%.1f", ImGuiSliderFlags_Logarithmic);
            ImGui::SetNextItemWidth(width);
            ImGui::SliderFloat(tr_label(TextKey::tools_shape_spin), &settings.shape_spin, -10.0f,
                               10.0f);
            break;
        }
        case Tool::move:
            ImGui::TextDisabled("%s", tr(TextKey::tools_move_hint));
            break;
        case Tool::erase:
            ImGui::TextDisabled("%s", tr(TextKey::tools_erase_hint));
            break;
        case Tool::spray:
            ImGui::TextDisabled("%s", tr(TextKey::tools_spray_hint));
            ImGui::SetNextItemWidth(width);
            ImGui::SliderInt(tr_label(TextKey::tools_spray_count), &settings.spray_count, 1, 2000,
                             "%d", ImGuiSliderFlags_Logarithmic);
            ImGui::SetNextItemWidth(width);
            ImGui::SliderFloat(tr_label(TextKey::tools_spray_radius), &settings.spray_radius, 1.0f,
                               100.0f);
            break;
        case Tool::ray:
            ImGui::TextDisabled("%s", tr(TextKey::tools_ray_hint));
            ImGui::TextDisabled("%s", tr(TextKey::tools_ray_hover_hint));
            break;
        case Tool::clear:
            break;
    }
    draw_ray_hits(simulation.world(), tools.ray_probe());
    ImGui::TextDisabled("%s", tr(TextKey::tools_undo_hint));
}

}  // namespace

std::unique_ptr<PanelPage> make_tools_page(const SimulationController&) {
    return std::make_unique<ToolsPage>();
}

}  // namespace aabb::ui
