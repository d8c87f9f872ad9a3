#include "core/lesson/lesson.hpp"

#include <algorithm>

#include "core/lesson/display_names.hpp"

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

std::string lesson_display_text(const Lesson& lesson) {
    std::string text = lesson.title + lesson.title_zh + lesson.objective + lesson.objective_zh;
    for (const Step& step : lesson.steps) {
        text += step.text + step.text_zh + step.try_text + step.try_zh;
        if (const std::optional<Question>& question = step.question) {
            text += question->text + question->text_zh + question->explain + question->explain_zh;
            for (const QuestionChoice& choice : question->choices)
                text += choice.text + choice.text_zh;
        }
        for (const std::string& formula : step.formulas)
            text += formula;
        for (const std::string& formula : step.formulas_zh)
            text += formula;
    }
    for (const LessonObject& object : lesson.objects)
        text += object.label + object.label_zh;
    for (const Gadget& gadget : lesson.gadgets)
        text += gadget.label;
    for (const Handle& handle : lesson.handles) {
        text += handle.label + handle.label_zh;
        for (std::size_t i = 0; i < handle.choice_labels.size(); ++i)
            text += handle.choice_labels[i] + handle.choice_labels_zh[i];
    }
    for (const Readout& readout : lesson.readouts)
        text += readout.label + readout.label_zh;
    return text + fixed_names_text();
}

}  // namespace aabb::lesson
