#include "ui/model/lesson_canvas_view.hpp"

#include <algorithm>
#include <utility>

#include "core/lesson/step_world_use.hpp"

namespace aabb::ui {

namespace {

/// The step's own choice for `name`: on (show), off (hide), or nullopt when it names neither
/// (a name in both lists is hidden: `hide` is applied last, as it always was).
std::optional<bool> step_choice(const lesson::Step& step, const std::string& name) {
    const auto names = [&](const std::vector<std::string>& list) {
        return std::find(list.begin(), list.end(), name) != list.end();
    };
    if (names(step.hide)) return false;
    if (names(step.show)) return true;
    return std::nullopt;
}

}  // namespace

CanvasSwitches step_canvas_switches(const lesson::Lesson& lesson, const lesson::Step& step,
                                    std::span<const OverlayRule> overlays,
                                    const CanvasSwitches& current) {
    CanvasSwitches switches = current;
    switches.world = lesson::step_world_display(lesson, step);
    const bool world_shown = switches.world == lesson::WorldDisplay::shown;
    switches.overlays.resize(overlays.size(), false);
    for (std::size_t i = 0; i < overlays.size(); ++i) {
        bool on = switches.overlays[i];
        switch (overlays[i].in_lessons) {
            case OverlayInLessons::step_only:
                on = false;
                break;
            case OverlayInLessons::with_world:
                on = world_shown;
                break;
            case OverlayInLessons::kept:
                break;
        }
        switches.overlays[i] = step_choice(step, overlays[i].name).value_or(on);
    }
    switches.pair_lines = step_choice(step, "pair-lines").value_or(false);
    switches.hover_info = step_choice(step, "hover-info").value_or(false);
    return switches;
}

CanvasSwitches LessonCanvasView::enter_step(const lesson::Lesson& lesson, const lesson::Step& step,
                                            std::span<const OverlayRule> overlays,
                                            const CanvasSwitches& current) {
    if (!before_lesson_) before_lesson_ = current;
    return step_canvas_switches(lesson, step, overlays, current);
}

std::optional<CanvasSwitches> LessonCanvasView::leave() {
    return std::exchange(before_lesson_, std::nullopt);
}

}  // namespace aabb::ui
