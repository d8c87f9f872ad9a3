#pragma once
// How the uniform grid and the spatial hash pick a cell size when the caller leaves it at 0
// (curriculum §8: cell size versus object size is the whole trade-off).
//
// The rule: twice the median box extent (extent = the larger of width and height). With cells
// about twice the typical box, a typical box covers 1 to 4 cells and a cell holds a handful of
// boxes. The median, not the mean, so that one enormous box cannot blow the cells up.

#include <cstdint>
#include <span>
#include <vector>

#include "core/geometry/box.hpp"

namespace aabb {

/// Twice the median of max(width, height) over the present boxes (estimated from about 1024
/// ids spread evenly over the id range, enough for a median). When that median is 0
/// (mostly points), the larger side of the boxes' bounds divided by sqrt(count), so that on
/// average about one box falls in a cell; 1 when even that is 0. `scratch` is reused storage.
[[nodiscard]] double automatic_cell_size(std::span<const Box2> boxes,
                                         std::span<const std::uint8_t> present,
                                         std::vector<float>& scratch);

/// The cell size to use next: `current` is kept while it is within a factor 2 of `ideal`
/// (hysteresis, so the cells do not flicker while boxes move a little), else `ideal`.
[[nodiscard]] double settled_cell_size(double current, double ideal);

}  // namespace aabb
