#include "ui/canvas/world_canvas.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>

#include "ui/canvas/overlay_draw.hpp"
#include "ui/platform/theme.hpp"
#include "ui/render/batched_world_renderer.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/text/text_catalog.hpp"
#include "ui/view/clipped_marks.hpp"
#include "ui/view/grid_spacing.hpp"

namespace aabb::ui {

namespace {

/// A pixel rectangle snapped to whole pixels, at least one pixel wide and high, so 1-pixel
/// outlines are crisp instead of smeared over two pixel rows.
ScreenRect snapped(ScreenRect rect) {
    rect.min = glm::round(rect.min);
    rect.max = glm::max(glm::round(rect.max), rect.min + glm::vec2(1.0f));
    return rect;
}

/// How much of its opacity a dimmed world keeps: faint enough that a lesson's teaching objects
/// read on top at full contrast, visible enough to say where they sit.
constexpr float dimmed_opacity = 0.3f;

/// `color` at dimmed_opacity of its opacity.
Rgba8 dimmed_color(Rgba8 color) {
    return color.with_alpha(
        static_cast<std::uint8_t>(static_cast<float>(color.a) * dimmed_opacity));
}

/// The width of the pair lines at UI scale 1, in pixels.
constexpr float pair_line_pixels = 1.5f;

}  // namespace

WorldCanvas::WorldCanvas() {
    batch_.rects.reserve(1024);
}

void WorldCanvas::set_area(const ScreenRect& area) {
    area_ = area;
    camera_.set_viewport(area);
}

void WorldCanvas::add_overlay(std::unique_ptr<CanvasOverlay> overlay, bool enabled,
                              OverlayInLessons in_lessons) {
    overlays_.push_back({std::move(overlay), enabled, in_lessons});
}

void WorldCanvas::fit(const World& world) {
    camera_.fit(world.settings().bounds, fit_margin_pixels);
    if (scene_center_) {
        camera_.set_zoom(camera_.zoom() * scene_zoom_factor_);
        camera_.look_at(*scene_center_);
    }
    fit_pending_ = false;
}

void WorldCanvas::handle_input(const World& world) {
    if (fit_pending_ && !framed_externally_) fit(world);
    const ImGuiIO& io = ImGui::GetIO();
    const glm::vec2 mouse(io.MousePos.x, io.MousePos.y);
    const bool over_canvas =
        ImGui::IsMousePosValid() && area_.contains(mouse) && !io.WantCaptureMouse;

    // A drag that began on the canvas keeps panning even over the panel.
    if (pan_button_ >= 0) {
        if (ImGui::IsMouseDown(pan_button_)) {
            camera_.pan_by_pixels({io.MouseDelta.x, io.MouseDelta.y});
        } else {
            pan_button_ = -1;
        }
    } else if (over_canvas) {
        for (int button = ImGuiMouseButton_Left; button <= ImGuiMouseButton_Middle; ++button) {
            if (button == ImGuiMouseButton_Left && !left_button_pans_) continue;
            if (ImGui::IsMouseClicked(button)) {
                pan_button_ = button;
                break;
            }
        }
    }
    if (over_canvas && io.MouseWheel != 0.0f) {
        camera_.zoom_at(mouse, std::pow(zoom_per_wheel_notch, io.MouseWheel));
    }

    hovered_.reset();
    const bool hover_shown = layers_.hover_info && world_display_ == lesson::WorldDisplay::shown;
    if (over_canvas && pan_button_ < 0 && hover_shown) update_hovered(world, mouse);
}

void WorldCanvas::update_hovered(const World& world, glm::vec2 mouse) {
    // Ask the broad phase itself: a point query is one of the operations it teaches.
    // A few pixels of slack so boxes smaller than a pixel can still be picked.
    const glm::vec2 point = camera_.screen_to_world(mouse);
    const glm::vec2 slack(hover_slack_pixels / camera_.zoom());
    world.broad_phase().query_box(Box2{point - slack, point + slack}, query_scratch_);
    const auto boxes = world.world_boxes();
    float smallest_area = 0.0f;
    for (const BoxId id : query_scratch_) {
        if (id >= boxes.size()) continue;
        const float box_area = aabb::area(boxes[id]);
        if (!hovered_ || box_area < smallest_area) {
            hovered_ = id;
            smallest_area = box_area;
        }
    }
}

void WorldCanvas::draw(const World& world, ImDrawList& draw_list) {
    if (fit_pending_ && !framed_externally_) fit(world);
    draw_list.PushClipRect(to_imvec(area_.min), to_imvec(area_.max), true);
    // No background fill: the frame is cleared to palette.canvas_background, and a batched
    // GL world renderer drawn before ImGui would be hidden by one.
    if (layers_.grid) draw_grid(draw_list);
    dense_.new_frame();
    const auto build_start = std::chrono::steady_clock::now();
    paint_world(world, draw_list);
    draw_build_ms_ =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - build_start)
            .count();

    const OverlayContext context{
        world,  camera_, draw_list, hovered_, toolbar_extra_height_, collector_.shaped_bodies(),
        &dense_};
    for (OverlaySlot& slot : overlays_) {
        if (slot.enabled) slot.overlay->draw(context);
    }
    draw_grid_labels(draw_list);
    draw_list.PopClipRect();
    if (hovered_) draw_hover_tooltip(world);
}

