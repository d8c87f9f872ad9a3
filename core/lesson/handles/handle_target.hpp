#pragma once
// What a handle drives: a field of one of the lesson's objects ("B.min.x", "B", "A.max", "P",
// "d", "S[2]", "L.count", "W.half_angle_deg") or a parameter of the scene's world
// ("world.count", "world.broad_phase", "world.time_step", "world.substeps", "world.detection",
// "world.option.cell_size", "world.bodies[1].velocity.x", …). docs/lesson_format.md lists them.
//
// A target is parsed once when the lesson is read; the runtime then reads and writes values
// through it. Object targets change only the lesson's objects; world targets change the scene
// the world is built from (the runtime bumps its scene revision so the window rebuilds).

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace aabb::lesson {

/// Whether a target is an object field or a world parameter.
enum class TargetScope : std::uint8_t {
    /// A field of one of the lesson's objects.
    object,
    /// A parameter of the scene the world is built from.
    world,
};

/// The object field a target names (for TargetScope::object).
enum class ObjectField : std::uint8_t {
    /// box "B": the whole box, moved with its size kept (the value is B.min; the anchor is its
    /// center). point "P" / vector "d": the point or vector.
    whole,
    /// box "B.min": the lower corner.
    min,
    /// box "B.max": the upper corner.
    max,
    /// box "B.center": the center, size kept.
    center,
    /// box "B.half": the half-sizes (extents), center kept.
    half,
    /// box "B.size": the full sizes, min kept.
    size,
    /// number "n".
    number,
    /// point_set "S[i]": point i; box_list "L[i]": box i moved with its size kept (value = min).
    element,
    /// box_list "L[i].min".
    element_min,
    /// box_list "L[i].max".
    element_max,
    /// point_set / box_list "S.count": how many entries are in use.
    count,
    /// wedge "W.apex".
    wedge_apex,
    /// wedge "W.yaw_deg".
    wedge_yaw,
    /// wedge "W.half_angle_deg".
    wedge_half_angle,
    /// wedge "W.near".
    wedge_near,
    /// wedge "W.far".
    wedge_far,
};

/// The world parameter a target names (for TargetScope::world).
enum class WorldField : std::uint8_t {
    /// "world.broad_phase" (choice of broad-phase names).
    broad_phase,
    /// "world.detection" (choice "discrete" / "swept": every bullet's mode).
    detection,
    /// "world.touching" (choice "closed" / "open" / "tolerance").
    touching,
    /// "world.time_step" in seconds.
    time_step,
    /// "world.substeps" N: the time step is divided by N and every lesson frame is N world steps
    /// (L08: sampling a step N times).
    substeps,
    /// "world.count": the count of the scene's first box field.
    count,
    /// "world.seed".
    seed,
    /// "world.option.NAME": a broad-phase option (ignored while the current algorithm lacks it).
    option,
    /// "world.bodies[i].position" (and .x / .y).
    body_position,
    /// "world.bodies[i].velocity" (and .x / .y).
    body_velocity,
    /// "world.bodies[i].size" (and .x / .y): a box body's full size.
    body_size,
    /// "world.bodies[i].angle_deg": a body's angle in degrees.
    body_angle_deg,
    /// "world.scene" (choice of scene files, loaded with the lesson): the whole scene is
    /// replaced, before every other world target applies (L20's tour of the stress scenes).
    scene,
};

/// A parsed handle target.
struct HandleTarget {
    /// Object field or world parameter.
    TargetScope scope = TargetScope::object;
    /// object: the index of the object in Lesson::objects.
    std::size_t object = 0;
    /// object: which field.
    ObjectField field = ObjectField::whole;
    /// world: which parameter.
    WorldField world_field = WorldField::count;
    /// object: the element of a point_set / box_list; world: the body index.
    std::size_t element = 0;
    /// −1 for both components of a 2D field, 0 for .x, 1 for .y.
    int component = -1;
    /// world.option.NAME: the option's name.
    std::string option;
    /// 2 for a 2D field taken whole (a point, a corner, a vector, a box moved whole), 1 for a
    /// number or one component.
    int components = 1;

    /// See `components`.
    [[nodiscard]] int dimension() const { return components; }
    /// True for counts and seeds, which take whole numbers only.
    [[nodiscard]] bool whole_numbers() const;
    /// True for world targets that pick a name (broad_phase, detection, touching, scene).
    [[nodiscard]] bool takes_name() const;
};

struct LessonObject;

/// Parses `text` against the lesson's objects. Throws std::invalid_argument with a message
/// naming what is wrong (the reader prefixes the file and JSON path), e.g. "unknown object 'Q'
/// (known: A, B)", "a point has no field 'min'", "index 9 is beyond the 4 points of S".
[[nodiscard]] HandleTarget parse_target(std::string_view text,
                                        const std::vector<LessonObject>& objects);

}  // namespace aabb::lesson
