// The Broad phase tab: the running algorithm's options (each a drag field with its range; a
// change rebuilds it, Defaults resets), the counts the sandbox is about (n(n−1)/2, box tests,
// candidates, true pairs), the banded engine's path in the last world step and a strip of the
// last steps' paths (under that engine only), the structure's own facts (tree height, nodes,
// cells, swaps, memory), stage timings with a rolling plot, and the structure overlay's settings.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <memory>
#include <string>

#include <imgui.h>

#include "core/broadphase/broad_phase_factory.hpp"
#include "core/lesson/display_names.hpp"
#include "ui/panels/panel_page.hpp"
#include "ui/text/option_texts.hpp"
#include "ui/widgets/banded_path_strip.hpp"
#include "ui/widgets/shared_widgets.hpp"

namespace aabb::ui {

namespace {

/// A broad-phase option in the current language: its display name (the field's label) and its
/// tooltip (the option's own English line, or the catalog's Chinese), or the identifier and the
/// English line for an option the catalog lacks (a unit test checks that none does).
std::string option_name(const BroadPhaseParameter& parameter) {
    return std::string(
        option_display_name(parameter.name, current_language()).value_or(parameter.name));
}

std::string option_description(const BroadPhaseParameter& parameter) {
    return std::string(
        option_tooltip(parameter, current_language()).value_or(parameter.description));
}

void draw_counts(const SimulationController& simulation, const WorldCanvas& canvas) {
    if (!ImGui::CollapsingHeader(tr_label(TextKey::bp_counts), ImGuiTreeNodeFlags_DefaultOpen))
        return;
    const World& world = simulation.world();
    const BroadPhaseStats stats = world.broad_phase().stats();
    const std::uint64_t objects = world.bodies().size();
    const std::uint64_t all_pairs = objects < 2 ? 0 : objects * (objects - 1) / 2;
    if (begin_value_table("counts")) {
        count_row(tr(TextKey::bp_objects_n), objects);
        count_row(tr(TextKey::bp_all_pairs), all_pairs);
        count_row(tr(TextKey::bp_box_tests), stats.box_tests);
        count_row(tr(TextKey::bp_candidate_pairs), stats.candidate_pairs);
        count_row(tr(TextKey::bp_overlapping_pairs), world.overlapping_pairs().size());
        count_row(tr(TextKey::bp_drawn), canvas.last_stats().visible_objects);
        ImGui::EndTable();
    }
    if (all_pairs > 0) {
        ImGui::TextDisabled(
            tr(TextKey::bp_share_of_brute_force),
            100.0 * static_cast<double>(stats.box_tests) / static_cast<double>(all_pairs));
    }
    if (canvas.truncated()) {
        ImGui::TextColored(ImVec4(1.0f, 0.6f, 0.3f, 1.0f), "%s", tr(TextKey::bp_truncated));
    }
}

/// Under the banded engine: what its last world step did, in a sentence, and the strip of the
/// last steps' paths (the SimulationController keeps them, one per world step).
void draw_banded_paths(const SimulationController& simulation) {
    const BandedFrameHistory& history = simulation.banded_frames();
    if (simulation.world().broad_phase().name() != "banded_sort_and_sweep") return;
    if (!ImGui::CollapsingHeader(tr_label(TextKey::bp_banded_paths),
                                 ImGuiTreeNodeFlags_DefaultOpen))
        return;
    if (history.frames().empty()) {
        ImGui::TextDisabled("%s", tr(TextKey::bp_banded_waiting));
        return;
    }
    wrapped_text(banded_frame_sentence(history.frames().latest(), current_language()));
    banded_path_strip(history);
}

/// What the structure reports about itself: only the facts that apply to it (a grid has no
/// height, a tree no cells), and its memory.
void draw_structure_facts(const SimulationController& simulation) {
    if (!ImGui::CollapsingHeader(tr_label(TextKey::bp_structure), ImGuiTreeNodeFlags_DefaultOpen))
        return;
    const BroadPhaseStats stats = simulation.world().broad_phase().stats();
    if (!begin_value_table("structure")) return;
    if (stats.node_count > 0) {
        count_row(tr(TextKey::bp_tree_height), static_cast<std::uint64_t>(stats.tree_height));
        count_row(tr(TextKey::bp_nodes), static_cast<std::uint64_t>(stats.node_count));
    }
    if (stats.cells_used > 0) {
        count_row(tr(TextKey::bp_cells_used), static_cast<std::uint64_t>(stats.cells_used));
        count_row(tr(TextKey::bp_most_in_cell),
                  static_cast<std::uint64_t>(stats.max_boxes_in_cell));
    }
    if (stats.sort_swaps > 0) count_row(tr(TextKey::bp_endpoint_swaps), stats.sort_swaps);
    char memory[32];
    std::snprintf(memory, sizeof memory, "%.1f kB",
                  static_cast<double>(stats.memory_bytes) / 1024.0);
    value_row(tr(TextKey::bp_memory), memory);
    ImGui::EndTable();
}

void draw_timings(const SimulationController& simulation, const FrameTimer& timer) {
    if (!ImGui::CollapsingHeader(tr_label(TextKey::bp_timings), ImGuiTreeNodeFlags_DefaultOpen))
        return;
    const StepTimings& step = simulation.world().last_timings();
    const FrameTimings& frame = timer.last();
    if (begin_value_table("timings")) {
        milliseconds_row(tr(TextKey::bp_integrate), step.integrate_ms);
        milliseconds_row(tr(TextKey::bp_update), step.update_ms);
        milliseconds_row(tr(TextKey::bp_find_pairs), step.pairs_ms);
        milliseconds_row(tr(TextKey::bp_step_total), step.total_ms);
        milliseconds_row(tr(TextKey::bp_ui_build), frame.ui_build_ms);
        milliseconds_row(tr(TextKey::bp_render), frame.render_ms);
        milliseconds_row(tr(TextKey::bp_frame_cpu), frame.cpu_ms());
        ImGui::EndTable();
    }
    const RollingHistory& history = timer.cpu_history();
    const std::string overlay = tr_format(TextKey::bp_frame_plot, history.average(), history.max());
    ImGui::PlotLines("##frame_cpu", history.ring_data(), static_cast<int>(history.size()),
                     static_cast<int>(history.oldest_index()), overlay.c_str(), 0.0f,
                     std::max(1.0f, history.max() * 1.1f),
                     ImVec2(ImGui::GetContentRegionAvail().x, 40.0f));
}

/// The Broad phase page.
class BroadPhasePage final : public PanelPage {
  public:
    void draw(PanelContext& context) override;

