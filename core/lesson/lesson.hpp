#pragma once
// A lesson: the data model of one lesson file (docs/lesson_format.md). A lesson is a scene (a
// file or inline, optional) plus the lesson's own teaching geometry ("objects"), the gadgets
// that draw it, the handles a learner drags, the readouts computed from a fixed C++ catalog,
// and the steps that guide the learner through it (design: /work/shared/guide/lessons.md §2.2).
//
// Everything here is plain data, validated once by the reader (lesson_file.hpp): names are
// unique and every reference (an object named by a readout, gadget or handle target, a
// readout named by a formula, goal or expect) resolves. The runtime (lesson_runtime.hpp) keeps
// the live state: handle values, the objects they move, the current step.

#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/geometry/box.hpp"
#include "core/lesson/handles/handle_target.hpp"
#include "core/lesson/readout_value.hpp"
#include "core/scene/scene.hpp"

namespace aabb::lesson {

/// What kind of teaching geometry an object is.
enum class ObjectKind : std::uint8_t {
    /// An axis-aligned box (min, max). Fields: B, B.min, B.max, B.center, B.half, B.size and
    /// their .x / .y components.
    box,
    /// A point. Fields: P, P.x, P.y.
    point,
    /// A vector (a displacement or direction), drawn from its tail (`from`). Fields: d, d.x, d.y.
    vector,
    /// A number (an angle in degrees, a count, a radius, a toggle 0/1, a choice index).
    number,
    /// Up to max_points points, of which the first `count` are in use. Fields: S[i], S[i].x,
    /// S[i].y, S.count.
    point_set,
    /// Up to max_boxes boxes, of which the first `count` are in use. Fields: L[i] (moves box i),
    /// L[i].min.x …, L.count.
    box_list,
    /// A 2D view wedge (a camera's frustum seen from above). Fields: W.apex, W.apex.x/y,
    /// W.yaw_deg, W.half_angle_deg, W.near, W.far.
    wedge,
};

/// A 2D view wedge: a camera at `apex` looking along yaw_deg (0 = +x) with a half-angle, cut by
/// a near and a far line perpendicular to the view direction (L15).
struct ViewWedge {
    /// The camera position. Default (0, 0).
    glm::vec2 apex{0.0f};
    /// The view direction in degrees, counter-clockwise from +x. Default 0.
    float yaw_deg = 0.0f;
    /// Half the opening angle in degrees, in (0, 89]. Default 30.
    float half_angle_deg = 30.0f;
    /// Distance of the near line from the apex along the view direction, >= 0. Default 1.
    float near_distance = 1.0f;
    /// Distance of the far line, > near. Default 20.
    float far_distance = 20.0f;
    /// Wedges compare field by field.
    [[nodiscard]] bool operator==(const ViewWedge&) const = default;
};

/// One named piece of teaching geometry. Only the members of its kind are meaningful.
struct LessonObject {
    /// Unique within the lesson: letters, digits and '_', starting with a letter.
    std::string name;
    /// What it is.
    ObjectKind kind = ObjectKind::number;
    /// What the canvas writes next to it (default: the name).
    std::string label;
    /// The label in Chinese (default: label).
    std::string label_zh;
    /// Its color role (lesson_names.hpp color_roles), so the window colors it and every
    /// formula value that describes it alike. Default "neutral".
    std::string color = "neutral";
    /// box: the box (may be invalid while a learner drags a corner past the other; readouts
    /// then say so).
    Box2 box{};
    /// point: the position; vector: the vector.
    glm::vec2 vector{0.0f};
    /// vector: the object its tail sits on (a point, or a box's center); empty = the origin.
    std::string from;
    /// number: the value.
    double number = 0.0;
    /// point_set: every point (capacity); the first `count` are in use.
    std::vector<glm::vec2> points;
    /// box_list: every box (capacity); the first `count` are in use.
    std::vector<Box2> boxes;
    /// point_set / box_list: how many entries are in use (<= capacity).
    std::size_t count = 0;
    /// wedge: the wedge.
    ViewWedge wedge{};
};

/// A gadget: a kind of drawing the window knows (lesson_names.hpp gadget_kinds) and the
/// objects it draws, by role. Just data for the window; the runtime only validates it.
struct Gadget {
    /// Optional; a named gadget is drawn only in the steps that list it (Step::gadgets), an
    /// unnamed one in every step.
    std::string name;
    /// The gadget kind, e.g. "interval_bars".
    std::string kind;
    /// Role → object name, e.g. {"a", "A"}, {"b", "B"}, in the file's order.
    std::vector<std::pair<std::string, std::string>> objects;
    /// An optional caption.
    std::string label;
};

/// How a handle is manipulated.
enum class HandleKind : std::uint8_t {
    /// A draggable point on the canvas (2 components).
    point,
    /// A draggable arrow tip (2 components, the vector's value; the anchor is tail + vector).
    vector,
    /// A draggable box corner (2 components; target B.min or B.max).
    corner,
    /// A number on a slider (1 component). A slider whose target is a coordinate (B.min.x,
    /// P.y, d.x, …) also has an anchor and can be dragged on the canvas along its axis.
    slider,
    /// One of a list of names (1 component: the index into Handle::choices).
    choice,
    /// On or off (1 component: 0 or 1).
    toggle,
};

/// A closed range of one component.
struct Range {
    /// The smallest value.
    double low = 0.0;
    /// The largest value.
    double high = 0.0;
    /// Ranges compare field by field.
    [[nodiscard]] bool operator==(const Range&) const = default;
};

/// A handle's value. point / vector / corner use numbers[0] (x) and numbers[1] (y); slider,
/// toggle (0 or 1) and choice (the index into Handle::choices) use numbers[0] only.
struct HandleValue {
    /// The components.
    std::array<double, 2> numbers{0.0, 0.0};
    /// Values compare component by component.
    [[nodiscard]] bool operator==(const HandleValue&) const = default;
};

/// Which axis a 2D handle is locked to (it moves only along that axis).
enum class AxisLock : std::uint8_t {
    /// Free in both axes.
    none,
    /// Only x changes.
    x,
    /// Only y changes.
    y,
};

/// Something the learner changes: its kind, what it drives, and how it may move.
struct Handle {
    /// Unique within the lesson; what `--set NAME=VALUE` and steps' `set` use.
    std::string name;
    /// How it is manipulated.
    HandleKind kind = HandleKind::slider;
    /// What it drives: one to max_handle_targets targets, all given the same value. The first
    /// one decides the anchor. Text as written in the file, e.g. "B.min.x", "world.count".
    std::vector<std::string> target_texts;
    /// The parsed targets, parallel to target_texts.
    std::vector<HandleTarget> targets;
    /// Allowed values per component (sliders and 2D handles: given in the file; toggles [0, 1];
    /// choices [0, choices − 1]).
    std::array<Range, 2> range{};
    /// Drag snapping step in value units; 0 = none. Default 0.5 for point, vector and corner
    /// handles, 0 for sliders (design: handles snap to 0.5 world units).
    double snap = 0.0;
    /// The value when the lesson starts (and before any step's `set`). Default: the target's
    /// value in the lesson as written.
    HandleValue default_value{};
    /// A 2D handle locked to one axis. Default none.
    AxisLock axis = AxisLock::none;
    /// Moving B.min or B.max (or a component) moves the opposite corner along, keeping the
    /// box's size. Default false.
    bool keep_size = false;
    /// A slider the window should draw on a log scale (range low > 0). Default false.
    bool log_scale = false;
    /// Only whole numbers (counts). Default false; true for count targets (L.count, S.count,
    /// world.count, world.substeps, world.seed).
    bool integer = false;
    /// choice: the names to choose from (for world.scene: scene file paths).
    std::vector<std::string> choices;
    /// choice: what the window writes for each choice in English, parallel to choices (the
    /// file's `choice_labels`; default: a world.scene choice's scene title, the words for an
    /// algorithm, detection mode or touching rule (display_names.hpp), else the name).
    std::vector<std::string> choice_labels;
    /// choice: the same in Chinese (`choice_labels_zh`; default: the scene's Chinese title, the
    /// Chinese words of a fixed name, else the English label).
    std::vector<std::string> choice_labels_zh;
    /// world.scene: the scene of each choice, read with the lesson (empty otherwise); choices
    /// naming one file share its scene.
    std::vector<std::shared_ptr<const Scene>> scenes;
    /// What the window writes next to it (default: the name).
    std::string label;
    /// The label in Chinese (default: label).
    std::string label_zh;
};

/// One argument of a readout as written in the file: an object's name, an option's name, or a
/// literal number, point/vector [x, y] or box {"min", "max"}.
struct ReadoutArgument {
    /// Which of the members below holds it.
    enum class Source : std::uint8_t {
        /// `text` names an object of the lesson.
        object,
        /// `text` is an option of the kind (e.g. "x", "closed", "arvo").
        option,
        /// `number` is a literal number.
        number,
        /// `vector` is a literal [x, y].
        vector,
        /// `box` is a literal box.
        box,
    };
    /// Which member holds the argument.
    Source source = Source::number;
    /// Object or option name.
    std::string text;
    /// Literal number.
    double number = 0.0;
    /// Literal [x, y].
    glm::vec2 vector{0.0f};
    /// Literal box.
    Box2 box{};
};

/// One readout of the lesson: a catalog kind (readouts/readout_catalog.hpp), its arguments, and
/// which of the kind's outputs it shows. One readout = one value.
struct Readout {
    /// Unique within the lesson (and distinct from handle and object names).
    std::string name;
    /// The catalog kind, e.g. "overlap_length".
    std::string kind;
    /// The output of the kind, e.g. "value"; default: the kind's first output.
    std::string output;
    /// Arguments by role, as written (object names, literals, option names).
    std::vector<std::pair<std::string, ReadoutArgument>> args;
    /// printf-like number format: "%.2f", "%,d" (thousands separators), "%.3g", "%e". Default
    /// "%.3g" for numbers.
    std::string format;
    /// Color role, as for objects. Default "neutral".
    std::string color = "neutral";
    /// What the window writes before the value (default: the catalog's English name of the
    /// kind's output, readouts/readout_names.hpp).
    std::string label;
    /// The label in Chinese (default: the label when the file gives one, else the catalog's
    /// Chinese name).
    std::string label_zh;
};

/// How a goal compares a readout with its value.
enum class CompareOp : std::uint8_t {
    /// |got − want| <= tol (numbers); equal (true/false, text, null).
    equal,
    /// Not equal in the sense of `equal`.
    not_equal,
    /// got < want.
    less,
    /// got <= want + tol.
    less_equal,
    /// got > want.
    greater,
    /// got >= want − tol.
    greater_equal,
};

/// One condition on a readout, `readout op value`: a goal's part, and what makes a question's
/// choice the right one.
struct Condition {
    /// The readout compared.
    std::string readout;
    /// The comparison.
    CompareOp op = CompareOp::equal;
    /// The value compared with.
    ReadoutValue value{};
    /// Tolerance of == / != / <= / >=. Default 1e-4.
    double tolerance = 1e-4;
};

/// One choice of a multiple-choice question.
struct QuestionChoice {
    /// What the choice says, in English (unique within the question).
    std::string text;
    /// The same in Chinese.
    std::string text_zh;
    /// When the choice is right: all of these hold at the question's state (its `at`, then the
    /// choice's own `at`). `--check-lessons` checks that they hold for the answer and for no
    /// other choice.
    std::vector<Condition> when;
    /// Handle values applied over the question's `at` for this choice's conditions (a choice
    /// about another broad phase, another scene). Default none.
    std::vector<std::pair<std::string, HandleValue>> at;
};

/// A question a step asks before it shows the answer ("predict, then reveal"): multiple choice
/// or a number within a tolerance. The answer is stored here, hidden in the window until the
/// learner reveals it, and checked against the readouts by `--check-lessons`.
struct Question {
    /// The question, in English.
    std::string text;
    /// The question, in Chinese.
    std::string text_zh;
    /// Multiple choice: the choices (2..max_choices); empty for a number question.
    std::vector<QuestionChoice> choices;
    /// Multiple choice: the index in `choices` of the right one.
    std::size_t answer_choice = 0;
    /// Number question: the answer.
    double answer = 0.0;
    /// Number question: a response within this of `answer` is right. Default 1e-4.
    double tolerance = 1e-4;
    /// Number question: the readout whose value at the question's state the answer is.
    std::string readout;
    /// The state the answer is about: handle values applied over the step's own (empty: the
    /// step as entered).
    std::vector<std::pair<std::string, HandleValue>> at;
    /// Shown with the answer, in English (may be empty).
    std::string explain;
    /// Shown with the answer, in Chinese.
    std::string explain_zh;
    /// True for a number question.
    [[nodiscard]] bool is_number() const { return choices.empty(); }
};

/// One expected value of a step, checked by `--check-lessons` (never shown to the learner).
struct Expectation {
    /// The readout checked.
    std::string readout;
    /// The value it must have; null matches any null (infinite or undefined) readout.
    ReadoutValue value{};
    /// Numbers match when |got − want| <= tolerance. Default 1e-4.
    double tolerance = 1e-4;
};

/// A step's animated parameter: a slider handle the window moves from `from` to `to` over
/// `seconds`, with play/pause and a scrubber (docs/lesson_format.md, "animate"). The clock
/// lives in the runtime and advances only by what its caller gives it (the window: the frame
/// time), so headless runs and tests stay deterministic.
struct Animation {
    /// The slider handle it moves (one of the lesson's objects, never the world).
    std::string handle;
    /// The value at the start of a pass. Default: the low end of the handle's range.
    double from = 0.0;
    /// The value at the end of a pass (may be below `from`: it runs backwards). Default: the
    /// high end of the range.
    double to = 1.0;
    /// How long one pass from `from` to `to` takes, in seconds. Default 4.
    double seconds = 4.0;
    /// At the end, start over (after `hold`); otherwise stop there. Default false.
    bool loop = false;
    /// Seconds a looping animation rests at `to` before it starts over. Default 1.
    double hold = 1.0;
    /// The window starts playing when the step is entered. Default true.
    bool autoplay = true;
};

/// How the window draws the scene's world in a step (a step's `world` field, or derived from
/// what the step uses: step_world_use.hpp).
enum class WorldDisplay : std::uint8_t {
    /// Drawn as in the sandbox: the step is about the world.
    shown,
    /// Drawn faintly under the teaching objects: context only.
    dimmed,
    /// Not drawn.
    hidden,
};

/// One step of a lesson.
struct Step {
    /// What the step says, in English.
    std::string text;
    /// What the step says, in Chinese.
    std::string text_zh;
    /// Handle values set on entering the step, in the file's order (applied over the values
    /// of the earlier steps: steps accumulate from the defaults).
    std::vector<std::pair<std::string, HandleValue>> set;
    /// World frames stepped on entering the step (after a fresh world is built from the scene),
    /// 0..max_frames. Default 0.
    std::uint32_t frames = 0;
    /// Overlays switched on (names of lesson_names.hpp overlay_names).
    std::vector<std::string> show;
    /// Overlays switched off.
    std::vector<std::string> hide;
    /// How the world is drawn; nullopt = derived from what the step uses
    /// (step_world_display()).
    std::optional<WorldDisplay> world;
    /// The handles shown (and draggable) in this step; nullopt = every handle.
    std::optional<std::vector<std::string>> handles;
    /// The readouts listed under the formulas in this step; nullopt = those the goal and the
    /// expected values name that no formula of the step prints.
    std::optional<std::vector<std::string>> readouts;
    /// The named gadgets drawn in this step (unnamed ones always are); nullopt = every gadget.
    std::optional<std::vector<std::string>> gadgets;
    /// Formula templates, e.g. "dx = min({A.max.x}, {B.max.x}) − max({A.min.x}, {B.min.x}) =
    /// {dx}" (formula.hpp resolves them).
    std::vector<std::string> formulas;
    /// The formulas in Chinese, parallel to formulas (empty, or as many): each names the same
    /// values as its English template, so both languages show the same numbers; an empty entry
    /// shows the English template.
    std::vector<std::string> formulas_zh;
    /// The "try this" prompt, in English (may be empty).
    std::string try_text;
    /// The "try this" prompt, in Chinese.
    std::string try_zh;
    /// The conditions that tick the try box when they all hold; empty = no automatic tick.
    /// `--check-lessons` fails when they already hold on entering the step, unless the step is
    /// a demonstration.
    std::vector<Condition> goal;
    /// The step shows its goal reached on entry on purpose (a worked example, not a task).
    /// Default false.
    bool demonstration = false;
    /// A question to answer before the answer is revealed; nullopt = none.
    std::optional<Question> question;
    /// Expected readout values after entering the step, for tests.
    std::vector<Expectation> expect;
    /// The world region the window frames in this step (its stage); nullopt = derived from
    /// what the step draws (docs/lesson_format.md, "The stage").
    std::optional<Box2> stage;
    /// The step's animated handle; nullopt = nothing moves by itself.
    std::optional<Animation> animate;
};

/// A whole lesson as read from its file.
struct Lesson {
    /// Where it was read from (empty for text parsed without a file).
    std::filesystem::path path;
    /// What its messages start with: the file path, or parse_lesson's source name.
    std::string source;
    /// The identifier, e.g. "02_box_intervals" (by convention the file stem).
    std::string id;
    /// The curriculum section it belongs to, 1..8.
    int section = 1;
    /// Title in English.
    std::string title;
    /// Title in Chinese.
    std::string title_zh;
    /// What the learner will be able to do, in English (shown first).
    std::string objective;
    /// The objective in Chinese.
    std::string objective_zh;
    /// The scene the window loads into its world, as written (world handles not applied); none
    /// for lessons that only use their own objects.
    std::optional<Scene> scene;
    /// The scene file the scene came from (resolved path), empty when inline or absent.
    std::filesystem::path scene_file;
    /// The teaching geometry, in the file's order.
    std::vector<LessonObject> objects;
    /// What the window draws, in the file's order.
    std::vector<Gadget> gadgets;
    /// The handles, in the file's order.
    std::vector<Handle> handles;
    /// The readouts, in the file's order.
    std::vector<Readout> readouts;
    /// The steps, at least one.
    std::vector<Step> steps;
};

/// The object named `name`, or nullptr.
[[nodiscard]] const LessonObject* find_object(const Lesson& lesson, std::string_view name);
/// The handle named `name`, or nullptr.
[[nodiscard]] const Handle* find_handle(const Lesson& lesson, std::string_view name);
/// The readout named `name`, or nullptr.
[[nodiscard]] const Readout* find_readout(const Lesson& lesson, std::string_view name);
/// Every text the lesson can show, in both languages, joined: titles, objective, step texts,
/// try prompts, formulas, labels, choice labels and the words values are shown in
/// (display_names.hpp fixed_names_text) (the window bakes their characters into its font atlas;
/// aabb-font-check checks that each one has a glyph).
[[nodiscard]] std::string lesson_display_text(const Lesson& lesson);

}  // namespace aabb::lesson
