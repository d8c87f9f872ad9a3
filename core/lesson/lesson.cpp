#include "core/lesson/lesson.hpp"

#include <algorithm>

namespace aabb::lesson {

namespace {

template <class Item>
const Item* find_named(const std::vector<Item>& items, std::string_view name) {
    const auto found = std::find_if(items.begin(), items.end(),
                                    [&](const Item& item) { return item.name == name; });
    return found == items.end() ? nullptr : &*found;
}

}  // namespace

const LessonObject* find_object(const Lesson& lesson, std::string_view name) {
    return find_named(lesson.objects, name);
}

const Handle* find_handle(const Lesson& lesson, std::string_view name) {
    return find_named(lesson.handles, name);
}

const Readout* find_readout(const Lesson& lesson, std::string_view name) {
    return find_named(lesson.readouts, name);
}

}  // namespace aabb::lesson
