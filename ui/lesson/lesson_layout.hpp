#pragma once
// Lesson mode's layout of a frame: where the step card and the lesson bar go (re-flowing at large
// UI scales, ui/view/overlay_layout.hpp), the free area they leave on the canvas, and the camera
// that frames the step's stage there (ui/view/stage_view.hpp: eased moves between steps, the
// teacher's zoom and pan kept within a step, F to frame the stage again). The window calls it
// in frame order: draw_overlays() after the toolbar, frame_camera() before the canvas reads
// its input, note_input() after, after_draw() once the canvas drew, end_frame() last. Everything
// it decides is recorded in the frame's layout record (ui/view/layout_record.hpp).

#include <optional>
#include <string>
#include <vector>

#include "core/world/world.hpp"
#include "ui/canvas/world_canvas.hpp"
#include "ui/commands/command_targets.hpp"
#include "ui/lesson/gadgets/gadget_drawing.hpp"
#include "ui/model/lesson_session.hpp"
#include "ui/view/layout_record.hpp"
#include "ui/view/stage_view.hpp"

namespace aabb::ui {

/// The step card, the lesson bar and the lesson camera, frame by frame.
class LessonLayout {
  public:
    /// Enters step `step` of lesson `lesson`: its stage is derived after its first frame (or
    /// taken from the step's `stage` field); `animate` eases the camera there.
    void enter_step(const std::string& lesson, std::size_t step, bool animate);
    /// F: the stage is derived again from what the step draws now and framed (the teacher's
    /// view of the step is forgotten).
    void reframe();
    /// Lesson mode ended.
    void leave();

    /// Draws the lesson bar, then the step card where it leaves the stage the most room, and
    /// records the free area ("free"). Call after the toolbar was drawn (and recorded), before
    /// the canvas. Does nothing without a running lesson.
    void draw_overlays(const ScreenRect& canvas_area, LessonSession& session,
                       CommandTargets& targets, const World& world);
    /// Sets the canvas camera for this frame, `seconds` after the last: the stage framed in the
    /// free area beside the insets, the teacher's view, or a transition between.
    void frame_camera(WorldCanvas& canvas, float seconds);
    /// After the canvas read the mouse: a pan or zoom since `before` is the teacher's view.
    void note_input(const WorldCanvas& canvas, const CameraPose& before);
    /// After the canvas drew: on a step's first frame, its stage from what it drew (`drawn`)
    /// and `world`; then the stage's screen rectangle recorded ("stage").
    void after_draw(const WorldCanvas& canvas, const LessonSession& session,
                    const DrawnExtent& drawn, const World& world);
    /// Keeps what the next frame lays out around but only learns while drawing the canvas: the
    /// caption, the timeline and the insets.
    void end_frame(const LayoutRecord& record);

    /// The camera's state across steps.
    [[nodiscard]] const StageView& view() const { return view_; }

  private:
    StageView view_;
    std::optional<int> card_choice_;
    /// What the card's place was chosen for: the canvas size, the font size, the stage's shape.
    glm::vec4 card_situation_{0.0f};
    std::optional<ScreenRect> last_caption_;
    std::optional<ScreenRect> last_timeline_;
    std::vector<ScreenRect> last_insets_;
    /// What the step draws beside its stage (bars, labels), in font sizes on each side.
    Sides padding_fonts_;
    bool stage_pending_ = false;
    /// The step draws its figure only in insets: they are its stage.
    bool inset_figure_ = false;
};

}  // namespace aabb::ui
