#include "ui/panels/side_panel.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>

#include <imgui.h>

#include "core/broadphase/broad_phase_factory.hpp"
#include "ui/platform/theme.hpp"

namespace aabb::ui {

namespace {

/// `value` with thousands separators ("1,234,567") in `buffer`.
const char* with_separators(std::uint64_t value, char (&buffer)[32]) {
    char digits[32];
    const int length =
        std::snprintf(digits, sizeof digits, "%llu", static_cast<unsigned long long>(value));
    int out = 0;
    for (int i = 0; i < length; ++i) {
        if (i > 0 && (length - i) % 3 == 0) buffer[out++] = ',';
        buffer[out++] = digits[i];
    }
    buffer[out] = '\0';
    return buffer;
}

/// A table row: a label in the first column, a right-aligned value in the second.
void value_row(const char* label, const char* value) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextUnformatted(label);
    ImGui::TableSetColumnIndex(1);
    const float width = ImGui::CalcTextSize(value).x;
    ImGui::SetCursorPosX(ImGui::GetCursorPosX() + ImGui::GetColumnWidth() - width);
    ImGui::TextUnformatted(value);
}

void count_row(const char* label, std::uint64_t value) {
    char buffer[32];
    value_row(label, with_separators(value, buffer));
}

void milliseconds_row(const char* label, double milliseconds) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.3f ms", milliseconds);
    value_row(label, buffer);
}

/// A small square of `color` (opaque) before a widget: the legend of the canvas layers.
void swatch(Rgba8 color) {
    const float height = ImGui::GetFrameHeight();
    const float side = height * 0.6f;
    const float inset = (height - side) * 0.5f;
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(origin.x, origin.y + inset),
                                              ImVec2(origin.x + side, origin.y + inset + side),
                                              to_imgui_color(color.with_alpha(255)), 2.0f);
    ImGui::Dummy(ImVec2(side, height));
    ImGui::SameLine(0.0f, 4.0f);
}

bool begin_value_table(const char* id) {
    constexpr ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp;
    if (!ImGui::BeginTable(id, 2, flags)) return false;
    ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthStretch, 1.6f);
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    return true;
}

}  // namespace

SidePanel::SidePanel(const SimulationController& simulation)
    : broad_phase_names_(broad_phase_names()),
      requested_count_(static_cast<int>(simulation.scene().body_count)),
      requested_seed_(simulation.scene().seed) {}

ScreenRect SidePanel::area_for(glm::vec2 display_size) {
    const float width = std::min(preferred_width, std::max(display_size.x * 0.45f, 1.0f));
    return {{display_size.x - width, 0.0f}, display_size};
}

void SidePanel::draw(const ScreenRect& area, SimulationController& simulation, WorldCanvas& canvas,
                     const FrameTimer& timer) {
    ImGui::SetNextWindowPos(ImVec2(area.min.x, area.min.y));
    ImGui::SetNextWindowSize(ImVec2(area.size().x, area.size().y));
    constexpr ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                       ImGuiWindowFlags_NoCollapse |
                                       ImGuiWindowFlags_NoSavedSettings;
    if (ImGui::Begin("AABB Sandbox", nullptr, flags)) {
        // Always visible: what runs, play controls, and the numbers the sandbox is about.
        draw_broad_phase(simulation);
        draw_play_controls(simulation);
        draw_summary(simulation, timer);
        if (!last_error_.empty()) {
            ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.45f, 0.4f, 1.0f));
            ImGui::TextWrapped("%s", last_error_.c_str());
            ImGui::PopStyleColor();
        }
        draw_tabs(simulation, canvas, timer);
    }
    ImGui::End();
}

