#include "ui/overlays/trails_overlay.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "core/geometry/overlap.hpp"
#include "ui/canvas/overlay_draw.hpp"
#include "ui/platform/theme.hpp"

namespace aabb::ui {

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
                                      to_imgui_color(overlay_colors.trail.with_alpha(170)), 0,
                                      overlay_stroke(2.0f));
        for (const ImVec2& point : points)
            context.draw_list.AddCircleFilled(point, overlay_size(2.0f),
                                              to_imgui_color(overlay_colors.trail));
    }
}

}  // namespace aabb::ui
