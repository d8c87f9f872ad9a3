// Readouts of the broad-phase structures computed on the lesson's own geometry (curriculum §1,
// §8): how pairs grow with n, sweeping a few boxes along an axis (and seed 001's parity rule),
// the cells a box covers in a grid, and where a box settles in a quadtree (L01, L16, L17, L18).

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/geometry/overlap.hpp"
#include "core/lesson/deliberately_wrong.hpp"
#include "core/lesson/readouts/readout_families.hpp"

namespace aabb::lesson {

namespace {

double pair_count(double n) {
    return n < 2.0 ? 0.0 : n * (n - 1.0) / 2.0;
}

// pairs_formula -------------------------------------------------------------------------------

constexpr ArgSpec pairs_args[] = {
    {"n", ArgType::number, true, 0.0, {}, "the number of boxes (rounded down)"},
};
constexpr OutputSpec pairs_outputs[] = {
    {"pairs", ValueType::number, "n(n−1)/2: every pair brute force tests"},
    {"ratio_tenth", ValueType::number,
     "pairs(n) / pairs(n/10): ten times the boxes gives ~100× "
     "the pairs (null when n/10 < 2)"},
    {"two_log2_n", ValueType::number, "2·log2(n): the height a balanced-enough tree stays below"},
};
void pairs_formula(const ReadoutInputs& in, ReadoutOutputs& out) {
    const double n = std::floor(std::max(0.0, in.number("n")));
    out.set("pairs", pair_count(n));
    const double tenth = std::floor(n / 10.0);
    if (tenth >= 2.0) out.set("ratio_tenth", pair_count(n) / pair_count(tenth));
    if (n >= 1.0) out.set("two_log2_n", 2.0 * std::log2(n));
}

// sweep_axis ----------------------------------------------------------------------------------

constexpr std::string_view sweep_axis_options[] = {"auto", "x", "y"};
constexpr ArgSpec sweep_args[] = {
    {"boxes", ArgType::box_list, true, 0.0, {}, "the boxes (those in use), named A, B, C, …"},
    {"axis", ArgType::option, false, 0.0, sweep_axis_options,
     "the sweep axis; auto takes the axis along which the box centers spread most (variance), "
     "as sort_and_sweep does"},
};
constexpr OutputSpec sweep_outputs[] = {
    {"overlaps_tested", ValueType::number,
     "pairs whose intervals overlap on the sweep axis: what the sweep hands to the full test"},
    {"true_pairs", ValueType::number, "pairs whose boxes overlap (closed)"},
    {"axis", ValueType::text, "the sweep axis used, \"x\" or \"y\""},
    {"spread_x", ValueType::number, "variance of the box centers along x"},
    {"spread_y", ValueType::number, "variance along y"},
    {"order", ValueType::text, "the endpoints in sorted order: \"A( B( A) B)\""},
    {"seed001_pairs", ValueType::number,
     "pairs seed 001's rule finds (sorted on x; even array index opens, odd closes)"},
    {"seed001_missed", ValueType::number, "true pairs that rule misses"},
    {"boxes", ValueType::number, "how many boxes"},
};
std::string box_letter(std::size_t index) {
    std::string name(1, static_cast<char>('A' + index % 26));
    if (index >= 26) name += std::to_string(index / 26);
    return name;
}
void sweep_axis(const ReadoutInputs& in, ReadoutOutputs& out) {
    const std::span<const Box2> boxes = in.boxes("boxes");
    const std::size_t n = boxes.size();
    out.set("boxes", double(n));
    double sum[2] = {0.0, 0.0};
    double squares[2] = {0.0, 0.0};
    for (const Box2& box : boxes) {
        for (int axis = 0; axis < 2; ++axis) {
            const double center = 0.5 * (double{box.min[axis]} + double{box.max[axis]});
            sum[axis] += center;
            squares[axis] += center * center;
        }
    }
    double spread[2] = {0.0, 0.0};
    for (int axis = 0; axis < 2 && n > 0; ++axis)
        spread[axis] =
            squares[axis] / double(n) - (sum[axis] / double(n)) * (sum[axis] / double(n));
    out.set("spread_x", spread[0]);
    out.set("spread_y", spread[1]);
    const std::string_view option = in.option("axis");
    const int axis = option == "x" ? 0 : option == "y" ? 1 : (spread[1] > spread[0] ? 1 : 0);
    out.set_text("axis", axis == 0 ? "x" : "y");
    double tested = 0.0;
    double overlapping = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = i + 1; j < n; ++j) {
            const bool on_axis = boxes[i].min[axis] <= boxes[j].max[axis] &&
                                 boxes[j].min[axis] <= boxes[i].max[axis];
            if (on_axis) ++tested;
            if (overlaps_closed(boxes[i], boxes[j])) ++overlapping;
        }
    }
    out.set("overlaps_tested", tested);
    out.set("true_pairs", overlapping);
    // Sorted endpoints, min before max on ties (closed intervals touching still overlap).
    struct Endpoint {
        float value;
        bool is_max;
        std::size_t box;
    };
    std::vector<Endpoint> endpoints;
    for (std::size_t i = 0; i < n; ++i) {
        endpoints.push_back({boxes[i].min[axis], false, i});
        endpoints.push_back({boxes[i].max[axis], true, i});
    }
    std::stable_sort(endpoints.begin(), endpoints.end(), [](const Endpoint& a, const Endpoint& b) {
        return a.value < b.value || (a.value == b.value && !a.is_max && b.is_max);
    });
    std::string order;
    for (const Endpoint& endpoint : endpoints) {
        if (!order.empty()) order += ' ';
        order += box_letter(endpoint.box);
        order += endpoint.is_max ? ')' : '(';
    }
    out.set_text("order", order);
    const double found = double(deliberately_wrong::seed001_sweep_pairs(boxes).size());
    out.set("seed001_pairs", found);
    out.set("seed001_missed", overlapping - found);
}

