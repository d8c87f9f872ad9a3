// The lesson overlay: the running lesson's gadgets (the teaching objects that are not bodies:
// interval bars, slabs, a τ timeline, …) and its handles, drawn over the world and under the
// step card.

#include "core/lesson/lesson_names.hpp"
#include "ui/canvas/canvas_overlay.hpp"
#include "ui/lesson/gadgets/gadget_list.hpp"
#include "ui/overlays/overlay_list.hpp"
#include "ui/style/overlay_colors.hpp"

namespace aabb::ui {

namespace {

/// Its names and legend.
constexpr OverlayDescription description{lesson::overlay_name("lesson"), TextKey::overlay_lesson,
                                         TextKey::overlay_lesson_tip,
                                         &overlay_colors.caption_title};

/// The gadgets, then the handles on top.
void draw_lesson(const OverlayContext& context, const OverlaySources& sources) {
    const lesson::LessonRuntime* runtime = sources.lessons.runtime();
    if (runtime == nullptr) return;
    sources.lesson_drawn =
        draw_lesson_gadgets(*runtime, context.world, context.camera, context.draw_list);
    sources.lesson_handles.draw(sources.lessons, context.camera, context.draw_list);
}

}  // namespace

const OverlayDefinition lesson_overlay{description, draw_lesson};

}  // namespace aabb::ui