void WorldCanvas::draw_grid(ImDrawList& draw_list) {
    grid_labels_.clear();
    const float step = grid_spacing(camera_.zoom(), min_grid_pixels);
    const Box2 visible = camera_.visible_world_box();
    const ImU32 minor = to_imgui_color(palette.grid_minor);
    const ImU32 major = to_imgui_color(palette.grid_major);
    const ImU32 axes = to_imgui_color(palette.axes);
    for (int axis = 0; axis < 2; ++axis) {
        // One line beyond each edge, whose label may reach into the view. Counted from the
        // visible extent, so a view far from the origin never overflows an index.
        const MarkRange lines =
            marks_within(double{visible.min[axis]} - step, double{visible.max[axis]} + step, step);
        for (std::int64_t index = lines.first; index <= lines.last; ++index) {
            const float value = static_cast<float>(index) * step;
            const bool is_axis = index == 0;
            const bool is_major = index % 5 == 0;
            const ImU32 color = is_axis ? axes : (is_major ? major : minor);
            // Half-pixel positions put a 1-pixel line exactly on one pixel row or column.
            if (axis == 0) {
                const float x = std::floor(camera_.world_to_screen({value, 0.0f}).x) + 0.5f;
                draw_list.AddLine({x, area_.min.y}, {x, area_.max.y}, color);
                if (is_major) {
                    GridLabel& label = grid_labels_.emplace_back();
                    label.at = {x + 3.0f, area_.max.y - 18.0f};
                    std::snprintf(label.text, sizeof label.text, "%g", value);
                }
            } else {
                const float y = std::floor(camera_.world_to_screen({0.0f, value}).y) + 0.5f;
                draw_list.AddLine({area_.min.x, y}, {area_.max.x, y}, color);
                if (is_major) {
                    GridLabel& label = grid_labels_.emplace_back();
                    label.at = {area_.min.x + 4.0f, y - 17.0f};
                    std::snprintf(label.text, sizeof label.text, "%g", value);
                }
            }
        }
    }
}

void WorldCanvas::draw_grid_labels(ImDrawList& draw_list) {
    // Last, so they know what the frame put on the canvas: a number under a label, a window or
    // an inset would only be half read.
    const ImU32 color = to_imgui_color(palette.text_dim.with_alpha(200));
    std::vector<ScreenRect> taken = label_obstacles(area_);
    for (const GridLabel& label : grid_labels_) {
        const ImVec2 size = ImGui::CalcTextSize(label.text);
        const ScreenRect rect{{label.at.x, label.at.y}, {label.at.x + size.x, label.at.y + size.y}};
        if (!rect_inside(rect, area_, 0.0f)) continue;
        if (std::any_of(taken.begin(), taken.end(),
                        [&](const ScreenRect& other) { return rects_overlap(rect, other); }))
            continue;
        canvas_text(draw_list, label.at, color, label.text, TextOwner::grid);
        // Where the two axes' numbers meet at the bottom-left, the first one drawn stays.
        taken.push_back(rect);
    }
}

void WorldCanvas::paint_world(const World& world, ImDrawList& draw_list) {
    if (world_display_ == lesson::WorldDisplay::hidden) {
        batch_.clear();
        stats_ = {};
        return;
    }
    const bool dimmed = world_display_ == lesson::WorldDisplay::dimmed;
    const ScreenRect bounds = snapped(camera_.world_to_screen(world.settings().bounds));
    const Rgba8 bounds_color = palette.world_bounds;
    draw_list.AddRect(to_imvec(bounds.min), to_imvec(bounds.max),
                      to_imgui_color(dimmed ? dimmed_color(bounds_color) : bounds_color), 0.0f, 0,
                      overlay_stroke(1.5f));
    WorldLayers layers = layers_;
    if (dimmed) {
        // Context only: every body alike and faint, no pair lines.
        layers.overlap_highlight = false;
        layers.pair_lines = false;
    }
    stats_ = collector_.collect(world, camera_.visible_world_box(), layers, hovered_, batch_);
    if (dimmed) {
        for (ShapeBatch::Rect& rect : batch_.rects) {
            rect.fill = dimmed_color(rect.fill);
            rect.outline = dimmed_color(rect.outline);
        }
    }
    paint_batch(draw_list);
}

void WorldCanvas::paint_batch(ImDrawList& draw_list) {
    const BatchedShapes shapes{batch_.rects, batch_.segments, {}, pair_line_pixels};
    // The batched renderer takes every rectangle and pair line in two GL draws.
    truncated_ = !dense_.paint(shapes, camera_, draw_list);
}

void WorldCanvas::draw_hover_tooltip(const World& world) const {
    const BoxId id = *hovered_;
    const auto boxes = world.world_boxes();
    const auto bodies = world.bodies();
    if (id >= boxes.size() || id >= bodies.size()) return;
    const Box2& box = boxes[id];
    int pair_count = 0;
    for (const BoxPair& pair : world.overlapping_pairs()) {
        pair_count += (pair.first == id || pair.second == id) ? 1 : 0;
    }
    ImGui::BeginTooltip();
    ImGui::Text(tr(TextKey::hover_box), static_cast<unsigned>(id));
    ImGui::Separator();
    ImGui::Text(tr(TextKey::hover_min), box.min.x, box.min.y);
    ImGui::Text(tr(TextKey::hover_max), box.max.x, box.max.y);
    ImGui::Text(tr(TextKey::hover_size), box.size().x, box.size().y);
    ImGui::Text(tr(TextKey::hover_velocity), bodies[id].velocity.x, bodies[id].velocity.y);
    ImGui::Text(tr(TextKey::hover_pairs), pair_count);
    ImGui::EndTooltip();
}

}  // namespace aabb::ui
