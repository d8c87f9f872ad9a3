#pragma once
// Click to select: a click (no drag) on the canvas selects the object under the cursor,
// Shift+click picks a second one for the pair inspector, a click on empty space clears. The
// selection is remembered by body id, so it survives other bodies being removed. Shows the
// selected object's properties and the pair inspector in the side panel and outlines both on
// the canvas (SelectionOverlay).

#include <optional>

#include "core/world/world.hpp"
#include "ui/canvas/canvas_overlay.hpp"
#include "ui/view/camera.hpp"

namespace aabb::ui {

/// The selected object and the second object of the pair inspector.
class ObjectSelection {
  public:
    /// Mouse travel in pixels below which a press and release is a click, not a pan.
    static constexpr float click_slop_pixels = 4.0f;

    /// Reads clicks on the canvas (ignored while ImGui wants the mouse).
    void handle_input(const World& world, const Camera& camera);
    /// The "Selected object" panel section.
    void draw_properties(const World& world);
    /// The "Pair inspector" panel section.
    void draw_pair_inspector(const World& world);
    /// Selects a body by id (nullopt clears).
    void select(std::optional<BodyId> id) { selected_ = id; }
    /// Sets the pair inspector's second body by id.
    void inspect_with(std::optional<BodyId> id) { second_ = id; }

    /// The selected body's id.
    [[nodiscard]] std::optional<BodyId> selected() const { return selected_; }
    /// The pair inspector's second body id.
    [[nodiscard]] std::optional<BodyId> second() const { return second_; }

  private:
    std::optional<BodyId> selected_;
    std::optional<BodyId> second_;
    bool press_on_canvas_ = false;
};

/// Outlines the selected object (white) and the inspector's second object (cyan), with a line
/// to each candidate partner of the selected one.
class SelectionOverlay final : public CanvasOverlay {
  public:
    /// Draws `selection`.
    explicit SelectionOverlay(const ObjectSelection& selection) : selection_(selection) {}
    [[nodiscard]] const char* short_label() const override { return "Selection"; }
    [[nodiscard]] const char* label() const override {
        return "Selected object (click) and pair-inspector partner (Shift+click)";
    }
    [[nodiscard]] Rgba8 legend_color() const override { return {255, 255, 255}; }
    void draw(const OverlayContext& context) override;

  private:
    const ObjectSelection& selection_;
};

}  // namespace aabb::ui
