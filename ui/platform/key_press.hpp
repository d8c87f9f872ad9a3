#pragma once
// One key press as SDL delivered it. The shortcuts read these rather than ImGui 1.86's key
// state: a press and its release that land in the same (slow) frame leave no trace in that
// state, and a presenter's clicker or a busy frame with 10,000 boxes would lose steps.

namespace aabb::ui {

/// A key press of the current frame, in the order pressed.
struct KeyPress {
    /// SDL scancode of the key.
    int scancode = 0;
    /// Shift was held.
    bool shift = false;
    /// Ctrl was held.
    bool ctrl = false;
    /// An auto-repeat of a held key.
    bool repeat = false;
};

}  // namespace aabb::ui
