#include "ui/view/stage_view.hpp"

#include <algorithm>
#include <cmath>

namespace aabb::ui {

namespace {

/// True when two stages are the same region to within a millionth of their size (a stage
/// recomputed from the same objects).
bool same_stage(const Box2& a, const Box2& b) {
    const float scale = std::max({1e-6f, a.size().x, a.size().y, b.size().x, b.size().y}) * 1e-6f;
    return glm::all(glm::lessThanEqual(glm::abs(a.min - b.min), glm::vec2(scale))) &&
           glm::all(glm::lessThanEqual(glm::abs(a.max - b.max), glm::vec2(scale)));
}

}  // namespace

CameraPose pose_showing(const ScreenRect& viewport, const ScreenRect& target, const Box2& region,
                        float margin, const Sides& padding) {
    // What is left of the target once the margin and the padding are kept free (at least a
    // pixel, at its middle).
    // In a small target (a large UI scale beside the panel) the margin and the padding give way
    // first: together they take at most max_reserved_share of the target each way, so the
    // figure stays the larger part.
    const glm::vec2 reserved(2.0f * margin + padding.left + padding.right,
                             2.0f * margin + padding.top + padding.bottom);
    const glm::vec2 allowed = max_reserved_share * target.size();
    const glm::vec2 shrink(reserved.x > allowed.x ? allowed.x / reserved.x : 1.0f,
                           reserved.y > allowed.y ? allowed.y / reserved.y : 1.0f);
    const ScreenRect room{
        target.min + shrink * glm::vec2(margin + padding.left, margin + padding.top),
        target.max - shrink * glm::vec2(margin + padding.right, margin + padding.bottom)};
    const glm::vec2 size = glm::max(room.size(), glm::vec2(1.0f));
    const glm::vec2 middle =
        room.size().x >= 1.0f && room.size().y >= 1.0f ? room.center() : target.center();
    const float longer = std::max(region.size().x, region.size().y);
    const glm::vec2 extent = glm::max(region.size(), glm::vec2(std::max(0.05f * longer, 1e-3f)));
    const float zoom = std::clamp(std::min(size.x / extent.x, size.y / extent.y), Camera::min_zoom,
                                  Camera::max_zoom);
    // The region's center goes to the room's center, which is off the viewport's (y grows
    // upwards in the world).
    const glm::vec2 offset = middle - viewport.center();
    return {region.center() + glm::vec2(-offset.x, offset.y) / zoom, zoom};
}

CameraPose blend_poses(const CameraPose& from, const CameraPose& to, float t) {
    t = std::clamp(t, 0.0f, 1.0f);
    const float eased = t * t * (3.0f - 2.0f * t);
    // The screen point that stays put while zooming geometrically moves the center
    // non-linearly; a straight center path with a geometric zoom reads as one smooth move.
    const float zoom = from.zoom * std::pow(to.zoom / from.zoom, eased);
    return {from.center + (to.center - from.center) * eased, zoom};
}

void StageView::enter_step(const std::string& lesson, std::size_t step, bool animate) {
    key_ = std::make_pair(lesson, step);
    stage_.reset();
    transition_.reset();
    if (animate) transition_ = Transition{};
}

void StageView::set_stage(const Box2& stage) {
    stage_ = stage;
    if (!key_) return;
    Memory& memory = memory_[*key_];
    if (!same_stage(memory.stage, stage)) memory.teacher.reset();
    memory.stage = stage;
}

void StageView::reframe() {
    if (key_) memory_[*key_].teacher.reset();
    transition_ = Transition{};
}

void StageView::teacher_moved(const CameraPose& pose) {
    transition_.reset();
    if (key_ && stage_) memory_[*key_].teacher = pose;
}

void StageView::leave() {
    key_.reset();
    stage_.reset();
    transition_.reset();
}

bool StageView::teacher_view() const {
    if (!key_) return false;
    const auto found = memory_.find(*key_);
    return found != memory_.end() && found->second.teacher.has_value();
}

CameraPose StageView::update(const CameraPose& fitted, const CameraPose& current, float seconds) {
    if (!stage_ || !key_) return current;
    const Memory& memory = memory_[*key_];
    const CameraPose target = memory.teacher ? *memory.teacher : fitted;
    if (!transition_) return target;
    // The transition starts from where the camera is when the stage becomes known.
    if (!transition_->from) transition_->from = current;
    transition_->elapsed += std::max(seconds, 0.0f);
    const float t = transition_->elapsed / transition_seconds;
    if (t >= 1.0f) {
        transition_.reset();
        return target;
    }
    return blend_poses(*transition_->from, target, t);
}

}  // namespace aabb::ui
