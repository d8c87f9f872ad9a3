#pragma once
// A lesson's handles on the canvas: every visible handle with a place in the world (a point, an
// arrow tip, a box corner, a slider on a coordinate) is drawn as a ring the learner drags. The
// grab radius is larger than the ring, as on Red Blob Games' diagrams, so a handle is easy to
// catch on a projector; Shift drags in fine steps (a tenth of the snap). A press on a handle
// takes the left button from the canvas until it is released.

#include <string>
#include <vector>

#include <imgui.h>

#include "ui/model/lesson_session.hpp"
#include "ui/view/camera.hpp"

namespace aabb::ui {

/// The handles' mouse and drawing.
class LessonHandles {
  public:
    /// Ring radius at UI scale 1, in pixels.
    static constexpr float ring_pixels = 7.0f;
    /// How far from a ring a press still grabs it, at UI scale 1, in pixels.
    static constexpr float grab_pixels = 16.0f;

    /// Reads the left button: a press near a handle grabs it (every handle on that anchor),
    /// moving drags it, release lets go. Returns true while the handles own the left button
    /// (the canvas must not pan or select then). Ignores the mouse while ImGui wants it.
    bool handle_input(LessonSession& session, const Camera& camera);
    /// Decides which handles are shown this frame and records each one's ring (at its largest,
    /// hovered size) as a "handle" region of the frame's layout, so the labels drawn before the
    /// rings keep off them. A handle is shown when its ring lies whole on the canvas and its
    /// center is not under a window or an inset (issue 49: a ring 12 px outside the window at
    /// 1920x1080 and UI scale 2, a ring under lesson 16's sweep inset): a ring cut by an edge
    /// or drawn over a panel is not one a learner can find and drag.
    void record_rings(const LessonSession& session, const Camera& camera);
    /// Draws the handles record_rings() showed, the grabbed ones highlighted, the one under the
    /// cursor with its name (placed clear of other texts and windows, ui/view/label_placement).
    void draw(const LessonSession& session, const Camera& camera, ImDrawList& draw_list) const;
    /// True while a handle is being dragged.
    [[nodiscard]] bool dragging() const { return !grabbed_.empty(); }

  private:
    std::vector<std::string> grabbed_;
    /// The handles shown this frame (record_rings); only these are drawn and grabbed.
    std::vector<std::string> shown_;
};

}  // namespace aabb::ui
