#include "core/lesson/step_world_use.hpp"

#include <algorithm>
#include <stdexcept>
#include <string_view>

#include "core/lesson/formula.hpp"
#include "core/lesson/readouts/readout_catalog.hpp"

namespace aabb::lesson {

namespace {

/// True when `name` is a readout of a kind that reads the world, or a handle with a world
/// target.
bool names_world(const Lesson& lesson, std::string_view name) {
    if (const Readout* readout = find_readout(lesson, name)) {
        const ReadoutKind* kind = find_readout_kind(readout->kind);
        return kind != nullptr && kind->uses_world;
    }
    if (const Handle* handle = find_handle(lesson, name)) {
        return std::any_of(
            handle->targets.begin(), handle->targets.end(),
            [](const HandleTarget& target) { return target.scope == TargetScope::world; });
    }
    return false;
}

/// True when a formula of `step` refers to a readout or handle of the world.
bool formulas_name_world(const Lesson& lesson, const Step& step) {
    for (const std::string& formula : step.formulas) {
        std::vector<FormulaPart> parts;
        try {
            parts = split_formula(formula);
        } catch (const std::invalid_argument&) {
            continue;  // the reader rejects such a formula; a lesson built in code may not
        }
        for (const FormulaPart& part : parts) {
            if (part.ref != FormulaRef::text && names_world(lesson, part.text)) return true;
        }
    }
    return false;
}

}  // namespace

bool step_uses_world(const Lesson& lesson, const Step& step) {
    if (step.frames > 0 || !step.show.empty()) return true;
    if (formulas_name_world(lesson, step)) return true;
    const auto any_world = [&](const std::vector<std::string>& names) {
        return std::any_of(names.begin(), names.end(),
                           [&](const std::string& name) { return names_world(lesson, name); });
    };
    if (step.readouts && any_world(*step.readouts)) return true;
    if (step.handles && any_world(*step.handles)) return true;
    const auto any_condition = [&](const std::vector<Condition>& conditions) {
        return std::any_of(conditions.begin(), conditions.end(), [&](const Condition& condition) {
            return names_world(lesson, condition.readout);
        });
    };
    if (any_condition(step.goal)) return true;
    if (step.question) {
        if (names_world(lesson, step.question->readout)) return true;
        for (const QuestionChoice& choice : step.question->choices) {
            if (any_condition(choice.when)) return true;
        }
    }
    return std::any_of(step.expect.begin(), step.expect.end(), [&](const Expectation& expected) {
        return names_world(lesson, expected.readout);
    });
}

WorldDisplay step_world_display(const Lesson& lesson, const Step& step) {
    if (step.world) return *step.world;
    return step_uses_world(lesson, step) ? WorldDisplay::shown : WorldDisplay::dimmed;
}

}  // namespace aabb::lesson
