#include "ui/overlays/structure_overlay.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "core/lesson/lesson_names.hpp"
#include "ui/canvas/overlay_draw.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"

namespace aabb::ui {

namespace {

/// Colors cycle by depth so nested nodes or cells stay distinguishable.
ImU32 depth_color(int depth, std::uint8_t alpha) {
    const auto& by_depth = overlay_colors.structure_by_depth;
    return to_imgui_color(
        by_depth[static_cast<std::size_t>(depth) % by_depth.size()].with_alpha(alpha));
}

/// Blue (few boxes) to red (the fullest cell), translucent.
ImU32 heat_color(int occupancy, int max_occupancy) {
    const float heat =
        max_occupancy <= 1
            ? 0.0f
            : std::clamp(static_cast<float>(occupancy - 1) / static_cast<float>(max_occupancy - 1),
                         0.0f, 1.0f);
    const auto channel = [](float value) { return static_cast<std::uint8_t>(value * 255.0f); };
    return to_imgui_color(Rgba8{channel(0.2f + 0.8f * heat), channel(0.35f * (1.0f - heat) + 0.2f),
                                channel(0.9f * (1.0f - heat)),
                                static_cast<std::uint8_t>(50 + 110 * heat)});
}

/// Paints what BroadPhase::visit reports, culled to the visible region.
class PaintingVisitor final : public StructureVisitor {
  public:
    PaintingVisitor(const OverlayContext& context, const StructureOverlaySettings& settings,
                    int max_occupancy, std::vector<float>& interval_min,
                    std::vector<float>& interval_max)
        : context_(context),
          settings_(settings),
          visible_(context.camera.visible_world_box()),
          max_occupancy_(max_occupancy),
          interval_min_(interval_min),
          interval_max_(interval_max) {}

    void tree_node(const Box2& box, int depth, bool is_leaf, BoxId) override {
        deepest_ = std::max(deepest_, depth);
        if (!overlaps_closed(box, visible_)) return;
        if (is_leaf) {
            if (settings_.fat_leaves)
                outline(box, to_imgui_color(overlay_colors.structure_leaf), 1.0f);
            return;
        }
        if (depth < settings_.min_depth || depth > settings_.max_depth) return;
        outline(box, depth_color(depth, 200), depth <= 1 ? 2.5f : 1.5f);
    }
    void cell(const Box2& bounds, int occupancy, int depth) override {
        if (occupancy == 0 || !overlaps_closed(bounds, visible_)) return;
        const ScreenRect rect = context_.camera.world_to_screen(bounds);
        if (settings_.heatmap) {
            context_.draw_list.AddRectFilled({rect.min.x, rect.min.y}, {rect.max.x, rect.max.y},
                                             heat_color(occupancy, max_occupancy_));
        }
        outline(bounds, depth_color(depth, 130), 1.0f);
    }
    void endpoint(int axis, float value, BoxId id, bool is_min, int) override {
        axis_ = axis;
        if (id >= interval_min_.size()) {
            interval_min_.resize(id + 1, std::numeric_limits<float>::quiet_NaN());
            interval_max_.resize(id + 1, std::numeric_limits<float>::quiet_NaN());
        }
        (is_min ? interval_min_ : interval_max_)[id] = value;
        any_endpoint_ = true;
    }

    [[nodiscard]] int deepest() const { return deepest_; }
    [[nodiscard]] bool any_endpoint() const { return any_endpoint_; }
    [[nodiscard]] int axis() const { return axis_; }

  private:
    void outline(const Box2& box, ImU32 color, float thickness) {
        outline_box(context_.draw_list, context_.camera, box, color, overlay_stroke(thickness));
    }

