// The quadtree probe (L18): a box inserted into a quadtree goes down while it lies strictly
// inside one child's quadrant and stays in the node whose split lines it straddles or touches
// (curriculum §8: straddlers stay in the parent, however small they are). Drawn over the world:
// each node the box descends through, colored by depth like the structure overlay, with its
// split lines; the node where it stays, filled; the split line that stops it; and the depth.
// Each level's node is the quadtree_fit readout's region at that depth, so the drawing follows
// the rule of core/broadphase/tree/quadtree.cpp exactly as the readouts do.

#include <cstdio>
#include <string>

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

/// The node the box reaches when the tree may be at most `depth` levels deep.
Box2 node_at(const GadgetContext& context, int depth) {
    CatalogQuery fit(context, "quadtree_fit");
    fit.object("box", "box").object("region", "region").number("max_depth", depth);
    return {{static_cast<float>(fit.number_or("node_min_x", 0.0)),
             static_cast<float>(fit.number_or("node_min_y", 0.0))},
            {static_cast<float>(fit.number_or("node_max_x", 0.0)),
             static_cast<float>(fit.number_or("node_max_y", 0.0))}};
}

/// The two split lines of a node, dashed.
void draw_split(const GadgetContext& context, const Box2& node, ImU32 color) {
    const glm::vec2 middle = node.center();
    const float width = overlay_stroke(1.0f);
    dashed_line(context.draw_list, context.camera.world_to_screen({middle.x, node.min.y}),
                context.camera.world_to_screen({middle.x, node.max.y}), color, width);
    dashed_line(context.draw_list, context.camera.world_to_screen({node.min.x, middle.y}),
                context.camera.world_to_screen({node.max.x, middle.y}), color, width);
}

}  // namespace

void draw_quadtree_probe(const GadgetContext& context) {
    const lesson::LessonObject* probe = context.object("box");
    const lesson::LessonObject* region = context.object("region");
    if (probe == nullptr || region == nullptr || !probe->box.is_valid() || !region->box.is_valid())
        return;
    CatalogQuery fit(context, "quadtree_fit");
    fit.object("box", "box").object("region", "region").number("max_depth", max_depth);
    const int depth = static_cast<int>(fit.number_or("depth", 0.0));
    const auto& depth_colors = overlay_colors.structure_by_depth;
    Box2 node = region->box;
    for (int level = 0; level <= depth; ++level) {
        node = level == 0 ? region->box : node_at(context, level);
        const ImU32 color = to_imgui_color(depth_colors[std::size_t(level) % depth_colors.size()]);
        draw_world_box(context, node, color, level == depth ? 3.0f : 1.5f, level == depth ? 60 : 0);
        if (level < depth) draw_split(context, node, with_alpha(color, 150));
    }
    // The split lines of the node where the box stays: it crosses or touches one of them.
    const glm::vec2 middle = node.center();
    const Box2& box = probe->box;
    const ImU32 stop = role_color("hit");
    const bool crosses_x = box.min.x <= middle.x && box.max.x >= middle.x;
    const bool crosses_y = box.min.y <= middle.y && box.max.y >= middle.y;
    const float width = overlay_stroke(2.5f);
    if (depth < max_depth && crosses_x)
        context.draw_list.AddLine(to_imvec(context.camera.world_to_screen({middle.x, node.min.y})),
                                  to_imvec(context.camera.world_to_screen({middle.x, node.max.y})),
                                  stop, width);
    if (depth < max_depth && crosses_y)
        context.draw_list.AddLine(to_imvec(context.camera.world_to_screen({node.min.x, middle.y})),
                                  to_imvec(context.camera.world_to_screen({node.max.x, middle.y})),
                                  stop, width);
    const ImU32 probe_color = object_color(*probe);
    draw_world_box(context, box, probe_color, 2.5f, 120);
    const ScreenRect rect = context.camera.world_to_screen(box);
    std::string text = depth == 0 ? std::string(tr(TextKey::gadget_quadtree_root))
                                  : tr_format(TextKey::gadget_quadtree_depth, depth);
    if (depth < max_depth) {
        char split[64];
        if (crosses_x) {
            std::snprintf(split, sizeof split, "x = %s", format_number(middle.x).c_str());
        } else {
            std::snprintf(split, sizeof split, "y = %s", format_number(middle.y).c_str());
        }
        text += "  " + tr_format(TextKey::gadget_quadtree_straddles, split);
    }
    draw_label(context, ImVec2(rect.max.x + overlay_size(8.0f), rect.min.y - overlay_size(20.0f)),
               probe_color, text.c_str());
}

}  // namespace aabb::ui
