// The Objects tab: the selected object (click on the canvas) with its kind, pose, velocity,
// local and world box and candidate pairs; and the pair inspector (Shift+click a second one):
// per-axis intervals, dx and dy, the closed / open / world policy verdicts, and the next
// step's sweep with per-axis entry and exit times and the time of impact.

#include <cmath>
#include <cstdio>
#include <memory>
#include <string>

#include <imgui.h>

#include "ui/model/pair_inspection.hpp"
#include "ui/panels/panel_page.hpp"
#include "ui/view/body_picking.hpp"

namespace aabb::ui {

namespace {

const char* kind_name(BodyKind kind) {
    switch (kind) {
        case BodyKind::box:
            return "moving box";
        case BodyKind::wall:
            return "wall";
        case BodyKind::bullet:
            return "bullet";
        case BodyKind::shape:
            return "rotating shape";
    }
    return "?";
}

const char* shape_name(ShapeType shape) {
    switch (shape) {
        case ShapeType::box:
            return "box";
        case ShapeType::circle:
            return "circle";
        case ShapeType::polygon:
            return "polygon";
    }
    return "?";
}

const ImVec4 contact_color = ImVec4(1.0f, 0.35f, 0.35f, 1.0f);
const ImVec4 false_positive_color = ImVec4(1.0f, 0.9f, 0.35f, 1.0f);

void interval_row(const char* label, float low, float high) {
    ImGui::Text("%-4s [%8.3f, %8.3f]", label, low, high);
}

std::string time_text(float value) {
    char text[32];
    if (std::isinf(value)) {
        std::snprintf(text, sizeof text, "%s", value > 0 ? "+inf" : "-inf");
    } else {
        std::snprintf(text, sizeof text, "%.3f", value);
    }
    return text;
}

void draw_properties(const World& world, ObjectSelection& selection) {
    const std::optional<BodyId> selected = selection.selected();
    if (!ImGui::CollapsingHeader("Selected object", ImGuiTreeNodeFlags_DefaultOpen)) return;
    const std::optional<std::size_t> index = selected ? find_body(world, *selected) : std::nullopt;
    if (!index) {
        ImGui::TextDisabled(
            "Click an object to select it; Shift+click a second one to inspect "
            "the pair.");
        return;
    }
    const Body& body = world.bodies()[*index];
    const Box2& box = world.world_boxes()[*index];
    ImGui::Text("Body id %u (index %zu): %s, %s", static_cast<unsigned>(*selected), *index,
                kind_name(body.kind), shape_name(body.shape));
    ImGui::Text("position  (%.3f, %.3f)", body.position.x, body.position.y);
    ImGui::Text("velocity  (%.3f, %.3f) /s", body.velocity.x, body.velocity.y);
    ImGui::Text("angle     %.1f deg, spin %.1f deg/s", body.angle * 57.29578f,
                body.angular_velocity * 57.29578f);
    if (body.shape == ShapeType::circle) {
        ImGui::Text("local box [%.3f, %.3f] x [%.3f, %.3f]", -body.radius, body.radius,
                    -body.radius, body.radius);
    } else {
        ImGui::Text("local box [%.3f, %.3f] x [%.3f, %.3f]", -body.half_size.x, body.half_size.x,
                    -body.half_size.y, body.half_size.y);
    }
    ImGui::Text("world box [%.3f, %.3f] x [%.3f, %.3f]", box.min.x, box.max.x, box.min.y,
                box.max.y);
    const BodyPairs pairs = pairs_of(world, *index);
    ImGui::Text("candidate pairs: %zu", pairs.others.size());
    constexpr std::size_t listed = 12;
    for (std::size_t k = 0; k < pairs.others.size() && k < listed; ++k) {
        const BodyId other = world.body_ids()[pairs.others[k]];
        ImGui::TextColored(pairs.is_contact[k] ? contact_color : false_positive_color,
                           "  with %u: %s", static_cast<unsigned>(other),
                           pairs.is_contact[k] ? "true contact" : "false positive");
    }
    if (pairs.others.size() > listed)
        ImGui::TextDisabled("  ... and %zu more", pairs.others.size() - listed);
    if (ImGui::Button("Clear selection")) selection.clear();
}

void draw_pair_inspector(const World& world, const ObjectSelection& selection) {
    const std::optional<BodyId> selected = selection.selected();
    const std::optional<BodyId> partner = selection.second();
    if (!ImGui::CollapsingHeader("Pair inspector", ImGuiTreeNodeFlags_DefaultOpen)) return;
    const auto first = selected ? find_body(world, *selected) : std::nullopt;
    const auto second = partner ? find_body(world, *partner) : std::nullopt;
    if (!first || !second || *first == *second) {
        ImGui::TextDisabled("Select an object, then Shift+click a second one.");
        return;
    }
    const PairInspection pair = inspect_pair(world, *first, *second);
    ImGui::Text("A = body %u, B = body %u", static_cast<unsigned>(*selected),
                static_cast<unsigned>(*partner));
    interval_row("A.x", pair.first.min.x, pair.first.max.x);
    interval_row("B.x", pair.second.min.x, pair.second.max.x);
    interval_row("A.y", pair.first.min.y, pair.first.max.y);
    interval_row("B.y", pair.second.min.y, pair.second.max.y);
    ImGui::Text("dx = %.3f   dy = %.3f  (negative: a gap)", pair.overlap_lengths.x,
                pair.overlap_lengths.y);
    ImGui::Text("closed rule: %s   open rule: %s", pair.closed_overlap ? "overlap" : "apart",
                pair.open_overlap ? "overlap" : "apart");
    ImGui::Text("world policy: %s", pair.policy_overlap ? "OVERLAP" : "no overlap");
    if (pair.is_candidate) {
        ImGui::TextColored(pair.is_contact ? contact_color : false_positive_color,
                           "candidate pair: %s",
                           pair.is_contact ? "true contact" : "false positive (shapes apart)");
    } else {
        ImGui::TextDisabled("not a candidate pair this step");
    }
    if (pair.first_displacement == glm::vec2(0.0f) && pair.second_displacement == glm::vec2(0.0f))
        return;
    ImGui::Separator();
    ImGui::Text("next step sweep, A moves (%.2f, %.2f), B (%.2f, %.2f)", pair.first_displacement.x,
                pair.first_displacement.y, pair.second_displacement.x, pair.second_displacement.y);
    for (int axis = 0; axis < 2; ++axis) {
        ImGui::Text("%c: entry %s  exit %s", axis == 0 ? 'x' : 'y',
                    time_text(pair.sweep.entry_times[axis]).c_str(),
                    time_text(pair.sweep.exit_times[axis]).c_str());
    }
    switch (pair.sweep.state) {
        case SweepState::separated:
            ImGui::TextUnformatted("no contact during the step");
            break;
        case SweepState::hit:
            ImGui::TextColored(contact_color, "time of impact %.3f (exit %.3f)",
                               pair.sweep.time_of_impact, pair.sweep.time_of_exit);
            break;
        case SweepState::already_overlapping:
            ImGui::TextUnformatted("already overlapping at the start");
            break;
    }
}

/// The Objects page.
class ObjectsPage final : public PanelPage {
  public:
    void draw(PanelContext& context) override;
};

void ObjectsPage::draw(PanelContext& context) {
    draw_properties(context.simulation.world(), context.selection);
    draw_pair_inspector(context.simulation.world(), context.selection);
}

}  // namespace

std::unique_ptr<PanelPage> make_objects_page(const SimulationController&) {
    return std::make_unique<ObjectsPage>();
}

}  // namespace aabb::ui
