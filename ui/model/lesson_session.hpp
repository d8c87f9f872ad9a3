#pragma once
// The window's lesson mode: the lessons of the lessons/ folder, the one running (a
// LessonRuntime from core/lesson), where the presenter is in it, which step goals the class
// has reached, and keeping the window's world in step with the lesson. Navigation runs on
// across lessons (PageDown on a lesson's last step opens the next lesson's first step), so a
// presenter's clicker always moves forward. A lesson that fails to load or reload is reported
// in error() and the lesson that was running keeps running: nothing is half-applied.
// Pure C++ (no ImGui, SDL or GL), unit tested.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/lesson/lesson_library.hpp"
#include "core/lesson/lesson_runtime.hpp"
#include "ui/model/simulation_controller.hpp"

namespace aabb::ui {

/// Lesson mode: the list, the running lesson and the presenter's place in it.
class LessonSession {
  public:
    /// A session over the lessons of `directory` (found with find_lesson_directory() when
    /// empty); no lesson runs yet.
    explicit LessonSession(std::filesystem::path directory = {});

    /// The lesson files of the folder, sorted by name (broken ones listed with their error).
    [[nodiscard]] const std::vector<lesson::LessonEntry>& entries() const { return entries_; }
    /// The folder the lessons come from (empty when none was found).
    [[nodiscard]] const std::filesystem::path& directory() const { return directory_; }
    /// True while a lesson runs.
    [[nodiscard]] bool active() const { return runtime_.has_value(); }
    /// The running lesson, or nullptr.
    [[nodiscard]] const lesson::LessonRuntime* runtime() const {
        return runtime_ ? &*runtime_ : nullptr;
    }
    /// The running lesson, for handles to change, or nullptr.
    [[nodiscard]] lesson::LessonRuntime* runtime() { return runtime_ ? &*runtime_ : nullptr; }
    /// The running lesson's place in entries(), if it came from the folder.
    [[nodiscard]] std::optional<std::size_t> lesson_index() const { return index_; }

    /// Opens lesson `index` of entries() at `step` (clamped to its steps). Returns false and
    /// sets error() when it cannot be loaded; the running lesson keeps running then.
    bool open(std::size_t index, std::size_t step = 0);
    /// Opens a lesson by name or path (resolve_lesson: "02_box_intervals", "box_intervals", a
    /// file) at `step`. Returns false and sets error() as open().
    bool open_named(const std::string& name, std::size_t step = 0);
    /// Leaves lesson mode (the world stays as it is).
    void close();

    /// The next step; on the last step, the next lesson's first step. False at the very end.
    bool next_step();
    /// The previous step; on the first step, the previous lesson's last step.
    bool previous_step();
    /// The next lesson's first step. False on the last lesson.
    bool next_lesson();
    /// The previous lesson's first step. False on the first lesson.
    bool previous_lesson();
    /// The first step of the running lesson.
    void first_step();
    /// The last step of the running lesson.
    void last_step();
    /// Step `index` (0-based) of the running lesson, clamped to its steps.
    void go_to_step(std::size_t index);
    /// Enters the current step again, discarding the learner's changes (F5).
    void restart_step();
    /// Reads the running lesson's file again (R: a teacher edits the file and presses R).
    /// Returns false and sets error() when the edited file is broken; the lesson as it was
    /// keeps running.
    bool reload();

    /// The last loading problem (file and JSON path), empty after a successful load; or why
    /// the step's world could not be built (LessonWorldLimits), until it can again.
    [[nodiscard]] const std::string& error() const { return error_; }

    /// Makes the window's world follow the lesson: when the lesson's scene must be rebuilt
    /// (a new lesson, step or world handle), replaces the world with it, steps it as many
    /// steps as the step asks and pauses, so the world shows exactly what the step's numbers
    /// describe. A lesson without a scene gets an empty world. A run above the lesson limits
    /// (core/lesson/lesson_world.hpp) stops where it was and sets error(). Call once per frame.
    void sync_world(SimulationController& simulation);
    /// Ticks the current step's goal when it holds for `world` (call once per frame).
    void update_progress(const World* world);
    /// True when the goal of `step` of lesson `lesson_id` was reached in this session.
    [[nodiscard]] bool goal_reached(const std::string& lesson_id, std::size_t step) const;
    /// Goals reached in lesson `lesson_id`.
    [[nodiscard]] std::size_t goals_reached(const std::string& lesson_id) const;

    /// The region the running lesson's teaching objects take (boxes, points, arrows, point sets,
    /// box lists, a wedge), grown by a margin; nullopt when it has none or none runs. The
    /// window frames a lesson without a scene on it.
    [[nodiscard]] std::optional<Box2> objects_bounds() const;
    /// True when the running lesson lets the learner change the broad phase (a handle drives
    /// world.broad_phase): otherwise B is ignored in lesson mode, since presenter clickers send
    /// B ("black screen").
    [[nodiscard]] bool broad_phase_unlocked() const;
    /// The running lesson's id and step, for the settings to remember; nullopt when none runs.
    [[nodiscard]] std::optional<std::pair<std::string, std::size_t>> place() const;

  private:
    bool load(const std::filesystem::path& path, std::optional<std::size_t> index,
              std::size_t step);

    std::filesystem::path directory_;
    std::vector<lesson::LessonEntry> entries_;
    std::optional<lesson::LessonRuntime> runtime_;
    std::optional<std::size_t> index_;
    std::string error_;
    // True while error_ says why the world could not follow the step.
    bool world_error_ = false;
    // The scene revision the world was last built for (0: none yet).
    std::uint64_t synced_revision_ = 0;
    // Counts (re)loads: a reloaded lesson starts its scene revisions over, so the world is
    // rebuilt whenever the load changed too.
    std::uint64_t load_count_ = 0;
    std::uint64_t synced_load_ = 0;
    std::set<std::pair<std::string, std::size_t>> reached_;
};

}  // namespace aabb::ui
