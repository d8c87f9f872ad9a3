#include "ui/overlays/swept_boxes_overlay.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "core/geometry/overlap.hpp"
#include "ui/canvas/overlay_draw.hpp"
#include "ui/platform/theme.hpp"

namespace aabb::ui {

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
        outline_box(context.draw_list, context.camera, swept,
                    to_imgui_color(overlay_colors.swept_box), overlay_stroke(2.0f));
    }
}

}  // namespace aabb::ui
