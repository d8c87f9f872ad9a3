#pragma once
// Click to select: a click (no drag) on the canvas selects the object under the cursor,
// Shift+click picks a second one for the pair inspector, a click on empty space clears. The
// selection is remembered by body id, so it survives other bodies being removed. The Objects
// page (ui/panels/pages/objects_page.cpp) shows it and the pair inspector; SelectionOverlay
// outlines both on the canvas.

#include <optional>

#include "core/world/world.hpp"
#include "ui/view/camera.hpp"

namespace aabb::ui {

/// The selected object and the second object of the pair inspector.
class ObjectSelection {
  public:
    /// Mouse travel in pixels below which a press and release is a click, not a pan.
    static constexpr float click_slop_pixels = 4.0f;

    /// Reads clicks on the canvas (ignored while ImGui wants the mouse).
    void handle_input(const World& world, const Camera& camera);
    /// Clears the selection and the inspector's second body.
    void clear() {
        selected_.reset();
        second_.reset();
    }
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

}  // namespace aabb::ui
