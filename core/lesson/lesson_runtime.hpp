#pragma once
// The lesson runtime: one loaded lesson and its live state, with no window and no GL. The
// window (ui/) and the headless runner (lesson_headless.hpp) both drive it; the window only
// draws what it says.
//
// What the window calls, per frame or per event:
// - load / reload: LessonRuntime::load(path) and reload() (R): either a new lesson or a
//   LessonError, leaving the old one running;
// - navigation: step_count(), current_step(), step(), go_to_step(k), restart_step();
// - handles: lesson().handles (definitions), handle_value(name), handle_visible(name),
//   anchor(name) (where to draw it), handles_at(point, radius) (what a click grabs; handles that
//   share an anchor are grabbed together), drag(name, point, fine) (maps a dragged anchor back
//   to a value with axis lock, keep_size, snap — Shift = fine = snap / 10 — clamped to the
//   range), set_handle(name, value) (sliders, choices, toggles; validated);
// - geometry for the gadgets: objects() / object(name), resolved from the handle values;
// - numbers: readouts(world), formulas(world) (segments colored like what they describe),
//   goal_reached(world);
// - the animation (a step's `animate`): animation(), animation_state(), advance_animation(dt)
//   once a frame with the frame's duration, set_animation_playing / toggle_animation (the play
//   key and button); the scrubber is set_handle on the animated handle, which pauses it;
// - the world: scene() (the lesson's scene with the world handles applied) and
//   scene_revision(): when it changes, rebuild the world from scene() (build_world) and step
//   it world_steps() times, exactly as headless does.
// World readouts take the caller's `const World*`: the window passes its live world; headless
// passes own_world(), a World the runtime builds itself (RuntimeOptions::own_world). A null
// world makes every world readout null.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

#include "core/lesson/display_names.hpp"
#include "core/lesson/formula.hpp"
#include "core/lesson/lesson.hpp"
#include "core/lesson/lesson_animation.hpp"
#include "core/lesson/lesson_question.hpp"
#include "core/lesson/readout_value.hpp"
#include "core/world/world.hpp"

namespace aabb::lesson {

/// How a runtime is used.
struct RuntimeOptions {
    /// Build and step a World of the runtime's own (headless, tests). The window leaves this
    /// off and passes its live world. Default false.
    bool own_world = false;
};

/// One readout's current value, as the panel shows it.
struct ReadoutResult {
    /// Which readout (an element of lesson().readouts).
    const Readout* readout = nullptr;
    /// Its value.
    ReadoutValue value{};
    /// The value formatted with the readout's format (format_value; the window shows
    /// display_value() of it).
    std::string text;
    /// Whether the current step shows it.
    bool visible = true;
};

/// A loaded lesson with its handle values, objects and current step.
class LessonRuntime {
  public:
    /// A runtime for an already parsed lesson, at step 0 with every handle at its default
    /// (then step 0's `set`).
    explicit LessonRuntime(Lesson lesson, RuntimeOptions options = {});
    /// Loads a lesson file. Throws LessonError naming the file and the JSON path.
    [[nodiscard]] static LessonRuntime load(const std::filesystem::path& path,
                                            RuntimeOptions options = {});
    /// Moves the runtime (the moved-from one may only be assigned or destroyed).
    LessonRuntime(LessonRuntime&&) noexcept;
    /// Moves the runtime.
    LessonRuntime& operator=(LessonRuntime&&) noexcept;
    /// Frees the runtime and its own world.
    ~LessonRuntime();

    /// Reads the lesson's file again (R). On success the new lesson replaces the old one and
    /// the runtime re-enters the same step (the last one if the lesson got shorter); on error
    /// it throws LessonError and nothing changes. Throws LessonError for a lesson not read from
    /// a file.
    void reload();

    /// The lesson as read.
    [[nodiscard]] const Lesson& lesson() const { return lesson_; }
    /// Number of steps (at least 1).
    [[nodiscard]] std::size_t step_count() const { return lesson_.steps.size(); }
    /// The current step, 0-based.
    [[nodiscard]] std::size_t current_step() const { return step_; }
    /// The current step's definition.
    [[nodiscard]] const Step& step() const { return lesson_.steps[step_]; }
    /// Enters step `index` (0-based): every handle back to its default, then the `set` of steps
    /// 0..index in order; bumps scene_revision() when the lesson has a scene. Throws LessonError
    /// for an index out of range.
    void go_to_step(std::size_t index);
    /// Enters the current step again (F5 / R in the window), discarding the learner's changes.
    void restart_step() { go_to_step(step_); }

