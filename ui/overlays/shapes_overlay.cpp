// The shapes overlay: Exact shapes of walls, bullets and rotating shapes (plain boxes are the AABB
// fill).

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <vector>

#include "core/geometry/overlap.hpp"
#include "core/lesson/lesson_names.hpp"
#include "core/narrowphase/narrow_phase.hpp"
#include "ui/canvas/canvas_overlay.hpp"
#include "ui/canvas/overlay_draw.hpp"
#include "ui/overlays/overlay_list.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"

namespace aabb::ui {

namespace {

/// Its names and legend.
constexpr OverlayDescription description{lesson::overlay_name("shapes"), TextKey::overlay_shapes,
                                         TextKey::overlay_shapes_tip,
                                         &overlay_colors.shape_outline};

/// Exact shapes of walls, bullets and rotating shapes (plain boxes are the AABB fill).
void draw_shapes(const OverlayContext& context, const OverlaySources&) {
    const World& world = context.world;
    const auto bodies = world.bodies();
    std::vector<ImVec2> points;
    // The canvas listed the visible bodies that are not plain unrotated boxes (those are
    // exactly their AABB, which the canvas already fills).
    for (const std::uint32_t i : context.shaped_bodies) {
        if (i >= bodies.size()) continue;
        const Body& body = bodies[i];
        Rgba8 fill = overlay_colors.shape_fill;
        Rgba8 outline = overlay_colors.shape_outline;
        if (body.kind == BodyKind::wall) {
            fill = overlay_colors.wall_fill;
            outline = overlay_colors.wall_outline;
        } else if (body.kind == BodyKind::bullet) {
            fill = overlay_colors.bullet_fill;
            outline = overlay_colors.bullet_outline;
        }
        if (body.shape == ShapeType::circle) {
            const glm::vec2 center = context.camera.world_to_screen(body.position);
            const float radius = std::max(body.radius * context.camera.zoom(), 1.0f);
            context.draw_list.AddCircleFilled(to_imvec(center), radius, to_imgui_color(fill));
            context.draw_list.AddCircle(to_imvec(center), radius, to_imgui_color(outline), 0,
                                        overlay_stroke(1.5f));
            // A spoke shows the rotation.
            const glm::vec2 spoke{std::cos(body.angle), -std::sin(body.angle)};
            context.draw_list.AddLine(to_imvec(center), to_imvec(center + spoke * radius),
                                      to_imgui_color(outline), overlay_stroke(1.5f));
            continue;
        }
        // An unrotated box (a wall or a bullet here) keeps no vertices: its outline is its box.
        std::array<glm::vec2, 4> corners{};
        const auto shape_outline = aabb::outline(world.placed_shape(i), corners);
        if (shape_outline.size() < 3) continue;
        points.clear();
        for (const glm::vec2 vertex : shape_outline)
            points.push_back(to_imvec(context.camera.world_to_screen(vertex)));
        const int count = static_cast<int>(points.size());
        context.draw_list.AddConvexPolyFilled(points.data(), count, to_imgui_color(fill));
        context.draw_list.AddPolyline(points.data(), count, to_imgui_color(outline),
                                      ImDrawFlags_Closed, overlay_stroke(1.5f));
    }
}

}  // namespace

const OverlayDefinition shapes_overlay{description, draw_shapes};

}  // namespace aabb::ui
