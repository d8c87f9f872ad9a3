#pragma once
// A row of buttons at the top-left of the canvas for the frequent actions a mouse user looks
// for: help, the comparison window, UI scale, high contrast and the interface language.

#include "ui/commands/command_targets.hpp"
#include "ui/view/camera.hpp"

namespace aabb::ui {

/// The row layout of an overlay window's items (the toolbar, the lesson bar): items follow on
/// one row while they fit left of an x in the window, then wrap (at a large UI scale a narrow
/// canvas holds only a few). In the window's own coordinates, so a window placed by its center
/// or right edge wraps the same wherever it lands.
class OverlayRows {
  public:
    /// Rows that end before `right` pixels from the window's left edge.
    explicit OverlayRows(float right) : right_(right) {}
    /// Places the next item, `width` pixels wide, after the previous one or on a new row.
    void next(float width);
    /// How much taller than one row the items are.
    [[nodiscard]] float extra_height() const;

  private:
    float right_;
    int rows_ = 1;
};

/// The toolbar, inside the top-left corner of `canvas_area`; its buttons wrap onto more rows
/// when the canvas is too narrow for one (large UI scales). Returns how much taller than one
/// row it is, in pixels (0 for one row).
float draw_canvas_toolbar(const ScreenRect& canvas_area, CommandTargets& targets);

}  // namespace aabb::ui
