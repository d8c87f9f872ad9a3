#include "ui/overlays/structure_overlay.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "core/broadphase/banded/banded_sort_and_sweep.hpp"
#include "core/lesson/display_names.hpp"
#include "core/lesson/lesson_names.hpp"
#include "ui/canvas/overlay_draw.hpp"
#include "ui/model/banded_frames.hpp"
#include "ui/platform/theme.hpp"
#include "ui/render/dense_shapes.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/widgets/shared_widgets.hpp"

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

/// Pixels between interval lanes along the canvas edge.
constexpr float lane_pixels = 5.0f;
/// How far the interval lanes along the bottom edge reach up from it, backdrop included.
constexpr float interval_band_height =
    32.0f + lane_pixels * static_cast<float>(StructureOverlay::max_interval_lanes);

/// Paints what BroadPhase::visit reports, culled to the visible region.
class PaintingVisitor final : public StructureVisitor {
  public:
    PaintingVisitor(const OverlayContext& context, const StructureOverlaySettings& settings,
                    int max_occupancy, std::vector<float>& interval_min,
                    std::vector<float>& interval_max, std::vector<VisitedBand>& bands,
                    std::vector<VisitedFatBox>& fat_boxes)
        : context_(context),
          settings_(settings),
          visible_(context.camera.visible_world_box()),
          max_occupancy_(max_occupancy),
          interval_min_(interval_min),
          interval_max_(interval_max),
          bands_(bands),
          fat_boxes_(fat_boxes),
          min_fat_side_(overlay_size(min_fat_box_pixels) / context.camera.zoom()) {}

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

    void band(int sweep_axis, float low, float high, int) override {
        band_axis_ = sweep_axis;
        bands_.push_back({low, high});
    }
    void fat_box(const Box2& fat, BoxId id, bool escaped) override {
        if (!(escaped ? settings_.escaped : settings_.fat_boxes)) return;
        if (!overlaps_closed(fat, visible_)) return;
        // Zoomed far out a fat box is its box's outline again: nothing to see but clutter. An
        // escaped box is still marked, a few pixels at least (draw_fat_boxes).
        const glm::vec2 size = fat.size();
        if (!escaped && std::max(size.x, size.y) < min_fat_side_) return;
        fat_boxes_.push_back({fat, id, escaped});
        escaped_ += escaped ? 1 : 0;
    }

