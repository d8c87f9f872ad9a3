#include "ui/lesson/gadgets/gadget_drawing.hpp"

#include <cmath>

#include "ui/canvas/overlay_draw.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/lesson_colors.hpp"
#include "ui/style/overlay_colors.hpp"

namespace aabb::ui {

const lesson::LessonObject* GadgetContext::object(std::string_view role) const {
    for (const auto& [name, object_name] : gadget.objects) {
        if (name == role) return runtime.object(object_name);
    }
    return nullptr;
}

double GadgetContext::number(std::string_view role, double fallback) const {
    const lesson::LessonObject* found = object(role);
    return found != nullptr ? found->number : fallback;
}

lesson::ReadoutValue GadgetContext::readout(std::string_view name) const {
    if (lesson::find_readout(runtime.lesson(), name) == nullptr) return {};
    return runtime.readout(name, &world);
}

ImU32 object_color(const lesson::LessonObject& object, std::uint8_t alpha) {
    return to_imgui_color(lesson_role_color(object.color).with_alpha(alpha));
}

void draw_world_box(const GadgetContext& context, const Box2& box, ImU32 color, float thickness,
                    std::uint8_t fill_alpha) {
    if (!box.is_valid()) return;
    const ScreenRect rect = context.camera.world_to_screen(box);
    if (fill_alpha > 0) {
        const ImU32 fill = (color & ~IM_COL32_A_MASK) | (ImU32(fill_alpha) << IM_COL32_A_SHIFT);
        context.draw_list.AddRectFilled(to_imvec(rect.min), to_imvec(rect.max), fill);
    }
    context.draw_list.AddRect(to_imvec(rect.min), to_imvec(rect.max), color, 0.0f, 0,
                              overlay_stroke(thickness));
}

void draw_world_point(const GadgetContext& context, glm::vec2 point, ImU32 color,
                      const char* label) {
    const glm::vec2 at = context.camera.world_to_screen(point);
    context.draw_list.AddCircleFilled(to_imvec(at), overlay_size(4.0f), color);
    if (label != nullptr)
        draw_label(context, ImVec2(at.x + overlay_size(6.0f), at.y - overlay_size(6.0f)), color,
                   label);
}

void draw_world_arrow(const GadgetContext& context, glm::vec2 from, glm::vec2 to, ImU32 color) {
    const glm::vec2 a = context.camera.world_to_screen(from);
    const glm::vec2 b = context.camera.world_to_screen(to);
    const float width = overlay_stroke(2.5f);
    context.draw_list.AddLine(to_imvec(a), to_imvec(b), color, width);
    const glm::vec2 along = b - a;
    const float length = glm::length(along);
    if (length < 1.0f) return;
    const glm::vec2 unit = along / length;
    const glm::vec2 side{-unit.y, unit.x};
    const float head = std::min(overlay_size(10.0f), length * 0.5f);
    const glm::vec2 left = b - unit * head + side * head * 0.5f;
    const glm::vec2 right = b - unit * head - side * head * 0.5f;
    context.draw_list.AddTriangleFilled(to_imvec(b), to_imvec(left), to_imvec(right), color);
}

void draw_label(const GadgetContext& context, ImVec2 at, ImU32 color, const char* text) {
    overlay_text(context.draw_list, at, color, text);
}

}  // namespace aabb::ui
