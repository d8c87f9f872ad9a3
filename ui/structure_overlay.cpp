#include "ui/structure_overlay.hpp"

#include <algorithm>

#include "ui/theme.hpp"

namespace aabb::ui {

namespace {

/// Colors cycle by depth so nested nodes or cells stay distinguishable.
ImU32 depth_color(int depth, std::uint8_t alpha) {
    constexpr Rgba8 by_depth[] = {
        {120, 220, 160}, {200, 160, 255}, {120, 210, 230}, {240, 200, 120}, {255, 140, 180}};
    return to_imgui_color(by_depth[depth % 5].with_alpha(alpha));
}

/// Paints what BroadPhase::visit reports, culled to the visible region.
class PaintingVisitor final : public StructureVisitor {
  public:
    explicit PaintingVisitor(const OverlayContext& context)
        : context_(context), visible_(context.camera.visible_world_box()) {}

    void tree_node(const Box2& box, int depth, bool is_leaf, BoxId) override {
        if (is_leaf || !overlaps_closed(box, visible_)) return;
        outline(box, depth_color(depth, 150));
    }
    void cell(const Box2& bounds, int occupancy, int depth) override {
        if (occupancy == 0 || !overlaps_closed(bounds, visible_)) return;
        outline(bounds, depth_color(depth, 110));
    }
    void endpoint(int axis, float value, BoxId, bool is_min, int) override {
        // A tick on the bottom edge (x axis) or the left edge (y axis) of the canvas: the
        // sorted endpoint lists sort-and-sweep keeps.
        const ScreenRect& area = context_.camera.viewport();
        const ImU32 color =
            to_imgui_color(is_min ? Rgba8{120, 220, 160, 200} : Rgba8{255, 120, 120, 200});
        if (axis == 0) {
            const float x = context_.camera.world_to_screen({value, 0.0f}).x;
            if (x < area.min.x || x > area.max.x) return;
            context_.draw_list.AddLine({x, area.max.y - 10.0f}, {x, area.max.y}, color);
        } else {
            const float y = context_.camera.world_to_screen({0.0f, value}).y;
            if (y < area.min.y || y > area.max.y) return;
            context_.draw_list.AddLine({area.min.x, y}, {area.min.x + 10.0f, y}, color);
        }
    }

  private:
    void outline(const Box2& box, ImU32 color) {
        const ScreenRect rect = context_.camera.world_to_screen(box);
        context_.draw_list.AddRect({rect.min.x, rect.min.y}, {rect.max.x, rect.max.y}, color);
    }

    const OverlayContext& context_;
    Box2 visible_;
};

}  // namespace

void StructureOverlay::draw(const OverlayContext& context) {
    PaintingVisitor visitor(context);
    context.world.broad_phase().visit(visitor);
}

}  // namespace aabb::ui
