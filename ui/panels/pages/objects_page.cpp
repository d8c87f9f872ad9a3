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
            return tr(TextKey::kind_box);
        case BodyKind::wall:
            return tr(TextKey::kind_wall);
        case BodyKind::bullet:
            return tr(TextKey::kind_bullet);
        case BodyKind::shape:
            return tr(TextKey::kind_shape);
    }
    return "?";
}

const char* shape_name(ShapeType shape) {
    switch (shape) {
        case ShapeType::box:
            return tr(TextKey::shape_box);
        case ShapeType::circle:
            return tr(TextKey::shape_circle);
        case ShapeType::polygon:
            return tr(TextKey::shape_polygon);
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
    if (!ImGui::CollapsingHeader(tr_label(TextKey::objects_selected),
                                 ImGuiTreeNodeFlags_DefaultOpen))
        return;
    const std::optional<std::size_t> index = selected ? find_body(world, *selected) : std::nullopt;
    if (!index) {
        ImGui::TextDisabled("%s", tr(TextKey::objects_select_hint));
        return;
    }
    const Body& body = world.bodies()[*index];
    const Box2& box = world.world_boxes()[*index];
    ImGui::Text(tr(TextKey::objects_body), static_cast<unsigned>(*selected), *index,
                kind_name(body.kind), shape_name(body.shape));
    ImGui::Text(tr(TextKey::objects_position), body.position.x, body.position.y);
    ImGui::Text(tr(TextKey::objects_velocity), body.velocity.x, body.velocity.y);
    ImGui::Text(tr(TextKey::objects_angle), body.angle * 57.29578f,
                body.angular_velocity * 57.29578f);
    const glm::vec2 half =
        body.shape == ShapeType::circle ? glm::vec2(body.radius) : body.half_size;
    ImGui::Text(tr(TextKey::objects_local_box), -half.x, half.x, -half.y, half.y);
    ImGui::Text(tr(TextKey::objects_world_box), box.min.x, box.max.x, box.min.y, box.max.y);
    const BodyPairs pairs = pairs_of(world, *index);
    ImGui::Text(tr(TextKey::objects_candidate_count), pairs.others.size());
    constexpr std::size_t listed = 12;
    for (std::size_t k = 0; k < pairs.others.size() && k < listed; ++k) {
        const BodyId other = world.body_ids()[pairs.others[k]];
        ImGui::TextColored(pairs.is_contact[k] ? contact_color : false_positive_color,
                           tr(TextKey::objects_pair_with), static_cast<unsigned>(other),
                           tr(pairs.is_contact[k] ? TextKey::objects_true_contact
                                                  : TextKey::objects_false_positive));
    }
    if (pairs.others.size() > listed)
        ImGui::TextDisabled(tr(TextKey::objects_more_pairs), pairs.others.size() - listed);
    if (ImGui::Button(tr_label(TextKey::objects_clear_selection))) selection.clear();
}

void draw_pair_inspector(const World& world, const ObjectSelection& selection) {
    const std::optional<BodyId> selected = selection.selected();
    const std::optional<BodyId> partner = selection.second();
    if (!ImGui::CollapsingHeader(tr_label(TextKey::objects_pair_inspector),
                                 ImGuiTreeNodeFlags_DefaultOpen))
        return;
    const auto first = selected ? find_body(world, *selected) : std::nullopt;
    const auto second = partner ? find_body(world, *partner) : std::nullopt;
    if (!first || !second || *first == *second) {
        ImGui::TextDisabled("%s", tr(TextKey::objects_pair_hint));
        return;
    }
    const PairInspection pair = inspect_pair(world, *first, *second);
    ImGui::Text(tr(TextKey::objects_pair_bodies), static_cast<unsigned>(*selected),
                static_cast<unsigned>(*partner));
    interval_row("A.x", pair.first.min.x, pair.first.max.x);
    interval_row("B.x", pair.second.min.x, pair.second.max.x);
    interval_row("A.y", pair.first.min.y, pair.first.max.y);
    interval_row("B.y", pair.second.min.y, pair.second.max.y);
    ImGui::Text(tr(TextKey::objects_overlap_lengths), pair.overlap_lengths.x,
                pair.overlap_lengths.y);
    const auto rule = [](bool overlap) {
        return tr(overlap ? TextKey::objects_rule_overlap : TextKey::objects_rule_apart);
    };
    ImGui::Text(tr(TextKey::objects_rules), rule(pair.closed_overlap), rule(pair.open_overlap));
    ImGui::Text(tr(TextKey::objects_world_policy),
                tr(pair.policy_overlap ? TextKey::objects_policy_overlap
                                       : TextKey::objects_policy_no_overlap));
    if (pair.is_candidate) {
        ImGui::TextColored(pair.is_contact ? contact_color : false_positive_color,
                           tr(TextKey::objects_candidate_verdict),
                           tr(pair.is_contact ? TextKey::objects_true_contact
                                              : TextKey::objects_false_positive_apart));
    } else {
        ImGui::TextDisabled("%s", tr(TextKey::objects_not_candidate));
    }
    if (pair.first_displacement == glm::vec2(0.0f) && pair.second_displacement == glm::vec2(0.0f))
        return;
    ImGui::Separator();
    ImGui::Text(tr(TextKey::objects_sweep), pair.first_displacement.x, pair.first_displacement.y,
                pair.second_displacement.x, pair.second_displacement.y);
    for (int axis = 0; axis < 2; ++axis) {
        ImGui::Text(tr(TextKey::objects_axis_times), axis == 0 ? 'x' : 'y',
                    time_text(pair.sweep.entry_times[axis]).c_str(),
                    time_text(pair.sweep.exit_times[axis]).c_str());
    }
    switch (pair.sweep.state) {
        case SweepState::separated:
            ImGui::TextUnformatted(tr(TextKey::objects_no_contact));
            break;
        case SweepState::hit:
            ImGui::TextColored(contact_color, tr(TextKey::objects_time_of_impact),
                               pair.sweep.time_of_impact, pair.sweep.time_of_exit);
            break;
        case SweepState::already_overlapping:
            ImGui::TextUnformatted(tr(TextKey::objects_already_overlapping));
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
