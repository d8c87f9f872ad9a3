#include "ui/model/lesson_stage.hpp"

#include <cmath>

namespace aabb::ui {

namespace {

bool finite(const Box2& box) {
    return box.is_valid() && std::isfinite(box.min.x) && std::isfinite(box.min.y) &&
           std::isfinite(box.max.x) && std::isfinite(box.max.y);
}

}  // namespace

bool step_uses_world(const lesson::LessonRuntime& runtime, const Box2& drawn) {
    if (runtime.scene() == nullptr) return false;
    const lesson::Step& step = runtime.step();
    return !step.show.empty() || step.frames > 0 || !finite(drawn);
}

Box2 visible_handle_anchors(const lesson::LessonRuntime& runtime) {
    Box2 anchors = Box2::empty();
    for (const lesson::Handle& handle : runtime.lesson().handles) {
        if (!runtime.handle_visible(handle.name)) continue;
        const std::optional<glm::vec2> anchor = runtime.anchor(handle.name);
        if (anchor && std::isfinite(anchor->x) && std::isfinite(anchor->y))
            anchors = merge(anchors, Box2{*anchor, *anchor});
    }
    return anchors;
}

Box2 bodies_extent(const World& world) {
    Box2 extent = Box2::empty();
    for (const Box2& box : world.world_boxes()) {
        if (finite(box)) extent = merge(extent, box);
    }
    if (!extent.is_valid()) return extent;
    // Bodies that flew off stay outside the frame: the world's bounds are what it shows.
    const Box2& bounds = world.settings().bounds;
    const Box2 clipped{glm::max(extent.min, bounds.min), glm::min(extent.max, bounds.max)};
    return clipped.is_valid() ? clipped : extent;
}

std::optional<Box2> step_stage(const lesson::LessonRuntime& runtime, const Box2& drawn,
                               const World* world) {
    if (runtime.step().stage) return runtime.step().stage;
    Box2 stage = finite(drawn) ? drawn : Box2::empty();
    const Box2 anchors = visible_handle_anchors(runtime);
    if (anchors.is_valid()) stage = stage.is_valid() ? merge(stage, anchors) : anchors;
    if (world != nullptr && step_uses_world(runtime, drawn)) {
        const Box2 bodies = bodies_extent(*world);
        if (bodies.is_valid()) stage = stage.is_valid() ? merge(stage, bodies) : bodies;
    }
    if (!finite(stage)) return std::nullopt;
    return stage;
}

}  // namespace aabb::ui
