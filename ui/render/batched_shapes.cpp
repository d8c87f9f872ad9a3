#include "ui/render/batched_shapes.hpp"

#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"

namespace aabb::ui {

namespace {

/// Largest vertex count one draw list may reach with 16-bit indices and no vertex offset.
constexpr int max_vertices_without_offset = 60'000;

/// A pixel rectangle snapped to whole pixels, at least one pixel wide and high, so 1-pixel
/// outlines are crisp instead of smeared over two pixel rows (the batched renderer's shader
/// snaps the same way).
ScreenRect snapped(ScreenRect rect) {
    rect.min = glm::round(rect.min);
    rect.max = glm::max(glm::round(rect.max), rect.min + glm::vec2(1.0f));
    return rect;
}

ImVec2 to_imvec(glm::vec2 point) {
    return {point.x, point.y};
}

}  // namespace

bool paint_with_draw_list(const BatchedShapes& shapes, const Camera& camera,
                          ImDrawList& draw_list) {
    const bool can_offset_vertices =
        (ImGui::GetIO().BackendFlags & ImGuiBackendFlags_RendererHasVtxOffset) != 0;
    const auto full = [&] {
        return !can_offset_vertices && draw_list.VtxBuffer.Size > max_vertices_without_offset;
    };
    for (const ShapeBatch::Rect& shape : shapes.rects) {
        if (full()) return false;
        const ScreenRect rect = snapped(camera.world_to_screen(shape.box));
        const ImVec2 top_left = to_imvec(rect.min);
        const ImVec2 bottom_right = to_imvec(rect.max);
        if (shape.fill.a != 0)
            draw_list.AddRectFilled(top_left, bottom_right, to_imgui_color(shape.fill));
        if (shape.outline.a == 0) continue;
        const glm::vec2 size = rect.size();
        if (size.x < 3.0f || size.y < 3.0f) {
            // Too small for an outline with an inside: a solid dot stays visible when zoomed out.
            draw_list.AddRectFilled(top_left, bottom_right, to_imgui_color(shape.outline));
        } else {
            draw_list.AddRect(top_left, bottom_right, to_imgui_color(shape.outline), 0.0f, 0,
                              shape.outline_pixels);
        }
    }
    const float width = overlay_stroke(shapes.segment_pixels);
    for (const ShapeBatch::Segment& segment : shapes.segments) {
        if (full()) return false;
        draw_list.AddLine(to_imvec(camera.world_to_screen(segment.from)),
                          to_imvec(camera.world_to_screen(segment.to)),
                          to_imgui_color(segment.color), width);
    }
    for (const ShapeBatch::Disc& disc : shapes.discs) {
        if (full()) return false;
        draw_list.AddCircleFilled(to_imvec(camera.world_to_screen(disc.center)), disc.radius_pixels,
                                  to_imgui_color(disc.color));
    }
    return true;
}

}  // namespace aabb::ui
