// The quadtree probe (L18): a box inserted into a quadtree goes down while it lies strictly
// inside one child's quadrant and stays in the node whose split lines it straddles or touches
// (curriculum §8: straddlers stay in the parent, however small they are). Drawn over the world:
// each node the box descends through, colored by depth like the structure overlay, with its
// split lines; the node where it stays, filled; the split line that stops it; and the depth.
// A `progress` number (a step's animated handle, 0..1) shows the insertion level by level: the
// nodes reached so far, the quadrant it goes into next, and the stop only once it settles. The
// levels are core/lesson/quadtree_descent.hpp's, as the quadtree_fit readout reports them, so
// the drawing follows the rule of core/broadphase/tree/quadtree.cpp exactly as the numbers do.

#include <cstdio>
#include <string>
#include <vector>

#include "core/lesson/quadtree_descent.hpp"
#include "ui/canvas/overlay_draw.hpp"
#include "ui/lesson/gadgets/gadget_list.hpp"
#include "ui/lesson/gadgets/gadget_readouts.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

namespace {

// The quadtree_fit readout's default deepest level.
constexpr int max_depth = 10;

/// The two split lines of a node, dashed.
void draw_split(const GadgetContext& context, const Box2& node, ImU32 color) {
    const glm::vec2 middle = node.center();
    const float width = overlay_stroke(1.0f);
    dashed_line(context.draw_list, context.camera.world_to_screen({middle.x, node.min.y}),
                context.camera.world_to_screen({middle.x, node.max.y}), color, width);
    dashed_line(context.draw_list, context.camera.world_to_screen({node.min.x, middle.y}),
                context.camera.world_to_screen({node.max.x, middle.y}), color, width);
}

/// The child quadrant `quadrant` of `node` (bit 0: upper half in x, bit 1: in y).
Box2 child_of(const Box2& node, int quadrant) {
    const glm::vec2 middle = node.min * 0.5f + node.max * 0.5f;
    Box2 child = node;
    (quadrant & 1 ? child.min.x : child.max.x) = middle.x;
    (quadrant & 2 ? child.min.y : child.max.y) = middle.y;
    return child;
}

/// The split line of `node` that stops the box, red, and the label "stays at depth d: it
/// straddles x = …".
void draw_stop(const GadgetContext& context, const Box2& node, const Box2& box, int depth) {
    const glm::vec2 middle = node.center();
    const bool crosses_x = box.min.x <= middle.x && box.max.x >= middle.x;
    const bool crosses_y = box.min.y <= middle.y && box.max.y >= middle.y;
    const ImU32 stop = role_color("hit");
    const float width = overlay_stroke(2.5f);
    const bool stopped = depth < max_depth;
    if (stopped && crosses_x)
        context.draw_list.AddLine(to_imvec(context.camera.world_to_screen({middle.x, node.min.y})),
                                  to_imvec(context.camera.world_to_screen({middle.x, node.max.y})),
                                  stop, width);
    if (stopped && crosses_y)
        context.draw_list.AddLine(to_imvec(context.camera.world_to_screen({node.min.x, middle.y})),
                                  to_imvec(context.camera.world_to_screen({node.max.x, middle.y})),
                                  stop, width);
}

}  // namespace

void draw_quadtree_probe(const GadgetContext& context) {
    const lesson::LessonObject* probe = context.object("box");
    const lesson::LessonObject* region = context.object("region");
    if (probe == nullptr || region == nullptr || !probe->box.is_valid() || !region->box.is_valid())
        return;
    const Box2& box = probe->box;
    const std::vector<lesson::QuadtreeStep> steps =
        lesson::quadtree_descent(box, region->box, max_depth);
    const int depth = static_cast<int>(steps.size()) - 1;
    const int level = lesson::quadtree_level_at(depth, context.number("progress", 1.0));
    const bool settled = level == depth;
    const auto& depth_colors = overlay_colors.structure_by_depth;
    const auto color_of = [&](int at) {
        return to_imgui_color(depth_colors[std::size_t(at) % depth_colors.size()]);
    };
    for (int at = 0; at <= level; ++at) {
        const Box2& node = steps[std::size_t(at)].region;
        const bool here = at == level;
        draw_world_box(context, node, color_of(at), here ? 3.0f : 1.5f, here ? 60 : 0);
        if (!here || !settled) draw_split(context, node, with_alpha(color_of(at), 150));
    }
    const Box2& node = steps[std::size_t(level)].region;
    if (settled) {
        draw_stop(context, node, box, depth);
    } else {
        // Where it goes next: the quadrant it lies strictly inside, outlined in the next
        // level's color.
        const int quadrant = steps[std::size_t(level)].quadrant;
        draw_dashed_world_box(context, child_of(node, quadrant), color_of(level + 1), 2.5f);
    }
    const ImU32 probe_color = object_color(*probe);
    draw_world_box(context, box, probe_color, 2.5f, 120);
    const ScreenRect rect = context.camera.world_to_screen(box);
    std::string text;
    if (!settled) {
        text = tr_format(TextKey::gadget_quadtree_going, level);
    } else {
        text = depth == 0 ? std::string(tr(TextKey::gadget_quadtree_root))
                          : tr_format(TextKey::gadget_quadtree_depth, depth);
        if (depth < max_depth) {
            const glm::vec2 middle = node.center();
            const bool crosses_x = box.min.x <= middle.x && box.max.x >= middle.x;
            char split[64];
            if (crosses_x) {
                std::snprintf(split, sizeof split, "x = %s", format_number(middle.x).c_str());
            } else {
                std::snprintf(split, sizeof split, "y = %s", format_number(middle.y).c_str());
            }
            text += "  " + tr_format(TextKey::gadget_quadtree_straddles, split);
        }
    }
    draw_label(context, ImVec2(rect.max.x + overlay_size(8.0f), rect.min.y - overlay_size(20.0f)),
               probe_color, text.c_str());
}

}  // namespace aabb::ui
