// Readouts of conservative view culling (curriculum §7): a box against each plane of a 2D view
// wedge by the projected-radius test, and the verdicts against the exact answer (L15).

#include <array>
#include <cmath>
#include <numbers>

#include "core/geometry/view_culling.hpp"
#include "core/lesson/readouts/readout_families.hpp"
#include "core/narrowphase/separating_axis.hpp"

namespace aabb::lesson {

namespace {

constexpr double degrees_to_radians = std::numbers::pi / 180.0;

std::array<Plane2, 4> planes_of(const ViewWedge& wedge) {
    return view_wedge_planes(wedge.apex, static_cast<float>(wedge.yaw_deg * degrees_to_radians),
                             static_cast<float>(wedge.half_angle_deg * degrees_to_radians),
                             wedge.near_distance, wedge.far_distance);
}

// The wedge's visible region, counter-clockwise: near lower, far lower, far upper, near upper.
std::array<glm::vec2, 4> region_of(const ViewWedge& wedge) {
    const double yaw = wedge.yaw_deg * degrees_to_radians;
    const double slope = std::tan(wedge.half_angle_deg * degrees_to_radians);
    const glm::vec2 forward{static_cast<float>(std::cos(yaw)), static_cast<float>(std::sin(yaw))};
    const glm::vec2 side{-forward.y, forward.x};
    const auto at = [&](float distance, float sign) {
        return wedge.apex + forward * distance + side * (sign * distance * float(slope));
    };
    return {at(wedge.near_distance, -1.0f), at(wedge.far_distance, -1.0f),
            at(wedge.far_distance, 1.0f), at(wedge.near_distance, 1.0f)};
}

constexpr std::string_view plane_options[] = {"top", "bottom", "near", "far"};
constexpr ArgSpec plane_args[] = {
    {"wedge", ArgType::wedge, true, 0.0, {}, "the view wedge"},
    {"box", ArgType::box, true, 0.0, {}, "the box tested"},
    {"plane", ArgType::option, false, 0.0, plane_options,
     "which plane: the upper side (top), the lower side, near or far"},
};
constexpr OutputSpec plane_outputs[] = {
    {"distance", ValueType::number, "dot(n, c) + d: the box center's signed distance"},
    {"radius", ValueType::number, "|n.x|·e.x + |n.y|·e.y: the box's projected radius"},
    {"limit", ValueType::number, "−radius: below it the whole box is outside"},
    {"outside", ValueType::boolean, "distance < −radius"},
    {"normal_x", ValueType::number, "the plane's inward unit normal, x"},
    {"normal_y", ValueType::number, "the normal, y"},
    {"offset", ValueType::number, "the plane's d"},
};
void plane_test(const ReadoutInputs& in, ReadoutOutputs& out) {
    const std::array<Plane2, 4> planes = planes_of(in.wedge("wedge"));
    const std::string_view which = in.option("plane");
    // view_wedge_planes order: near, far, upper, lower.
    const Plane2& plane = which == "near"  ? planes[0]
                          : which == "far" ? planes[1]
                          : which == "top" ? planes[2]
                                           : planes[3];
    const Box2 box = in.box("box");
    const glm::vec2 extents = box.extents();
    const float radius =
        std::abs(plane.normal.x) * extents.x + std::abs(plane.normal.y) * extents.y;
    out.set("distance", signed_distance(plane, box.center()));
    out.set("radius", radius);
    out.set("limit", -radius);
    out.set_bool("outside", is_outside(plane, box));
    out.set("normal_x", plane.normal.x);
    out.set("normal_y", plane.normal.y);
    out.set("offset", plane.offset);
}

constexpr ArgSpec culling_args[] = {
    {"wedge", ArgType::wedge, true, 0.0, {}, "the view wedge"},
    {"box", ArgType::box, true, 0.0, {}, "the box tested"},
};
constexpr OutputSpec culling_outputs[] = {
    {"culled", ValueType::boolean, "outside some plane by the conservative test"},
    {"visible", ValueType::boolean, "the box really shares a point with the wedge (exact)"},
    {"false_keep", ValueType::boolean,
     "kept by the test although invisible (allowed: drawing a "
     "bit more is fine)"},
    {"false_cull", ValueType::boolean,
     "culled although visible (never happens: it would be a bug)"},
    {"outside_near", ValueType::boolean, "outside the near plane"},
    {"outside_far", ValueType::boolean, "outside the far plane"},
    {"outside_top", ValueType::boolean, "outside the upper side"},
    {"outside_bottom", ValueType::boolean, "outside the lower side"},
};
void view_culling(const ReadoutInputs& in, ReadoutOutputs& out) {
    const ViewWedge wedge = in.wedge("wedge");
    const Box2 box = in.box("box");
    const std::array<Plane2, 4> planes = planes_of(wedge);
    const bool culled = is_culled(planes, box);
    const std::array<glm::vec2, 4> region = region_of(wedge);
    const std::array<glm::vec2, 4> box_corners = {box.min, glm::vec2(box.max.x, box.min.y), box.max,
                                                  glm::vec2(box.min.x, box.max.y)};
    // Both are convex, so the separating-axis test over their edge normals is exact.
    const bool visible = contact_polygon_polygon(region, box_corners).separation <= 0.0f;
    out.set_bool("culled", culled);
    out.set_bool("visible", visible);
    out.set_bool("false_keep", !culled && !visible);
    out.set_bool("false_cull", culled && visible);
    out.set_bool("outside_near", is_outside(planes[0], box));
    out.set_bool("outside_far", is_outside(planes[1], box));
    out.set_bool("outside_top", is_outside(planes[2], box));
    out.set_bool("outside_bottom", is_outside(planes[3], box));
}

constexpr ReadoutKind kinds[] = {
    {"plane_test",
     "one plane of a view wedge against a box: distance against projected radius "
     "(L15)",
     false, plane_args, plane_outputs, plane_test},
    {"view_culling",
     "conservative culling of a box by a view wedge, against the exact answer "
     "(L15)",
     false, culling_args, culling_outputs, view_culling},
};

}  // namespace

std::span<const ReadoutKind> culling_readout_kinds() {
    return kinds;
}

}  // namespace aabb::lesson
