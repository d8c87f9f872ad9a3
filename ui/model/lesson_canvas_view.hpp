#pragma once
// What the canvas shows of the world in a lesson step (issue 49: a clean canvas). A step draws
// the scene's world only where it uses it (core/lesson/step_world_use.hpp) and dims or hides it
// elsewhere; contact points, pair lines, the broad phase's structure and the hover tooltip
// appear only where the step's `show` names them; overlays that draw the world's motion and
// shapes follow the world. Entering a step sets all of this again, so a step looks the same
// however the presenter got there; closing the lesson gives back the switches from before it.
// Pure C++ (no ImGui, SDL or GL), unit tested.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/lesson/lesson.hpp"

namespace aabb::ui {

/// How an overlay is switched in a lesson step whose `show` and `hide` do not name it.
enum class OverlayInLessons : std::uint8_t {
    /// Off: a detail of the world that only the steps asking for it show (contact points, the
    /// broad phase's structure).
    step_only,
    /// On where the step shows the world, off where it dims or hides it (exact shapes, bullet
    /// paths, the scene caption).
    with_world,
    /// As the learner left it (the selection, a tool's preview, the lesson's own drawing).
    kept,
};

/// One canvas overlay as lesson steps see it.
struct OverlayRule {
    /// Its --show / --hide name, e.g. "contact-points".
    std::string name;
    /// How steps switch it.
    OverlayInLessons in_lessons = OverlayInLessons::kept;
};

/// The canvas switches a lesson step decides.
struct CanvasSwitches {
    /// Each overlay on or off, in the canvas's order.
    std::vector<bool> overlays;
    /// Lines between the boxes of each overlapping pair (the View tab's layer).
    bool pair_lines = true;
    /// The tooltip and outline of the body under the cursor (the View tab's layer).
    bool hover_info = true;
    /// How the world's bodies are drawn.
    lesson::WorldDisplay world = lesson::WorldDisplay::shown;
    /// Switches compare field by field.
    [[nodiscard]] bool operator==(const CanvasSwitches&) const = default;
};

/// The switches of `step` of `lesson`, from `current` (the canvas's now, one entry per rule of
/// `overlays`): the world as step_world_display() says; each overlay, `pair-lines` and
/// `hover-info` on when the step's `show` names it and off when its `hide` does; otherwise
/// pair lines, hover info and step_only overlays off, with_world overlays on exactly when the
/// world is shown, kept overlays as they are.
[[nodiscard]] CanvasSwitches step_canvas_switches(const lesson::Lesson& lesson,
                                                  const lesson::Step& step,
                                                  std::span<const OverlayRule> overlays,
                                                  const CanvasSwitches& current);

/// The canvas's switches across a lesson: each step's, and back to those from before the lesson
/// when it closes.
class LessonCanvasView {
  public:
    /// The switches of `step` (step_canvas_switches); the first step after the lesson opens
    /// remembers `current` for leave().
    [[nodiscard]] CanvasSwitches enter_step(const lesson::Lesson& lesson, const lesson::Step& step,
                                            std::span<const OverlayRule> overlays,
                                            const CanvasSwitches& current);
    /// The switches from before the lesson, once after it closed; nullopt when no lesson step
    /// was entered since the last call.
    [[nodiscard]] std::optional<CanvasSwitches> leave();

  private:
    std::optional<CanvasSwitches> before_lesson_;
};

}  // namespace aabb::ui
