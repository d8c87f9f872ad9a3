// The selection overlay: Outlines the selected object (white) and the inspector's second object
// (cyan), with a line

#include "core/lesson/lesson_names.hpp"
#include "ui/canvas/canvas_overlay.hpp"
#include "ui/canvas/object_selection.hpp"
#include "ui/canvas/overlay_draw.hpp"
#include "ui/model/pair_inspection.hpp"
#include "ui/overlays/overlay_list.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/view/body_picking.hpp"

namespace aabb::ui {

namespace {

/// Its names and legend.
constexpr OverlayDescription description{lesson::overlay_name("selection"),
                                         TextKey::overlay_selection, TextKey::overlay_selection_tip,
                                         &overlay_colors.selection};

/// Outlines the selected object (white) and the inspector's second object (cyan), with a line
/// to each candidate partner of the selected one.
void draw_selection(const OverlayContext& context, const OverlaySources& sources) {
    const World& world = context.world;
    const auto outline = [&](std::size_t index, Rgba8 color) {
        outline_box(context.draw_list, context.camera, world.world_boxes()[index],
                    to_imgui_color(color), overlay_stroke(3.0f), overlay_size(3.0f));
    };
    const auto first = sources.selection.selected()
                           ? find_body(world, *sources.selection.selected())
                           : std::nullopt;
    const auto second =
        sources.selection.second() ? find_body(world, *sources.selection.second()) : std::nullopt;
    if (first) {
        const glm::vec2 center =
            context.camera.world_to_screen(world.world_boxes()[*first].center());
        const BodyPairs pairs = pairs_of(world, *first);
        for (std::size_t k = 0; k < pairs.others.size(); ++k) {
            const glm::vec2 other =
                context.camera.world_to_screen(world.world_boxes()[pairs.others[k]].center());
            context.draw_list.AddLine(
                ImVec2(center.x, center.y), ImVec2(other.x, other.y),
                to_imgui_color(pairs.is_contact[k] ? overlay_colors.true_contact
                                                   : overlay_colors.false_positive),
                overlay_stroke(3.0f));
        }
        outline(*first, overlay_colors.selection);
    }
    if (second) outline(*second, overlay_colors.inspect_partner);
}

}  // namespace

const OverlayDefinition selection_overlay{description, draw_selection};

}  // namespace aabb::ui
