#pragma once
// A number line drawn as stacked rows, one interval per row: the τ axis of a step with each
// axis's overlap window (tau_timeline, L08–L10) and the t axis of a ray with each slab's
// interval (slab_view, L11). A row lights up while a cursor (an animated τ or t) lies in it, so
// "inside every interval at once" is read straight off the rows.

#include <imgui.h>

#include "ui/lesson/gadgets/gadget_drawing.hpp"

namespace aabb::ui {

/// A number axis on the screen: [low, high] across `width` pixels from `left`.
struct NumberAxis {
    /// The screen x of `low`.
    float left = 0.0f;
    /// The width in pixels.
    float width = 1.0f;
    /// The value at the left end.
    float low = 0.0f;
    /// The value at the right end.
    float high = 1.0f;
    /// The screen x of `value`, clamped to the axis.
    [[nodiscard]] float x_of(float value) const;
};

/// A closed interval of the axis's values; empty when low > high (or NaN).
struct AxisInterval {
    /// Its start (may be −∞: it runs off the axis to the left).
    float low = 0.0f;
    /// Its end (may be +∞).
    float high = 0.0f;
    /// No value lies in it.
    [[nodiscard]] bool empty() const { return !(low <= high); }
    /// `value` lies in it.
    [[nodiscard]] bool holds(float value) const {
        return !empty() && value >= low && value <= high;
    }
};

/// One row at screen height `y`: a thin track across the axis and over it the interval,
/// `thick` pixels tall, in `color` (bright and outlined when `lit`), with the row's `name` (may
/// be null) left of the axis.
void draw_interval_row(const GadgetContext& context, const NumberAxis& axis, float y, float thick,
                       const AxisInterval& interval, ImU32 color, bool lit, const char* name);

/// A cursor across the rows from `top` to `bottom` at `value`: a line with a triangle above.
void draw_axis_cursor(const GadgetContext& context, const NumberAxis& axis, float value, float top,
                      float bottom, ImU32 color);

}  // namespace aabb::ui