// grid_cells ----------------------------------------------------------------------------------

constexpr ArgSpec grid_args[] = {
    {"box", ArgType::box, true, 0.0, {}, "the probe box"},
    {"cell", ArgType::number, true, 0.0, {}, "c: the cell size (> 0)"},
    {"origin", ArgType::point, false, 0.0, {}, "where the cell lattice starts (default (0, 0))"},
    {"max_cells",
     ArgType::number,
     false,
     64.0,
     {},
     "the grid's max_cells_per_box: a box that may cover more goes to the oversize list"},
};
constexpr OutputSpec grid_outputs[] = {
    {"cells", ValueType::number, "cells the box covers where it is"},
    {"cells_x", ValueType::number, "columns it covers"},
    {"cells_y", ValueType::number, "rows it covers"},
    {"fewest_cells", ValueType::number, "⌈w/c⌉·⌈h/c⌉: the fewest it can cover anywhere"},
    {"most_cells", ValueType::number, "(⌈w/c⌉+1)·(⌈h/c⌉+1): the most it can cover"},
    {"oversize", ValueType::boolean,
     "most_cells > max_cells: the grid keeps it on the oversize "
     "list, tested against every box"},
};
void grid_cells(const ReadoutInputs& in, ReadoutOutputs& out) {
    const Box2 box = in.box("box");
    const double cell = in.number("cell");
    if (!(cell > 0.0) || !box.is_valid()) return;
    const glm::vec2 origin = in.point("origin");
    const auto covered = [&](int axis) {
        // Bounded: handles keep boxes and cells within the lesson's number limits.
        return std::floor((double{box.max[axis]} - origin[axis]) / cell) -
               std::floor((double{box.min[axis]} - origin[axis]) / cell) + 1.0;
    };
    const double columns = covered(0);
    const double rows = covered(1);
    out.set("cells_x", columns);
    out.set("cells_y", rows);
    out.set("cells", columns * rows);
    const double wide = std::ceil(double{box.size().x} / cell);
    const double high = std::ceil(double{box.size().y} / cell);
    out.set("fewest_cells", std::max(1.0, wide) * std::max(1.0, high));
    // The same formula as the grid's most_cells_covered (core/broadphase/grid/uniform_grid.cpp).
    const double most = (wide + 1.0) * (high + 1.0);
    out.set("most_cells", most);
    out.set_bool("oversize", most > in.number("max_cells"));
}

// quadtree_fit --------------------------------------------------------------------------------

constexpr ArgSpec quadtree_args[] = {
    {"box", ArgType::box, true, 0.0, {}, "the box inserted"},
    {"region", ArgType::box, true, 0.0, {}, "the root's region"},
    {"max_depth", ArgType::number, false, 10.0, {}, "the deepest level (root 0), at most 30"},
};
constexpr OutputSpec quadtree_outputs[] = {
    {"depth", ValueType::number,
     "the depth it settles at when every node splits: it goes down "
     "while it lies strictly inside one quadrant"},
    {"at_root", ValueType::boolean, "it stays in the root (it straddles a root split line)"},
    {"node_min_x", ValueType::number, "the region of the node it stays in, min.x"},
    {"node_min_y", ValueType::number, "min.y"},
    {"node_max_x", ValueType::number, "max.x"},
    {"node_max_y", ValueType::number, "max.y"},
};
void quadtree_fit(const ReadoutInputs& in, ReadoutOutputs& out) {
    const Box2 box = in.box("box");
    Box2 region = in.box("region");
    const int max_depth = static_cast<int>(std::clamp(in.number("max_depth"), 0.0, 30.0));
    int depth = 0;
    // The rule of core/broadphase/tree/quadtree.cpp: strictly on one side of both split lines,
    // touching a line stays.
    while (depth < max_depth) {
        const glm::vec2 split = region.min * 0.5f + region.max * 0.5f;
        Box2 child = region;
        bool fits = true;
        for (int axis = 0; axis < 2 && fits; ++axis) {
            if (box.min[axis] > split[axis]) {
                child.min[axis] = split[axis];
            } else if (box.max[axis] < split[axis]) {
                child.max[axis] = split[axis];
            } else {
                fits = false;
            }
        }
        if (!fits) break;
        region = child;
        ++depth;
    }
    out.set("depth", depth);
    out.set_bool("at_root", depth == 0);
    out.set("node_min_x", region.min.x);
    out.set("node_min_y", region.min.y);
    out.set("node_max_x", region.max.x);
    out.set("node_max_y", region.max.y);
}

constexpr ReadoutKind kinds[] = {
    {"pairs_formula", "n(n−1)/2 and how it grows (L01)", false, pairs_args, pairs_outputs,
     pairs_formula},
    {"sweep_axis", "sweeping a few boxes along one axis, and seed 001's parity rule (L16)", false,
     sweep_args, sweep_outputs, sweep_axis},
    {"grid_cells", "the cells of a uniform grid a box covers (L17)", false, grid_args, grid_outputs,
     grid_cells},
    {"quadtree_fit", "how deep a box sinks in a quadtree before it straddles a split (L18)", false,
     quadtree_args, quadtree_outputs, quadtree_fit},
};

}  // namespace

std::span<const ReadoutKind> structure_readout_kinds() {
    return kinds;
}

}  // namespace aabb::lesson
