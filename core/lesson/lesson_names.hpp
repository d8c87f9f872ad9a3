#pragma once
// The fixed name lists of the lesson format, each written once here so the reader, the
// window and the documentation use the same names: canvas overlays a step may show or hide,
// gadget kinds with the roles of the objects they draw, color roles, and the names of the
// enums (object kinds, handle kinds, comparison operators).

#include <array>
#include <cstddef>
#include <iterator>
#include <span>
#include <string_view>
#include <utility>

#include "core/lesson/lesson.hpp"

namespace aabb::lesson {

/// The canvas overlays by name, in the window's drawing order: the one list of them. Each
/// overlay of the window takes its name from here (overlay_name() below, checked when it
/// compiles; ui/overlays/overlay_list.cpp draws them in this order), `--show` / `--hide` take
/// these names, and steps' `show` and `hide` must use them.
inline constexpr std::array<std::string_view, 12> overlay_names{
    "shapes",    "contact-points", "swept-boxes", "trails",       "toi-ghosts", "tunneling",
    "structure", "caption",        "selection",   "tool-preview", "ray",        "lesson"};

/// `name`, checked at compile time to be one of overlay_names (a name the list lacks does not
/// compile).
consteval std::string_view overlay_name(std::string_view name) {
    for (const std::string_view listed : overlay_names)
        if (listed == name) return listed;
    throw "not an overlay name of lesson::overlay_names";
}

/// Canvas details that are not overlays, which a step's `show` and `hide` may also name: the
/// lines between the boxes of each overlapping pair, and the tooltip over the body under the
/// cursor. In a lesson they are off unless the step shows them, as is `contact-points`.
inline constexpr std::array<std::string_view, 2> canvas_detail_names{"pair-lines", "hover-info"};

/// How a step's world is drawn, by name in lesson files (a step's `world`).
inline constexpr std::array<std::pair<WorldDisplay, std::string_view>, 3> world_display_names{{
    {WorldDisplay::shown, "shown"},
    {WorldDisplay::dimmed, "dimmed"},
    {WorldDisplay::hidden, "hidden"},
}};

/// Color roles: what a value or a drawn object stands for. The window maps each to a color of
/// its scheme (standard or high contrast; ui/style/lesson_colors.hpp), so a formula's value has
/// the color of the thing it describes. One meaning per role and one color per role: red never
/// means both the x axis and a gap (issue 49).
inline constexpr std::array<std::string_view, 18> color_roles{
    "neutral", "a",   "b",   "c",      "result", "overlap", "gap", "hit",   "miss",
    "correct", "bug", "ray", "slab_x", "slab_y", "time",    "fat", "plane", "world"};

/// What each color role means, in color_roles order (docs/lesson_format.md "Color roles" lists
/// them; a lesson uses a role only for its meaning).
inline constexpr std::array<std::string_view, 18> color_role_meanings{
    "plain values and text that stand for nothing in particular",
    "object A (the first box, the bullet, the moving box) and the values that describe it",
    "object B (the second box, the wall, the circle, the test box)",
    "a third object (C, the target, the box the corners method gives)",
    "the answer a step computes: a merge, a union, the closest point, the part of a ray inside "
    "the box, a ratio",
    "what two boxes share: an overlap region or length >= 0, box-overlap pairs",
    "what separates two things: a gap, a negative overlap, a box outside a plane",
    "true: every verdict that holds is drawn in it (a readout's role never is hit)",
    "false: every verdict that does not hold is drawn in it (a readout's role never is miss)",
    "the right method (recomputed, guarded, from the empty box)",
    "the deliberately wrong method (turned again, naive, from (0, 0), the parity rule)",
    "the ray and its parameter t",
    "the x axis: the x slab, x intervals, dx",
    "the y axis: the y slab, y intervals, dy",
    "time within a world step: τ, overlap windows, entry and exit times, angles turned per step",
    "fat boxes and margins",
    "planes, their normals and the separating axis",
    "counts read from the world simulation (box tests, candidate pairs, tree nodes)"};

/// The Latin words a Chinese text may hold: the symbols the lessons define on screen (dx, tEnter,
/// AABB, ulp), the math functions their formulas write (min, clamp, log2), the methods and
/// engines they name (Arvo, Box2D), the unit and the keys the lesson bar names. A word is a run
/// of letters, digits and '_' with two letters or more: single letters (n, x, A, t1, y0) are
/// variables and always allowed, and "A.max.x" is the words A, max and x. Every Chinese text of
/// a lesson, of the readout catalog's names and of the lesson overlays is checked against it
/// (display_names.hpp unlisted_words; the layout report's test reads it too).
inline constexpr std::array<std::string_view, 49> screen_symbols{
    // The box and its parts.
    "AABB", "min", "max", "dx", "dy", "cA", "cB", "eA", "eB", "ex", "ey", "nx", "ny", "tx", "ty",
    // Math the formulas write.
    "clamp", "dot", "sin", "cos", "tan", "log", "log2", "NaN", "IEEE", "ulp", "f32",
    // Rays, slabs and sweeps.
    "tEnter", "tExit", "invDir", "t1x", "t2x", "t1y", "t2y", "dA", "dB",
    // Methods, structures and engines by their own names.
    "Arvo", "SAT", "SAH", "BVH", "SIMD", "SoA", "Box2D", "Bullet", "std",
    // The unit and the keys the lesson bar names.
    "ms", "EN", "PageDown", "PageUp", "Tab"};

/// One object a gadget draws: its role name, the object kind it needs, whether it is required.
struct GadgetRole {
    /// The key in the gadget's JSON, e.g. "a".
    std::string_view role;
    /// The kind of object it must name.
    ObjectKind kind;
    /// False when the gadget draws without it.
    bool required;
};

/// A gadget kind the window knows how to draw.
struct GadgetKind {
    /// Its name in lesson files.
    std::string_view name;
    /// What it draws (for docs/lesson_format.md and the window engineer).
    std::string_view description;
    /// The objects it draws, by role.
    std::span<const GadgetRole> roles;
};

/// The gadget kinds by name in lesson files: the one list of them. The core's table of kinds
/// (gadget_kinds(): roles and descriptions) and the window's table of drawers
/// (ui/lesson/gadgets/gadget_list.cpp) each hold one row per name, in this order, checked when
/// they compile.
inline constexpr std::array<std::string_view, 21> gadget_kind_names{
    "pair_growth_chart", "interval_bars", "float_ticks",   "point_set",      "transform_trio",
    "growing_pair",      "twin_bars",     "tau_timeline",  "swept_region",   "rotation_sweep",
    "slab_view",         "slab_compare",  "closest_point", "box_ops",        "fat_box",
    "view_wedge",        "sweep_line",    "grid_probe",    "quadtree_probe", "ray_traversal",
    "push_out"};

/// True when `names` are gadget_kind_names, in order (for the tables' compile-time checks).
template <typename Names>
constexpr bool are_gadget_kind_names(const Names& names) {
    if (std::size(names) != gadget_kind_names.size()) return false;
    std::size_t i = 0;
    for (const auto& name : names)
        if (name != gadget_kind_names[i++]) return false;
    return true;
}

/// Every gadget kind, in the order docs/lesson_format.md lists them.
[[nodiscard]] std::span<const GadgetKind> gadget_kinds();

/// The gadget kind `name`, or nullptr.
[[nodiscard]] const GadgetKind* find_gadget_kind(std::string_view name);

/// Object kinds by name in lesson files.
inline constexpr std::array<std::pair<ObjectKind, std::string_view>, 7> object_kind_names{{
    {ObjectKind::box, "box"},
    {ObjectKind::point, "point"},
    {ObjectKind::vector, "vector"},
    {ObjectKind::number, "number"},
    {ObjectKind::point_set, "point_set"},
    {ObjectKind::box_list, "box_list"},
    {ObjectKind::wedge, "wedge"},
}};

/// Handle kinds by name in lesson files.
inline constexpr std::array<std::pair<HandleKind, std::string_view>, 6> handle_kind_names{{
    {HandleKind::point, "point"},
    {HandleKind::vector, "vector"},
    {HandleKind::corner, "corner"},
    {HandleKind::slider, "slider"},
    {HandleKind::choice, "choice"},
    {HandleKind::toggle, "toggle"},
}};

/// Goal operators by name in lesson files.
inline constexpr std::array<std::pair<CompareOp, std::string_view>, 6> compare_op_names{{
    {CompareOp::equal, "=="},
    {CompareOp::not_equal, "!="},
    {CompareOp::less, "<"},
    {CompareOp::less_equal, "<="},
    {CompareOp::greater, ">"},
    {CompareOp::greater_equal, ">="},
}};

/// The name of `value` in a (value, name) table; "?" when absent.
template <typename Enum, std::size_t Count>
[[nodiscard]] constexpr std::string_view name_in(
    const std::array<std::pair<Enum, std::string_view>, Count>& names, Enum value) {
    for (const auto& [entry, name] : names) {
        if (entry == value) return name;
    }
    return "?";
}

/// True when `name` is in the list.
template <std::size_t Count>
[[nodiscard]] constexpr bool is_listed(const std::array<std::string_view, Count>& names,
                                       std::string_view name) {
    for (const std::string_view entry : names) {
        if (entry == name) return true;
    }
    return false;
}

}  // namespace aabb::lesson