  private:
    void draw_options(SimulationController& simulation);

    FramedMessage error_;
};

void BroadPhasePage::draw(PanelContext& context) {
    // The engine's path first: it changes every world step, and the strip is what a teacher
    // points at.
    draw_banded_paths(context.simulation);
    draw_options(context.simulation);
    draw_counts(context.simulation, context.canvas);
    draw_structure_facts(context.simulation);
    draw_timings(context.simulation, context.timer);
    if (ImGui::CollapsingHeader(tr_label(TextKey::bp_structure_overlay)))
        context.structure.draw_settings();
}

void BroadPhasePage::draw_options(SimulationController& simulation) {
    error_text(error_);
    const WorldSettings& settings = simulation.world().settings();
    const auto parameters = broad_phase_parameters(settings.broad_phase);
    if (parameters.empty()) return;
    if (!ImGui::TreeNodeEx(tr_label(TextKey::bp_options), ImGuiTreeNodeFlags_DefaultOpen)) return;
    BroadPhaseParameterValues values = settings.broad_phase_options;
    bool changed = false;
    for (const BroadPhaseParameter& parameter : parameters) {
        const std::string name(parameter.name);
        const auto found = values.find(name);
        double value = found != values.end() ? found->second : parameter.default_value;
        ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.45f);
        // Drag rather than slider: several ranges span many orders of magnitude.
        const float speed = parameter.whole_number ? 0.2f : float(std::max(0.01, value * 0.01));
        // Words in the interface's language; the identifier (what scene files write) keeps the
        // field's id and is shown in the tooltip only.
        const std::string label = option_name(parameter) + "##" + name;
        // Large values in full (1500, not 1.5e+03), as display_number writes them.
        const char* format = parameter.whole_number || std::fabs(value) >= 1000.0 ? "%.0f" : "%.3g";
        if (ImGui::DragScalar(label.c_str(), ImGuiDataType_Double, &value, speed,
                              &parameter.minimum, &parameter.maximum, format,
                              ImGuiSliderFlags_AlwaysClamp)) {
            values[name] = parameter.whole_number ? std::round(value) : value;
            changed = true;
        }
        if (ImGui::IsItemHovered()) {
            const std::string default_text =
                lesson::display_number(parameter.default_value, parameter.whole_number);
            ImGui::SetTooltip(tr(TextKey::bp_option_tip), option_description(parameter).c_str(),
                              default_text.c_str(), name.c_str());
        }
    }
    if (ImGui::SmallButton(tr_label(TextKey::bp_defaults))) {
        values.clear();
        changed = true;
    }
    if (changed) {
        try {
            simulation.select_broad_phase(settings.broad_phase, values);
            error_.clear();
        } catch (const std::exception& error) {
            error_.set(TextKey::bp_options_error, error);
        }
    }
    ImGui::TreePop();
}

}  // namespace

std::unique_ptr<PanelPage> make_broad_phase_page(const SimulationController&) {
    return std::make_unique<BroadPhasePage>();
}

}  // namespace aabb::ui
