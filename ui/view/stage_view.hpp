#pragma once
// The camera of a lesson: each step's stage (the world region its teaching objects take) is
// framed in the canvas's free area; a new step moves there with a short eased transition; the
// teacher's own zoom and pan are kept within a step, and found again on coming back to it
// unless its stage changed. F frames the stage again. The window (ui/sandbox_state.cpp) tells
// it what happens; it answers the camera pose for each frame. Pure C++, unit tested.

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "core/geometry/box.hpp"
#include "ui/view/camera.hpp"

namespace aabb::ui {

/// Where a camera looks and how close.
struct CameraPose {
    /// The world point at the viewport's middle.
    glm::vec2 center{0.0f};
    /// Pixels per world unit.
    float zoom = 1.0f;

    friend bool operator==(const CameraPose&, const CameraPose&) = default;
};

/// Pixels to keep free on each side of a framed region (what a figure draws beside its world
/// extent: bars, labels).
struct Sides {
    float left = 0.0f;
    float top = 0.0f;
    float right = 0.0f;
    float bottom = 0.0f;
};

/// The most of a target, each way, that pose_showing keeps for the margin and the padding.
inline constexpr float max_reserved_share = 0.4f;

/// The pose of a camera on `viewport` that shows world box `region` as large as fits inside
/// screen rectangle `target` (part of the viewport), `margin` pixels to spare on every side and
/// `padding` more on each (together at most max_reserved_share of the target each way, scaled
/// down alike when more), centered in what is left. A region thinner than 5% of its longer
/// side (or than 1e-3) is widened to that, so a line or a point is framed with room around it.
[[nodiscard]] CameraPose pose_showing(const ScreenRect& viewport, const ScreenRect& target,
                                      const Box2& region, float margin, const Sides& padding = {});

/// The pose between `from` (t = 0) and `to` (t = 1): the center moves along the straight line
/// and the zoom geometrically (a zoom by 4 passes 2 halfway), eased in and out.
[[nodiscard]] CameraPose blend_poses(const CameraPose& from, const CameraPose& to, float t);

/// The lesson camera's state across steps.
class StageView {
  public:
    /// How long the move to a new step's stage takes, in seconds.
    static constexpr float transition_seconds = 0.35f;

    /// Step `step` of lesson `lesson` is entered. With `animate` (the presenter moved there)
    /// the camera eases from where it is; otherwise (the start of a run) it goes straight to
    /// the stage. The stage is not known until set_stage().
    void enter_step(const std::string& lesson, std::size_t step, bool animate);
    /// The current step's stage. The teacher's view of this step is kept when the step had
    /// this same stage when it was left; otherwise the stage is framed.
    void set_stage(const Box2& stage);
    /// F: forget the teacher's view of this step and ease back to the stage.
    void reframe();
    /// The teacher panned or zoomed to `pose`: kept for this step (ends a transition).
    void teacher_moved(const CameraPose& pose);
    /// Leaves lesson mode: no stage, no transition (the memory of steps stays).
    void leave();

    /// The pose of this frame, `seconds` after the last: the teacher's view of the step if
    /// there is one, else `fitted` (the stage framed in the free area now); part of the way
    /// there during a transition from `current`. `current` when no stage is known yet.
    [[nodiscard]] CameraPose update(const CameraPose& fitted, const CameraPose& current,
                                    float seconds);

    /// The current step's stage, once known.
    [[nodiscard]] const std::optional<Box2>& stage() const { return stage_; }
    /// True when the teacher moved the camera in this step (the stage may be off screen).
    [[nodiscard]] bool teacher_view() const;
    /// True while a transition runs.
    [[nodiscard]] bool moving() const { return transition_.has_value(); }

  private:
    struct Memory {
        Box2 stage;
        std::optional<CameraPose> teacher;
    };
    struct Transition {
        std::optional<CameraPose> from;
        float elapsed = 0.0f;
    };

    std::optional<std::pair<std::string, std::size_t>> key_;
    std::map<std::pair<std::string, std::size_t>, Memory> memory_;
    std::optional<Box2> stage_;
    std::optional<Transition> transition_;
};

}  // namespace aabb::ui
