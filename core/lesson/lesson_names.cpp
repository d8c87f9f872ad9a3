#include "core/lesson/lesson_names.hpp"

namespace aabb::lesson {

namespace {

using K = ObjectKind;

constexpr GadgetRole pair_chart[] = {{"n", K::number, true}};
constexpr GadgetRole two_boxes[] = {{"a", K::box, true}, {"b", K::box, true}};
constexpr GadgetRole interval_bars[] = {
    {"a", K::box, true}, {"b", K::box, true}, {"offset", K::number, false}};
constexpr GadgetRole float_ticks[] = {
    {"a", K::box, true}, {"b", K::box, true}, {"offset", K::number, false}};
constexpr GadgetRole point_set[] = {{"points", K::point_set, true}};
constexpr GadgetRole transform_trio[] = {{"box", K::box, true},
                                         {"angle", K::number, true},
                                         {"scale", K::number, false},
                                         {"translation", K::vector, false}};
constexpr GadgetRole growing_pair[] = {
    {"box", K::box, true}, {"step", K::number, true}, {"steps", K::number, true}};
constexpr GadgetRole twin_bars[] = {
    {"size", K::vector, true}, {"angle", K::number, true}, {"spacing", K::number, true}};
constexpr GadgetRole tau_timeline[] = {{"a", K::box, true},           {"b", K::box, true},
                                       {"da", K::vector, true},       {"db", K::vector, false},
                                       {"samples", K::number, false}, {"tau", K::number, false}};
constexpr GadgetRole swept_region[] = {{"box", K::box, true},
                                       {"displacement", K::vector, true},
                                       {"obstacle", K::box, false},
                                       {"tau", K::number, false}};
constexpr GadgetRole rotation_sweep[] = {{"box", K::box, true},
                                         {"angle", K::number, true},
                                         {"target", K::box, false},
                                         {"tau", K::number, false}};
constexpr GadgetRole slab_view[] = {{"box", K::box, true},
                                    {"origin", K::point, true},
                                    {"direction", K::vector, true},
                                    {"t", K::number, false}};
constexpr GadgetRole slab_compare[] = {{"box", K::box, true},
                                       {"origin", K::point, true},
                                       {"direction", K::vector, true},
                                       {"swapped", K::number, false}};
constexpr GadgetRole closest_point[] = {
    {"box", K::box, true}, {"center", K::point, true}, {"radius", K::number, true}};
constexpr GadgetRole fat_box[] = {{"box", K::box, true},
                                  {"relative", K::number, true},
                                  {"absolute", K::number, true},
                                  {"move", K::vector, false}};
constexpr GadgetRole view_wedge[] = {{"wedge", K::wedge, true}, {"box", K::box, false}};
constexpr GadgetRole sweep_line[] = {{"boxes", K::box_list, true}, {"progress", K::number, false}};
constexpr GadgetRole grid_probe[] = {{"box", K::box, true}, {"cell", K::number, true}};
constexpr GadgetRole quadtree_probe[] = {
    {"box", K::box, true}, {"region", K::box, true}, {"progress", K::number, false}};
constexpr GadgetRole ray_traversal[] = {
    {"origin", K::point, true}, {"direction", K::vector, true}, {"progress", K::number, false}};

constexpr GadgetKind kinds[] = {
    {"pair_growth_chart", "log-log chart of n(n−1)/2 against n with a marker at n (L01)",
     pair_chart},
    {"interval_bars",
     "both boxes with their x and y projections as bars and each axis's overlap "
     "segment (green when >= 0, hatched red when negative); with `offset`, the gap as "
     "written and as stored in float there (L02, L03)",
     interval_bars},
    {"float_ticks",
     "a magnifier at A's right edge showing the float grid (one tick per ulp) at "
     "the offset (L03)",
     float_ticks},
    {"point_set",
     "the points and the three boxes built from them: from empty, from (0,0), from "
     "the first point (L04)",
     point_set},
    {"transform_trio",
     "the local box and its world boxes by Arvo, by corners and by min/max only, "
     "with the area-against-angle plot (L05)",
     transform_trio},
    {"growing_pair",
     "two copies of the bar: recomputed from the local box (left) and the bug, "
     "last step's world box turned again (right) (L06)",
     growing_pair},
    {"twin_bars",
     "two parallel bars `spacing` apart along their normal, their boxes with the "
     "overlap shaded and the separating axis (L07)",
     twin_bars},
    {"tau_timeline",
     "the step's τ axis [0, 1] with each axis's window, the overlap window and the sample "
     "ticks k/N; with `tau`, a cursor at τ and the boxes at that moment (L08, L09, L10)",
     tau_timeline},
    {"swept_region",
     "the box's start, end and union (purple), and the obstacle; with `tau`, the box at τ "
     "(L09, L10)",
     swept_region},
    {"rotation_sweep",
     "the bar's start and end poses, their union box, poses in between and the "
     "target; with `tau`, the pose at τ·φ (L10)",
     rotation_sweep},
    {"slab_view",
     "the box's x and y slabs, the ray's segment inside each, their intersection "
     "and the t number line; with `t`, the point o + t·d and a cursor on the line (L11)",
     slab_view},
    {"slab_compare", "the naive and the guarded slab side by side (L12)", slab_compare},
    {"closest_point",
     "the circle, the clamp as two axis projections, the segment to the closest "
     "point and the circle's own box (L13)",
     closest_point},
    {"box_ops", "both boxes, their merge (dashed) and intersection (filled) (L14)", two_boxes},
    {"fat_box", "the box, its fat box and the moved box (L14)", fat_box},
    {"view_wedge",
     "the view wedge with inward normals and, per plane, the box's signed distance "
     "against its projected radius (L15)",
     view_wedge},
    {"sweep_line",
     "the boxes' intervals on the sweep axis, the sweep line and the active set; "
     "`progress` (0..1) moves the line event by event, as the sweep_events readout (L16)",
     sweep_line},
    {"grid_probe", "the probe box and the grid cells it covers (L17)", grid_probe},
    {"quadtree_probe",
     "the quadrants the probe box descends through, and where it stays; `progress` (0..1) "
     "shows the insertion level by level (L18)",
     quadtree_probe},
    {"ray_traversal",
     "a ray through the world's box tree: the nodes it tests and hits, tests and misses (their "
     "subtrees skipped) and never tests; `progress` (0..1) shows them in the order tested "
     "(L11, L19)",
     ray_traversal},
    {"push_out",
     "the shortest move of b out of a: an arrow along the push axis with its length (L02)",
     two_boxes},
};

constexpr std::array<std::string_view, std::size(kinds)> kind_names = [] {
    std::array<std::string_view, std::size(kinds)> names{};
    for (std::size_t i = 0; i < names.size(); ++i)
        names[i] = kinds[i].name;
    return names;
}();
static_assert(are_gadget_kind_names(kind_names),
              "kinds[] must hold one row per name of gadget_kind_names, in its order");

}  // namespace

std::span<const GadgetKind> gadget_kinds() {
    return kinds;
}

const GadgetKind* find_gadget_kind(std::string_view name) {
    for (const GadgetKind& kind : kinds) {
        if (kind.name == name) return &kind;
    }
    return nullptr;
}

}  // namespace aabb::lesson
