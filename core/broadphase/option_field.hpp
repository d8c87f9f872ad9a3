#pragma once
// One tunable option of a broad phase's options struct, as a row of the table that sits beside
// the struct: its name (scene files, the UI, aabb-bench), the member it is stored in, its range
// and its one English line (the UI's tooltip and the docs). The factory, the option tests and
// the window all read these tables; the default is the struct's member initializer, read from a
// default-constructed struct, and whether only whole numbers are accepted follows the member's
// type, so neither is written in a row.

#include <string_view>
#include <type_traits>

namespace aabb {

/// One option of `Options`: its name, how it is read and stored, its range and description.
template <typename Options>
struct OptionField {
    /// The option's name in scene files and the UI, e.g. "cell_size".
    std::string_view name;
    /// The option's value in `options`.
    double (*get)(const Options& options);
    /// Stores `value` (checked against the range by the factory) in `options`.
    void (*set)(Options& options, double value);
    /// The smallest accepted value.
    double minimum;
    /// The largest accepted value.
    double maximum;
    /// True when the member is an integer (or bool) and only whole numbers are accepted.
    bool whole_number;
    /// One English line for the UI's tooltip and the documentation.
    std::string_view description;
};

namespace option_field_detail {
template <typename Member>
struct MemberOf;
template <typename Owner_, typename Value_>
struct MemberOf<Value_ Owner_::*> {
    using Owner = Owner_;
    using Value = Value_;
};
template <auto Member>
using OwnerOf = typename MemberOf<decltype(Member)>::Owner;
template <auto Member>
using ValueOf = typename MemberOf<decltype(Member)>::Value;
}  // namespace option_field_detail

/// The option `name` stored in the member `Member` of its options struct.
template <auto Member>
constexpr OptionField<option_field_detail::OwnerOf<Member>> option_field(
    std::string_view name, double minimum, double maximum, std::string_view description) {
    using Options = option_field_detail::OwnerOf<Member>;
    using Value = option_field_detail::ValueOf<Member>;
    return {name,
            [](const Options& options) { return static_cast<double>(options.*Member); },
            [](Options& options, double value) { options.*Member = static_cast<Value>(value); },
            minimum,
            maximum,
            std::is_integral_v<Value>,
            description};
}

/// The option `name` stored in `(options.*Outer).*Inner`, for options nested in a struct.
template <auto Outer, auto Inner>
constexpr OptionField<option_field_detail::OwnerOf<Outer>> option_field(
    std::string_view name, double minimum, double maximum, std::string_view description) {
    using Options = option_field_detail::OwnerOf<Outer>;
    using Value = option_field_detail::ValueOf<Inner>;
    return {
        name,
        [](const Options& options) { return static_cast<double>((options.*Outer).*Inner); },
        [](Options& options, double value) { (options.*Outer).*Inner = static_cast<Value>(value); },
        minimum,
        maximum,
        std::is_integral_v<Value>,
        description};
}

// Lines of options that several structs share: one name means one thing in every algorithm (the
// window's Chinese tooltip is keyed by the name), so their description is written once, here.

/// "axis" of the sweeps.
inline constexpr std::string_view sweep_axis_description =
    "sweep axis: -1 = the axis of largest spread, 0 = x, 1 = y";
/// "cell_size" of the grids.
inline constexpr std::string_view cell_size_description =
    "cell side; 0 = twice the median box size";
/// "max_cells_per_box" of the grids.
inline constexpr std::string_view max_cells_per_box_description =
    "a box covering more cells is tested against everything instead";

}  // namespace aabb