    /// Every handle's value, parallel to lesson().handles.
    [[nodiscard]] const std::vector<HandleValue>& handle_values() const { return values_; }
    /// The value of the handle `name`. Throws LessonError for an unknown handle.
    [[nodiscard]] HandleValue handle_value(std::string_view name) const;
    /// The value as `--set` writes it and headless prints it: "5", "6,3", "bvh", "true".
    [[nodiscard]] std::string handle_value_text(std::string_view name) const;
    /// Sets a handle. Throws LessonError naming the handle: unknown handle (listing the known
    /// ones), a value outside its range (naming the range), a fraction for a whole-number
    /// handle, a non-finite number. Nothing changes then. Setting the step's animated handle
    /// (a drag, a slider, the scrubber, `--set`) pauses the animation at that value.
    void set_handle(std::string_view name, const HandleValue& value);
    /// Sets a handle from text: "5" (slider), "6,3" (2D), a choice's name, "true"/"false"/"1"/
    /// "0" (toggle). Throws LessonError as set_handle, also for text that is not a value.
    void set_handle_text(std::string_view name, std::string_view text);
    /// True when the current step shows the handle (its `handles` list, or all).
    [[nodiscard]] bool handle_visible(std::string_view name) const;
    /// The world point where the handle is drawn and grabbed: for point, vector and corner
    /// handles and for sliders on a coordinate (B.min.x: the corner B.min); nullopt otherwise
    /// (and for unknown names).
    [[nodiscard]] std::optional<glm::vec2> anchor(std::string_view name) const;
    /// The visible handles whose anchor lies within `radius` of `point`, nearest anchor first;
    /// every handle sharing the nearest anchor is listed (a click grabs all of them), the
    /// others are not.
    [[nodiscard]] std::vector<std::string> handles_at(glm::vec2 point, float radius) const;
    /// Drags the handle's anchor to `point`: the value it implies (only the unlocked axis of an
    /// axis-locked handle, only the slider's own component), snapped to the handle's snap (snap
    /// / 10 when `fine`, Shift), clamped to the range, then set. Returns the new value. Throws
    /// LessonError for an unknown handle or one without an anchor.
    HandleValue drag(std::string_view name, glm::vec2 point, bool fine);

    /// The current step's animation, or nullptr when nothing in it moves by itself.
    [[nodiscard]] const Animation* animation() const;
    /// Where the animation is: its clock (seconds into the pass) and whether it plays. On
    /// entering a step the clock is where the handle's step value lies in the pass (so the
    /// step shows what its `set` says, headless as in the window) and it plays when the
    /// animation autoplays.
    [[nodiscard]] const AnimationState& animation_state() const { return animation_state_; }
    /// Moves a playing animation on by `seconds` (the window: the frame's duration; a fixed
    /// screenshot run and headless: nothing) and sets its handle to the value at the new
    /// clock. Returns true when the handle's value changed. No animation, paused, or a
    /// non-positive time: nothing happens.
    bool advance_animation(double seconds);
    /// Plays or pauses the animation (playing at its end starts it over from `from`); nothing
    /// without one.
    void set_animation_playing(bool playing);
    /// Plays a paused animation, pauses a playing one (the play key).
    void toggle_animation() { set_animation_playing(!animation_state_.playing); }

    /// True when the current step draws gadget `index` of lesson().gadgets (unnamed gadgets:
    /// always; named ones: when the step lists them or lists no gadgets at all).
    [[nodiscard]] bool gadget_visible(std::size_t index) const;

    /// The lesson's objects with the current handle values applied (what gadgets draw).
    [[nodiscard]] const std::vector<LessonObject>& objects() const { return objects_; }
    /// The object `name` (resolved), or nullptr.
    [[nodiscard]] const LessonObject* object(std::string_view name) const;

