// The contact points overlay: a dot at every contact point of the last step's true contacts
// and a short line along its normal.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "core/geometry/overlap.hpp"
#include "core/lesson/lesson_names.hpp"
#include "ui/canvas/canvas_overlay.hpp"
#include "ui/canvas/overlay_draw.hpp"
#include "ui/overlays/overlay_list.hpp"
#include "ui/platform/theme.hpp"
#include "ui/render/dense_shapes.hpp"
#include "ui/style/overlay_colors.hpp"

namespace aabb::ui {

namespace {

/// Its names and legend.
constexpr OverlayDescription description{
    lesson::overlay_name("contact-points"), TextKey::overlay_contact_points,
    TextKey::overlay_contact_points_tip, &overlay_colors.contact_point};

/// Screen length of the normal line at UI scale 1, in pixels.
constexpr float normal_pixels = 10.0f;
/// Width of the normal line at UI scale 1, in pixels.
constexpr float normal_stroke_pixels = 2.0f;
/// Contacts of a body smaller than this on screen (pixels at UI scale 1) are not marked.
constexpr float min_body_pixels = 4.0f;

/// Contact points of every true contact of the last step: a dot per point and a short line
/// along the contact normal (from the first body towards the second). Skipped for bodies
/// too small on screen to carry a dot. A dense pile has tens of thousands: they go to the
/// batched renderer as one batch of lines and one of dots.
void draw_contact_points(const OverlayContext& context, const OverlaySources&) {
    const World& world = context.world;
    if (world.contacts().empty() || context.dense == nullptr) return;
    const Box2 visible = context.camera.visible_world_box();
    const Rgba8 color = overlay_colors.contact_point;
    // A dark ring under each dot keeps it visible over the bright pair lines and fills.
    const Rgba8 ring = overlay_colors.text_backdrop.with_alpha(255);
    const float radius = overlay_size(2.5f);
    const float ring_radius = radius + overlay_size(1.0f);
    // The normal's screen length in world units (the same in x and y).
    const float normal_length = overlay_size(normal_pixels) / context.camera.zoom();
    const auto boxes = world.world_boxes();
    // Zoomed far out (thousands of bodies) dots would hide the bodies they mark.
    const float min_world_side = overlay_size(min_body_pixels) / context.camera.zoom();
    const auto smaller_side = [&](BoxId index) {
        const glm::vec2 size = boxes[index].size();
        return std::min(size.x, size.y);
    };
    ShapeBatch& batch = context.dense->batch();
    const auto contacts = world.contacts();
    for (std::size_t c = 0; c < contacts.size(); ++c) {
        const Contact& contact = contacts[c];
        if (contact.first >= boxes.size() || contact.second >= boxes.size()) continue;
        if (std::min(smaller_side(contact.first), smaller_side(contact.second)) < min_world_side)
            continue;
        // The points lie on or between the two shapes, so inside both boxes' merge: a pair
        // off screen has none to draw, and its points are not computed.
        if (!overlaps_closed(merge(boxes[contact.first], boxes[contact.second]), visible)) continue;
        const PairContactPoints pair = world.contact_points_of(c);
        const ContactManifold& manifold = pair.manifold;
        for (std::uint32_t k = 0; k < manifold.count; ++k) {
            const glm::vec2 point = manifold.points[k];
            if (!contains(visible, point)) continue;
            batch.segments.push_back({point, point + manifold.normal * normal_length, color});
            batch.discs.push_back({point, ring_radius, ring});
            batch.discs.push_back({point, radius, color});
        }
    }
    context.dense->paint(batch, normal_stroke_pixels, context.camera, context.draw_list);
}

}  // namespace

const OverlayDefinition contact_points_overlay{description, draw_contact_points};

}  // namespace aabb::ui
