// The view wedge gadget (L15): conservative view culling (curriculum §7). A 2D camera's view is
// a wedge cut by a near and a far line: four planes with inward normals. A box is outside a
// plane when its center's signed distance dot(n, c) + d is below minus its projected radius
// |n.x|·e.x + |n.y|·e.y, and culled when it is outside any plane. The test may keep a box that
// is invisible (near the wedge's corners: drawing a bit more is fine) and never drops a visible
// one. Drawn: the wedge and its inward normals, the box colored by the verdict (culled gray,
// kept, or kept though invisible: hatched), and an inset with one row per plane: the center's
// distance against −radius on a number line. Numbers are the plane_test and view_culling
// readouts' (core/geometry/view_culling.hpp).

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <string>

#include "core/geometry/view_culling.hpp"
#include "ui/canvas/overlay_draw.hpp"
#include "ui/lesson/gadgets/gadget_inset.hpp"
#include "ui/lesson/gadgets/gadget_list.hpp"
#include "ui/lesson/gadgets/gadget_readouts.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

namespace {

constexpr double degrees = std::numbers::pi / 180.0;

/// The plane_test readout's names, in view_wedge_planes order (near, far, upper, lower), and
/// what the canvas calls them.
struct PlaneName {
    const char* option;
    TextKey label;
};
constexpr std::array<PlaneName, 4> plane_names{{{"near", TextKey::gadget_wedge_near},
                                                {"far", TextKey::gadget_wedge_far},
                                                {"top", TextKey::gadget_wedge_top},
                                                {"bottom", TextKey::gadget_wedge_bottom}}};

/// The wedge's visible region, counter-clockwise: near lower, far lower, far upper, near upper
/// (as the view_culling readout builds it for the exact test).
std::array<glm::vec2, 4> wedge_region(const lesson::ViewWedge& wedge) {
    const double yaw = wedge.yaw_deg * degrees;
    const auto slope = static_cast<float>(std::tan(wedge.half_angle_deg * degrees));
    const glm::vec2 forward{static_cast<float>(std::cos(yaw)), static_cast<float>(std::sin(yaw))};
    const glm::vec2 side{-forward.y, forward.x};
    const auto at = [&](float distance, float sign) {
        return wedge.apex + forward * distance + side * (sign * distance * slope);
    };
    return {at(wedge.near_distance, -1.0f), at(wedge.far_distance, -1.0f),
            at(wedge.far_distance, 1.0f), at(wedge.near_distance, 1.0f)};
}

/// The edge of the region each plane runs along, in plane order.
std::array<std::pair<glm::vec2, glm::vec2>, 4> plane_edges(const std::array<glm::vec2, 4>& r) {
    return {{{r[0], r[3]}, {r[1], r[2]}, {r[3], r[2]}, {r[0], r[1]}}};
}

/// One row of the inset: the plane's name and numbers, then its number line.
void draw_plane_row(const GadgetContext& in_frame, const ScreenRect& row, TextKey name,
                    double distance, double radius, bool outside) {
    ImDrawList& draw_list = in_frame.draw_list;
    const float line = ImGui::GetTextLineHeightWithSpacing();
    const ImU32 verdict = role_color(outside ? "gap" : "correct");
    const std::string numbers =
        std::string(tr(name)) + ":  " + format_number(distance) + (outside ? " < " : " ≥ ") +
        format_number(-radius) + "  " +
        tr(outside ? TextKey::gadget_wedge_outside : TextKey::gadget_wedge_inside);
    draw_label(in_frame, ImVec2(row.min.x, row.min.y), verdict, numbers.c_str());
    // The number line: symmetric about 0, wide enough for both values.
    const double reach = std::max({std::abs(distance), radius, 0.5}) * 1.2;
    const float y = row.min.y + line + 0.35f * line;
    const auto x_of = [&](double value) {
        const double t = std::clamp((value + reach) / (2.0 * reach), 0.0, 1.0);
        return row.min.x + static_cast<float>(t) * row.size().x;
    };
    const float band = overlay_size(5.0f);
    // Below −radius the whole box lies outside the plane.
    draw_list.AddRectFilled(ImVec2(x_of(-reach), y - band), ImVec2(x_of(-radius), y + band),
                            role_color("gap", 70));
    draw_list.AddLine(ImVec2(x_of(-reach), y), ImVec2(x_of(reach), y),
                      to_imgui_color(palette.text_dim), overlay_stroke(1.0f));
    draw_list.AddLine(ImVec2(x_of(0.0), y - band * 1.6f), ImVec2(x_of(0.0), y + band * 1.6f),
                      to_imgui_color(palette.text_dim), overlay_stroke(1.0f));
    draw_list.AddLine(ImVec2(x_of(-radius), y - band * 1.8f),
                      ImVec2(x_of(-radius), y + band * 1.8f), role_color("gap"),
                      overlay_stroke(2.0f));
    draw_list.AddLine(ImVec2(x_of(0.0), y), ImVec2(x_of(distance), y), verdict,
                      overlay_stroke(4.0f));
    draw_list.AddCircleFilled(ImVec2(x_of(distance), y), overlay_size(5.0f), verdict);
}

}  // namespace