void SidePanel::draw_tabs(SimulationController& simulation, WorldCanvas& canvas,
                          const FrameTimer& timer) {
    // The tabs as a grid of buttons, three per row: six labels never fit one row of a
    // 380-pixel panel without being cut, and every section must be findable at a glance.
    if (requested_tab_) current_tab_ = *requested_tab_;
    requested_tab_.reset();
    constexpr int per_row = 3;
    const float spacing = ImGui::GetStyle().ItemSpacing.x * 0.5f;
    const float width = (ImGui::GetContentRegionAvail().x - spacing * (per_row - 1)) / per_row;
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing,
                        ImVec2(spacing, ImGui::GetStyle().ItemSpacing.y * 0.5f));
    int column = 0;
    for (const PanelTabSpec& spec : panel_tab_specs) {
        if (column++ % per_row != 0) ImGui::SameLine();
        const bool active = spec.tab == current_tab_;
        ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(active ? ImGuiCol_TabActive
                                                                               : ImGuiCol_FrameBg));
        if (ImGui::Button(spec.label, ImVec2(width, 0.0f))) current_tab_ = spec.tab;
        ImGui::PopStyleColor();
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", spec.tooltip);
    }
    ImGui::PopStyleVar();
    ImGui::Separator();
    for (const PanelTabSpec& spec : panel_tab_specs) {
        if (spec.tab != current_tab_) continue;
        // The tab's content scrolls on its own; the summary above stays in view. One child
        // id per tab keeps each tab's scroll position.
        ImGui::PushID("tab_content");
        ImGui::BeginChild(spec.label, ImVec2(0.0f, 0.0f), false);
        switch (spec.tab) {
            case PanelTab::broad_phase:
                draw_broad_phase_options(simulation);
                draw_counts(simulation, canvas);
                draw_timings(simulation, timer);
                break;
            case PanelTab::time:
                draw_speed(simulation);
                break;
            case PanelTab::scenes:
                draw_scene(simulation);
                break;
            case PanelTab::view:
                draw_view(canvas);
                break;
            case PanelTab::objects:
            case PanelTab::tools:
                break;
        }
        draw_sections(spec.tab);
        ImGui::EndChild();
        ImGui::PopID();
    }
}

void SidePanel::draw_sections(PanelTab tab) const {
    for (const Section& section : sections_) {
        if (section.tab == tab) section.draw();
    }
}

void SidePanel::draw_play_controls(SimulationController& simulation) {
    const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) * 0.5f;
    if (ImGui::Button(simulation.paused() ? "Resume (Space)" : "Pause (Space)",
                      ImVec2(half, 0.0f))) {
        simulation.set_paused(!simulation.paused());
    }
    ImGui::SameLine();
    ImGui::BeginDisabled(!simulation.paused());
    if (ImGui::Button("Single step (S)", ImVec2(half, 0.0f))) simulation.request_single_step();
    ImGui::EndDisabled();
}

void SidePanel::draw_summary(const SimulationController& simulation, const FrameTimer& timer) {
    const World& world = simulation.world();
    const BroadPhaseStats stats = world.broad_phase().stats();
    constexpr ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp;
    if (!ImGui::BeginTable("summary", 4, flags)) return;
    ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch, 0.9f);
    ImGui::TableSetupColumn("name2", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableSetupColumn("value2", ImGuiTableColumnFlags_WidthStretch, 0.9f);
    char buffer[32];
    const auto cell = [](const char* label, const char* value) {
        ImGui::TableNextColumn();
        ImGui::TextDisabled("%s", label);
        ImGui::TableNextColumn();
        const float width = ImGui::CalcTextSize(value).x;
        ImGui::SetCursorPosX(ImGui::GetCursorPosX() + ImGui::GetColumnWidth() - width);
        ImGui::TextUnformatted(value);
    };
    const auto milliseconds = [&](double value) {
        std::snprintf(buffer, sizeof buffer, "%.3f ms", value);
        return buffer;
    };
    ImGui::TableNextRow();
    cell("Objects", with_separators(world.bodies().size(), buffer));
    cell("Candidates", with_separators(stats.candidate_pairs, buffer));
    ImGui::TableNextRow();
    cell("Overlapping", with_separators(world.overlapping_pairs().size(), buffer));
    cell("Box tests", with_separators(stats.box_tests, buffer));
    ImGui::TableNextRow();
    cell("Broad phase",
         milliseconds(world.last_timings().update_ms + world.last_timings().pairs_ms));
    cell("Frame", milliseconds(timer.last().cpu_ms()));
    ImGui::EndTable();
    ImGui::TextDisabled("step %llu   %.2f steps/frame   %s",
                        static_cast<unsigned long long>(world.frame()),
                        simulation.steps_per_frame(), simulation.paused() ? "paused" : "running");
}

