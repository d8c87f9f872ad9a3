#pragma once
// The lesson's world side: reading and applying world handle targets (world.count,
// world.broad_phase, world.substeps, world.bodies[1].velocity.x, …) on a Scene, and building
// and stepping the World a headless lesson run reads, within a work limit so a lesson file
// cannot make a check run for hours.

#include <cstdint>
#include <exception>
#include <span>
#include <string>
#include <vector>

#include "core/broadphase/resource_budget.hpp"
#include "core/lesson/lesson.hpp"
#include "core/scene/scene.hpp"
#include "core/world/world.hpp"

namespace aabb::lesson {

/// Limits of the world a lesson builds. Declared sizes are checked before a step's run; what
/// the run really does (pairs, box tests) is counted as it goes (LessonRun), since identical
/// boxes, a spawner's spray or a cross of bars pass every declared size and then run for
/// minutes (issue 48 item 7). docs/limits.md ("Lesson runs") lists each with its message.
struct LessonWorldLimits {
    /// The most boxes world.count may ask for.
    static constexpr double max_count = 20000.0;
    /// The most world.substeps.
    static constexpr double max_substeps = 64.0;
    /// Bodies × world steps of one step's run.
    static constexpr double max_body_steps = 5e6;
    /// Pair tests brute force would do over one step's run (n(n−1)/2 × world steps); also the
    /// most box tests any broad phase may make over one step's run.
    static constexpr double max_brute_force_tests = 5e8;
    /// Candidate pairs one world step of a lesson may hold: the pair budget of every lesson
    /// world (ResourceBudget::max_pairs, 2^25 elsewhere). 2^23: lesson 19's dense cluster at its
    /// largest count holds 6.9 million.
    static constexpr std::uint64_t max_pairs = std::uint64_t{1} << 23;
    /// Bytes of one broad-phase array in a lesson world (ResourceBudget::max_bytes, 1 GiB
    /// elsewhere).
    static constexpr std::uint64_t max_bytes = std::uint64_t{1} << 28;
    /// Candidate pairs summed over one step's run, the build included: 2^24, about two
    /// seconds of narrow phase.
    static constexpr std::uint64_t max_run_pairs = std::uint64_t{1} << 24;
    /// Bytes of the scene files one lesson reads (scene_file and world.scene choices), each
    /// distinct file counted and read once.
    static constexpr std::uint64_t max_scene_bytes = std::uint64_t{16} << 20;
};

/// The resource budget of a lesson world: LessonWorldLimits' pairs and bytes, or `run`'s
/// where it is lower (a run's flags may lower the lesson budget, not raise it).
[[nodiscard]] ResourceBudget lesson_resource_budget(
    const ResourceBudget& run = default_resource_budget);

/// What a lesson step's run reports for `problem`: its message, for BudgetExceeded with the
/// lesson's budget too (the core's advice names --max-pairs, which cannot raise a lesson's),
/// for std::bad_alloc "out of memory (std::bad_alloc) running the step's world".
[[nodiscard]] std::string lesson_run_problem(const std::exception& problem);

/// One lesson step's run: `steps` world steps of a scene after its build. The window and the
/// headless runner both check their lesson worlds with it.
class LessonRun {
  public:
    /// Checks the run before anything is built: bodies × steps (the build counts as a step; a
    /// scene with spawners as World::spawn_body_limit bodies) and brute force's pair tests.
    /// Throws std::invalid_argument with the message docs/limits.md gives.
    LessonRun(const Scene& scene, std::uint64_t steps);
    /// Adds the candidate pairs and box tests of `world`'s last pair search (its build, then
    /// each step) to the run's totals. Throws std::invalid_argument once a total is above
    /// LessonWorldLimits::max_run_pairs or max_brute_force_tests, StopRequested once the
    /// program is asked to quit (so the window's and headless runs both stop between steps).
    void count(const World& world);

  private:
    std::uint64_t steps_;
    std::uint64_t counted_ = 0;
    std::uint64_t pairs_ = 0;
    double box_tests_ = 0.0;
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

/// A world built from `scene` under lesson_resource_budget(its budget) and stepped `steps`
/// times, checked by a LessonRun. Throws std::invalid_argument when the world rejects the
/// scene or the run is above LessonWorldLimits, BudgetExceeded when one step holds more pairs
/// than the lesson budget, StopRequested when the program is asked to quit.
[[nodiscard]] World run_lesson_world(const Scene& scene, std::uint64_t steps);

}  // namespace aabb::lesson
