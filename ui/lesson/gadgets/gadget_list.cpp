#include "ui/lesson/gadgets/gadget_list.hpp"

#include <string>

#include "ui/canvas/overlay_draw.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/palette.hpp"

namespace aabb::ui {

namespace {

constexpr GadgetDrawer drawers[] = {
    {"interval_bars", draw_interval_bars},
    {"slab_view", draw_slab_view},
    {"tau_timeline", draw_tau_timeline},
    {"closest_point", draw_closest_point},
    {"box_ops", draw_box_ops},
    {"swept_region", draw_swept_region},
    {"fat_box", draw_fat_box},
    {"point_set", draw_point_set},
};

}  // namespace

std::span<const GadgetDrawer> gadget_drawers() {
    return drawers;
}

void draw_lesson_gadgets(const lesson::LessonRuntime& runtime, const World& world,
                         const Camera& camera, ImDrawList& draw_list) {
    float missing_y = camera.viewport().max.y - 3.0f * ImGui::GetFontSize();
    const auto& gadgets = runtime.lesson().gadgets;
    for (std::size_t index = 0; index < gadgets.size(); ++index) {
        if (!runtime.gadget_visible(index)) continue;
        const lesson::Gadget& gadget = gadgets[index];
        const GadgetContext context{runtime, gadget, world, camera, draw_list};
        bool drawn = false;
        for (const GadgetDrawer& drawer : drawers) {
            if (drawer.kind != gadget.kind) continue;
            drawer.draw(context);
            drawn = true;
        }
        if (drawn) continue;
        const std::string text = "(gadget '" + gadget.kind + "' is not drawn by this build)";
        overlay_text(draw_list, ImVec2(camera.viewport().min.x + 12.0f, missing_y),
                     to_imgui_color(palette.text_dim), text.c_str());
        missing_y -= ImGui::GetTextLineHeightWithSpacing();
    }
}

}  // namespace aabb::ui