void SidePanel::draw_broad_phase(SimulationController& simulation) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Broad phase");
    ImGui::SameLine();
    const std::string& current = simulation.scene().broad_phase;
    ImGui::SetNextItemWidth(-1.0f);
    if (ImGui::BeginCombo("##broad_phase", current.c_str())) {
        for (const std::string& name : broad_phase_names_) {
            const bool selected = name == current;
            if (ImGui::Selectable(name.c_str(), selected) && !selected) {
                try {
                    simulation.select_broad_phase(name);
                    last_error_.clear();
                } catch (const std::exception& error) {
                    last_error_ = error.what();
                }
            }
            if (selected) ImGui::SetItemDefaultFocus();
        }
        ImGui::EndCombo();
    }
}

void SidePanel::draw_broad_phase_options(SimulationController& simulation) {
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
            last_error_.clear();
        } catch (const std::exception& error) {
            last_error_ = error.what();
        }
    }
    ImGui::TreePop();
}

void SidePanel::draw_speed(SimulationController& simulation) {
    float speed = simulation.steps_per_frame();
    ImGui::SetNextItemWidth(-1.0f);
    if (ImGui::SliderFloat("##speed", &speed, SimulationController::min_steps_per_frame,
                           SimulationController::max_steps_per_frame, "speed %.2f steps/frame",
                           ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp)) {
        simulation.set_steps_per_frame(speed);
    }
    const World& world = simulation.world();
    ImGui::TextDisabled("step %llu   %d this frame   fixed dt %.2f ms",
                        static_cast<unsigned long long>(world.frame()), simulation.last_steps(),
                        world.settings().time_step * 1000.0);
}

void SidePanel::draw_scene(SimulationController& simulation) {
    ImGui::TextDisabled("Random boxes: count and seed");
    const float label_width = ImGui::CalcTextSize("Boxes ").x + ImGui::GetStyle().ItemSpacing.x;
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - label_width);
    ImGui::SliderInt("Boxes", &requested_count_, 0,
                     static_cast<int>(SimulationController::max_body_count), "%d",
                     ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
    const float button_width = ImGui::CalcTextSize("Respawn").x + 24.0f;
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - label_width - button_width);
    const std::uint32_t seed_step = 1;
    ImGui::InputScalar("##seed", ImGuiDataType_U32, &requested_seed_, &seed_step);
    ImGui::SameLine();
    ImGui::TextUnformatted("Seed");
    ImGui::SameLine();
    if (ImGui::Button("Respawn", ImVec2(-1.0f, 0.0f))) {
        try {
            simulation.respawn(static_cast<std::size_t>(requested_count_),
                               static_cast<std::uint32_t>(requested_seed_));
            last_error_.clear();
        } catch (const std::exception& error) {
            last_error_ = error.what();
        }
    }
}

void SidePanel::draw_counts(const SimulationController& simulation, const WorldCanvas& canvas) {
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

void SidePanel::draw_timings(const SimulationController& simulation, const FrameTimer& timer) {
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

void SidePanel::draw_view(WorldCanvas& canvas) {
    WorldLayers& layers = canvas.layers();
    // Two columns of switches; each layer's swatch doubles as the canvas legend.
    const float column = ImGui::GetContentRegionAvail().x * 0.5f;
    int slot_index = 0;
    const auto next_slot = [&] {
        if (slot_index++ % 2 == 1) ImGui::SameLine(column);
    };
    ImGui::PushID("layers");
    next_slot();
    swatch(palette.object_fill);
    ImGui::Checkbox("Objects", &layers.object_fill);
    next_slot();
    swatch(palette.aabb_outline);
    ImGui::Checkbox("AABBs", &layers.aabb_outlines);
    next_slot();
    swatch(palette.overlap_outline);
    ImGui::Checkbox("Overlapping", &layers.overlap_highlight);
    next_slot();
    swatch(palette.pair_line);
    ImGui::Checkbox("Pair lines", &layers.pair_lines);
    next_slot();
    swatch(palette.grid_major);
    ImGui::Checkbox("Grid", &layers.grid);
    for (OverlaySlot& slot : canvas.overlays()) {
        ImGui::PushID(slot_index);
        next_slot();
        swatch(slot.overlay->legend_color());
        ImGui::Checkbox(slot.overlay->short_label(), &slot.enabled);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", slot.overlay->label());
        ImGui::PopID();
    }
    ImGui::PopID();
    if (ImGui::Button("Fit view (F)")) canvas.request_fit();
    ImGui::SameLine();
    ImGui::TextDisabled("zoom %.2f px/unit", canvas.camera().zoom());
    ImGui::TextDisabled("drag pan, wheel zoom, Space pause, S step");
}

}  // namespace aabb::ui
