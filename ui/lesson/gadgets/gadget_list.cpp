#include "ui/lesson/gadgets/gadget_list.hpp"

#include <array>
#include <cstdio>
#include <set>
#include <string>

#include "core/lesson/lesson_names.hpp"
#include "ui/canvas/overlay_draw.hpp"
#include "ui/lesson/gadgets/gadget_drawing.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/palette.hpp"
#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

namespace {

// One row per name of lesson::gadget_kind_names, in its order (checked below).
constexpr GadgetDrawer drawers[] = {
    {"pair_growth_chart", draw_pair_growth_chart},
    {"interval_bars", draw_interval_bars},
    {"float_ticks", draw_float_ticks},
    {"point_set", draw_point_set},
    {"transform_trio", draw_transform_trio},
    {"growing_pair", draw_growing_pair},
    {"twin_bars", draw_twin_bars},
    {"tau_timeline", draw_tau_timeline},
    {"swept_region", draw_swept_region},
    {"rotation_sweep", draw_rotation_sweep},
    {"slab_view", draw_slab_view},
    {"slab_compare", draw_slab_compare},
    {"closest_point", draw_closest_point},
    {"box_ops", draw_box_ops},
    {"fat_box", draw_fat_box},
    {"view_wedge", draw_view_wedge},
    {"sweep_line", draw_sweep_line},
    {"grid_probe", draw_grid_probe},
    {"quadtree_probe", draw_quadtree_probe},
    {"ray_traversal", draw_ray_traversal},
    {"push_out", draw_push_out},
};

constexpr std::array<std::string_view, std::size(drawers)> drawn_kinds = [] {
    std::array<std::string_view, std::size(drawers)> kinds{};
    for (std::size_t i = 0; i < kinds.size(); ++i)
        kinds[i] = drawers[i].kind;
    return kinds;
}();
static_assert(lesson::are_gadget_kind_names(drawn_kinds),
              "drawers[] must draw every kind of lesson::gadget_kind_names, in its order");

/// Says once per kind on stderr that a lesson asks for a gadget this build cannot draw, so a
/// headless run (and the test that renders every gadget) cannot miss it.
void warn_not_drawn(const std::string& kind) {
    static std::set<std::string> warned;
    if (!warned.insert(kind).second) return;
    std::fprintf(stderr, "aabb-sandbox: lesson gadget '%s' is not drawn by this build\n",
                 kind.c_str());
}

}  // namespace

std::span<const GadgetDrawer> gadget_drawers() {
    return drawers;
}

DrawnExtent draw_lesson_gadgets(const lesson::LessonRuntime& runtime, const World& world,
                                const Camera& camera, ImDrawList& draw_list) {
    DrawnExtent extent;
    float missing_y = camera.viewport().max.y - 3.0f * ImGui::GetFontSize();
    const auto& gadgets = runtime.lesson().gadgets;
    const LabelLayer labels(draw_list);
    for (std::size_t index = 0; index < gadgets.size(); ++index) {
        if (!runtime.gadget_visible(index)) continue;
        const lesson::Gadget& gadget = gadgets[index];
        const GadgetContext context{runtime, gadget, world, camera, draw_list, &extent};
        bool drawn = false;
        for (const GadgetDrawer& drawer : drawers) {
            if (drawer.kind != gadget.kind) continue;
            drawer.draw(context);
            drawn = true;
        }
        if (drawn) continue;
        warn_not_drawn(gadget.kind);
        const std::string text = tr_format(TextKey::gadget_not_drawn, gadget.kind.c_str());
        overlay_text(draw_list, ImVec2(camera.viewport().min.x + 12.0f, missing_y),
                     to_imgui_color(palette.text_dim), text.c_str());
        missing_y -= ImGui::GetTextLineHeightWithSpacing();
    }
    return extent;
}

}  // namespace aabb::ui
