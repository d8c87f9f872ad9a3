#pragma once
// Readouts a gadget computes itself from the lesson's readout catalog
// (core/lesson/readouts/readout_catalog.hpp), so a drawing shows exactly the numbers the step
// card shows: the same catalog kind, fed the gadget's objects, gives the same value whatever
// names the lesson chose for its own readouts. Used where the computation lives only in the
// catalog (float storage of a gap, a quadtree descent, the cells a box covers, …); where a
// public core function exists (transformed, sweep, intersect, fatten) gadgets call it directly.

#include <optional>
#include <string_view>
#include <vector>

#include "core/lesson/lesson.hpp"
#include "core/lesson/readout_value.hpp"
#include "ui/lesson/gadgets/gadget_drawing.hpp"

namespace aabb::ui {

/// One catalog readout over the gadget's objects: arguments are added by role, then any of the
/// kind's outputs is read.
class CatalogQuery {
  public:
    /// A query of catalog kind `kind` (e.g. "float_gap") for the gadget of `context`.
    CatalogQuery(const GadgetContext& context, std::string_view kind);
    /// Argument `argument` is the object the gadget names for `role`; left out (the kind's
    /// default applies) when the gadget names none.
    CatalogQuery& object(std::string_view argument, std::string_view role);
    /// Argument `argument` is the option `name` (e.g. "x", "naive").
    CatalogQuery& option(std::string_view argument, std::string_view name);
    /// Argument `argument` is a literal number.
    CatalogQuery& number(std::string_view argument, double value);
    /// The output `output` of the kind for the current objects.
    [[nodiscard]] lesson::ReadoutValue value(std::string_view output) const;
    /// The output as a number; `fallback` when it is null, not a number, or the kind unknown.
    [[nodiscard]] double number_or(std::string_view output, double fallback) const;
    /// The output as a verdict; false when it is not one.
    [[nodiscard]] bool flag(std::string_view output) const;
    /// The output as a text; empty when it is not one.
    [[nodiscard]] std::string text(std::string_view output) const;

  private:
    CatalogQuery& argument(std::string_view argument, lesson::ReadoutArgument value);

    const GadgetContext& context_;
    lesson::Readout readout_;
    // Every output of the kind, computed at the first read after the last argument (some
    // kinds test 3,600 poses: a gadget reading four outputs must not pay four times).
    mutable std::optional<std::vector<lesson::ReadoutValue>> outputs_;
};

/// A readout value as the canvas writes it ("%.3g" by default; ±∞, NaN and "—" for nulls).
[[nodiscard]] std::string format_number(double value, std::string_view format = "%.3g");

}  // namespace aabb::ui
