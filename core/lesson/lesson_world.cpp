#include "core/lesson/lesson_world.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <new>
#include <numbers>
#include <stdexcept>

#include "core/broadphase/broad_phase_factory.hpp"
#include "core/lesson/handles/handle_values.hpp"
#include "core/parallel/stop_request.hpp"
#include "core/scene/scene_file_names.hpp"
#include "core/scene/scene_world.hpp"
#include "core/text/input_excerpt.hpp"
#include "core/world/body_extent.hpp"

namespace aabb::lesson {

namespace {

constexpr double degrees_per_radian = 180.0 / std::numbers::pi;

void require_within(const Range& range, double low, double high, const std::string& what) {
    if (range.low >= low && range.high <= high) return;
    throw std::invalid_argument("the range " + range_text(range) + " of " + what +
                                " must lie within " + range_text(Range{low, high}));
}

// An option's accepted values over every algorithm that has it; nullopt when none has it.
std::optional<Range> option_range(const std::string& name) {
    std::optional<Range> result;
    for (const std::string& algorithm : broad_phase_names()) {
        for (const BroadPhaseParameter& parameter : broad_phase_parameters(algorithm)) {
            if (parameter.name != name) continue;
            if (!result) result = Range{parameter.minimum, parameter.maximum};
            result->low = std::max(result->low, parameter.minimum);
            result->high = std::min(result->high, parameter.maximum);
        }
    }
    return result;
}

std::optional<double> option_value(const Scene& scene, const std::string& name) {
    if (const auto found = scene.world.broad_phase_options.find(name);
        found != scene.world.broad_phase_options.end())
        return found->second;
    for (const std::string& algorithm : broad_phase_names()) {
        if (algorithm != scene.world.broad_phase) continue;
        for (const BroadPhaseParameter& parameter : broad_phase_parameters(algorithm)) {
            if (parameter.name == name) return parameter.default_value;
        }
    }
    for (const std::string& algorithm : broad_phase_names()) {
        for (const BroadPhaseParameter& parameter : broad_phase_parameters(algorithm)) {
            if (parameter.name == name) return parameter.default_value;
        }
    }
    return std::nullopt;
}

bool algorithm_has_option(const std::string& algorithm, std::string_view name) {
    for (const BroadPhaseParameter& parameter : broad_phase_parameters(algorithm)) {
        if (parameter.name == name) return true;
    }
    return false;
}

double index_of(std::span<const std::string> choices, std::string_view name) {
    const auto found = std::find(choices.begin(), choices.end(), name);
    return found == choices.end() ? -1.0 : double(found - choices.begin());
}

}  // namespace

std::vector<std::string> world_choice_names(const HandleTarget& target) {
    std::vector<std::string> names;
    if (target.scope != TargetScope::world) return names;
    if (target.world_field == WorldField::broad_phase) return broad_phase_names();
    if (target.world_field == WorldField::detection) {
        for (const auto& entry : detection_names)
            names.emplace_back(entry.name);
    } else if (target.world_field == WorldField::touching) {
        for (const auto& entry : touching_names)
            names.emplace_back(entry.name);
    }
    return names;
}

void check_world_target(const HandleTarget& target, const Scene& scene, const Range& range,
                        std::span<const std::string> choices) {
    const std::vector<std::string> known = world_choice_names(target);
    for (const std::string& choice :
         target.world_field == WorldField::scene ? std::span<const std::string>() : choices) {
        if (std::find(known.begin(), known.end(), choice) == known.end())
            throw std::invalid_argument("'" + input_excerpt(choice) +
                                        "' is not a valid name for this target");
    }
    switch (target.world_field) {
        case WorldField::broad_phase:
        case WorldField::detection:
        case WorldField::touching:
        case WorldField::scene:
            if (choices.empty()) throw std::invalid_argument("a name target needs choices");
            return;
        case WorldField::time_step:
            require_within(range, 1e-6, 10.0, "world.time_step");
            return;
        case WorldField::substeps:
            require_within(range, 1.0, LessonWorldLimits::max_substeps, "world.substeps");
            return;
        case WorldField::count:
            if (scene.box_fields.empty())
                throw std::invalid_argument("world.count needs a scene with a box field");
            require_within(range, 1.0, LessonWorldLimits::max_count, "world.count");
            return;
        case WorldField::seed:
            require_within(range, 0.0, 4294967295.0, "world.seed");
            return;
        case WorldField::option: {
            const std::optional<Range> accepted = option_range(target.option);
            if (!accepted)
                throw std::invalid_argument("no broad phase has an option '" +
                                            input_excerpt(target.option) + "'");
            require_within(range, accepted->low, accepted->high, "world.option." + target.option);
            return;
        }
        default:
            break;
    }
    if (target.element >= scene.bodies.size()) {
        throw std::invalid_argument("the scene has " + std::to_string(scene.bodies.size()) +
                                    " bodies, so there is no body " +
                                    std::to_string(target.element));
    }
    const Body& body = scene.bodies[target.element].body;
    switch (target.world_field) {
        case WorldField::body_position:
            require_within(range, -1e7, 1e7, "a body's position");
            return;
        case WorldField::body_velocity:
            require_within(range, -1e7, 1e7, "a body's velocity");
            return;
        case WorldField::body_size:
            if (body.shape != ShapeType::box)
                throw std::invalid_argument("only box bodies have a size");
            // The world's own rule (body_extent.hpp), so a handle can never make a body it refuses;
            // written as the double 1e-6 so the message prints it as such.
            static_assert(static_cast<float>(1e-6) == min_body_extent);
            require_within(range, 1e-6, 1e6, "a body's size");
            return;
        default:
            require_within(range, -1e4 * degrees_per_radian, 1e4 * degrees_per_radian,
                           "a body's angle");
            return;
    }
}

HandleValue read_world_field(const HandleTarget& target, const Scene& scene,
                             std::span<const std::string> choices) {
    const auto number = [](double value) { return HandleValue{{value, 0.0}}; };
    switch (target.world_field) {
        case WorldField::broad_phase:
            return number(index_of(choices, scene.world.broad_phase));
        case WorldField::detection:
            return number(index_of(choices, name_of(detection_names, scene.detection)));
        case WorldField::touching:
            return number(index_of(choices, name_of(touching_names, scene.world.touching.rule)));
        case WorldField::time_step:
            return number(scene.world.time_step);
        case WorldField::substeps:
            return number(1.0);
        case WorldField::count:
            return number(scene.box_fields.empty() ? 0.0 : double(scene.box_fields[0].count));
        case WorldField::seed:
            return number(double(scene.world.seed));
        case WorldField::option:
            return number(option_value(scene, target.option).value_or(0.0));
        case WorldField::scene:
            return number(0.0);
        default:
            break;
    }
    const Body& body = scene.bodies.at(target.element).body;
    switch (target.world_field) {
        case WorldField::body_position:
            return value_of_point(body.position, target.component);
        case WorldField::body_velocity:
            return value_of_point(body.velocity, target.component);
        case WorldField::body_size:
            return value_of_point(body.half_size * 2.0f, target.component);
        default:
            return number(double{body.angle} * degrees_per_radian);
    }
}

void apply_world_field(const HandleTarget& target, const HandleValue& value,
                       std::span<const std::string> choices, Scene& scene) {
    const double number = value.numbers[0];
    const auto choice = [&]() -> const std::string& {
        const auto index =
            static_cast<std::size_t>(std::clamp(number, 0.0, double(choices.size() - 1)));
        return choices[index];
    };
    switch (target.world_field) {
        case WorldField::broad_phase: {
            scene.world.broad_phase = choice();
            auto& options = scene.world.broad_phase_options;
            for (auto it = options.begin(); it != options.end();) {
                it = algorithm_has_option(scene.world.broad_phase, it->first) ? std::next(it)
                                                                              : options.erase(it);
            }
            return;
        }
        case WorldField::detection:
            set_bullet_detection(
                scene, choice() == "swept" ? DetectionMode::swept : DetectionMode::discrete);
            return;
        case WorldField::touching:
            for (const auto& entry : touching_names) {
                if (entry.name == choice()) scene.world.touching.rule = entry.value;
            }
            return;
        case WorldField::time_step:
            scene.world.time_step = static_cast<float>(number);
            return;
        case WorldField::substeps:
            scene.world.time_step /= static_cast<float>(std::max(1.0, number));
            return;
        case WorldField::count:
            if (!scene.box_fields.empty())
                scene.box_fields[0].count = static_cast<std::uint32_t>(std::llround(number));
            return;
        case WorldField::seed:
            scene.world.seed = static_cast<std::uint32_t>(std::llround(number));
            return;
        case WorldField::option:
            if (algorithm_has_option(scene.world.broad_phase, target.option))
                scene.world.broad_phase_options[target.option] = number;
            return;
        case WorldField::scene:
            return;  // the runtime swaps the whole scene first (Handle::scenes)
        default:
            break;
    }
    Body& body = scene.bodies.at(target.element).body;
    switch (target.world_field) {
        case WorldField::body_position:
            body.position = point_with_value(body.position, value, target.component);
            return;
        case WorldField::body_velocity:
            body.velocity = point_with_value(body.velocity, value, target.component);
            return;
        case WorldField::body_size:
            body.half_size =
                point_with_value(body.half_size * 2.0f, value, target.component) * 0.5f;
            return;
        default:
            body.angle = static_cast<float>(number / degrees_per_radian);
            return;
    }
}

ResourceBudget lesson_resource_budget(const ResourceBudget& run) {
    ResourceBudget budget = run;
    budget.max_pairs = std::min(budget.max_pairs, LessonWorldLimits::max_pairs);
    budget.max_bytes = std::min(budget.max_bytes, LessonWorldLimits::max_bytes);
    return budget;
}

std::string lesson_run_problem(const std::exception& problem) {
    if (dynamic_cast<const std::bad_alloc*>(&problem) != nullptr)
        return "out of memory (std::bad_alloc) running the step's world";
    std::string message = problem.what();
    if (dynamic_cast<const BudgetExceeded*>(&problem) != nullptr)
        message += " (a lesson world holds at most " +
                   std::to_string(LessonWorldLimits::max_pairs) +
                   " pairs: LessonWorldLimits::max_pairs)";
    return message;
}

LessonRun::LessonRun(const Scene& scene, std::uint64_t steps) : steps_(steps) {
    // Checked before building: building already runs one pair search (refresh_pairs), so it
    // counts as a step. Spawners add at most World::spawn_body_limit bodies later.
    double bodies = double(scene.bodies.size());
    for (const BoxField& field : scene.box_fields)
        bodies += double(field.count);
    if (!scene.spawners.empty()) bodies = std::max(bodies, double(World::spawn_body_limit));
    const double runs = double(std::max<std::uint64_t>(steps, 1));
    const std::string what = std::to_string(steps) + " world steps of " +
                             std::to_string(static_cast<std::uint64_t>(bodies)) + " bodies";
    if (bodies * runs > LessonWorldLimits::max_body_steps)
        throw std::invalid_argument(what + " are above the limit of 5e6 body-steps");
    if (scene.world.broad_phase == "brute_force" &&
        bodies * (bodies - 1.0) / 2.0 * runs > LessonWorldLimits::max_brute_force_tests) {
        throw std::invalid_argument("brute force over " + what +
                                    " is above the limit of 5e8 pair tests");
    }
}

void LessonRun::count(const World& world) {
    throw_if_stop_requested("lesson world");
    // What the declared sizes cannot tell: boxes piled at one point, a spray of spawned bodies,
    // a cross of long bars all pair up; every structure's box tests grow with them.
    pairs_ += world.overlapping_pairs().size();
    box_tests_ += double(world.broad_phase().last_box_tests());
    const std::string where =
        "world step " + std::to_string(counted_) + " of " + std::to_string(steps_) + ": ";
    ++counted_;
    if (pairs_ > LessonWorldLimits::max_run_pairs) {
        throw std::invalid_argument(where + std::to_string(pairs_) +
                                    " candidate pairs so far, above the limit of " +
                                    std::to_string(LessonWorldLimits::max_run_pairs) +
                                    " for one step's run (fewer overlapping bodies or fewer "
                                    "frames)");
    }
    if (box_tests_ > LessonWorldLimits::max_brute_force_tests) {
        throw std::invalid_argument(
            where + std::to_string(static_cast<std::uint64_t>(box_tests_)) +
            " box tests so far, above the limit of 5e8 for one step's run (fewer bodies or "
            "frames, or another broad phase)");
    }
}

World run_lesson_world(const Scene& scene, std::uint64_t steps) {
    LessonRun run(scene, steps);
    Scene budgeted = scene;
    budgeted.world.resource_budget = lesson_resource_budget(scene.world.resource_budget);
    World world = build_world(budgeted);
    run.count(world);
    for (std::uint64_t step = 0; step < steps; ++step) {
        world.step();
        run.count(world);
    }
    return world;
}

}  // namespace aabb::lesson