    /// The value of the readout `name` for the current state; world readouts read `world`
    /// (null when it is null). Throws LessonError for an unknown readout. Values are computed
    /// once and kept (see readout_evaluations()), so formulas, gadgets, the goal and the card
    /// may ask for a readout any number of times a frame.
    [[nodiscard]] ReadoutValue readout(std::string_view name, const World* world) const;
    /// Every readout, in the lesson's order, with its text and visibility.
    [[nodiscard]] std::vector<ReadoutResult> readouts(const World* world) const;
    /// The current step's formulas in `language` (a step's Chinese template where it has one),
    /// resolved: values as the learner reads them (display_names.hpp display_value: verdicts
    /// true/false or 是/否, fixed names in words), a verdict in the color of its value.
    [[nodiscard]] std::vector<ResolvedFormula> formulas(
        const World* world, DisplayLanguage language = DisplayLanguage::en) const;
    /// Starts a new frame: readouts of the world are computed again when next asked (the
    /// window calls it once a frame, since tools may change a paused world). The others are
    /// kept until a handle or the step changes.
    void new_frame() { ++frame_; }
    /// How many readout values were computed since the runtime was made. Each readout is
    /// computed at most once per state (handle values and step) and, when it reads the world,
    /// once per world, world step and frame: 64 formulas naming one readout 900 times cost one
    /// computation, not 57,600 (issue 48 item 6).
    [[nodiscard]] std::uint64_t readout_evaluations() const { return readout_evaluations_; }
    /// True when the current step has a goal and all its conditions hold.
    [[nodiscard]] bool goal_reached(const World* world) const;

    /// The learner's answer to the current step's question and whether it is revealed; reset
    /// on entering a step (a new step, F5, a reload).
    [[nodiscard]] const QuestionState& question_state() const { return question_; }
    /// Picks choice `index` of the current step's multiple-choice question. Throws LessonError
    /// when the step has no such question or choice.
    void choose_answer(std::size_t index);
    /// Gives `number` as the answer to the current step's number question. Throws LessonError
    /// when the step has no number question or the number is not finite.
    void answer_number(double number);
    /// Shows (true) or hides the answer of the current step's question; ignored without one.
    void reveal_answer(bool shown);
    /// One line per expectation of the current step that does not hold, e.g.
    /// "lessons/08_tunneling.json: steps[2].expect.caught: got true, want false (speed=10,
    /// substeps=3)"; empty when all hold.
    [[nodiscard]] std::vector<std::string> check_expectations(const World* world) const;

    /// The scene to build the world from: the lesson's scene with every world handle applied
    /// and the lesson's resource budget (lesson_resource_budget()); nullptr when the lesson has
    /// no scene.
    [[nodiscard]] const Scene* scene() const;
    /// Changes whenever the world must be rebuilt from scene(): on load and reload, on entering
    /// or restarting a step, and when a world handle changes.
    [[nodiscard]] std::uint64_t scene_revision() const { return scene_revision_; }
    /// World steps to take after rebuilding: the current step's frames × world.substeps.
    [[nodiscard]] std::uint64_t world_steps() const;
    /// Changes whenever any handle value or the step changes (for caching what is drawn).
    [[nodiscard]] std::uint64_t state_revision() const { return state_revision_; }
    /// The runtime's own world (RuntimeOptions::own_world), rebuilt from scene() and stepped
    /// world_steps() times when the scene revision changed since it was last built; nullptr
    /// without own_world or without a scene. Throws LessonError naming the lesson and the step
    /// when the world cannot be built (the step's work is above a limit of LessonWorldLimits or
    /// the lesson's pair budget, or the world rejects the scene), StopRequested when the
    /// program is asked to quit.
    [[nodiscard]] const World* own_world();

  private:
    /// The readouts' values for one state, world and frame; an entry is empty until asked.
    struct ReadoutCache {
        std::uint64_t state = 0;
        const World* world = nullptr;
        std::uint64_t world_step = 0;
        std::uint64_t frame = 0;
        std::vector<std::optional<ReadoutValue>> values;
    };

    [[nodiscard]] const ReadoutValue& cached_readout(const Readout& readout,
                                                     const World* world) const;
    void reset_handles();
    void apply_value(std::size_t handle, const HandleValue& value);
    void assign_handle(std::size_t index, const HandleValue& value);
    void start_animation();
    [[nodiscard]] std::size_t animated_handle() const;
    void check_value(std::size_t handle, const HandleValue& value) const;
    [[nodiscard]] std::size_t handle_index(std::string_view name) const;
    void rebuild_scene();

    Lesson lesson_;
    RuntimeOptions options_;
    std::size_t step_ = 0;
    std::vector<HandleValue> values_;
    std::vector<LessonObject> objects_;
    std::optional<Scene> scene_;
    std::uint64_t scene_revision_ = 1;
    std::uint64_t state_revision_ = 1;
    std::unique_ptr<World> world_;
    std::uint64_t world_revision_ = 0;
    std::uint64_t frame_ = 0;
    AnimationState animation_state_;
    // A record of what was asked, filled by the const queries (a cache).
    QuestionState question_;
    mutable ReadoutCache cache_;
    mutable std::uint64_t readout_evaluations_ = 0;
};

}  // namespace aabb::lesson
