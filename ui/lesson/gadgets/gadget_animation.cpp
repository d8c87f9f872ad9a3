#include "ui/lesson/gadgets/gadget_animation.hpp"

#include <algorithm>

namespace aabb::ui {

std::optional<lesson::Range> animated_range(const GadgetContext& context, std::string_view role) {
    const lesson::Animation* animation = context.runtime.animation();
    const lesson::LessonObject* number = context.object(role);
    if (animation == nullptr || number == nullptr) return std::nullopt;
    const lesson::Lesson& lesson = context.runtime.lesson();
    const lesson::Handle* handle = lesson::find_handle(lesson, animation->handle);
    if (handle == nullptr) return std::nullopt;
    for (const lesson::HandleTarget& target : handle->targets) {
        if (target.scope == lesson::TargetScope::object &&
            lesson.objects[target.object].name == number->name)
            return lesson::Range{std::min(animation->from, animation->to),
                                 std::max(animation->from, animation->to)};
    }
    return std::nullopt;
}

}  // namespace aabb::ui
