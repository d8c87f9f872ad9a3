#include "ui/overlays/world_overlays.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/geometry/overlap.hpp"
#include "ui/platform/theme.hpp"

namespace aabb::ui {

namespace {

ImVec2 to_imvec(glm::vec2 point) {
    return ImVec2(point.x, point.y);
}

ImU32 color_of(Rgba8 color) {
    return to_imgui_color(color);
}

/// The four screen corners of a box of `half_size` at `center` rotated by `angle`.
void pose_corners(const Camera& camera, glm::vec2 center, glm::vec2 half_size, float angle,
                  ImVec2 (&corners)[4]) {
    const float cosine = std::cos(angle);
    const float sine = std::sin(angle);
    const glm::vec2 local[4] = {{-half_size.x, -half_size.y},
                                {half_size.x, -half_size.y},
                                {half_size.x, half_size.y},
                                {-half_size.x, half_size.y}};
    for (int i = 0; i < 4; ++i) {
        const glm::vec2 rotated{cosine * local[i].x - sine * local[i].y,
                                sine * local[i].x + cosine * local[i].y};
        corners[i] = to_imvec(camera.world_to_screen(center + rotated));
    }
}

void draw_pose(ImDrawList& draw_list, const Camera& camera, glm::vec2 center, glm::vec2 half_size,
               float angle, Rgba8 color, float thickness) {
    ImVec2 corners[4];
    pose_corners(camera, center, half_size, angle, corners);
    draw_list.AddConvexPolyFilled(corners, 4, color_of(color.with_alpha(50)));
    draw_list.AddPolyline(corners, 4, color_of(color), ImDrawFlags_Closed, thickness);
}

void outline_box(ImDrawList& draw_list, const Camera& camera, const Box2& box, Rgba8 color,
                 float thickness) {
    const ScreenRect rect = camera.world_to_screen(box);
    draw_list.AddRect(to_imvec(rect.min), to_imvec(rect.max), color_of(color), 0.0f, 0, thickness);
}

/// A dashed line, so paths read differently from the solid pair lines.
void dashed_line(ImDrawList& draw_list, glm::vec2 from, glm::vec2 to, ImU32 color,
                 float thickness) {
    const glm::vec2 delta = to - from;
    const float length = glm::length(delta);
    if (length < 1.0f) return;
    constexpr float dash = 8.0f;
    const glm::vec2 direction = delta / length;
    for (float start = 0.0f; start < length; start += 2.0f * dash) {
        const float stop = std::min(start + dash, length);
        draw_list.AddLine(to_imvec(from + direction * start), to_imvec(from + direction * stop),
                          color, thickness);
    }
}

/// Overlay text over a backdrop so it stays readable over a busy canvas (opaque black in high
/// contrast).
void overlay_text(ImDrawList& draw_list, ImVec2 position, ImU32 color, const char* text) {
    const ImVec2 size = ImGui::CalcTextSize(text);
    const float pad = overlay_size(2.0f);
    draw_list.AddRectFilled(ImVec2(position.x - pad, position.y - pad),
                            ImVec2(position.x + size.x + pad, position.y + size.y + pad),
                            color_of(overlay_colors::text_backdrop), pad);
    draw_list.AddText(position, color, text);
}

}  // namespace

void ShapesOverlay::draw(const OverlayContext& context) {
    const World& world = context.world;
    const Box2 visible = context.camera.visible_world_box();
    const auto bodies = world.bodies();
    const auto boxes = world.world_boxes();
    const auto ranges = world.vertex_ranges();
    const auto vertices = world.vertices();
    std::vector<ImVec2> points;
    for (std::size_t i = 0; i < bodies.size(); ++i) {
        const Body& body = bodies[i];
        // Plain boxes are exactly their AABB, which the canvas already fills.
        if (body.kind == BodyKind::box && body.shape == ShapeType::box && body.angle == 0.0f)
            continue;
        if (!overlaps_closed(boxes[i], visible)) continue;
        Rgba8 fill = overlay_colors::shape_fill;
        Rgba8 outline = overlay_colors::shape_outline;
        if (body.kind == BodyKind::wall) {
            fill = overlay_colors::wall_fill;
            outline = overlay_colors::wall_outline;
        } else if (body.kind == BodyKind::bullet) {
            fill = overlay_colors::bullet_fill;
            outline = overlay_colors::bullet_outline;
        }
        if (body.shape == ShapeType::circle) {
            const glm::vec2 center = context.camera.world_to_screen(body.position);
            const float radius = std::max(body.radius * context.camera.zoom(), 1.0f);
            context.draw_list.AddCircleFilled(to_imvec(center), radius, color_of(fill));
            context.draw_list.AddCircle(to_imvec(center), radius, color_of(outline), 0,
                                        overlay_stroke(1.5f));
            // A spoke shows the rotation.
            const glm::vec2 spoke{std::cos(body.angle), -std::sin(body.angle)};
            context.draw_list.AddLine(to_imvec(center), to_imvec(center + spoke * radius),
                                      color_of(outline), overlay_stroke(1.5f));
            continue;
        }
        if (i >= ranges.size() || ranges[i].count < 3) continue;
        points.clear();
        for (std::uint32_t k = 0; k < ranges[i].count; ++k) {
            points.push_back(
                to_imvec(context.camera.world_to_screen(vertices[ranges[i].offset + k])));
        }
        const int count = static_cast<int>(points.size());
        context.draw_list.AddConvexPolyFilled(points.data(), count, color_of(fill));
        context.draw_list.AddPolyline(points.data(), count, color_of(outline), ImDrawFlags_Closed,
                                      overlay_stroke(1.5f));
    }
}

void ContactPointsOverlay::draw(const OverlayContext& context) {
    const World& world = context.world;
    if (world.contacts().empty()) return;
    const Box2 visible = context.camera.visible_world_box();
    const ImU32 color = color_of(overlay_colors::contact_point);
    // A dark ring under each dot keeps it visible over the bright pair lines and fills.
    const ImU32 ring = color_of(overlay_colors::text_backdrop.with_alpha(255));
    const float radius = overlay_size(2.5f);
    const float width = overlay_stroke(2.0f);
    const float normal_length = overlay_size(normal_pixels);
    const auto boxes = world.world_boxes();
    // Zoomed far out (thousands of bodies) dots would hide the bodies they mark.
    const float min_world_side = overlay_size(min_body_pixels) / context.camera.zoom();
    const auto smaller_side = [&](BoxId index) {
        const glm::vec2 size = boxes[index].size();
        return std::min(size.x, size.y);
    };
    for (const PairContactPoints& pair : world.contact_points()) {
        if (pair.first >= boxes.size() || pair.second >= boxes.size()) continue;
        if (std::min(smaller_side(pair.first), smaller_side(pair.second)) < min_world_side)
            continue;
        const ContactManifold& manifold = pair.manifold;
        for (std::uint32_t k = 0; k < manifold.count; ++k) {
            const glm::vec2 point = manifold.points[k];
            if (!contains(visible, point)) continue;
            const glm::vec2 screen = context.camera.world_to_screen(point);
            // Screen y grows downwards: the world normal's y is flipped.
            const glm::vec2 tip =
                screen + glm::vec2(manifold.normal.x, -manifold.normal.y) * normal_length;
            context.draw_list.AddLine(to_imvec(screen), to_imvec(tip), color, width);
            context.draw_list.AddCircleFilled(to_imvec(screen), radius + overlay_size(1.0f), ring);
            context.draw_list.AddCircleFilled(to_imvec(screen), radius, color);
        }
    }
}

void SweptBoxesOverlay::draw(const OverlayContext& context) {
    const World& world = context.world;
    const BulletTracker& tracker = simulation_.bullets();
    const auto bodies = world.bodies();
    const auto ids = world.body_ids();
    const auto boxes = world.world_boxes();
    const auto broad = world.broad_phase_boxes();
    for (std::size_t i = 0; i < bodies.size(); ++i) {
        if (bodies[i].kind != BodyKind::bullet) continue;
        Box2 swept = i < broad.size() ? broad[i] : boxes[i];
        if (const glm::vec2* start = tracker.start_position(ids[i])) {
            // The end box moved back to the start position, merged with the end box.
            const glm::vec2 back = *start - bodies[i].position;
            swept = merge(swept, Box2{boxes[i].min + back, boxes[i].max + back});
        }
        outline_box(context.draw_list, context.camera, swept, overlay_colors::swept_box,
                    overlay_stroke(2.0f));
    }
}

void TrailsOverlay::draw(const OverlayContext& context) {
    const BulletTracker& tracker = simulation_.bullets();
    std::vector<ImVec2> points;
    for (const BodyId bullet : tracker.trailed_bullets()) {
        const auto trail = tracker.trail(bullet);
        if (trail.size() < 2) continue;
        points.clear();
        for (const glm::vec2 point : trail)
            points.push_back(to_imvec(context.camera.world_to_screen(point)));
        context.draw_list.AddPolyline(points.data(), static_cast<int>(points.size()),
                                      color_of(overlay_colors::trail.with_alpha(170)), 0,
                                      overlay_stroke(2.0f));
        for (const ImVec2& point : points)
            context.draw_list.AddCircleFilled(point, overlay_size(2.0f),
                                              color_of(overlay_colors::trail));
    }
}

void ImpactGhostsOverlay::draw(const OverlayContext& context) {
    const auto& events = simulation_.bullets().events();
    const std::size_t first =
        events.size() > static_cast<std::size_t>(max_drawn) ? events.size() - max_drawn : 0;
    for (std::size_t k = first; k < events.size(); ++k) {
        const BulletEventRecord& event = events[k];
        const Camera& camera = context.camera;
        dashed_line(context.draw_list, camera.world_to_screen(event.start),
                    camera.world_to_screen(event.end), color_of(overlay_colors::ghost_start),
                    overlay_stroke(1.5f));
        draw_pose(context.draw_list, camera, event.start, event.half_size, event.angle,
                  overlay_colors::ghost_start, overlay_stroke(1.5f));
        draw_pose(context.draw_list, camera, event.end, event.half_size, event.angle,
                  overlay_colors::ghost_end, overlay_stroke(1.5f));
        if (event.tunneled) {
            draw_pose(context.draw_list, camera, event.exit, event.half_size, event.angle,
                      overlay_colors::ghost_end.with_alpha(160), overlay_stroke(1.0f));
        }
        draw_pose(context.draw_list, camera, event.impact, event.half_size, event.angle,
                  overlay_colors::ghost_hit, overlay_stroke(2.5f));
        char text[48];
        std::snprintf(text, sizeof text, "TOI %.2f", event.time_of_impact);
        const glm::vec2 label =
            camera.world_to_screen(event.impact + glm::vec2(0.0f, event.half_size.y));
        const float font = ImGui::GetFontSize();
        overlay_text(context.draw_list, ImVec2(label.x - 1.5f * font, label.y - 1.3f * font),
                     color_of(overlay_colors::ghost_hit), text);
    }
}

void TunnelingMarkersOverlay::draw(const OverlayContext& context) {
    for (const BulletEventRecord& event : simulation_.bullets().events()) {
        if (!event.tunneled) continue;
        const glm::vec2 inside = (event.impact + event.exit) * 0.5f;
        const glm::vec2 center = context.camera.world_to_screen(inside);
        const ImU32 color = color_of(overlay_colors::tunneling);
        const float radius = overlay_size(12.0f);
        const float width = overlay_stroke(3.0f);
        context.draw_list.AddCircle(to_imvec(center), radius, color, 0, width);
        context.draw_list.AddLine(ImVec2(center.x - radius * 0.7f, center.y - radius * 0.7f),
                                  ImVec2(center.x + radius * 0.7f, center.y + radius * 0.7f), color,
                                  width);
        context.draw_list.AddLine(ImVec2(center.x - radius * 0.7f, center.y + radius * 0.7f),
                                  ImVec2(center.x + radius * 0.7f, center.y - radius * 0.7f), color,
                                  width);
        char text[64];
        std::snprintf(text, sizeof text, "tunneled, step %llu",
                      static_cast<unsigned long long>(event.frame));
        overlay_text(
            context.draw_list,
            ImVec2(center.x + radius + overlay_size(4.0f), center.y - 0.5f * ImGui::GetFontSize()),
            color, text);
    }
}

void SceneCaptionOverlay::draw(const OverlayContext& context) {
    const World& world = context.world;
    std::uint64_t contacts = 0;
    for (const std::uint8_t is_contact : world.pair_is_contact())
        contacts += is_contact;
    const std::uint64_t candidates = world.overlapping_pairs().size();
    const ScreenRect& area = context.camera.viewport();
    // Below the canvas toolbar (one row of buttons at the top-left).
    // Offsets in font units, so the caption keeps its layout at every UI scale.
    const float unit = ImGui::GetFontSize() / 16.0f;
    const ImVec2 origin(area.min.x + 12.0f * unit,
                        area.min.y + ImGui::GetFrameHeightWithSpacing() + 22.0f * unit);
    const Scene& scene = simulation_.scene_description();
    // English and Chinese titles on one line.
    const std::string title =
        scene.title_zh.empty() ? scene.title : scene.title + "   " + scene.title_zh;
    char line[160];
    std::snprintf(line, sizeof line,
                  "step %llu   candidate pairs %llu   true contacts %llu   false positives %llu"
                  "   tunneled %llu",
                  static_cast<unsigned long long>(world.frame()),
                  static_cast<unsigned long long>(candidates),
                  static_cast<unsigned long long>(contacts),
                  static_cast<unsigned long long>(candidates - contacts),
                  static_cast<unsigned long long>(simulation_.bullets().tunneling_count()));
    const float line_height = ImGui::GetTextLineHeightWithSpacing();
    const float width =
        std::max(ImGui::CalcTextSize(title.c_str()).x + 24.0f * unit, ImGui::CalcTextSize(line).x);
    // At least as dark as the standard caption; opaque in high contrast.
    const Rgba8 backdrop = overlay_colors::text_backdrop.with_alpha(
        std::max<std::uint8_t>(170, overlay_colors::text_backdrop.a));
    context.draw_list.AddRectFilled(
        ImVec2(origin.x - 6.0f * unit, origin.y - 4.0f * unit),
        ImVec2(origin.x + width + 6.0f * unit, origin.y + 2.0f * line_height + 2.0f * unit),
        color_of(backdrop), 4.0f * unit);
    // A solid square of the title color marks the caption (aabb-png-check --scene-view looks
    // for it; antialiased text alone has too few exact pixels).
    const float square = ImGui::GetTextLineHeight() * 0.7f;
    const float inset = (ImGui::GetTextLineHeight() - square) * 0.5f;
    context.draw_list.AddRectFilled(ImVec2(origin.x, origin.y + inset),
                                    ImVec2(origin.x + square, origin.y + inset + square),
                                    IM_COL32(255, 217, 115, 255));
    context.draw_list.AddText(ImVec2(origin.x + square + 6.0f * unit, origin.y),
                              IM_COL32(255, 217, 115, 255), title.c_str());
    context.draw_list.AddText(ImVec2(origin.x, origin.y + line_height),
                              IM_COL32(225, 230, 238, 255), line);
}

}  // namespace aabb::ui
