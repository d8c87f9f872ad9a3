#pragma once
// The sandbox's play controls around the core World: pause, single step, speed and respawn.
// The simulation state lives in the World; this only decides when to call World::step(), so
// the fixed time step never changes with the speed. Pure C++ on aabb_core, unit tested.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/broadphase/broad_phase_factory.hpp"
#include "core/broadphase/broad_phase_parameters.hpp"
#include "core/scene/run_recorder.hpp"
#include "core/scene/scene.hpp"
#include "core/world/world.hpp"
#include "ui/model/banded_frames.hpp"
#include "ui/model/bullet_tracker.hpp"
#include "ui/model/recording_playback.hpp"
#include "ui/model/world_history.hpp"

namespace aabb::ui {

/// Why the simulation paused itself (the Time tab says it in the interface language).
struct AutoPause {
    /// What stopped it.
    enum class Cause {
        /// The first tunneling event after auto-pause on tunneling was armed.
        tunneling,
        /// The first contact of the body auto-pause on contact watched.
        contact,
        /// A step failed (a resource budget went over, memory ran out): `message` says why.
        /// The world is back at the state before that step when the history held it (a
        /// state over the whole history budget is not recorded: the world stays where the step
        /// stopped).
        failure,
    };
    /// What stopped it.
    Cause cause = Cause::tunneling;
    /// The body whose contact paused (contact only).
    BodyId body = 0;
    /// The world step it happened at.
    std::uint64_t step = 0;
    /// Failure only: the core's message (English) after "scene FILE, step N: " (or "the
    /// random scene, step N: ").
    std::string message{};
};

/// What the default scene is made of.
struct SceneRequest {
    /// Number of random moving boxes. Default 300.
    std::size_t body_count = 300;
    /// Seed of the random scene; the same seed gives the same scene. Default 1.
    std::uint32_t seed = 1;
    /// Broad-phase algorithm name (see broad_phase_names()). Default default_broad_phase.
    std::string broad_phase = std::string(default_broad_phase);
    /// A scene file to load instead of the random boxes; empty for the random scene. Its own
    /// broad phase, bounds and bodies replace the fields above. Default empty.
    std::string scene_path{};
    /// What the broad phase of every world built here may allocate (--max-pairs,
    /// --max-cells, --max-bytes); scene files do not change it. Default
    /// default_resource_budget.
    ResourceBudget resource_budget = default_resource_budget;
    /// Bytes the step-back history may hold (--history-mb). Default
    /// WorldHistory::default_byte_budget.
    std::size_t history_byte_budget = WorldHistory::default_byte_budget;
    /// A motion recording to replay (--replay FILE): its scene (scene_path when given, else
    /// the recording's "# scene:" comment) is loaded and stepped through the recorded frames.
    /// Default empty: none.
    std::string replay_path{};
};

/// Owns the World and turns frames into fixed steps according to pause and speed.
class SimulationController {
  public:
    /// The most bodies respawn() accepts: beyond this the sandbox is no longer interactive.
    static constexpr std::size_t max_body_count = 1'000'000;
    /// The fastest speed, in steps per frame.
    static constexpr float max_steps_per_frame = 16.0f;
    /// The slowest non-zero speed, in steps per frame.
    static constexpr float min_steps_per_frame = 1.0f / 64.0f;

    /// A world filled with the requested scene. Throws std::invalid_argument for an unknown
    /// broad phase or a body count above max_body_count.
    explicit SimulationController(const SceneRequest& request = {});

