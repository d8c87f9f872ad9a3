#pragma once
// The lesson's world side: reading and applying world handle targets (world.count,
// world.broad_phase, world.substeps, world.bodies[1].velocity.x, …) on a Scene, and building
// and stepping the World a headless lesson run reads, within a work limit so a lesson file
// cannot make a check run for hours.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/lesson/lesson.hpp"
#include "core/scene/scene.hpp"
#include "core/world/world.hpp"

namespace aabb::lesson {

/// Limits of the world a lesson builds.
struct LessonWorldLimits {
    /// The most boxes world.count may ask for.
    static constexpr double max_count = 20000.0;
    /// The most world.substeps.
    static constexpr double max_substeps = 64.0;
    /// Bodies × world steps of one step's run.
    static constexpr double max_body_steps = 5e6;
    /// Pair tests brute force would do over one step's run (n(n−1)/2 × world steps).
    static constexpr double max_brute_force_tests = 5e8;
};

/// The names a world choice target accepts: broad-phase names, "discrete"/"swept",
/// "closed"/"open"/"tolerance". Empty for other targets.
[[nodiscard]] std::vector<std::string> world_choice_names(const HandleTarget& target);

/// Checks that a world target fits `scene` and that `range` keeps it sane (a box field for
/// world.count, the body for world.bodies[i], a known option, a positive time step …). Throws
/// std::invalid_argument with the reason. `choices` are the handle's choices (name targets).
void check_world_target(const HandleTarget& target, const Scene& scene, const Range& range,
                        std::span<const std::string> choices);

/// The value a world target has in `scene` (a choice: the index of the scene's name in
/// `choices`; −1 when it is not among them).
[[nodiscard]] HandleValue read_world_field(const HandleTarget& target, const Scene& scene,
                                           std::span<const std::string> choices);

/// Writes `value` into `scene` (world.substeps divides the time step; an option the scene's
/// algorithm lacks is ignored; switching the broad phase drops options the new one lacks;
/// world.scene is not applied here: the caller replaces the scene from Handle::scenes first).
void apply_world_field(const HandleTarget& target, const HandleValue& value,
                       std::span<const std::string> choices, Scene& scene);

/// A world built from `scene` and stepped `steps` times. Throws std::invalid_argument when the
/// world rejects the scene or the run (counting the build as one step, and a scene with
/// spawners as World::spawn_body_limit bodies) is above LessonWorldLimits; the limits are
/// checked before anything is built.
[[nodiscard]] World run_lesson_world(const Scene& scene, std::uint64_t steps);

}  // namespace aabb::lesson
