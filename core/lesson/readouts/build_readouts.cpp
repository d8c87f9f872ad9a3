// Readouts of building and updating boxes (curriculum §3): the box of a point set built three
// ways, a box under translation, scale and rotation by each method, the growing-box bug, and
// the union of a rotating bar's start and end boxes (L04, L05, L06, L10).

#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/geometry/box_transform.hpp"
#include "core/geometry/overlap.hpp"
#include "core/lesson/deliberately_wrong.hpp"
#include "core/lesson/readouts/readout_families.hpp"
#include "core/narrowphase/separating_axis.hpp"
#include "core/shapes/oriented_box.hpp"

namespace aabb::lesson {

namespace {

constexpr double degrees_to_radians = std::numbers::pi / 180.0;

// Growing-box and sampled-pose loops are bounded whatever a handle says.
constexpr double max_growing_steps = 100000.0;
constexpr int rotation_samples = 3600;

void set_box(ReadoutOutputs& out, const Box2& box) {
    out.set("min_x", box.min.x);
    out.set("min_y", box.min.y);
    out.set("max_x", box.max.x);
    out.set("max_y", box.max.y);
    out.set("width", box.size().x);
    out.set("height", box.size().y);
    out.set_bool("is_valid", box.is_valid());
}

// bounds_of_points ----------------------------------------------------------------------------

constexpr std::string_view start_options[] = {"empty", "origin", "first"};
constexpr ArgSpec bounds_args[] = {
    {"points", ArgType::point_set, true, 0.0, {}, "the points (those in use)"},
    {"start", ArgType::option, false, 0.0, start_options,
     "what the box grows from: Box::empty() (right), the point (0,0) (the classic bug), or the "
     "first point"},
    {"count",
     ArgType::number,
     false,
     -1.0,
     {},
     "use only the first `count` points (step through them); default all in use"},
};
constexpr OutputSpec bounds_outputs[] = {
    {"min_x", ValueType::number, "the box's min.x (null = +∞ for the empty box)"},
    {"min_y", ValueType::number, "min.y"},
    {"max_x", ValueType::number, "max.x (null = −∞ for the empty box)"},
    {"max_y", ValueType::number, "max.y"},
    {"width", ValueType::number, "max.x − min.x (null when empty)"},
    {"height", ValueType::number, "max.y − min.y (null when empty)"},
    {"area", ValueType::number, "width × height (null when empty)"},
    {"is_empty", ValueType::boolean, "min > max on some axis (Box::is_empty)"},
    {"is_valid", ValueType::boolean, "finite with min <= max: what every structure accepts"},
    {"points", ValueType::number, "how many points were used"},
};
void bounds_of_points(const ReadoutInputs& in, ReadoutOutputs& out) {
    std::span<const glm::vec2> points = in.points("points");
    const double count = in.number("count");
    if (count >= 0.0 && count < double(points.size()))
        points = points.first(static_cast<std::size_t>(count));
    out.set("points", double(points.size()));
    const std::string_view start = in.option("start");
    if (start == "first" && points.empty()) return;  // no first point: no box at all
    const Box2 box = start == "origin" ? deliberately_wrong::bounds_from_origin(points)
                                       : bounding_box<2>(points);
    set_box(out, box);
    out.set_bool("is_empty", box.is_empty());
    if (box.is_empty()) {
        out.set_null("width");
        out.set_null("height");
        return;
    }
    out.set("area", area(box));
}

// box_transform -------------------------------------------------------------------------------

constexpr std::string_view method_options[] = {"arvo", "corners", "min_max_only", "min_max_direct"};
constexpr ArgSpec transform_args[] = {
    {"box", ArgType::box, true, 0.0, {}, "the local box"},
    {"angle_deg", ArgType::number, false, 0.0, {}, "rotation θ in degrees (about the origin)"},
    {"scale", ArgType::number, false, 1.0, {}, "uniform scale s about the origin (may be < 0)"},
    {"translation", ArgType::vector, false, 0.0, {}, "translation Δ, applied last"},
    {"method", ArgType::option, false, 0.0, method_options,
     "Arvo's |M|·e (right), all corners (right), only min and max bounded (wrong), or min and "
     "max transformed and kept as min and max (wrong: min > max for s < 0)"},
};
constexpr OutputSpec transform_outputs[] = {
    {"width", ValueType::number, "the world box's width"},
    {"height", ValueType::number, "its height"},
    {"area", ValueType::number, "width × height"},
    {"area_ratio", ValueType::number, "area / the area at θ = 0 (same s)"},
    {"min_x", ValueType::number, "min.x"},
    {"min_y", ValueType::number, "min.y"},
    {"max_x", ValueType::number, "max.x"},
    {"max_y", ValueType::number, "max.y"},
    {"center_x", ValueType::number, "center x"},
    {"center_y", ValueType::number, "center y"},
    {"extent_x", ValueType::number, "half-width: |cosθ|·ex + |sinθ|·ey for a rotation"},
    {"extent_y", ValueType::number, "half-height: |sinθ|·ex + |cosθ|·ey"},
    {"is_valid", ValueType::boolean, "min <= max on both axes"},
};
Box2 transform_by(std::string_view method, const Box2& local, const glm::mat2& linear,
                  glm::vec2 translation) {
    if (method == "corners") return transformed_by_corners(local, linear, translation);
    if (method == "min_max_only")
        return deliberately_wrong::transformed_min_max_only(local, linear, translation);
    if (method == "min_max_direct")
        return deliberately_wrong::transformed_min_max_directly(local, linear, translation);
    return transformed(local, linear, translation);
}
void box_transform(const ReadoutInputs& in, ReadoutOutputs& out) {
    const Box2 local = in.box("box");
    const auto scale = static_cast<float>(in.number("scale"));
    const auto radians = static_cast<float>(in.number("angle_deg") * degrees_to_radians);
    const std::string_view method = in.option("method");
    const glm::vec2 translation = in.point("translation");
    const Box2 box = transform_by(method, local, rotation_2d(radians) * scale, translation);
    const Box2 unrotated = transform_by(method, local, glm::mat2(1.0f) * scale, translation);
    set_box(out, box);
    out.set("area", area(box));
    out.set("area_ratio", double{area(box)} / double{area(unrotated)});
    out.set("center_x", box.center().x);
    out.set("center_y", box.center().y);
    out.set("extent_x", box.extents().x);
    out.set("extent_y", box.extents().y);
}

// growing_box ---------------------------------------------------------------------------------

constexpr ArgSpec growing_args[] = {
    {"box", ArgType::box, true, 0.0, {}, "the local box (the bar), centered on the origin"},
    {"step_deg", ArgType::number, true, 0.0, {}, "Δθ turned per step, in degrees"},
    {"steps", ArgType::number, true, 0.0, {}, "k: how many steps (at most 100000)"},
};
constexpr OutputSpec growing_outputs[] = {
    {"correct_width", ValueType::number, "width of the local box turned by k·Δθ (recomputed)"},
    {"correct_height", ValueType::number, "its height"},
    {"correct_area", ValueType::number, "its area"},
    {"bug_width", ValueType::number, "width of last step's world box turned by Δθ, k times"},
    {"bug_height", ValueType::number, "its height"},
    {"bug_area", ValueType::number, "its area"},
    {"ratio", ValueType::number, "bug_area / correct_area"},
    {"angle_deg", ValueType::number, "k·Δθ"},
};
void growing_box(const ReadoutInputs& in, ReadoutOutputs& out) {
    const Box2 local = in.box("box");
    const double step_deg = in.number("step_deg");
    const double steps = std::floor(std::clamp(in.number("steps"), 0.0, max_growing_steps));
    const auto step_radians = static_cast<float>(step_deg * degrees_to_radians);
    const auto total_radians = static_cast<float>(steps * step_deg * degrees_to_radians);
    const Box2 correct = transformed(local, rotation_2d(total_radians), glm::vec2(0.0f));
    Box2 bug = local;
    for (double k = 0; k < steps; ++k)
        bug = deliberately_wrong::rotate_world_box_again(bug, step_radians);
    out.set("correct_width", correct.size().x);
    out.set("correct_height", correct.size().y);
    out.set("correct_area", area(correct));
    out.set("bug_width", bug.size().x);
    out.set("bug_height", bug.size().y);
    out.set("bug_area", area(bug));
    out.set("ratio", double{area(bug)} / double{area(correct)});
    out.set("angle_deg", steps * step_deg);
}

// rotation_union ------------------------------------------------------------------------------

constexpr ArgSpec union_args[] = {
    {"box", ArgType::box, true, 0.0, {}, "the local box (the bar), turned about its center"},
    {"angle_deg", ArgType::number, true, 0.0, {}, "φ: how far it turns in one step"},
    {"target", ArgType::box, true, 0.0, {}, "a box the bar may sweep through"},
    {"tau",
     ArgType::number,
     false,
     0.0,
     {},
     "τ: a moment of the step, clamped to [0, 1], for the tau_ outputs (an animated τ)"},
};
constexpr OutputSpec union_outputs[] = {
    {"union_overlaps_target", ValueType::boolean,
     "the union of the start and end boxes overlaps the target (closed)"},
    {"pose_overlaps_target", ValueType::boolean,
     "some pose between 0 and φ overlaps the target (poses sampled every φ/3600, SAT)"},
    {"first_pose_deg", ValueType::number,
     "the first sampled angle whose pose overlaps the target (null: none)"},
    {"missed", ValueType::boolean, "a pose hits the target but the union does not show it"},
    {"width", ValueType::number, "the union's width"},
    {"height", ValueType::number, "the union's height"},
    {"min_x", ValueType::number, "the union's min.x"},
    {"min_y", ValueType::number, "min.y"},
    {"max_x", ValueType::number, "max.x"},
    {"max_y", ValueType::number, "max.y"},
    {"is_valid", ValueType::boolean, "the union is a valid box"},
    {"tau_angle_deg", ValueType::number, "τ·φ: the bar's angle at the moment τ"},
    {"tau_pose_overlaps", ValueType::boolean, "the pose at τ·φ overlaps the target (SAT)"},
};
bool pose_overlaps(const Box2& local, float radians, const Box2& target) {
    const OrientedBox bar{local.center(), local.extents(), radians};
    const std::array<glm::vec2, 4> bar_corners = corners(bar);
    const std::array<glm::vec2, 4> target_corners = {
        target.min, glm::vec2(target.max.x, target.min.y), target.max,
        glm::vec2(target.min.x, target.max.y)};
    return contact_polygon_polygon(bar_corners, target_corners).separation <= 0.0f;
}
void rotation_union(const ReadoutInputs& in, ReadoutOutputs& out) {
    const Box2 local = in.box("box");
    const Box2 target = in.box("target");
    const double angle_deg = in.number("angle_deg");
    const auto end_radians = static_cast<float>(angle_deg * degrees_to_radians);
    const Box2 start = transformed(local, glm::mat2(1.0f), glm::vec2(0.0f));
    const Box2 end = transformed(Box2::from_center_extents(glm::vec2(0.0f), local.extents()),
                                 rotation_2d(end_radians), local.center());
    const Box2 joined = merge(start, end);
    set_box(out, joined);
    const bool union_hit = overlaps_closed(joined, target);
    out.set_bool("union_overlaps_target", union_hit);
    bool pose_hit = false;
    for (int k = 0; k <= rotation_samples && !pose_hit; ++k) {
        const double degrees = angle_deg * k / rotation_samples;
        if (pose_overlaps(local, static_cast<float>(degrees * degrees_to_radians), target)) {
            pose_hit = true;
            out.set("first_pose_deg", degrees);
        }
    }
    out.set_bool("pose_overlaps_target", pose_hit);
    out.set_bool("missed", pose_hit && !union_hit);
    const double tau_degrees = std::clamp(in.number("tau"), 0.0, 1.0) * angle_deg;
    out.set("tau_angle_deg", tau_degrees);
    out.set_bool(
        "tau_pose_overlaps",
        pose_overlaps(local, static_cast<float>(tau_degrees * degrees_to_radians), target));
}

constexpr ReadoutKind kinds[] = {
    {"bounds_of_points",
     "the box of a point set, grown from empty, from (0,0) or from the first "
     "point (L04)",
     false, bounds_args, bounds_outputs, bounds_of_points},
    {"box_transform", "the world box of a local box under s, θ and Δ by each method (L05)", false,
     transform_args, transform_outputs, box_transform},
    {"growing_box", "recomputing from the local box against turning last step's world box (L06)",
     false, growing_args, growing_outputs, growing_box},
    {"rotation_union",
     "whether the union of a turning bar's start and end boxes shows a target "
     "it sweeps through (L10)",
     false, union_args, union_outputs, rotation_union},
};

}  // namespace

std::span<const ReadoutKind> build_readout_kinds() {
    return kinds;
}

}  // namespace aabb::lesson