    /// Advances by the steps this frame is due: none when paused (unless a single step was
    /// requested), otherwise `steps_per_frame` on average. Returns the steps taken. A step
    /// that throws (BudgetExceeded, std::bad_alloc) is undone from the history and pauses the
    /// simulation with an AutoPause::Cause::failure naming the scene, instead of ending the
    /// program.
    int advance_frame();
    /// Pauses or resumes.
    void set_paused(bool paused) { paused_ = paused; }
    /// Makes the next advance_frame() take exactly one step while paused.
    void request_single_step() { single_step_requested_ = true; }
    /// Sets the speed in steps per frame, clamped to [min_steps_per_frame,
    /// max_steps_per_frame]; fractional speeds step every few frames (slow motion). Throws
    /// std::invalid_argument when not finite.
    void set_steps_per_frame(float steps_per_frame);
    /// Replaces every body with a new random scene of `body_count` boxes from `seed`, keeping
    /// the broad phase. Throws std::invalid_argument above max_body_count.
    void respawn(std::size_t body_count, std::uint32_t seed);
    /// Replaces the world with the scene in `path`, keeping nothing of the old one. Throws
    /// SceneError (a message naming the file and the bad field) or std::invalid_argument;
    /// the current world is unchanged then.
    void load_scene_file(const std::string& path);
    /// Replaces the world with `scene` (a lesson's scene, already read and checked), built
    /// from the start, keeping nothing of the old one; `label` names it where a file path
    /// would (the lesson file). Its resource budget is the scene's, lowered to the run's where
    /// that is lower. Throws std::invalid_argument when the world rejects the scene;
    /// the current world is unchanged then.
    void load_scene(Scene scene, const std::string& label);
    /// Writes the current world (bodies at their current poses) as a scene file. Throws
    /// std::runtime_error when the file cannot be written.
    void save_scene_file(const std::string& path) const;
    /// Starts the current scene over: reloads its file, or respawns the random scene. A
    /// detection mode set with set_bullet_detection() stays.
    void reset();
    /// Switches every bullet of the scene (its bullet bodies and the bullets its spawners
    /// emit) to discrete or swept detection and replays the scene from the start, so both
    /// modes can be compared on the same motion. Stays through reset(); loading another scene
    /// file goes back to that file's own modes.
    void set_bullet_detection(DetectionMode mode);
    /// The detection mode of the scene's bullets: the one set with set_bullet_detection(), or
    /// the scene's own default.
    [[nodiscard]] DetectionMode bullet_detection() const {
        return detection_override_.value_or(description_.detection);
    }
    /// Editor command: adds a body (a polygon body with its local counter-clockwise
    /// `polygon_vertices`) and recomputes the pairs; returns its id. Step back undoes it.
    /// Throws std::invalid_argument for a body the world rejects (nothing changes then).
    BodyId add_body(const Body& body, std::span<const glm::vec2> polygon_vertices = {});
    /// Editor command: adds plain (non-polygon) bodies at once, one history entry. Throws
    /// std::invalid_argument for a body the world rejects (nothing changes then).
    void add_bodies(std::span<const Body> bodies);
    /// Editor command: removes the body with id `id`, if it exists. Step back undoes it.
    void remove_body(BodyId id);
    /// Editor command: moves the body with id `id` to `position`; `remember` stores the state
    /// before the move in the history (once per drag, not every frame).
    void move_body(BodyId id, glm::vec2 position, bool remember);
    /// Editor command: removes every body and spawner. Step back undoes it.
    void clear_bodies();
    /// Sets which bodies continuous detection follows from the next step on (bullets, or every
    /// moving body); the world keeps it, so step back undoes it with the steps after it, and
    /// reset() goes back to the scene's own setting.
    void set_continuous_bodies(ContinuousBodies ccd) { world_.set_continuous_bodies(ccd); }
    /// Forgets the recorded events (the Tunneling panel's Clear); the world is unchanged.
    void clear_events() { bullets_.clear_events(); }
    /// Goes back one step to the state before the last step taken (pausing). Returns false
    /// when the history is empty.
    bool step_back();
    /// Replays the motion recording `recording` (ui/model/recording_playback.hpp) on `scene`,
    /// or on the scene its comment names when `scene` is empty: every step then goes to the
    /// next recorded frame, with the world's detection between them, and pauses at the end.
    /// Throws as load_scene_file does, std::invalid_argument (a bad recording, "FILE:LINE: ...")
    /// or io::ReadError; the current world is unchanged then, except for an id of frame 0 that
    /// is not in the scene: the scene is then loaded, without the replay.
    void open_replay(const std::string& recording, const std::string& scene = {});
    /// Jumps to recorded frame `frame` of the replay (the scrubber), paused, forgetting the
    /// history; false when there is no replay or the recording ends before it.
    bool seek_replay(std::int64_t frame);
    /// The replay; nullptr when the world runs its own motion.
    [[nodiscard]] const RecordingPlayback* replay() const { return replay_.get(); }
    /// Pauses after the first step with a tunneling event (then disarms). Default off.
    void set_pause_on_tunneling(bool armed) { pause_on_tunneling_ = armed; }
    /// Pauses after the first step in which body `id` has a true contact (then disarms);
    /// nullopt disarms.
    void set_pause_on_contact_of(std::optional<BodyId> id) { pause_on_contact_of_ = id; }
    /// Switches the broad-phase algorithm by name, with `options` overriding its option
    /// defaults. Throws std::invalid_argument for an unknown name or a bad option; nothing
    /// changes then.
    void select_broad_phase(std::string_view name, const BroadPhaseParameterValues& options = {});