    const OverlayContext& context_;
    const StructureOverlaySettings& settings_;
    Box2 visible_;
    int max_occupancy_ = 1;
    std::vector<float>& interval_min_;
    std::vector<float>& interval_max_;
    int deepest_ = -1;
    int axis_ = 0;
    bool any_endpoint_ = false;
};

}  // namespace

StructureOverlay::StructureOverlay()
    : CanvasOverlay({lesson::overlay_name("structure"), TextKey::overlay_structure,
                     TextKey::overlay_structure_tip, &overlay_colors.structure_by_depth[0]}) {}

void StructureOverlay::draw(const OverlayContext& context) {
    interval_min_.clear();
    interval_max_.clear();
    const BroadPhase& broad_phase = context.world.broad_phase();
    PaintingVisitor visitor(context, settings_, std::max(1, broad_phase.stats().max_boxes_in_cell),
                            interval_min_, interval_max_);
    broad_phase.visit(visitor);
    deepest_seen_ = visitor.deepest();
    if (!settings_.intervals || !visitor.any_endpoint()) return;

    // Intervals in lanes along the edge of the sweep axis: each lane holds intervals that do
    // not overlap, so overlapping intervals (the sweep's active set) stack up visibly.
    const Camera& camera = context.camera;
    const ScreenRect& area = camera.viewport();
    const int axis = visitor.axis();
    const Box2 visible = camera.visible_world_box();
    interval_order_.clear();
    for (std::size_t id = 0; id < interval_min_.size(); ++id) {
        if (std::isnan(interval_min_[id]) || std::isnan(interval_max_[id])) continue;
        if (interval_max_[id] < visible.min[axis] || interval_min_[id] > visible.max[axis])
            continue;
        interval_order_.push_back(static_cast<int>(id));
    }
    std::sort(interval_order_.begin(), interval_order_.end(),
              [&](int a, int b) { return interval_min_[a] < interval_min_[b]; });
    float lane_end[max_interval_lanes];
    std::fill(std::begin(lane_end), std::end(lane_end), -std::numeric_limits<float>::infinity());
    constexpr float lane_pixels = 5.0f;
    const ImU32 bar = to_imgui_color(overlay_colors.structure_interval);
    const ImU32 crowded = to_imgui_color(overlay_colors.structure_crowded);
    context.draw_list.AddRectFilled(
        axis == 0 ? ImVec2(area.min.x, area.max.y - 32.0f - lane_pixels * max_interval_lanes)
                  : ImVec2(area.min.x, area.min.y),
        axis == 0 ? ImVec2(area.max.x, area.max.y - 26.0f)
                  : ImVec2(area.min.x + 6.0f + lane_pixels * max_interval_lanes, area.max.y),
        to_imgui_color(overlay_colors.text_backdrop.with_alpha(
            std::max<std::uint8_t>(120, overlay_colors.text_backdrop.a))));
    for (const int id : interval_order_) {
        int lane = 0;
        while (lane < max_interval_lanes && lane_end[lane] >= interval_min_[id])
            ++lane;
        const bool overflow = lane == max_interval_lanes;
        if (overflow) lane = max_interval_lanes - 1;
        lane_end[lane] = std::max(lane_end[lane], interval_max_[id]);
        const float offset = 4.0f + lane_pixels * static_cast<float>(lane);
        if (axis == 0) {
            const float from = camera.world_to_screen({interval_min_[id], 0.0f}).x;
            const float to = camera.world_to_screen({interval_max_[id], 0.0f}).x;
            const float y = area.max.y - 30.0f - offset;
            context.draw_list.AddLine({from, y}, {std::max(to, from + 1.0f), y},
                                      overflow ? crowded : bar, 3.0f);
        } else {
            const float from = camera.world_to_screen({0.0f, interval_min_[id]}).y;
            const float to = camera.world_to_screen({0.0f, interval_max_[id]}).y;
            const float x = area.min.x + offset;
            context.draw_list.AddLine({x, from}, {x, std::min(to, from - 1.0f)},
                                      overflow ? crowded : bar, 3.0f);
        }
    }
}

void StructureOverlay::draw_settings() {
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f);
    const int deepest = std::max(deepest_seen_, 0);
    settings_.max_depth = std::min(settings_.max_depth, std::max(deepest, settings_.min_depth));
    ImGui::DragIntRange2(tr_label(TextKey::structure_depths), &settings_.min_depth,
                         &settings_.max_depth, 0.1f, 0, std::max(deepest, 1),
                         tr(TextKey::structure_depth_from), tr(TextKey::structure_depth_to));
    if (deepest_seen_ >= 0) {
        ImGui::TextDisabled("%s", tr(TextKey::structure_depth_legend));
        for (int depth = 0; depth <= std::min(deepest_seen_, 15); ++depth) {
            ImGui::SameLine(0.0f, 4.0f);
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(depth_color(depth, 255)), "%d",
                               depth);
        }
    }
    ImGui::Checkbox(tr_label(TextKey::structure_fat_leaves), &settings_.fat_leaves);
    ImGui::SameLine();
    ImGui::Checkbox(tr_label(TextKey::structure_heatmap), &settings_.heatmap);
    ImGui::Checkbox(tr_label(TextKey::structure_intervals), &settings_.intervals);
}

}  // namespace aabb::ui
