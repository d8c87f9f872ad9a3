#pragma once
// The readout kinds of each family file, collected by readout_catalog.cpp into one catalog.

#include <span>

#include "core/lesson/readouts/readout_catalog.hpp"

namespace aabb::lesson {

/// overlap_length, overlap_verdict, center_extents, center_form, push_out, float_gap,
/// float_ulp (interval_readouts.cpp).
[[nodiscard]] std::span<const ReadoutKind> interval_readout_kinds();
/// bounds_of_points, box_transform, growing_box, rotation_union (build_readouts.cpp).
[[nodiscard]] std::span<const ReadoutKind> build_readout_kinds();
/// swept, sampled_sweep, swept_region (motion_readouts.cpp).
[[nodiscard]] std::span<const ReadoutKind> motion_readout_kinds();
/// ray_slab (ray_readouts.cpp).
[[nodiscard]] std::span<const ReadoutKind> ray_readout_kinds();
/// closest_point, box_ops, fat_box, sat_gap (box_op_readouts.cpp).
[[nodiscard]] std::span<const ReadoutKind> box_op_readout_kinds();
/// plane_test, view_culling (culling_readouts.cpp).
[[nodiscard]] std::span<const ReadoutKind> culling_readout_kinds();
/// pairs_formula, sweep_axis, sweep_events, grid_cells, quadtree_fit (structure_readouts.cpp).
[[nodiscard]] std::span<const ReadoutKind> structure_readout_kinds();
/// world_stat, ray_cast, ray_traversal (world_readouts.cpp).
[[nodiscard]] std::span<const ReadoutKind> world_readout_kinds();

/// "x" → 0, anything else ("y") → 1: the axis options of the catalog.
[[nodiscard]] inline int axis_index(std::string_view option) {
    return option == "x" ? 0 : 1;
}

}  // namespace aabb::lesson