    /// The simulated world, read-only: the UI draws it.
    [[nodiscard]] const World& world() const { return world_; }
    /// True while paused.
    [[nodiscard]] bool paused() const { return paused_; }
    /// Steps per frame when running.
    [[nodiscard]] float steps_per_frame() const { return steps_per_frame_; }
    /// The scene currently loaded (count, seed, broad phase).
    [[nodiscard]] const SceneRequest& scene() const { return scene_; }
    /// Title, description and camera of the loaded scene (generated for the random scene).
    [[nodiscard]] const Scene& scene_description() const { return description_; }
    /// The scene file loaded; empty for the random scene and a scene given by value.
    [[nodiscard]] const std::string& scene_path() const { return scene_path_; }
    /// What the scene is called: its file, the label given to load_scene(), or empty for the
    /// random scene.
    [[nodiscard]] const std::string& scene_label() const { return scene_label_; }
    /// Counts how often the world was replaced (load, reset, respawn): views drop their
    /// per-world state when it changes.
    [[nodiscard]] std::uint64_t world_generation() const { return world_generation_; }
    /// True while auto-pause on the first tunneling event is armed.
    [[nodiscard]] bool pause_on_tunneling() const { return pause_on_tunneling_; }
    /// The body whose first contact pauses, if armed.
    [[nodiscard]] std::optional<BodyId> pause_on_contact_of() const { return pause_on_contact_of_; }
    /// The step-back history.
    [[nodiscard]] const WorldHistory& history() const { return history_; }
    /// Why the simulation paused itself last; none when it did not (or the world was replaced
    /// since).
    [[nodiscard]] const std::optional<AutoPause>& auto_pause() const { return auto_pause_; }
    /// Bullet trails, hits and tunneling events recorded step by step.
    [[nodiscard]] const BulletTracker& bullets() const { return bullets_; }
    /// What the banded engine did in each of the last world steps (empty under another
    /// algorithm).
    [[nodiscard]] const BandedFrameHistory& banded_frames() const { return banded_frames_; }
    /// Steps taken by the last advance_frame().
    [[nodiscard]] int last_steps() const { return last_steps_; }

    /// Reports every step from now on to `recorder` (--record, --events-csv; core/scene/
    /// run_recorder.hpp), starting with the world as it is; the caller owns it and finishes
    /// it. Replacing the world or adding bodies ends the reporting: the recording is of the
    /// scene's own bodies. nullptr reports nothing.
    void attach_recorder(RunRecorder* recorder);

  private:
    void describe_random_scene();
    void world_replaced();
    // One step (or, replaying, one recorded frame); false at the end of a replay.
    bool step_world();
    [[nodiscard]] bool should_auto_pause();

    SceneRequest scene_;
    World world_;
    Scene description_;
    std::string scene_path_;
    std::optional<DetectionMode> detection_override_;
    // A scene given as a value (load_scene) that reset() rebuilds; none for files and the
    // random scene.
    std::optional<Scene> inline_scene_;
    // What the loaded scene is called: its file, or the label load_scene() was given.
    std::string scene_label_;
    std::uint64_t world_generation_ = 0;
    BulletTracker bullets_;
    BandedFrameHistory banded_frames_;
    WorldHistory history_;
    std::unique_ptr<RecordingPlayback> replay_;
    RunRecorder* recorder_ = nullptr;
    bool pause_on_tunneling_ = false;
    std::optional<BodyId> pause_on_contact_of_;
    std::optional<AutoPause> auto_pause_;
    bool paused_ = false;
    bool single_step_requested_ = false;
    float steps_per_frame_ = 1.0f;
    // Fractional steps carried to the next frame, so 0.25 steps per frame steps every 4th.
    float step_debt_ = 0.0f;
    int last_steps_ = 0;
};

}  // namespace aabb::ui
