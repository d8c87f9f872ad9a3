// The Broad phase tab: the running algorithm's options (each a drag field with its range; a
// change rebuilds it, Defaults resets), the counts the sandbox is about (n(n−1)/2, box tests,
// candidates, true pairs), the structure's own facts (tree height, nodes, cells, swaps,
// memory), stage timings with a rolling plot, and the structure overlay's settings.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <memory>
#include <string>

#include <imgui.h>

#include "core/broadphase/broad_phase_factory.hpp"
#include "ui/panels/panel_page.hpp"
#include "ui/panels/panel_widgets.hpp"

namespace aabb::ui {

namespace {

void draw_counts(const SimulationController& simulation, const WorldCanvas& canvas) {
    if (!ImGui::CollapsingHeader("Counts", ImGuiTreeNodeFlags_DefaultOpen)) return;
    const World& world = simulation.world();
    const BroadPhaseStats stats = world.broad_phase().stats();
    const std::uint64_t objects = world.bodies().size();
    const std::uint64_t all_pairs = objects < 2 ? 0 : objects * (objects - 1) / 2;
    if (begin_value_table("counts")) {
        count_row("Objects n", objects);
        count_row("All pairs n(n-1)/2", all_pairs);
        count_row("Box tests", stats.box_tests);
        count_row("Candidate pairs", stats.candidate_pairs);
        count_row("Overlapping pairs", world.overlapping_pairs().size());
        count_row("Drawn (not culled)", canvas.last_stats().visible_objects);
        ImGui::EndTable();
    }
    if (all_pairs > 0) {
        ImGui::TextDisabled(
            "box tests = %.2f%% of brute force",
            100.0 * static_cast<double>(stats.box_tests) / static_cast<double>(all_pairs));
    }
    if (canvas.truncated()) {
        ImGui::TextColored(ImVec4(1.0f, 0.6f, 0.3f, 1.0f),
                           "Drawing truncated: OpenGL < 3.2 limits vertices");
    }
}

/// What the structure reports about itself: only the facts that apply to it (a grid has no
/// height, a tree no cells), and its memory.
void draw_structure_facts(const SimulationController& simulation) {
    if (!ImGui::CollapsingHeader("Structure", ImGuiTreeNodeFlags_DefaultOpen)) return;
    const BroadPhaseStats stats = simulation.world().broad_phase().stats();
    if (!begin_value_table("structure")) return;
    if (stats.node_count > 0) {
        count_row("Tree height", static_cast<std::uint64_t>(stats.tree_height));
        count_row("Nodes", static_cast<std::uint64_t>(stats.node_count));
    }
    if (stats.cells_used > 0) {
        count_row("Cells in use", static_cast<std::uint64_t>(stats.cells_used));
        count_row("Most boxes in a cell", static_cast<std::uint64_t>(stats.max_boxes_in_cell));
    }
    if (stats.sort_swaps > 0) count_row("Endpoint swaps (last sort)", stats.sort_swaps);
    char memory[32];
    std::snprintf(memory, sizeof memory, "%.1f kB",
                  static_cast<double>(stats.memory_bytes) / 1024.0);
    value_row("Memory", memory);
    ImGui::EndTable();
}

void draw_timings(const SimulationController& simulation, const FrameTimer& timer) {
    if (!ImGui::CollapsingHeader("Timings", ImGuiTreeNodeFlags_DefaultOpen)) return;
    const StepTimings& step = simulation.world().last_timings();
    const FrameTimings& frame = timer.last();
    if (begin_value_table("timings")) {
        milliseconds_row("Integrate", step.integrate_ms);
        milliseconds_row("Broad-phase update", step.update_ms);
        milliseconds_row("Find pairs", step.pairs_ms);
        milliseconds_row("Step total", step.total_ms);
        milliseconds_row("UI build", frame.ui_build_ms);
        milliseconds_row("Render (GL)", frame.render_ms);
        milliseconds_row("Frame CPU", frame.cpu_ms());
        ImGui::EndTable();
    }
    const RollingHistory& history = timer.cpu_history();
    char overlay[64];
    std::snprintf(overlay, sizeof overlay, "frame CPU ms  avg %.2f  max %.2f", history.average(),
                  history.max());
    ImGui::PlotLines("##frame_cpu", history.ring_data(), static_cast<int>(history.size()),
                     static_cast<int>(history.oldest_index()), overlay, 0.0f,
                     std::max(1.0f, history.max() * 1.1f),
                     ImVec2(ImGui::GetContentRegionAvail().x, 40.0f));
}

/// The Broad phase page.
class BroadPhasePage final : public PanelPage {
  public:
    void draw(PanelContext& context) override;

  private:
    void draw_options(SimulationController& simulation);

    std::string error_;
};

void BroadPhasePage::draw(PanelContext& context) {
    draw_options(context.simulation);
    draw_counts(context.simulation, context.canvas);
    draw_structure_facts(context.simulation);
    draw_timings(context.simulation, context.timer);
    if (ImGui::CollapsingHeader("Structure overlay")) context.structure.draw_settings();
}

void BroadPhasePage::draw_options(SimulationController& simulation) {
    error_text(error_);
    const WorldSettings& settings = simulation.world().settings();
    const auto parameters = broad_phase_parameters(settings.broad_phase);
    if (parameters.empty()) return;
    if (!ImGui::TreeNodeEx("Options", ImGuiTreeNodeFlags_DefaultOpen)) return;
    BroadPhaseParameterValues values = settings.broad_phase_options;
    bool changed = false;
    for (const BroadPhaseParameter& parameter : parameters) {
        const std::string name(parameter.name);
        const auto found = values.find(name);
        double value = found != values.end() ? found->second : parameter.default_value;
        ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.45f);
        // Drag rather than slider: several ranges span many orders of magnitude.
        const float speed = parameter.whole_number ? 0.2f : float(std::max(0.01, value * 0.01));
        if (ImGui::DragScalar(name.c_str(), ImGuiDataType_Double, &value, speed, &parameter.minimum,
                              &parameter.maximum, parameter.whole_number ? "%.0f" : "%.3g",
                              ImGuiSliderFlags_AlwaysClamp)) {
            values[name] = parameter.whole_number ? std::round(value) : value;
            changed = true;
        }
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("%s (default %g)", std::string(parameter.description).c_str(),
                              parameter.default_value);
        }
    }
    if (ImGui::SmallButton("Defaults")) {
        values.clear();
        changed = true;
    }
    if (changed) {
        try {
            simulation.select_broad_phase(settings.broad_phase, values);
            error_.clear();
        } catch (const std::exception& error) {
            error_ = error.what();
        }
    }
    ImGui::TreePop();
}

}  // namespace

std::unique_ptr<PanelPage> make_broad_phase_page(const SimulationController&) {
    return std::make_unique<BroadPhasePage>();
}

}  // namespace aabb::ui
