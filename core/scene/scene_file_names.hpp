#pragma once
// The names a scene file uses: the keys of each JSON object, in the order they are written, and
// the names of the enums' values. The reader accepts exactly these keys and the writer writes
// them, so each list is written once (docs/scene_format.md describes them).

#include <array>
#include <string_view>
#include <vector>

#include "core/world/world.hpp"

namespace aabb {

/// An enum value and its name in scene files.
template <typename Enum>
struct EnumName {
    /// The value.
    Enum value;
    /// Its name in scene files.
    std::string_view name;
};

/// Body kinds by name.
inline constexpr std::array<EnumName<BodyKind>, 4> kind_names{{{BodyKind::box, "box"},
                                                               {BodyKind::wall, "wall"},
                                                               {BodyKind::bullet, "bullet"},
                                                               {BodyKind::shape, "shape"}}};
/// Shape types by name.
inline constexpr std::array<EnumName<ShapeType>, 3> shape_names{
    {{ShapeType::box, "box"}, {ShapeType::circle, "circle"}, {ShapeType::polygon, "polygon"}}};
/// Detection modes by name.
inline constexpr std::array<EnumName<DetectionMode>, 2> detection_names{
    {{DetectionMode::discrete, "discrete"}, {DetectionMode::swept, "swept"}}};
/// Which bodies continuous detection follows, by name.
inline constexpr std::array<EnumName<ContinuousBodies>, 2> ccd_names{
    {{ContinuousBodies::bullets, "bullets"}, {ContinuousBodies::all, "all"}}};
/// Contact responses by name.
inline constexpr std::array<EnumName<Response>, 4> response_names{
    {{Response::pass_through, "pass_through"},
     {Response::stop, "stop"},
     {Response::reflect, "reflect"},
     {Response::remove, "remove"}}};
/// Touching rules by name.
inline constexpr std::array<EnumName<TouchingRule>, 3> touching_names{
    {{TouchingRule::closed, "closed"},
     {TouchingRule::open, "open"},
     {TouchingRule::tolerance, "tolerance"}}};

/// The name of `value` in `names` ("?" for a value not listed).
template <typename Enum, std::size_t Count>
[[nodiscard]] constexpr std::string_view name_of(const std::array<EnumName<Enum>, Count>& names,
                                                 Enum value) {
    for (const auto& entry : names) {
        if (entry.value == value) return entry.name;
    }
    return "?";
}

/// The keys of the top-level object.
inline constexpr std::array<std::string_view, 15> scene_keys{
    "version", "title",     "title_zh", "description", "description_zh",
    "seed",    "time_step", "bounds",   "broadphase",  "detection",
    "ccd",     "camera",    "bodies",   "spawners",    "box_fields"};
/// The keys of a box.
inline constexpr std::array<std::string_view, 2> box_keys{"min", "max"};
/// The keys of `broadphase`; `options` is written only when some are set.
inline constexpr std::array<std::string_view, 4> broad_phase_keys{"name", "touching", "tolerance",
                                                                  "options"};
/// The keys of `camera`.
inline constexpr std::array<std::string_view, 2> camera_keys{"center", "zoom"};
/// The keys of a spawner.
inline constexpr std::array<std::string_view, 8> spawner_keys{
    "position", "direction", "spread", "speed", "rate", "limit", "random_angle", "body"};
/// The keys of a box field.
inline constexpr std::array<std::string_view, 7> box_field_keys{
    "count", "region", "size_min", "size_max", "speed_min", "speed_max", "angular_speed_max"};

/// A field of a body; which ones a body holds depends on its shape and on whether a spawner
/// emits it (see body_has_field).
enum class BodyField {
    kind,
    shape,
    position,
    velocity,
    size,
    radius,
    vertices,
    angle,
    angular_velocity,
    detection,
    response,
};

/// Every body field by key, in the order they are read and written.
inline constexpr std::array<EnumName<BodyField>, 11> body_fields{
    {{BodyField::kind, "kind"},
     {BodyField::shape, "shape"},
     {BodyField::position, "position"},
     {BodyField::velocity, "velocity"},
     {BodyField::size, "size"},
     {BodyField::radius, "radius"},
     {BodyField::vertices, "vertices"},
     {BodyField::angle, "angle"},
     {BodyField::angular_velocity, "angular_velocity"},
     {BodyField::detection, "detection"},
     {BodyField::response, "response"}}};

/// True when a body emitted by a spawner (`emitted`) or not may hold `field`: a spawner sets
/// its bodies' position and velocity itself.
[[nodiscard]] constexpr bool body_may_hold(BodyField field, bool emitted) {
    return !emitted || (field != BodyField::position && field != BodyField::velocity);
}

/// True when a body of `shape` holds `field`: a size for boxes only, a radius for circles only,
/// vertices for polygons only; every other field for every shape.
[[nodiscard]] constexpr bool shape_has_field(ShapeType shape, BodyField field) {
    switch (field) {
        case BodyField::size:
            return shape == ShapeType::box;
        case BodyField::radius:
            return shape == ShapeType::circle;
        case BodyField::vertices:
            return shape == ShapeType::polygon;
        default:
            return true;
    }
}

/// The keys a body may hold, in order (an emitted one without position and velocity).
[[nodiscard]] const std::vector<std::string_view>& body_keys(bool emitted);

}  // namespace aabb
