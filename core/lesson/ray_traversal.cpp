#include "core/lesson/ray_traversal.hpp"

#include <algorithm>
#include <cmath>

namespace aabb::lesson {

namespace {

// Collects the tree's nodes in its walk order.
class TreeNodes final : public StructureVisitor {
  public:
    void tree_node(const Box2& box, int depth, bool is_leaf, BoxId id) override {
        TraversalNode node;
        node.box = box;
        node.depth = depth;
        node.leaf = is_leaf;
        node.id = id;
        nodes.push_back(node);
    }
    std::vector<TraversalNode> nodes;
};

}  // namespace

RayTraversal trace_ray(const BroadPhase& broad_phase, const Ray2& ray) {
    RayTraversal traversal;
    TreeNodes walk;
    broad_phase.visit(walk);
    if (walk.nodes.empty()) return traversal;
    traversal.traced = true;
    traversal.nodes = std::move(walk.nodes);
    // The same prepared slab test cast_ray_through_tree uses (core/broadphase/tree/
    // tree_traversal.hpp), with the ray's own max_t, which the trees' casts never shorten.
    const PreparedRay<2> prepared(ray);
    // opens[d]: the node on the path at depth d − 1 was tested and hit, so a node at depth d
    // is tested (the root always is).
    std::vector<bool> opens{true};
    for (std::size_t i = 0; i < traversal.nodes.size(); ++i) {
        TraversalNode& node = traversal.nodes[i];
        const auto depth = static_cast<std::size_t>(std::max(node.depth, 0));
        opens.resize(depth + 1, false);
        if (!opens[depth]) {
            node.outcome = NodeOutcome::skipped;
            opens.resize(depth + 2);
            opens[depth + 1] = false;
            continue;
        }
        const bool hit = intersect(prepared, node.box).hit;
        node.outcome = hit ? NodeOutcome::hit : NodeOutcome::missed;
        node.visit = traversal.visits.size();
        traversal.visits.push_back(i);
        if (hit && node.leaf) ++traversal.leaf_visits;
        opens.resize(depth + 2);
        opens[depth + 1] = hit && !node.leaf;
    }
    return traversal;
}

std::size_t traversal_shown(std::size_t visits, double progress) {
    const double states = double(visits) + 1.0;
    const double shown = std::floor(std::clamp(progress, 0.0, 1.0) * states);
    return std::min(visits, static_cast<std::size_t>(shown));
}

}  // namespace aabb::lesson
