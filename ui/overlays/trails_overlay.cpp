// The trails overlay: The recent path of each bullet.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "core/geometry/overlap.hpp"
#include "core/lesson/lesson_names.hpp"
#include "ui/canvas/canvas_overlay.hpp"
#include "ui/canvas/overlay_draw.hpp"
#include "ui/model/simulation_controller.hpp"
#include "ui/overlays/overlay_list.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"

namespace aabb::ui {

namespace {

/// Its names and legend.
constexpr OverlayDescription description{lesson::overlay_name("trails"), TextKey::overlay_trails,
                                         TextKey::overlay_trails_tip, &overlay_colors.trail};

/// The recent path of each bullet.
void draw_trails(const OverlayContext& context, const OverlaySources& sources) {
    const BulletTracker& tracker = sources.simulation.bullets();
    std::vector<ImVec2> points;
    for (const BodyId bullet : tracker.trailed_bullets()) {
        const auto trail = tracker.trail(bullet);
        if (trail.size() < 2) continue;
        points.clear();
        for (const glm::vec2 point : trail)
            points.push_back(to_imvec(context.camera.world_to_screen(point)));
        context.draw_list.AddPolyline(points.data(), static_cast<int>(points.size()),
                                      to_imgui_color(overlay_colors.trail.with_alpha(170)), 0,
                                      overlay_stroke(2.0f));
        for (const ImVec2& point : points)
            context.draw_list.AddCircleFilled(point, overlay_size(2.0f),
                                              to_imgui_color(overlay_colors.trail));
    }
}

}  // namespace

const OverlayDefinition trails_overlay{description, draw_trails};

}  // namespace aabb::ui
