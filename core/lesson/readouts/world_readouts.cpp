// Readouts of the world the caller passes (the window's live world, or headless the runtime's
// own): the broad phase's counters and structure facts after the last step, detection totals,
// a ray cast through the broad phase with its node and leaf visits, and the same cast through a
// box tree node by node (L01, L11, L14, L16–L20).

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "core/broadphase/grid/spatial_hash.hpp"
#include "core/broadphase/grid/uniform_grid.hpp"
#include "core/lesson/ray_traversal.hpp"
#include "core/lesson/readouts/readout_families.hpp"

namespace aabb::lesson {

namespace {

// world_stat ----------------------------------------------------------------------------------

constexpr OutputSpec stat_outputs[] = {
    {"box_tests", ValueType::number, "box tests of the last pair search (node tests included)"},
    {"candidate_pairs", ValueType::number, "pairs the structure proposed"},
    {"true_pairs", ValueType::number, "pairs whose boxes overlap (what find_pairs returned)"},
    {"false_positives", ValueType::number, "candidate pairs the narrow phase rejected (last step)"},
    {"contacts", ValueType::number, "candidate pairs the narrow phase confirmed (last step)"},
    {"sort_swaps", ValueType::number, "endpoint swaps of the last sort (sort-and-sweep)"},
    {"tree_height", ValueType::number, "tree or quadtree height"},
    {"node_count", ValueType::number, "tree or quadtree nodes"},
    {"cells_used", ValueType::number, "grid, hash or quadtree cells holding a box"},
    {"max_boxes_in_cell", ValueType::number, "the most boxes in one cell"},
    {"tree_updates", ValueType::number, "dynamic tree leaves re-inserted in the last step"},
    {"tree_rebuilds", ValueType::number, "BVH quality rebuilds so far"},
    {"oversize", ValueType::number,
     "boxes on the grid's or hash's oversize list (null: other "
     "structures)"},
    {"root_boxes", ValueType::number,
     "boxes the quadtree's root holds itself (null: other "
     "structures)"},
    {"bodies", ValueType::number, "bodies in the world"},
    {"all_pairs", ValueType::number, "n(n−1)/2 for the world's n"},
    {"percent_of_all", ValueType::number, "box_tests as a percentage of n(n−1)/2"},
    {"height_bound", ValueType::number, "2·log2(n)"},
    {"height_within_bound", ValueType::boolean, "tree_height <= 2·log2(n)"},
    {"tunneled", ValueType::number, "tunneling events so far (discrete bullets)"},
    {"hits", ValueType::number, "bullet hits so far"},
    {"toi", ValueType::number, "time of impact of the last step's first bullet hit (null: none)"},
    {"frame", ValueType::number, "steps taken"},
    {"broad_phase", ValueType::text, "the broad phase's name"},
};

// Sums what the quadtree's depth-0 node holds itself.
class RootOccupancy final : public StructureVisitor {
  public:
    void cell(const Box2&, int occupancy, int depth) override {
        if (depth == 0) total += occupancy;
    }
    double total = 0.0;
};

void world_stat(const ReadoutInputs& in, ReadoutOutputs& out) {
    const World& world = *in.world();
    const BroadPhase& broad_phase = world.broad_phase();
    const BroadPhaseStats stats = broad_phase.stats();
    out.set("box_tests", double(stats.box_tests));
    out.set("candidate_pairs", double(stats.candidate_pairs));
    out.set("true_pairs", double(stats.true_pairs));
    out.set("false_positives", double(world.last_counts().false_positives));
    out.set("contacts", double(world.last_counts().contacts));
    out.set("sort_swaps", double(stats.sort_swaps));
    out.set("tree_height", stats.tree_height);
    out.set("node_count", stats.node_count);
    out.set("cells_used", stats.cells_used);
    out.set("max_boxes_in_cell", stats.max_boxes_in_cell);
    out.set("tree_updates", double(stats.tree_updates));
    out.set("tree_rebuilds", double(stats.tree_rebuilds));
    if (const auto* grid = dynamic_cast<const UniformGrid*>(&broad_phase)) {
        out.set("oversize", double(grid->oversize_count()));
    } else if (const auto* hash = dynamic_cast<const SpatialHash*>(&broad_phase)) {
        out.set("oversize", double(hash->oversize_count()));
    }
    if (broad_phase.name() == "quadtree") {
        RootOccupancy root;
        broad_phase.visit(root);
        out.set("root_boxes", root.total);
    }
    const double n = double(world.bodies().size());
    const double all_pairs = n < 2.0 ? 0.0 : n * (n - 1.0) / 2.0;
    out.set("bodies", n);
    out.set("all_pairs", all_pairs);
    if (all_pairs > 0.0) out.set("percent_of_all", 100.0 * double(stats.box_tests) / all_pairs);
    if (n >= 1.0) {
        const double bound = 2.0 * std::log2(n);
        out.set("height_bound", bound);
        out.set_bool("height_within_bound", stats.tree_height <= bound);
    }
    out.set("tunneled", double(world.total_counts().tunneled));
    out.set("hits", double(world.total_counts().hits));
    if (!world.hits().empty()) out.set("toi", world.hits().front().time_of_impact);
    out.set("frame", double(world.frame()));
    out.set_text("broad_phase", std::string(broad_phase.name()));
}

// ray_cast ------------------------------------------------------------------------------------

constexpr ArgSpec ray_args[] = {
    {"origin", ArgType::point, true, 0.0, {}, "the ray's origin"},
    {"direction", ArgType::vector, true, 0.0, {}, "its direction (t in multiples of it)"},
    {"max_t", ArgType::number, false, 1e30, {}, "the longest t that counts (default unbounded)"},
};
constexpr OutputSpec ray_outputs[] = {
    {"hits", ValueType::number, "boxes the ray hits"},
    {"node_visits", ValueType::number, "node boxes the structure tested the ray against"},
    {"leaf_visits", ValueType::number, "stored boxes it tested exactly"},
    {"first_t", ValueType::number, "the smallest entry t of a hit (null: none)"},
    {"first_body", ValueType::number, "the body index of that hit (null: none)"},
};
void ray_cast(const ReadoutInputs& in, ReadoutOutputs& out) {
    const BroadPhase& broad_phase = in.world()->broad_phase();
    Ray2 ray{in.point("origin"), in.point("direction"), static_cast<float>(in.number("max_t"))};
    if (ray.max_t >= 1e30f) ray.max_t = std::numeric_limits<float>::infinity();
    std::vector<RayCastHit> hits;
    broad_phase.cast_ray(ray, hits);
    const BroadPhaseStats stats = broad_phase.stats();
    out.set("hits", double(hits.size()));
    out.set("node_visits", double(stats.ray_node_visits));
    out.set("leaf_visits", double(stats.ray_leaf_visits));
    const auto first = std::min_element(hits.begin(), hits.end(), [](const auto& a, const auto& b) {
        return a.t < b.t || (a.t == b.t && a.id < b.id);
    });
    if (first != hits.end()) {
        out.set("first_t", first->t);
        out.set("first_body", double(first->id));
    }
}

// ray_traversal -------------------------------------------------------------------------------

constexpr ArgSpec traversal_args[] = {
    {"origin", ArgType::point, true, 0.0, {}, "the ray's origin"},
    {"direction", ArgType::vector, true, 0.0, {}, "its direction (t in multiples of it)"},
    {"max_t", ArgType::number, false, 1e30, {}, "the longest t that counts (default unbounded)"},
    {"progress",
     ArgType::number,
     false,
     1.0,
     {},
     "how far the walk has gone, 0..1: each of the visits + 1 states (none, …, all) takes an "
     "equal share (an animated handle)"},
};
constexpr OutputSpec traversal_outputs[] = {
    {"traced", ValueType::boolean,
     "the broad phase is a box tree (dynamic_tree, bvh) whose walk can be shown; the other "
     "outputs are null otherwise"},
    {"visits", ValueType::number, "nodes tested, in all (ray_cast's node_visits)"},
    {"shown", ValueType::number, "nodes tested so far at `progress`"},
    {"hit_nodes", ValueType::number, "tested nodes the ray hits: the walk goes into them"},
    {"missed_nodes", ValueType::number, "tested nodes the ray misses: each skips its subtree"},
    {"skipped_nodes", ValueType::number, "nodes never tested, under a missed node"},
    {"leaf_visits", ValueType::number,
     "leaves hit, whose stored boxes are tested exactly (ray_cast's leaf_visits)"},
    {"nodes", ValueType::number, "nodes in the tree"},
    {"current_depth", ValueType::number,
     "the depth of the last node tested so far (null: none yet)"},
    {"current_hit", ValueType::boolean, "the ray hits that node (null: none yet)"},
    {"current_leaf", ValueType::boolean, "that node is a leaf (null: none yet)"},
};
void ray_traversal(const ReadoutInputs& in, ReadoutOutputs& out) {
    Ray2 ray{in.point("origin"), in.point("direction"), static_cast<float>(in.number("max_t"))};
    if (ray.max_t >= 1e30f) ray.max_t = std::numeric_limits<float>::infinity();
    const RayTraversal traversal = trace_ray(in.world()->broad_phase(), ray);
    out.set_bool("traced", traversal.traced);
    if (!traversal.traced) return;
    double counts[3] = {0.0, 0.0, 0.0};
    for (const TraversalNode& node : traversal.nodes)
        ++counts[static_cast<int>(node.outcome)];
    out.set("visits", double(traversal.visits.size()));
    out.set("hit_nodes", counts[static_cast<int>(NodeOutcome::hit)]);
    out.set("missed_nodes", counts[static_cast<int>(NodeOutcome::missed)]);
    out.set("skipped_nodes", counts[static_cast<int>(NodeOutcome::skipped)]);
    out.set("leaf_visits", double(traversal.leaf_visits));
    out.set("nodes", double(traversal.nodes.size()));
    const std::size_t shown = traversal_shown(traversal.visits.size(), in.number("progress"));
    out.set("shown", double(shown));
    if (shown == 0) return;
    const TraversalNode& current = traversal.nodes[traversal.visits[shown - 1]];
    out.set("current_depth", current.depth);
    out.set_bool("current_hit", current.outcome == NodeOutcome::hit);
    out.set_bool("current_leaf", current.leaf);
}

constexpr ReadoutKind kinds[] = {
    {"world_stat",
     "the world's broad-phase counters, structure facts and detection totals",
     true,
     {},
     stat_outputs,
     world_stat},
    {"ray_cast",
     "a ray cast through the world's broad phase, with its node and leaf visits (L11, "
     "L19)",
     true, ray_args, ray_outputs, ray_cast},
    {"ray_traversal",
     "a ray cast through the world's box tree node by node: tested and hit, tested and missed "
     "(its subtree skipped), never tested (L11, L19)",
     true, traversal_args, traversal_outputs, ray_traversal},
};

}  // namespace

std::span<const ReadoutKind> world_readout_kinds() {
    return kinds;
}

}  // namespace aabb::lesson