    [[nodiscard]] int deepest() const { return deepest_; }
    [[nodiscard]] int band_axis() const { return band_axis_; }
    [[nodiscard]] std::size_t escaped() const { return escaped_; }
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
    std::vector<VisitedBand>& bands_;
    std::vector<VisitedFatBox>& fat_boxes_;
    // Fat boxes smaller than this many pixels (UI scale 1) on screen are left out.
    static constexpr float min_fat_box_pixels = 6.0f;
    float min_fat_side_ = 0.0f;
    int band_axis_ = 0;
    std::size_t escaped_ = 0;
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
    bands_.clear();
    fat_boxes_.clear();
    const BroadPhase& broad_phase = context.world.broad_phase();
    PaintingVisitor visitor(context, settings_, std::max(1, broad_phase.stats().max_boxes_in_cell),
                            interval_min_, interval_max_, bands_, fat_boxes_);
    broad_phase.visit(visitor);
    deepest_seen_ = visitor.deepest();
    escaped_on_screen_ = visitor.escaped();
    // The banded engine: stripes under its fat boxes, the escaped boxes on top, its label last.
    if (settings_.bands) draw_bands(context, visitor.band_axis());
    draw_fat_boxes(context);
    draw_banded_label(context, visitor.band_axis(),
                      settings_.intervals && visitor.any_endpoint() && visitor.axis() == 0);
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

void StructureOverlay::draw_bands(const OverlayContext& context, int sweep_axis) {
    if (bands_.empty()) return;
    const Camera& camera = context.camera;
    const Box2 visible = camera.visible_world_box();
    const int across = 1 - sweep_axis;
    const auto seen = [&](const VisitedBand& band) {
        return band.high > visible.min[across] && band.low < visible.max[across];
    };
    const auto on_screen =
        static_cast<std::size_t>(std::count_if(bands_.begin(), bands_.end(), seen));
    // Thinner than a few pixels, stripes are a grey wash: the label still gives their count.
    const float extent = visible.max[across] - visible.min[across];
    const float pixels_per_band =
        camera.zoom() * extent / static_cast<float>(std::max<std::size_t>(on_screen, 1));
    if (on_screen > max_bands_drawn || pixels_per_band < overlay_size(4.0f)) return;
    const ImU32 stripe = to_imgui_color(overlay_colors.structure_band);
    const ImU32 edge = to_imgui_color(overlay_colors.structure_band.with_alpha(
        static_cast<std::uint8_t>(std::min(255, overlay_colors.structure_band.a * 3))));
    for (std::size_t index = 0; index < bands_.size(); ++index) {
        const VisitedBand& band = bands_[index];
        if (!seen(band)) continue;
        Box2 stripe_box = visible;
        stripe_box.min[across] = std::max(band.low, visible.min[across]);
        stripe_box.max[across] = std::min(band.high, visible.max[across]);
        const ScreenRect rect = camera.world_to_screen(stripe_box);
        // Every other band filled, so neighbours read apart without a line between each.
        if (index % 2 == 1) {
            context.draw_list.AddRectFilled({rect.min.x, rect.min.y}, {rect.max.x, rect.max.y},
                                            stripe);
        }
        if (index == 0) continue;
        // The band's lower edge, where its sweep starts.
        const ImVec2 from =
            across == 1 ? ImVec2(rect.min.x, rect.max.y) : ImVec2(rect.min.x, rect.min.y);
        const ImVec2 to =
            across == 1 ? ImVec2(rect.max.x, rect.max.y) : ImVec2(rect.min.x, rect.max.y);
        context.draw_list.AddLine(from, to, edge, overlay_stroke(1.0f));
    }
}

void StructureOverlay::draw_fat_boxes(const OverlayContext& context) {
    if (fat_boxes_.empty() || context.dense == nullptr) return;
    const std::size_t plain = fat_boxes_.size() - escaped_on_screen_;
    // Fainter as they crowd (down to 40 % at the cap), none past it: the escaped boxes are what
    // a teacher points at.
    const float fade =
        plain <= 500 ? 1.0f : std::max(0.4f, std::sqrt(500.0f / static_cast<float>(plain)));
    const Rgba8 faint = overlay_colors.structure_fat_box.with_alpha(
        static_cast<std::uint8_t>(static_cast<float>(overlay_colors.structure_fat_box.a) * fade));
    const Rgba8 strong = overlay_colors.structure_escaped;
    const Rgba8 none{0, 0, 0, 0};
    ShapeBatch& batch = context.dense->batch();
    if (plain <= max_fat_boxes_drawn) {
        for (const VisitedFatBox& mark : fat_boxes_)
            if (!mark.escaped) batch.rects.push_back({mark.fat, none, faint, overlay_stroke(1.0f)});
    }
    const BroadPhase& broad_phase = context.world.broad_phase();
    std::size_t drawn = 0;
    for (const VisitedFatBox& mark : fat_boxes_) {
        if (!mark.escaped || drawn == max_escaped_drawn) continue;
        ++drawn;
        // Its new fat box outlined, the box itself filled: what moved out, and where it may go.
        batch.rects.push_back({mark.fat, none, strong.with_alpha(200), overlay_stroke(1.0f)});
        if (broad_phase.contains(mark.id)) {
            batch.rects.push_back(
                {broad_phase.box(mark.id), strong.with_alpha(170), strong, overlay_stroke(2.0f)});
        }
    }
    context.dense->paint(batch, 1.0f, context.camera, context.draw_list);
}

void StructureOverlay::draw_banded_label(const OverlayContext& context, int sweep_axis,
                                         bool lanes_at_bottom) {
    const auto* banded = dynamic_cast<const BandedSortAndSweep*>(&context.world.broad_phase());
    if (banded == nullptr || banded->last_frame().path == BandedPath::none) return;
    const BandedFrame frame{banded->last_frame(), banded->options().partial_fraction, 0.0f,
                            context.world.frame()};
    const ScreenRect& area = context.camera.viewport();
    const float unit = ImGui::GetFontSize() / 16.0f;
    const float room = std::min(area.size().x * 0.65f, ImGui::GetFontSize() * 32.0f);
    std::vector<std::pair<std::string, Rgba8>> lines;
    if (settings_.bands && !bands_.empty()) {
        lines.emplace_back(tr_format(TextKey::structure_bands_label,
                                     static_cast<int>(bands_.size()), sweep_axis == 0 ? "x" : "y"),
                           overlay_colors.caption_text);
    }
    // The path in its strip colour, as the Broad phase tab's strip shows it.
    const std::string sentence = banded_frame_sentence(frame, current_language());
    const Rgba8 path_color = strip_kind_color(strip_kind(frame.report));
    for (const std::string_view line : wrap_at_width(sentence, room))
        lines.emplace_back(std::string(line), path_color);
    const std::size_t plain = fat_boxes_.size() - escaped_on_screen_;
    if (settings_.fat_boxes && plain > max_fat_boxes_drawn) {
        const std::string count = lesson::display_number(static_cast<double>(plain), true);
        lines.emplace_back(tr_format(TextKey::structure_fat_boxes_hidden, count.c_str()),
                           overlay_colors.caption_text);
    }
    // Bottom right: the scene caption's lines at the top-left wrap and grow with the UI scale,
    // and it is drawn after this overlay, so its size is not known here. Above the interval
    // lanes when they run along the bottom edge (a sweep along x).
    float bottom = area.max.y - 30.0f * unit;
    if (lanes_at_bottom) bottom = std::min(bottom, area.max.y - interval_band_height - 8.0f * unit);
    float top = bottom - static_cast<float>(lines.size()) * ImGui::GetTextLineHeightWithSpacing();
    // One block against the right edge, its lines left-aligned: a wrapped sentence reads on.
    float width = 0.0f;
    for (const auto& line : lines)
        width = std::max(width, ImGui::CalcTextSize(line.first.c_str()).x);
    const float left = std::max(area.min.x, area.max.x - 12.0f * unit - width);
    for (const auto& [text, color] : lines) {
        overlay_text(context.draw_list, {left, top}, to_imgui_color(color), text.c_str());
        top += ImGui::GetTextLineHeightWithSpacing();
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
    ImGui::Checkbox(tr_label(TextKey::structure_bands), &settings_.bands);
    ImGui::SameLine();
    ImGui::Checkbox(tr_label(TextKey::structure_fat_boxes), &settings_.fat_boxes);
    ImGui::Checkbox(tr_label(TextKey::structure_escaped), &settings_.escaped);
}

}  // namespace aabb::ui
