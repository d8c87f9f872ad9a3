#pragma once
// Every gadget kind the window draws, by the name lesson files use, and drawing a lesson's
// gadgets. A new gadget kind is a row in core/lesson/lesson_names.cpp (its roles), a file here
// with its draw function, its declaration below and its row in gadget_list.cpp.

#include <span>
#include <string_view>

#include "ui/lesson/gadgets/gadget_drawing.hpp"

namespace aabb::ui {

/// Draws one gadget.
using GadgetDrawFunction = void (*)(const GadgetContext& context);

/// A gadget kind and how it is drawn.
struct GadgetDrawer {
    /// The kind's name in lesson files.
    std::string_view kind;
    /// Draws it.
    GadgetDrawFunction draw;
};

/// Every gadget kind the window draws.
[[nodiscard]] std::span<const GadgetDrawer> gadget_drawers();

/// Draws every gadget of the running lesson. A kind the window cannot draw is named on the
/// canvas instead (a lesson written for a newer build) and, once per kind, on stderr as
/// "aabb-sandbox: lesson gadget 'KIND' is not drawn by this build" (tests fail on that line).
/// Returns what was drawn on the canvas: its world extent and the screen area of its insets.
DrawnExtent draw_lesson_gadgets(const lesson::LessonRuntime& runtime, const World& world,
                                const Camera& camera, ImDrawList& draw_list);

/// Box A and B with their x and y projections as bars, each axis's overlap segment (green
/// when the signed length is >= 0, red when it is a gap) and its length (L02, L03).
void draw_interval_bars(const GadgetContext& context);
/// A box's x and y slabs, the ray's piece inside each, their intersection and the entry and
/// exit points with their t (L11).
void draw_slab_view(const GadgetContext& context);
/// A box, a circle, the clamps, the closest point and the squared distance (L13).
void draw_closest_point(const GadgetContext& context);
/// Two boxes, their merge (dashed) and intersection (filled, or "empty") (L14).
void draw_box_ops(const GadgetContext& context);
/// A box at the start and end of a step, their union and an obstacle with the sweep's verdict
/// (L09, L10).
void draw_swept_region(const GadgetContext& context);
/// A box, its fat box as the dynamic tree computes it, and the moved box (L14).
void draw_fat_box(const GadgetContext& context);
/// The points and their box grown from empty (right) and from (0, 0) (the bug) (L04).
void draw_point_set(const GadgetContext& context);
/// The step's τ axis [0, 1] under the canvas: each axis's window, the overlap window and the
/// sample ticks k/N; with a `tau` number, a cursor and the boxes at τ (L08, L09, L10).
void draw_tau_timeline(const GadgetContext& context);
/// An inset log-log chart of n(n−1)/2 against n with markers at n and at the world's measured
/// box tests (L01).
void draw_pair_growth_chart(const GadgetContext& context);
/// A magnifier at A's right edge: the float grid (one tick per ulp) at the offset, with the
/// edges as written and as stored (L03).
void draw_float_ticks(const GadgetContext& context);
/// The local box and its world boxes by Arvo, by corners and by min/max only, with an inset
/// plot of the box's area against θ (L05).
void draw_transform_trio(const GadgetContext& context);
/// Two panels at one scale: the bar's box recomputed from the local box, and the bug's box
/// turned again every step (L06).
void draw_growing_pair(const GadgetContext& context);
/// Two parallel bars `spacing` apart along their normal, their boxes with the overlap shaded,
/// and the separating axis with the gap (L07).
void draw_twin_bars(const GadgetContext& context);
/// A bar turning by φ in one step: start and end poses, their union box, poses in between and
/// a target (L10).
void draw_rotation_sweep(const GadgetContext& context);
/// The naive and the guarded slab test side by side, the NaN case spelled out (L12).
void draw_slab_compare(const GadgetContext& context);
/// The view wedge with inward normals, the box colored by the culling verdict, and an inset
/// with each plane's distance against −radius (L15).
void draw_view_wedge(const GadgetContext& context);
/// An inset with the boxes, their intervals on the sweep axis, the sweep line at the endpoints
/// processed so far (a `progress` number moves it event by event), and the active set (L16).
void draw_sweep_line(const GadgetContext& context);
/// The probe box and the grid cells it covers, with the count and its range (L17).
void draw_grid_probe(const GadgetContext& context);
/// The quadrants a box descends through in a quadtree and the node where it stays, level by
/// level with a `progress` number (L18).
void draw_quadtree_probe(const GadgetContext& context);
/// A ray through the world's box tree: the nodes tested and hit, tested and missed (subtrees
/// skipped), one by one with a `progress` number (L11, L19).
void draw_ray_traversal(const GadgetContext& context);
/// The shortest move of b out of a: an arrow along the push axis and its length (L02).
void draw_push_out(const GadgetContext& context);

}  // namespace aabb::ui
