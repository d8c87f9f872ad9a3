#pragma once
// The row layout of an overlay window's items (the canvas toolbar, the lesson bar): items follow
// on one row while they fit, then wrap onto a new one.

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

}  // namespace aabb::ui
