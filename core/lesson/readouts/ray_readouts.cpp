// Readouts of a ray against a box by slabs (curriculum §6): per-axis t-intervals, entry, exit,
// the verdict, the hit point and normal, for the guarded test the project uses (aabb::intersect)
// and for the naive test that meets 0·∞ = NaN (deliberately_wrong.hpp) (L11, L12).

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/geometry/ray.hpp"
#include "core/lesson/deliberately_wrong.hpp"
#include "core/lesson/readouts/readout_families.hpp"

namespace aabb::lesson {

namespace {

constexpr float infinity = std::numeric_limits<float>::infinity();

constexpr std::string_view variant_options[] = {"guarded", "naive", "naive_swapped",
                                                "naive_ternary"};
constexpr ArgSpec slab_args[] = {
    {"box", ArgType::box, true, 0.0, {}, "the box"},
    {"origin", ArgType::point, true, 0.0, {}, "o: where the ray starts (t = 0)"},
    {"direction", ArgType::vector, true, 0.0, {}, "d: p(t) = o + t·d, t >= 0"},
    {"variant", ArgType::option, false, 0.0, variant_options,
     "guarded (aabb::intersect: a parallel axis is tested without dividing), or the naive test "
     "with std::min/std::max, with their arguments swapped, or with C#-style a < b ? a : b"},
};
constexpr OutputSpec slab_outputs[] = {
    {"t_enter", ValueType::number, "max of the per-axis entries (null when infinite or NaN)"},
    {"t_exit", ValueType::number, "min of the per-axis exits (null when infinite or NaN)"},
    {"hit", ValueType::boolean, "t_exit >= max(t_enter, 0)"},
    {"inside", ValueType::boolean, "the origin lies in the closed box (guarded only)"},
    {"t_hit", ValueType::number, "the reported hit: t_enter, or t_exit when the origin is inside"},
    {"point_x", ValueType::number, "o + t_hit·d, x (null on a miss)"},
    {"point_y", ValueType::number, "o + t_hit·d, y"},
    {"normal_x", ValueType::number, "outward normal of the face entered (guarded only), x"},
    {"normal_y", ValueType::number, "the normal, y"},
    {"inv_x", ValueType::number, "1 / d.x (null = ±∞ when d.x = 0)"},
    {"inv_y", ValueType::number, "1 / d.y"},
    {"t1_x", ValueType::number, "(min.x − o.x) / d.x (naive: may be NaN = null)"},
    {"t2_x", ValueType::number, "(max.x − o.x) / d.x"},
    {"t1_y", ValueType::number, "(min.y − o.y) / d.y"},
    {"t2_y", ValueType::number, "(max.y − o.y) / d.y"},
    {"near_x", ValueType::number, "the x slab's entry (guarded, parallel: −∞ inside, +∞ outside)"},
    {"far_x", ValueType::number, "the x slab's exit (guarded, parallel: +∞ inside, −∞ outside)"},
    {"near_y", ValueType::number, "the y slab's entry"},
    {"far_y", ValueType::number, "the y slab's exit"},
};

void set_hit_point(ReadoutOutputs& out, glm::vec2 origin, glm::vec2 direction, bool hit,
                   float t_enter, float t_exit) {
    if (!hit) return;
    const float t = t_enter >= 0.0f ? t_enter : t_exit;
    out.set("t_hit", t);
    out.set("point_x", origin.x + t * direction.x);
    out.set("point_y", origin.y + t * direction.y);
}

void guarded(const Box2& box, glm::vec2 origin, glm::vec2 direction, ReadoutOutputs& out) {
    const PreparedRay<2> prepared(Ray2{origin, direction});
    const char* names[2][5] = {{"t1_x", "t2_x", "near_x", "far_x", "inv_x"},
                               {"t1_y", "t2_y", "near_y", "far_y", "inv_y"}};
    float t_enter = -infinity;
    float t_exit = infinity;
    for (int axis = 0; axis < 2; ++axis) {
        const float inverse = prepared.inverse_direction[axis];
        out.set(names[axis][4], inverse);
        float near_t = 0.0f;
        float far_t = 0.0f;
        if (prepared.parallel[axis]) {
            // The guard of aabb::intersect: inside the closed slab the axis says nothing.
            const bool inside = origin[axis] >= box.min[axis] && origin[axis] <= box.max[axis];
            near_t = inside ? -infinity : infinity;
            far_t = inside ? infinity : -infinity;
        } else {
            const float t1 = (box.min[axis] - origin[axis]) * inverse;
            const float t2 = (box.max[axis] - origin[axis]) * inverse;
            out.set(names[axis][0], t1);
            out.set(names[axis][1], t2);
            near_t = std::min(t1, t2);
            far_t = std::max(t1, t2);
        }
        out.set(names[axis][2], near_t);
        out.set(names[axis][3], far_t);
        t_enter = std::max(t_enter, near_t);
        t_exit = std::min(t_exit, far_t);
    }
    const RayBoxHit<2> hit = intersect(prepared, box);
    out.set("t_enter", t_enter);
    out.set("t_exit", t_exit);
    out.set_bool("hit", hit.hit);
    out.set_bool("inside", contains(box, origin));
    out.set("normal_x", hit.normal.x);
    out.set("normal_y", hit.normal.y);
    set_hit_point(out, origin, direction, hit.hit, t_enter, t_exit);
}

void naive(const Box2& box, glm::vec2 origin, glm::vec2 direction,
           deliberately_wrong::NaiveMinMax style, ReadoutOutputs& out) {
    const deliberately_wrong::NaiveSlabResult result =
        deliberately_wrong::naive_slab(box, origin, direction, style);
    out.set("inv_x", result.inverse_direction.x);
    out.set("inv_y", result.inverse_direction.y);
    out.set("t1_x", result.t1.x);
    out.set("t2_x", result.t2.x);
    out.set("t1_y", result.t1.y);
    out.set("t2_y", result.t2.y);
    out.set("near_x", result.near_t.x);
    out.set("far_x", result.far_t.x);
    out.set("near_y", result.near_t.y);
    out.set("far_y", result.far_t.y);
    out.set("t_enter", result.t_enter);
    out.set("t_exit", result.t_exit);
    out.set_bool("hit", result.hit);
    set_hit_point(out, origin, direction, result.hit, result.t_enter, result.t_exit);
}

void ray_slab(const ReadoutInputs& in, ReadoutOutputs& out) {
    const Box2 box = in.box("box");
    const glm::vec2 origin = in.point("origin");
    const glm::vec2 direction = in.point("direction");
    const std::string_view variant = in.option("variant");
    using deliberately_wrong::NaiveMinMax;
    if (variant == "naive") {
        naive(box, origin, direction, NaiveMinMax::std_min_max, out);
    } else if (variant == "naive_swapped") {
        naive(box, origin, direction, NaiveMinMax::swapped_arguments, out);
    } else if (variant == "naive_ternary") {
        naive(box, origin, direction, NaiveMinMax::ternary, out);
    } else {
        guarded(box, origin, direction, out);
    }
}

constexpr ReadoutKind kinds[] = {
    {"ray_slab", "a ray against a box by slabs, guarded or naive (L11, L12)", false, slab_args,
     slab_outputs, ray_slab},
};

}  // namespace

std::span<const ReadoutKind> ray_readout_kinds() {
    return kinds;
}

}  // namespace aabb::lesson
