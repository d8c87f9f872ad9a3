// The ray traversal gadget (L11, L19): a ray cast through the world's box tree (dynamic tree
// or BVH) tests a node's box and goes into its children only when the ray hits it, so a miss
// skips the node's whole subtree (curriculum §8, Box2D's Dynamic Tree sample). Drawn over the
// world: the ray; every node tested so far, hit ones outlined in the hit color, missed ones
// hatched in the miss color (their subtrees are never tested); the leaves hit, filled; the node
// tested last, thick; and a legend with the counts. A `progress` number (a step's animated
// handle, 0..1) shows the tests one by one in the order the tree makes them. The walk is
// core/lesson/ray_traversal.hpp's, as the ray_traversal readout reports it, and it counts
// exactly what the broad phase's cast_ray counts.

#include <algorithm>
#include <cmath>
#include <string>

#include "core/lesson/ray_traversal.hpp"
#include "ui/canvas/overlay_draw.hpp"
#include "ui/lesson/gadgets/gadget_inset.hpp"
#include "ui/lesson/gadgets/gadget_list.hpp"
#include "ui/lesson/gadgets/gadget_readouts.hpp"
#include "ui/lesson/lesson_timeline.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/style/palette.hpp"
#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

namespace {

/// The nodes below `index` (in the tree's order, parents first): the subtree a miss skips.
std::size_t subtree_size(const lesson::RayTraversal& traversal, std::size_t index) {
    const int depth = traversal.nodes[index].depth;
    std::size_t end = index + 1;
    while (end < traversal.nodes.size() && traversal.nodes[end].depth > depth)
        ++end;
    return end - index - 1;
}

/// The legend: the count of tests so far, what each outline means, the leaves hit, as many of
/// these lines as the free area holds (issue 49: at 1280x720 and UI scale 2 the card, the
/// caption and the scrubber leave a strip too short for four lines, and the lines that found
/// no place went under the toolbar and the bar; the card's formulas give the counts too).
void draw_legend(const GadgetContext& context, const lesson::RayTraversal& traversal,
                 std::size_t shown, std::size_t skipped, std::size_t leaves) {
    const std::string count =
        tr_format(TextKey::gadget_ray_tested, format_number(double(shown), "%,d").c_str(),
                  format_number(double(traversal.visits.size()), "%,d").c_str());
    const std::string missed =
        tr_format(TextKey::gadget_ray_missed, format_number(double(skipped), "%,d").c_str());
    const std::string hit_leaves =
        tr_format(TextKey::gadget_ray_leaves, format_number(double(leaves), "%,d").c_str());
    const struct {
        const char* text;
        ImU32 color;
    } lines[] = {{count.c_str(), to_imgui_color(palette.text)},
                 {tr(TextKey::gadget_ray_hit), role_color("hit")},
                 {missed.c_str(), role_color("miss")},
                 {hit_leaves.c_str(), role_color("result")}};
    // At the bottom-left of the free area (what the card, the bars and the caption leave),
    // not under the card.
    const ScreenRect free = free_canvas_area(context.camera);
    const float line = ImGui::GetTextLineHeightWithSpacing();
    const float margin = overlay_size(12.0f);
    float widest = 0.0f;
    for (const auto& row : lines)
        widest = std::max(widest, ImGui::CalcTextSize(row.text).x);
    if (free.size().x < widest + 2.0f * margin) return;
    const auto rows = static_cast<std::size_t>(
        std::clamp(std::floor((free.size().y - 2.0f * overlay_size(8.0f)) / line), 0.0f, 4.0f));
    const ImVec2 at(free.min.x + margin,
                    free.max.y - overlay_size(8.0f) - static_cast<float>(rows) * line);
    for (std::size_t k = 0; k < rows; ++k)
        draw_label(context, ImVec2(at.x, at.y + static_cast<float>(k) * line), lines[k].color,
                   lines[k].text);
}

}  // namespace

void draw_ray_traversal(const GadgetContext& context) {
    const lesson::LessonObject* origin = context.object("origin");
    const lesson::LessonObject* direction = context.object("direction");
    if (origin == nullptr || direction == nullptr) return;
    const Ray2 ray{origin->vector, direction->vector};
    if (!(glm::dot(ray.direction, ray.direction) > 0.0f)) return;
    // The ray's start belongs to the step's figure, even where the tree is far from it.
    extend_drawn(context, merge(Box2{ray.origin, ray.origin},
                                Box2{ray.origin + ray.direction, ray.origin + ray.direction}));
    const lesson::RayTraversal traversal = lesson::trace_ray(context.world.broad_phase(), ray);
    if (!traversal.traced) {
        (void)draw_ray_to_view_edge(context, ray, role_color("ray"));
        const ScreenRect& view = context.camera.viewport();
        draw_label(context,
                   ImVec2(view.min.x + overlay_size(12.0f),
                          lesson_bottom_overlays_top(view, context.runtime.animation() != nullptr) -
                              2.0f * ImGui::GetTextLineHeightWithSpacing()),
                   to_imgui_color(palette.text_dim), tr(TextKey::gadget_ray_untraced));
        return;
    }
    const std::size_t shown =
        lesson::traversal_shown(traversal.visits.size(), context.number("progress", 1.0));
    const ImU32 hit = role_color("hit");
    const ImU32 miss = role_color("miss");
    std::size_t skipped = 0;
    std::size_t leaves = 0;
    // Missed nodes first, hatched under everything, so the hit path stays on top.
    for (std::size_t k = 0; k < shown; ++k) {
        const std::size_t index = traversal.visits[k];
        const lesson::TraversalNode& node = traversal.nodes[index];
        if (node.outcome != lesson::NodeOutcome::missed) continue;
        skipped += subtree_size(traversal, index);
        const ScreenRect rect = context.camera.world_to_screen(node.box);
        hatch_rect(context.draw_list, rect.min, rect.max, with_alpha(miss, 90));
        context.draw_list.AddRect(to_imvec(rect.min), to_imvec(rect.max), miss, 0.0f, 0,
                                  overlay_stroke(1.5f));
    }
    for (std::size_t k = 0; k < shown; ++k) {
        const lesson::TraversalNode& node = traversal.nodes[traversal.visits[k]];
        if (node.outcome != lesson::NodeOutcome::hit) continue;
        if (node.leaf) ++leaves;
        draw_world_box(context, node.box, node.leaf ? role_color("result") : hit,
                       node.leaf ? 2.5f : 1.5f, node.leaf ? 110 : 0);
    }
    (void)draw_ray_to_view_edge(context, ray, role_color("ray"));
    if (shown > 0) {
        // The node tested last, thick, so a teacher stepping through sees where the walk is.
        const lesson::TraversalNode& current = traversal.nodes[traversal.visits[shown - 1]];
        const ScreenRect rect = context.camera.world_to_screen(current.box);
        context.draw_list.AddRect(to_imvec(rect.min), to_imvec(rect.max),
                                  current.outcome == lesson::NodeOutcome::hit ? hit : miss, 0.0f, 0,
                                  overlay_stroke(4.0f));
    }
    draw_legend(context, traversal, shown, skipped, leaves);
}

}  // namespace aabb::ui
