// Readouts of the broad-phase structures computed on the lesson's own geometry (curriculum §1,
// §8): how pairs grow with n, sweeping a few boxes along an axis (and seed 001's parity rule)
// and the sweep event by event, the cells a box covers in a grid, and where a box settles in a
// quadtree, level by level (L01, L16, L17, L18).

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "core/geometry/overlap.hpp"
#include "core/lesson/deliberately_wrong.hpp"
#include "core/lesson/quadtree_descent.hpp"
#include "core/lesson/readouts/readout_families.hpp"
#include "core/lesson/sweep_events.hpp"

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
void sweep_axis(const ReadoutInputs& in, ReadoutOutputs& out) {
    const std::span<const Box2> boxes = in.boxes("boxes");
    const std::size_t n = boxes.size();
    out.set("boxes", double(n));
    const std::array<double, 2> spread = center_spread(boxes);
    out.set("spread_x", spread[0]);
    out.set("spread_y", spread[1]);
    const int axis = sweep_axis_for(boxes, in.option("axis"));
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
    std::string order;
    for (const SweepEvent& event : sweep_events(boxes, axis)) {
        if (!order.empty()) order += ' ';
        order += box_letter(event.box);
        order += event.closes ? ')' : '(';
    }
    out.set_text("order", order);
    const double found = double(deliberately_wrong::seed001_sweep_pairs(boxes).size());
    out.set("seed001_pairs", found);
    out.set("seed001_missed", overlapping - found);
}

// sweep_events --------------------------------------------------------------------------------

constexpr ArgSpec events_args[] = {
    {"boxes", ArgType::box_list, true, 0.0, {}, "the boxes (those in use), named A, B, C, …"},
    {"axis", ArgType::option, false, 0.0, sweep_axis_options, "the sweep axis, as for sweep_axis"},
    {"progress",
     ArgType::number,
     false,
     1.0,
     {},
     "how far the sweep has gone, 0..1: each of the 2n + 1 states (no endpoint processed, …, "
     "all) takes an equal share (an animated handle)"},
};
constexpr OutputSpec events_outputs[] = {
    {"done", ValueType::number, "endpoints processed so far, 0..2n"},
    {"events", ValueType::number, "2n: every endpoint"},
    {"finished", ValueType::boolean, "every endpoint is processed"},
    {"value", ValueType::number,
     "where the sweep line is: the last processed endpoint (null: none yet)"},
    {"current", ValueType::text,
     "that endpoint, \"A(\" (A opens) or \"A)\" (A closes) (null: none yet)"},
    {"opens", ValueType::boolean, "it opens its interval (null: none yet)"},
    {"tested", ValueType::text,
     "the boxes the opening box is paired with: those open when it opens (\"—\": none)"},
    {"tested_count", ValueType::number, "how many"},
    {"active", ValueType::text, "the active set after it: the boxes open now (\"—\": none)"},
    {"active_count", ValueType::number, "how many"},
    {"pairs_so_far", ValueType::number, "pairs handed on to the full test so far"},
    {"axis", ValueType::text, "the sweep axis, \"x\" or \"y\""},
};
void sweep_events_readout(const ReadoutInputs& in, ReadoutOutputs& out) {
    const std::span<const Box2> boxes = in.boxes("boxes");
    const int axis = sweep_axis_for(boxes, in.option("axis"));
    out.set_text("axis", axis == 0 ? "x" : "y");
    const std::vector<SweepEvent> events = sweep_events(boxes, axis);
    const std::size_t done = sweep_events_done(events.size(), in.number("progress"));
    out.set("done", double(done));
    out.set("events", double(events.size()));
    out.set_bool("finished", done == events.size());
    double pairs = 0.0;
    for (std::size_t i = 0; i < done; ++i)
        pairs += double(events[i].tested.size());
    out.set("pairs_so_far", pairs);
    std::vector<std::size_t> active;
    const std::vector<bool> open = open_after(events, done, boxes.size());
    for (std::size_t b = 0; b < open.size(); ++b)
        if (open[b]) active.push_back(b);
    out.set_text("active", box_names(active));
    out.set("active_count", double(active.size()));
    out.set_text("tested", "—");
    out.set("tested_count", 0.0);
    if (done == 0) return;
    const SweepEvent& current = events[done - 1];
    out.set("value", current.value);
    out.set_text("current", box_letter(current.box) + (current.closes ? ")" : "("));
    out.set_bool("opens", !current.closes);
    out.set_text("tested", box_names(current.tested));
    out.set("tested_count", double(current.tested.size()));
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
    {"progress",
     ArgType::number,
     false,
     1.0,
     {},
     "how far the insertion has gone down, 0..1: each level from the root to where it stays "
     "takes an equal share (an animated handle)"},
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
    {"level", ValueType::number, "the level the insertion has reached at `progress` (0 the root)"},
    {"settled", ValueType::boolean, "it has reached the node where it stays"},
    {"level_min_x", ValueType::number, "the region of the node at that level, min.x"},
    {"level_min_y", ValueType::number, "min.y"},
    {"level_max_x", ValueType::number, "max.x"},
    {"level_max_y", ValueType::number, "max.y"},
    {"quadrant", ValueType::number,
     "the child it goes into next: 0 lower left, 1 lower right, 2 upper left, 3 upper right "
     "(null once settled)"},
};
void quadtree_fit(const ReadoutInputs& in, ReadoutOutputs& out) {
    const std::vector<QuadtreeStep> steps =
        quadtree_descent(in.box("box"), in.box("region"),
                         static_cast<int>(std::clamp(in.number("max_depth"), 0.0, 30.0)));
    const int depth = static_cast<int>(steps.size()) - 1;
    const Box2& node = steps.back().region;
    out.set("depth", depth);
    out.set_bool("at_root", depth == 0);
    out.set("node_min_x", node.min.x);
    out.set("node_min_y", node.min.y);
    out.set("node_max_x", node.max.x);
    out.set("node_max_y", node.max.y);
    const int level = quadtree_level_at(depth, in.number("progress"));
    const QuadtreeStep& reached = steps[std::size_t(level)];
    out.set("level", level);
    out.set_bool("settled", level == depth);
    out.set("level_min_x", reached.region.min.x);
    out.set("level_min_y", reached.region.min.y);
    out.set("level_max_x", reached.region.max.x);
    out.set("level_max_y", reached.region.max.y);
    if (reached.quadrant >= 0) out.set("quadrant", reached.quadrant);
}

constexpr ReadoutKind kinds[] = {
    {"pairs_formula", "n(n−1)/2 and how it grows (L01)", false, pairs_args, pairs_outputs,
     pairs_formula},
    {"sweep_axis", "sweeping a few boxes along one axis, and seed 001's parity rule (L16)", false,
     sweep_args, sweep_outputs, sweep_axis},
    {"sweep_events", "the sweep line event by event: where it is, the active set, the pairs (L16)",
     false, events_args, events_outputs, sweep_events_readout},
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
