#pragma once
// The fixed catalog of readouts (design §2.2): every kind a lesson may use, implemented in C++
// so teachers combine entries and never write expressions. A kind takes arguments by role
// (objects of the lesson, literals, option names) and computes several named outputs; a
// lesson's readout shows one of them. docs/lesson_format.md lists every kind, argument and
// output from this table (a test checks it does).
//
// The kinds live in one file per family:
// - interval_readouts.cpp: overlap_length, overlap_verdict, center_extents, center_form,
//   float_gap, float_ulp;
// - build_readouts.cpp: bounds_of_points, box_transform, growing_box, rotation_union;
// - motion_readouts.cpp: swept, sampled_sweep, swept_region;
// - ray_readouts.cpp: ray_slab;
// - box_op_readouts.cpp: closest_point, box_ops, fat_box, sat_gap;
// - culling_readouts.cpp: plane_test, view_culling;
// - structure_readouts.cpp: pairs_formula, sweep_axis, sweep_events, grid_cells, quadtree_fit;
// - world_readouts.cpp: world_stat, ray_cast, ray_traversal.

#include <span>
#include <string_view>
#include <vector>

#include "core/lesson/lesson.hpp"
#include "core/lesson/readout_value.hpp"
#include "core/world/world.hpp"

namespace aabb::lesson {

struct ReadoutKind;

/// What an argument of a readout kind takes.
enum class ArgType : unsigned char {
    /// A box object or a literal {"min": [x, y], "max": [x, y]}.
    box,
    /// A point object, a vector object or a literal [x, y].
    point,
    /// A vector object, a point object or a literal [x, y].
    vector,
    /// A number object or a literal number.
    number,
    /// A point_set object (its points in use).
    point_set,
    /// A box_list object (its boxes in use).
    box_list,
    /// A wedge object.
    wedge,
    /// One of the argument's option names.
    option,
};

/// One argument of a readout kind.
struct ArgSpec {
    /// The key in the readout's "args".
    std::string_view role;
    /// What it takes.
    ArgType type;
    /// False when a default applies.
    bool required;
    /// The default of a number argument, or of each component of a point/vector argument.
    double default_number = 0.0;
    /// For options: the allowed names, the first being the default.
    std::span<const std::string_view> options = {};
    /// One line for the documentation.
    std::string_view description = {};
};

/// One output of a readout kind.
struct OutputSpec {
    /// Its name (a readout's "output").
    std::string_view name;
    /// number (null when infinite or undefined), boolean or text.
    ValueType type;
    /// One line for the documentation.
    std::string_view description;
};

/// A readout's arguments resolved against the lesson's current objects, for a compute function.
class ReadoutInputs {
  public:
    /// Inputs of `readout` (of kind `kind`) over `objects`; `world` may be null.
    ReadoutInputs(const ReadoutKind& kind, const Readout& readout,
                  const std::vector<LessonObject>& objects, const World* world);
    /// True when the readout gave the argument `role`.
    [[nodiscard]] bool has(std::string_view role) const;
    /// A box argument.
    [[nodiscard]] Box2 box(std::string_view role) const;
    /// A point (or vector) argument, or its default.
    [[nodiscard]] glm::vec2 point(std::string_view role) const;
    /// A number argument, or its default.
    [[nodiscard]] double number(std::string_view role) const;
    /// An option argument, or its default (the first option).
    [[nodiscard]] std::string_view option(std::string_view role) const;
    /// The points in use of a point_set argument.
    [[nodiscard]] std::span<const glm::vec2> points(std::string_view role) const;
    /// The boxes in use of a box_list argument.
    [[nodiscard]] std::span<const Box2> boxes(std::string_view role) const;
    /// A wedge argument.
    [[nodiscard]] ViewWedge wedge(std::string_view role) const;
    /// The caller's world, or nullptr.
    [[nodiscard]] const World* world() const { return world_; }

  private:
    [[nodiscard]] const ReadoutArgument* find(std::string_view role) const;
    [[nodiscard]] const LessonObject* object(std::string_view role) const;
    [[nodiscard]] const ArgSpec& spec(std::string_view role) const;

    const ReadoutKind& kind_;
    const Readout& readout_;
    const std::vector<LessonObject>& objects_;
    const World* world_;
};

/// The outputs a compute function fills, by name (unset outputs stay null "no value").
class ReadoutOutputs {
  public:
    /// Outputs of `kind`, all null.
    explicit ReadoutOutputs(const ReadoutKind& kind);
    /// Sets output `name` (a number: null when infinite or NaN). Throws std::logic_error for a
    /// name the kind does not list (a bug in the catalog, caught by its tests).
    void set(std::string_view name, double value);
    /// Sets a boolean output.
    void set_bool(std::string_view name, bool value);
    /// Sets a text output.
    void set_text(std::string_view name, std::string value);
    /// Sets an output to null with a reason (±inf, NaN, or 0 for "no value").
    void set_null(std::string_view name, double reason = 0.0);
    /// The value of output `index`.
    [[nodiscard]] const ReadoutValue& at(std::size_t index) const { return values_[index]; }

  private:
    [[nodiscard]] std::size_t index_of(std::string_view name) const;
    const ReadoutKind& kind_;
    std::vector<ReadoutValue> values_;
};

/// A kind's computation: every output from the inputs.
using ComputeFunction = void (*)(const ReadoutInputs& inputs, ReadoutOutputs& outputs);

/// One kind of the catalog.
struct ReadoutKind {
    /// Its name in lesson files.
    std::string_view name;
    /// What it computes (for the documentation).
    std::string_view description;
    /// True when it reads the caller's World (null world → every output null).
    bool uses_world;
    /// Its arguments.
    std::span<const ArgSpec> args;
    /// Its outputs; the first is the default.
    std::span<const OutputSpec> outputs;
    /// The computation.
    ComputeFunction compute;
};

/// Every kind of the catalog, family by family.
[[nodiscard]] std::span<const ReadoutKind> readout_kinds();

/// The kind `name`, or nullptr.
[[nodiscard]] const ReadoutKind* find_readout_kind(std::string_view name);

/// The index of output `name` of `kind`, or −1.
[[nodiscard]] int output_index(const ReadoutKind& kind, std::string_view name);

/// The value of `readout` over `objects` and `world` (the readout was validated by the reader).
/// A computation that throws (an invalid box handed to a sweep) gives null, never an exception.
[[nodiscard]] ReadoutValue evaluate_readout(const Readout& readout,
                                            const std::vector<LessonObject>& objects,
                                            const World* world);

/// Every output of `readout`'s kind, in the kind's order, from one computation (a gadget that
/// reads several outputs of a costly kind computes it once); empty for an unknown kind, all
/// null as evaluate_readout() gives null.
[[nodiscard]] std::vector<ReadoutValue> evaluate_readout_outputs(
    const Readout& readout, const std::vector<LessonObject>& objects, const World* world);

}  // namespace aabb::lesson
