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
    /// Records each visible anchored handle's ring (at its largest, hovered size) as a "handle"
    /// region of the frame's layout, so the labels drawn before the rings keep off them.
    void record_rings(const LessonSession& session, const Camera& camera) const;
    /// Draws the visible anchored handles, the grabbed ones highlighted, the one under the
    /// cursor with its name (placed clear of other texts and windows, ui/view/label_placement).
    void draw(const LessonSession& session, const Camera& camera, ImDrawList& draw_list) const;
    /// True while a handle is being dragged.
    [[nodiscard]] bool dragging() const { return !grabbed_.empty(); }

  private:
    std::vector<std::string> grabbed_;
};

}  // namespace aabb::ui
