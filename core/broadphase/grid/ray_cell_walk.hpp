#pragma once
// The cells of a square-cell lattice that a ray segment may touch, for the uniform grid and the
// spatial hash. Conservative on purpose: the ray-box test (float slab test) decides the hits,
// this walk only has to visit a superset of the cells holding boxes the ray hits.
//
// Method: clip the ray to the content bounds, then walk the columns the segment crosses; in
// each column take the rows between the segment's heights where it enters and leaves the
// column. Everything is widened by a padding of one cell plus 1e-5 × the largest coordinate
// involved, which is far above the float rounding of the slab test (~2.4e-7 × magnitude), so
// a box the float test reports as hit is always in a visited cell.

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "core/geometry/ray.hpp"

namespace aabb {

/// Where a lattice of square cells sits: cell (c, r) covers
/// [origin.x + c·cell_size, origin.x + (c+1)·cell_size] × (the same in y), and cell indices are
/// clamped into [column_min, column_max] × [row_min, row_max].
struct CellLattice {
    /// World position of the corner of cell (0, 0).
    double origin_x = 0.0;
    /// See origin_x.
    double origin_y = 0.0;
    /// Edge length of a cell (> 0).
    double cell_size = 1.0;
    /// 1 / cell_size: indices multiply by it (a multiplication is monotone just like a division,
    /// which is all the exactness argument needs, and much cheaper).
    double inverse_cell_size = 1.0;
    /// Smallest column index.
    std::int64_t column_min = 0;
    /// Largest column index.
    std::int64_t column_max = 0;
    /// Smallest row index.
    std::int64_t row_min = 0;
    /// Largest row index.
    std::int64_t row_max = 0;

    /// The clamped column of world coordinate x (monotone in x).
    [[nodiscard]] std::int64_t column_of(double x) const {
        return clamped_index((x - origin_x) * inverse_cell_size, column_min, column_max);
    }
    /// The clamped row of world coordinate y (monotone in y).
    [[nodiscard]] std::int64_t row_of(double y) const {
        return clamped_index((y - origin_y) * inverse_cell_size, row_min, row_max);
    }

  private:
    // Clamp in double before converting, so huge or infinite quotients never overflow.
    [[nodiscard]] static std::int64_t clamped_index(double quotient, std::int64_t low,
                                                    std::int64_t high) {
        const double index = std::floor(quotient);
        if (!(index >= static_cast<double>(low))) return low;
        if (index >= static_cast<double>(high)) return high;
        return std::clamp(static_cast<std::int64_t>(index), low, high);
    }
};

/// Calls visit(column, row) for every cell of `lattice` that the ray may touch within
/// `content` (the bounds of everything stored; nothing outside it can be hit), each cell once.
/// Returns false, having stopped early, when more than `max_visits` columns and cells would
/// be visited or when the float slab test could overflow for this ray: the caller then falls
/// back to testing every box.
template <class Visit>
bool walk_ray_cells(const Ray2& ray, const CellLattice& lattice, const Box2& content,
                    std::int64_t max_visits, Visit&& visit) {
    // Axes the slab test treats as parallel (zero or denormal components) get a zero direction
    // here too, so the walk follows the same line the test does.
    const PreparedRay<2> prepared(ray);
    const double origin[2] = {ray.origin.x, ray.origin.y};
    double direction[2] = {0.0, 0.0};
    double largest = 0.0;
    for (int axis = 0; axis < 2; ++axis) {
        if (!prepared.parallel[axis]) direction[axis] = ray.direction[axis];
        largest = std::max({largest, std::abs(origin[axis]), std::abs(double{content.min[axis]}),
                            std::abs(double{content.max[axis]})});
        // When the float slab test could overflow (t = distance / direction beyond float range)
        // its answers stop following the geometry: let the caller test every box instead.
        // (or the float difference box − origin itself could overflow).
        const double distance = std::max(std::abs(double{content.min[axis]} - origin[axis]),
                                         std::abs(double{content.max[axis]} - origin[axis]));
        const double reach = distance * std::abs(double{prepared.inverse_direction[axis]});
        if (!prepared.parallel[axis] && !(reach < 1e37 && distance < 1e38)) return false;
    }
    const double padding = lattice.cell_size + 1e-5 * largest;

    // Clip t to the padded content box and to [0, max_t].
    double t_first = 0.0;
    double t_last = ray.max_t;
    for (int axis = 0; axis < 2; ++axis) {
        const double low = double{content.min[axis]} - padding;
        const double high = double{content.max[axis]} + padding;
        if (direction[axis] == 0.0) {
            if (origin[axis] < low || origin[axis] > high) return true;
            continue;
        }
        double enter = (low - origin[axis]) / direction[axis];
        double leave = (high - origin[axis]) / direction[axis];
        if (enter > leave) std::swap(enter, leave);
        t_first = std::max(t_first, enter);
        t_last = std::min(t_last, leave);
    }
    if (!(t_first <= t_last)) return true;
    if (direction[0] == 0.0 && direction[1] == 0.0) t_last = t_first;  // the ray is a point
    // A zero component keeps its coordinate (t may be infinite, and inf · 0 is NaN).
    const auto at = [&](int axis, double t) {
        return direction[axis] == 0.0 ? origin[axis] : origin[axis] + t * direction[axis];
    };
    const double start_x = at(0, t_first);
    const double end_x = at(0, t_last);
    const double start_y = at(1, t_first);
    const double end_y = at(1, t_last);

    const std::int64_t first_column = lattice.column_of(std::min(start_x, end_x) - padding);
    const std::int64_t last_column = lattice.column_of(std::max(start_x, end_x) + padding);
    std::int64_t visits = 0;
    for (std::int64_t column = first_column; column <= last_column; ++column) {
        if (++visits > max_visits) return false;
        double low_y = std::min(start_y, end_y);
        double high_y = std::max(start_y, end_y);
        if (direction[0] != 0.0) {
            // The part of the segment inside this column, widened by the padding.
            const double column_low =
                lattice.origin_x + static_cast<double>(column) * lattice.cell_size - padding;
            const double column_high = column_low + lattice.cell_size + 2.0 * padding;
            double enter = (column_low - origin[0]) / direction[0];
            double leave = (column_high - origin[0]) / direction[0];
            if (enter > leave) std::swap(enter, leave);
            enter = std::max(enter, t_first);
            leave = std::min(leave, t_last);
            if (enter > leave) continue;
            if (direction[1] != 0.0) {  // else the height is constant (and inf · 0 is NaN)
                const double enter_y = origin[1] + enter * direction[1];
                const double leave_y = origin[1] + leave * direction[1];
                low_y = std::min(enter_y, leave_y);
                high_y = std::max(enter_y, leave_y);
            }
        }
        const std::int64_t first_row = lattice.row_of(low_y - padding);
        const std::int64_t last_row = lattice.row_of(high_y + padding);
        for (std::int64_t row = first_row; row <= last_row; ++row) {
            if (++visits > max_visits) return false;
            visit(column, row);
        }
    }
    return true;
}

}  // namespace aabb
