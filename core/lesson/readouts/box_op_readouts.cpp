// Readouts of the other box operations (curriculum §4, §7): closest point and squared distance
// (circle against box), merge and intersection with their measures, the dynamic tree's fat box,
// and the separating-axis gap of two parallel bars whose boxes overlap (L07, L13, L14).

#include <cmath>
#include <numbers>

#include "core/broadphase/tree/dynamic_aabb_tree.hpp"
#include "core/geometry/overlap.hpp"
#include "core/geometry/sphere.hpp"
#include "core/lesson/readouts/readout_families.hpp"
#include "core/narrowphase/separating_axis.hpp"
#include "core/shapes/oriented_box.hpp"

namespace aabb::lesson {

namespace {

// closest_point -------------------------------------------------------------------------------

constexpr ArgSpec closest_args[] = {
    {"box", ArgType::box, true, 0.0, {}, "the box"},
    {"point", ArgType::point, true, 0.0, {}, "P: the point (a circle's center)"},
    {"radius", ArgType::number, false, 0.0, {}, "r: the circle's radius (default 0)"},
};
constexpr OutputSpec closest_outputs[] = {
    {"closest_x", ValueType::number, "q.x = clamp(P.x, min.x, max.x)"},
    {"closest_y", ValueType::number, "q.y = clamp(P.y, min.y, max.y)"},
    {"distance_squared", ValueType::number, "|P − q|²: 0 inside"},
    {"radius_squared", ValueType::number, "r²"},
    {"touching", ValueType::boolean, "d² <= r²: the circle and the box share a point"},
    {"inside", ValueType::boolean, "P lies in the closed box"},
    {"distance", ValueType::number, "|P − q| (the square root the test avoids)"},
    {"circle_box_dx", ValueType::number, "overlap length on x of the circle's own box and the box"},
    {"circle_box_dy", ValueType::number, "overlap length on y"},
    {"boxes_overlap", ValueType::boolean, "the circle's own box overlaps the box (closed)"},
    {"clearance", ValueType::number,
     "|P − q| − r: how far the circle is from the box (0 touching, < 0 overlapping)"},
};
void closest_point_readout(const ReadoutInputs& in, ReadoutOutputs& out) {
    const Box2 box = in.box("box");
    const glm::vec2 point = in.point("point");
    const auto radius = static_cast<float>(in.number("radius"));
    const glm::vec2 closest = closest_point(box, point);
    const float distance_squared = squared_distance(box, point);
    out.set("closest_x", closest.x);
    out.set("closest_y", closest.y);
    out.set("distance_squared", distance_squared);
    out.set("radius_squared", radius * radius);
    out.set_bool("touching", overlaps(Circle{point, radius}, box));
    out.set_bool("inside", contains(box, point));
    out.set("distance", std::sqrt(double{distance_squared}));
    const Box2 circle_box = bounding_box(Circle{point, radius});
    const glm::vec2 lengths = overlap_lengths(circle_box, box);
    out.set("circle_box_dx", lengths.x);
    out.set("circle_box_dy", lengths.y);
    out.set_bool("boxes_overlap", overlaps_closed(circle_box, box));
    out.set("clearance", std::sqrt(double{distance_squared}) - double{radius});
}

// box_ops -------------------------------------------------------------------------------------

constexpr ArgSpec two_boxes[] = {
    {"a", ArgType::box, true, 0.0, {}, "box A"},
    {"b", ArgType::box, true, 0.0, {}, "box B"},
};
constexpr OutputSpec ops_outputs[] = {
    {"merge_min_x", ValueType::number, "merge(A, B).min.x"},
    {"merge_min_y", ValueType::number, "merge.min.y"},
    {"merge_max_x", ValueType::number, "merge.max.x"},
    {"merge_max_y", ValueType::number, "merge.max.y"},
    {"merge_width", ValueType::number, "merge width"},
    {"merge_height", ValueType::number, "merge height"},
    {"merge_area", ValueType::number, "merge area"},
    {"merge_perimeter", ValueType::number, "merge perimeter: the SAH cost measure in 2D"},
    {"inter_min_x", ValueType::number, "intersection(A, B).min.x = max of the mins"},
    {"inter_min_y", ValueType::number, "intersection.min.y"},
    {"inter_max_x", ValueType::number, "intersection.max.x = min of the maxes"},
    {"inter_max_y", ValueType::number, "intersection.max.y"},
    {"inter_width", ValueType::number, "intersection width (negative: empty)"},
    {"inter_height", ValueType::number, "intersection height"},
    {"inter_empty", ValueType::boolean, "the intersection holds no point (min > max somewhere)"},
    {"inter_area", ValueType::number, "intersection area; null when empty (not a negative area)"},
    {"area_a", ValueType::number, "area of A"},
    {"area_b", ValueType::number, "area of B"},
    {"perimeter_a", ValueType::number, "perimeter of A"},
    {"perimeter_b", ValueType::number, "perimeter of B"},
    {"perimeter_sum", ValueType::number, "perimeter of A + perimeter of B"},
};
void box_ops(const ReadoutInputs& in, ReadoutOutputs& out) {
    const Box2 a = in.box("a");
    const Box2 b = in.box("b");
    const Box2 joined = merge(a, b);
    const Box2 shared = intersection(a, b);
    out.set("merge_min_x", joined.min.x);
    out.set("merge_min_y", joined.min.y);
    out.set("merge_max_x", joined.max.x);
    out.set("merge_max_y", joined.max.y);
    out.set("merge_width", joined.size().x);
    out.set("merge_height", joined.size().y);
    out.set("merge_area", area(joined));
    out.set("merge_perimeter", perimeter(joined));
    out.set("inter_min_x", shared.min.x);
    out.set("inter_min_y", shared.min.y);
    out.set("inter_max_x", shared.max.x);
    out.set("inter_max_y", shared.max.y);
    out.set("inter_width", shared.size().x);
    out.set("inter_height", shared.size().y);
    out.set_bool("inter_empty", shared.is_empty());
    if (!shared.is_empty()) out.set("inter_area", area(shared));
    out.set("area_a", area(a));
    out.set("area_b", area(b));
    out.set("perimeter_a", perimeter(a));
    out.set("perimeter_b", perimeter(b));
    out.set("perimeter_sum", double{perimeter(a)} + double{perimeter(b)});
}

// fat_box -------------------------------------------------------------------------------------

constexpr ArgSpec fat_args[] = {
    {"box", ArgType::box, true, 0.0, {}, "the tight box"},
    {"relative",
     ArgType::number,
     false,
     0.1,
     {},
     "margin as a fraction of the box's larger side (dynamic_tree's margin_relative)"},
    {"absolute", ArgType::number, false, 0.1, {}, "margin in world units (margin_absolute)"},
    {"displacement",
     ArgType::vector,
     false,
     0.0,
     {},
     "the box's motion per step: the fat box stretches 2 displacements ahead"},
    {"move", ArgType::vector, false, 0.0, {}, "a move of the tight box to test"},
};
constexpr OutputSpec fat_outputs[] = {
    {"margin", ValueType::number, "relative × larger side + absolute, on every side"},
    {"fat_min_x", ValueType::number, "the fat box's min.x"},
    {"fat_min_y", ValueType::number, "min.y"},
    {"fat_max_x", ValueType::number, "max.x"},
    {"fat_max_y", ValueType::number, "max.y"},
    {"fat_width", ValueType::number, "the fat box's width"},
    {"fat_height", ValueType::number, "its height"},
    {"moved_inside", ValueType::boolean, "the moved tight box still fits the fat box"},
    {"update_needed", ValueType::boolean, "the move leaves the fat box: the tree re-inserts it"},
};
void fat_box(const ReadoutInputs& in, ReadoutOutputs& out) {
    DynamicTreeOptions options;
    options.relative_margin = static_cast<float>(in.number("relative"));
    options.absolute_margin = static_cast<float>(in.number("absolute"));
    const DynamicAabbTree tree(options);  // the tree's own fattening, so the numbers agree
    const Box2 box = in.box("box");
    const Box2 fat = tree.fatten(box, in.point("displacement"));
    out.set("margin", box.min.x - tree.fatten(box).min.x);
    out.set("fat_min_x", fat.min.x);
    out.set("fat_min_y", fat.min.y);
    out.set("fat_max_x", fat.max.x);
    out.set("fat_max_y", fat.max.y);
    out.set("fat_width", fat.size().x);
    out.set("fat_height", fat.size().y);
    const bool inside = contains(fat, translated(box, in.point("move")));
    out.set_bool("moved_inside", inside);
    out.set_bool("update_needed", !inside);
}

// sat_gap -------------------------------------------------------------------------------------

constexpr ArgSpec sat_args[] = {
    {"size",
     ArgType::vector,
     true,
     0.0,
     {},
     "each bar's full size along its own axes, e.g. (20, 1)"},
    {"angle_deg", ArgType::number, true, 0.0, {}, "θ: both bars' angle in degrees"},
    {"spacing",
     ArgType::number,
     false,
     3.0,
     {},
     "s: the distance between their centers along their common normal"},
};
constexpr OutputSpec sat_outputs[] = {
    {"gap", ValueType::number, "the separating-axis gap of the shapes: s − bar thickness"},
    {"box_dx", ValueType::number, "overlap length on x of the bars' boxes"},
    {"box_dy", ValueType::number, "overlap length on y of the bars' boxes"},
    {"boxes_overlap", ValueType::boolean, "the boxes overlap (closed): the broad phase's verdict"},
    {"shapes_overlap", ValueType::boolean, "gap <= 0: the narrow phase's verdict"},
    {"false_positive", ValueType::boolean, "the boxes overlap, the shapes do not"},
    {"overlap_area", ValueType::number, "area shared by the boxes (0 when apart)"},
};
void sat_gap(const ReadoutInputs& in, ReadoutOutputs& out) {
    const glm::vec2 size = in.point("size");
    const double radians = in.number("angle_deg") * std::numbers::pi / 180.0;
    const auto angle = static_cast<float>(radians);
    const float half_spacing = static_cast<float>(in.number("spacing")) * 0.5f;
    const glm::vec2 normal{static_cast<float>(-std::sin(radians)),
                           static_cast<float>(std::cos(radians))};
    const OrientedBox a{-normal * half_spacing, size * 0.5f, angle};
    const OrientedBox b{normal * half_spacing, size * 0.5f, angle};
    const std::array<glm::vec2, 4> corners_a = corners(a);
    const std::array<glm::vec2, 4> corners_b = corners(b);
    const float gap = contact_polygon_polygon(corners_a, corners_b).separation;
    const Box2 box_a = bounding_box(a);
    const Box2 box_b = bounding_box(b);
    const glm::vec2 lengths = overlap_lengths(box_a, box_b);
    const bool boxes = overlaps_closed(box_a, box_b);
    out.set("gap", gap);
    out.set("box_dx", lengths.x);
    out.set("box_dy", lengths.y);
    out.set_bool("boxes_overlap", boxes);
    out.set_bool("shapes_overlap", gap <= 0.0f);
    out.set_bool("false_positive", boxes && gap > 0.0f);
    out.set("overlap_area", boxes ? double{lengths.x} * double{lengths.y} : 0.0);
}

constexpr ReadoutKind kinds[] = {
    {"closest_point",
     "the point of a box nearest P, the squared distance, circle against box "
     "(L13)",
     false, closest_args, closest_outputs, closest_point_readout},
    {"box_ops", "merge and intersection of two boxes, their areas and perimeters (L14)", false,
     two_boxes, ops_outputs, box_ops},
    {"fat_box", "the dynamic tree's fat box of a box and whether a move leaves it (L14)", false,
     fat_args, fat_outputs, fat_box},
    {"sat_gap",
     "two parallel bars: the gap of the shapes against the overlap of their boxes "
     "(L07)",
     false, sat_args, sat_outputs, sat_gap},
};

}  // namespace

std::span<const ReadoutKind> box_op_readout_kinds() {
    return kinds;
}

}  // namespace aabb::lesson
