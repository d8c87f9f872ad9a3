// The swept boxes overlay: Each bullet's swept box over the last step: the box the broad phase sees
// for a swept

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <vector>

#include "core/geometry/overlap.hpp"
#include "core/lesson/lesson_names.hpp"
#include "ui/canvas/canvas_overlay.hpp"
#include "ui/canvas/overlay_draw.hpp"
#include "ui/model/simulation_controller.hpp"
#include "ui/overlays/overlay_list.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/view/label_placement.hpp"

namespace aabb::ui {

namespace {

/// Its names and legend.
constexpr OverlayDescription description{
    lesson::overlay_name("swept-boxes"), TextKey::overlay_swept_boxes,
    TextKey::overlay_swept_boxes_tip, &overlay_colors.swept_box};

/// Each bullet's swept box over the last step: the box the broad phase sees for a swept
/// bullet, start ∪ end for a discrete one. A region, never a time (docs/tunneling.md): one of
/// them, the selected bullet's or else the first on screen, is labelled as such.
void draw_swept_boxes(const OverlayContext& context, const OverlaySources& sources) {
    const World& world = context.world;
    if (world.bullet_count() == 0) return;  // at a million boxes the scan alone took 4 ms
    const BulletTracker& tracker = sources.simulation.bullets();
    const auto bodies = world.bodies();
    const auto ids = world.body_ids();
    const auto boxes = world.world_boxes();
    const auto broad = world.broad_phase_boxes();
    const ScreenRect view = clip_rect(context.draw_list);
    std::optional<Box2> labelled;
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
        const glm::vec2 corner =
            context.camera.world_to_screen(glm::vec2(swept.min.x, swept.min.y));
        if (ids[i] == sources.selection.selected() || (!labelled && view.contains(corner)))
            labelled = swept;
    }
    if (labelled) {
        // Under the box's bottom-left corner, clear of the labels drawn so far (the markers'
        // and ghosts' sit above their bodies).
        const glm::vec2 corner =
            context.camera.world_to_screen(glm::vec2(labelled->min.x, labelled->min.y));
        const char* text = tr(TextKey::swept_box_region);
        const ImVec2 size = ImGui::CalcTextSize(text);
        const float pad = overlay_size(2.0f);
        const LabelPlace place =
            place_label(corner + glm::vec2(pad, pad), glm::vec2(size.x, size.y) + 2.0f * pad, view,
                        label_obstacles(view), 2.0f * pad);
        // Nowhere free (a lesson's card and timeline): the boxes go unlabelled this frame.
        if (!place.overlaps)
            overlay_text(context.draw_list, to_imvec(place.rect.min + glm::vec2(pad)),
                         to_imgui_color(overlay_colors.swept_box), text);
    }
}

}  // namespace

const OverlayDefinition swept_boxes_overlay{description, draw_swept_boxes};

}  // namespace aabb::ui