void draw_view_wedge(const GadgetContext& context) {
    const lesson::LessonObject* wedge_object = context.object("wedge");
    if (wedge_object == nullptr) return;
    const lesson::ViewWedge& wedge = wedge_object->wedge;
    const std::array<glm::vec2, 4> region = wedge_region(wedge);
    const std::array<Plane2, 4> planes =
        view_wedge_planes(wedge.apex, static_cast<float>(wedge.yaw_deg * degrees),
                          static_cast<float>(wedge.half_angle_deg * degrees), wedge.near_distance,
                          wedge.far_distance);
    const ImU32 plane_color = object_color(*wedge_object);
    ImVec2 screen[4];
    for (std::size_t i = 0; i < 4; ++i)
        screen[i] = to_imvec(context.camera.world_to_screen(region[i]));
    context.draw_list.AddConvexPolyFilled(screen, 4, with_alpha(plane_color, 35));
    context.draw_list.AddPolyline(screen, 4, plane_color, ImDrawFlags_Closed, overlay_stroke(2.0f));
    // The sides run on to the camera at the apex.
    const glm::vec2 apex = context.camera.world_to_screen(wedge.apex);
    dashed_line(context.draw_list, apex, {screen[0].x, screen[0].y}, plane_color,
                overlay_stroke(1.0f));
    dashed_line(context.draw_list, apex, {screen[3].x, screen[3].y}, plane_color,
                overlay_stroke(1.0f));
    draw_world_point(context, wedge.apex, plane_color, object_label(*wedge_object));

    const lesson::LessonObject* box = context.object("box");
    std::array<bool, 4> outside{};
    if (box != nullptr && box->box.is_valid()) {
        for (std::size_t i = 0; i < 4; ++i)
            outside[i] = is_outside(planes[i], box->box);
    }
    // Inward normals at each edge's middle; a plane the box is outside of is drawn in red.
    const auto edges = plane_edges(region);
    for (std::size_t i = 0; i < 4; ++i) {
        const glm::vec2 middle = 0.5f * (edges[i].first + edges[i].second);
        const glm::vec2 from = context.camera.world_to_screen(middle);
        const glm::vec2 normal{planes[i].normal.x, -planes[i].normal.y};  // screen y points down
        const ImU32 color = outside[i] ? role_color("gap") : plane_color;
        if (outside[i])
            context.draw_list.AddLine(to_imvec(context.camera.world_to_screen(edges[i].first)),
                                      to_imvec(context.camera.world_to_screen(edges[i].second)),
                                      color, overlay_stroke(3.5f));
        draw_screen_arrow(context.draw_list, from, from + normal * overlay_size(34.0f), color,
                          overlay_stroke(2.0f));
        const glm::vec2 tag = from - normal * overlay_size(14.0f);
        draw_label_centered(context, tag, color, tr(plane_names[i].label));
    }
    if (box == nullptr || !box->box.is_valid()) return;

    CatalogQuery culling(context, "view_culling");
    culling.object("wedge", "wedge").object("box", "box");
    const bool culled = culling.flag("culled");
    const bool false_keep = culling.flag("false_keep");
    const ImU32 box_color = culled       ? role_color("miss")
                            : false_keep ? role_color("b")
                                         : object_color(*box);
    draw_world_box(context, box->box, box_color, 2.5f, 60);
    const ScreenRect rect = context.camera.world_to_screen(box->box);
    if (false_keep) hatch_rect(context.draw_list, rect.min, rect.max, with_alpha(box_color, 170));
    const TextKey verdict = culled       ? TextKey::gadget_wedge_culled
                            : false_keep ? TextKey::gadget_wedge_false_keep
                                         : TextKey::gadget_wedge_kept;
    draw_label(context, ImVec2(rect.max.x + overlay_size(6.0f), rect.min.y), box_color,
               tr(verdict));

    const float line = ImGui::GetTextLineHeightWithSpacing();
    const Inset inset = draw_inset(context, InsetPlace::bottom_right,
                                   {430.0f, 40.0f + 8.6f * line / overlay_size(1.0f)},
                                   tr(TextKey::gadget_wedge_title));
    const ScopedClip clip(context.draw_list, inset.frame);
    Camera frame_camera;
    frame_camera.set_viewport(inset.frame);
    const GadgetContext in_frame = context.with_camera(frame_camera);
    const float row_height = inset.body.size().y / 4.0f;
    for (std::size_t i = 0; i < 4; ++i) {
        CatalogQuery plane(context, "plane_test");
        plane.object("wedge", "wedge").object("box", "box").option("plane", plane_names[i].option);
        const ScreenRect row{{inset.body.min.x, inset.body.min.y + row_height * float(i)},
                             {inset.body.max.x, inset.body.min.y + row_height * float(i + 1)}};
        draw_plane_row(in_frame, row, plane_names[i].label, plane.number_or("distance", 0.0),
                       plane.number_or("radius", 0.0), plane.flag("outside"));
    }
}

}  // namespace aabb::ui
