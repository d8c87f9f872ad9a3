#include "core/broadphase/tree/dynamic_aabb_tree.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace aabb {

namespace {

constexpr float largest_float = std::numeric_limits<float>::max();

bool is_finite_non_negative(float value) {
    return std::isfinite(value) && value >= 0.0f;
}

}  // namespace

DynamicAabbTree::DynamicAabbTree(DynamicTreeOptions options) : options_(options) {
    if (!is_finite_non_negative(options.relative_margin)) {
        throw std::invalid_argument("dynamic tree: relative_margin must be finite and >= 0, got " +
                                    std::to_string(options.relative_margin));
    }
    if (!is_finite_non_negative(options.absolute_margin)) {
        throw std::invalid_argument("dynamic tree: absolute_margin must be finite and >= 0, got " +
                                    std::to_string(options.absolute_margin));
    }
    if (!(std::isfinite(options.refatten_factor) && options.refatten_factor >= 1.0f)) {
        throw std::invalid_argument("dynamic tree: refatten_factor must be finite and >= 1, got " +
                                    std::to_string(options.refatten_factor));
    }
    if (!(options.displacement_multiplier >= 0.0f && options.displacement_multiplier <= 100.0f)) {
        throw std::invalid_argument(
            "dynamic tree: displacement_multiplier must be in [0, 100], got " +
            std::to_string(options.displacement_multiplier));
    }
}

void DynamicAabbTree::check_box(const Box2& box, const char* operation) {
    if (!box.is_valid()) {
        throw std::invalid_argument(std::string("dynamic tree ") + operation +
                                    ": the box has a NaN or infinite coordinate or min > max");
    }
}

void DynamicAabbTree::check_ray(const Ray2& ray) {
    const bool finite = std::isfinite(ray.origin.x) && std::isfinite(ray.origin.y) &&
                        std::isfinite(ray.direction.x) && std::isfinite(ray.direction.y) &&
                        !std::isnan(ray.max_t);
    if (!finite) {
        throw std::invalid_argument(
            "dynamic tree cast_ray: the ray has a NaN or infinite component");
    }
}

void DynamicAabbTree::check_leaf(std::int32_t leaf, const char* operation) const {
    if (!is_leaf(leaf)) {
        throw std::invalid_argument(std::string("dynamic tree ") + operation + ": node " +
                                    std::to_string(leaf) + " is not a leaf in the tree");
    }
}

bool DynamicAabbTree::is_leaf(std::int32_t node) const {
    return node >= 0 && static_cast<std::size_t>(node) < nodes_.size() &&
           nodes_[node].height == 0 && nodes_[node].leaf();
}

Box2 DynamicAabbTree::fatten(const Box2& box, glm::vec2 displacement) const {
    // Sizes are clamped to the float range: a box spanning most of it has an infinite size.
    const float larger_side =
        std::min(std::max(box.max.x - box.min.x, box.max.y - box.min.y), largest_float);
    const float margin =
        std::min(options_.relative_margin * larger_side + options_.absolute_margin, largest_float);
    Box2 fat{box.min - glm::vec2(margin), box.max + glm::vec2(margin)};
    if (options_.displacement_multiplier > 0.0f) {
        for (int axis = 0; axis < 2; ++axis) {
            const float ahead = options_.displacement_multiplier * displacement[axis];
            if (ahead < 0.0f) fat.min[axis] += ahead;
            if (ahead > 0.0f) fat.max[axis] += ahead;
        }
    }
    // Clamping keeps fat boxes finite; they still contain the (finite) tight box.
    fat.min = glm::max(fat.min, glm::vec2(-largest_float));
    fat.max = glm::min(fat.max, glm::vec2(largest_float));
    return fat;
}

std::int32_t DynamicAabbTree::allocate_node() {
    if (free_list_ == null_node) {
        if (nodes_.size() >= static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max())) {
            throw std::length_error("dynamic tree: the node pool is full");
        }
        nodes_.emplace_back();
        free_list_ = static_cast<std::int32_t>(nodes_.size() - 1);
        nodes_.back().parent = null_node;
    }
    const std::int32_t node = free_list_;
    free_list_ = nodes_[node].parent;
    nodes_[node] = Node{};
    nodes_[node].height = 0;
    ++node_count_;
    return node;
}

void DynamicAabbTree::free_node(std::int32_t node) {
    nodes_[node] = Node{};
    nodes_[node].parent = free_list_;
    nodes_[node].height = -1;
    free_list_ = node;
    --node_count_;
}

std::int32_t DynamicAabbTree::insert(const Box2& box, std::uint32_t user_id) {
    check_box(box, "insert");
    const std::int32_t leaf = allocate_node();
    nodes_[leaf].box = fatten(box);
    nodes_[leaf].user_id = user_id;
    insert_leaf(leaf);
    ++leaf_count_;
    return leaf;
}

void DynamicAabbTree::remove(std::int32_t leaf) {
    check_leaf(leaf, "remove");
    remove_leaf(leaf);
    free_node(leaf);
    --leaf_count_;
}

bool DynamicAabbTree::move(std::int32_t leaf, const Box2& box, glm::vec2 displacement) {
    check_leaf(leaf, "move");
    check_box(box, "move");
    if (std::isnan(displacement.x) || std::isnan(displacement.y)) {
        throw std::invalid_argument("dynamic tree move: the displacement is NaN");
    }
    const Box2 fresh = fatten(box, displacement);
    const Box2& fat = nodes_[leaf].box;
    if (contains(fat, box) &&
        wide_perimeter(fat) <= double{options_.refatten_factor} * wide_perimeter(fresh)) {
        return false;
    }
    remove_leaf(leaf);
    nodes_[leaf].box = fresh;
    insert_leaf(leaf);
    return true;
}

void DynamicAabbTree::clear() {
    // Every node goes back on the free list, lowest index first, so allocation order after a
    // clear is the same as in a new tree.
    free_list_ = null_node;
    for (std::size_t i = nodes_.size(); i-- > 0;) {
        nodes_[i] = Node{};
        nodes_[i].parent = free_list_;
        free_list_ = static_cast<std::int32_t>(i);
    }
    root_ = null_node;
    node_count_ = 0;
    leaf_count_ = 0;
}

std::int32_t DynamicAabbTree::find_best_sibling(const Box2& box) {
    // Branch and bound with the surface-area heuristic, perimeter as the 2D measure (Bittner,
    // Hapala & Havran 2013, "Fast insertion-based optimization of bounding volume hierarchies").
    // Making node N the new leaf's sibling costs P(N ∪ box) for the new parent plus
    // P(A ∪ box) − P(A) for every ancestor A of N: the "inherited" cost. Every node below N
    // costs at least P(box) + inherited(N) + P(N ∪ box) − P(N), so a subtree whose bound is not
    // below the best cost found so far is skipped. Subtrees are expanded best bound first.
    const double box_perimeter = wide_perimeter(box);
    std::int32_t best = root_;
    double best_cost = wide_perimeter(merge(nodes_[root_].box, box));
    double best_inherited = 0.0;
    search_heap_.clear();
    const auto by_bound = [](const SearchEntry& a, const SearchEntry& b) {
        return a.lower_bound > b.lower_bound;  // a min-heap
    };
    // An entry is an internal node whose own cost was already counted; `inherited` includes
    // its own enlargement, so it is what its children inherit.
    const auto consider = [&](std::int32_t index, double inherited) {
        const Node& node = nodes_[index];
        const double combined = wide_perimeter(merge(node.box, box));
        const double cost = combined + inherited;
        if (cost < best_cost) {
            best_cost = cost;
            best = index;
            best_inherited = inherited;
        }
        if (node.leaf()) return;
        const double inherited_below = inherited + combined - wide_perimeter(node.box);
        const double bound = box_perimeter + inherited_below;
        if (bound >= best_cost) return;
        search_heap_.push_back({bound, inherited_below, index});
        std::push_heap(search_heap_.begin(), search_heap_.end(), by_bound);
    };
    consider(root_, 0.0);
    while (!search_heap_.empty()) {
        std::pop_heap(search_heap_.begin(), search_heap_.end(), by_bound);
        const SearchEntry entry = search_heap_.back();
        search_heap_.pop_back();
        if (entry.lower_bound >= best_cost) break;  // every remaining bound is at least this
        consider(nodes_[entry.node].child1, entry.inherited);
        consider(nodes_[entry.node].child2, entry.inherited);
    }
    // Ties: where a child of the best node costs exactly as much (identical or nested boxes),
    // go down to the lower child. Without this, a run of identical boxes would all pair with
    // the root and grow a spine faster than rotations at the root can fold it.
    double inherited = best_inherited;
    while (!nodes_[best].leaf()) {
        const Node& node = nodes_[best];
        const double inherited_below =
            inherited + wide_perimeter(merge(node.box, box)) - wide_perimeter(node.box);
        const double cost1 = wide_perimeter(merge(nodes_[node.child1].box, box)) + inherited_below;
        const double cost2 = wide_perimeter(merge(nodes_[node.child2].box, box)) + inherited_below;
        if (std::min(cost1, cost2) > best_cost) break;
        const bool first = cost1 < cost2 || (cost1 == cost2 && nodes_[node.child1].height <=
                                                                   nodes_[node.child2].height);
        best = first ? node.child1 : node.child2;
        inherited = inherited_below;
    }
    return best;
}

void DynamicAabbTree::replace_child(std::int32_t parent, std::int32_t old_child,
                                    std::int32_t new_child) {
    if (parent == null_node) {
        root_ = new_child;
    } else if (nodes_[parent].child1 == old_child) {
        nodes_[parent].child1 = new_child;
    } else {
        nodes_[parent].child2 = new_child;
    }
}

void DynamicAabbTree::insert_leaf(std::int32_t leaf) {
    if (root_ == null_node) {
        root_ = leaf;
        nodes_[leaf].parent = null_node;
        return;
    }
    const std::int32_t sibling = find_best_sibling(nodes_[leaf].box);
    const std::int32_t new_parent = allocate_node();  // may reallocate nodes_: no references held
    const std::int32_t old_parent = nodes_[sibling].parent;
    Node& parent = nodes_[new_parent];
    parent.parent = old_parent;
    parent.child1 = sibling;
    parent.child2 = leaf;
    parent.box = merge(nodes_[sibling].box, nodes_[leaf].box);
    parent.height = nodes_[sibling].height + 1;
    replace_child(old_parent, sibling, new_parent);
    nodes_[sibling].parent = new_parent;
    nodes_[leaf].parent = new_parent;
    // From the new parent up: it may itself be unbalanced (a tall sibling next to a leaf).
    refit_upward(new_parent);
}

void DynamicAabbTree::remove_leaf(std::int32_t leaf) {
    if (leaf == root_) {
        root_ = null_node;
        return;
    }
    const std::int32_t parent = nodes_[leaf].parent;
    const std::int32_t grandparent = nodes_[parent].parent;
    const std::int32_t sibling =
        nodes_[parent].child1 == leaf ? nodes_[parent].child2 : nodes_[parent].child1;
    replace_child(grandparent, parent, sibling);
    nodes_[sibling].parent = grandparent;
    nodes_[leaf].parent = null_node;
    free_node(parent);
    refit_upward(grandparent);
}

void DynamicAabbTree::refit_upward(std::int32_t node) {
    bool first = true;
    while (node != null_node) {
        const std::int32_t top = balance(node);
        const bool restructured = top != node || rotate_for_perimeter(top);
        Node& current = nodes_[top];
        const Node& child1 = nodes_[current.child1];
        const Node& child2 = nodes_[current.child2];
        const int height = 1 + std::max(child1.height, child2.height);
        const Box2 box = merge(child1.box, child2.box);
        // Above a node whose box and height came out unchanged nothing changes either (a small
        // box moving inside a big subtree), so the walk can stop. The first node is always
        // passed: insertion has already given the new parent its final box.
        if (!first && !restructured && height == current.height && box == current.box) return;
        first = false;
        current.height = height;
        current.box = box;
        node = current.parent;
    }
}

std::int32_t DynamicAabbTree::balance(std::int32_t top) {
    // AVL-style rotation: when one child is more than one level taller than the other, the
    // taller child T moves up into top's place; top takes one of T's children and T keeps the
    // other. The child given away is the shorter one, or at equal heights the one whose union
    // with top's remaining child has the smaller perimeter. Heights and boxes of the two moved
    // nodes are recomputed here; the caller refits the rest of the path.
    Node& node = nodes_[top];
    if (node.leaf()) return top;
    const int difference = nodes_[node.child2].height - nodes_[node.child1].height;
    if (difference >= -1 && difference <= 1) return top;

    const bool second_taller = difference > 1;
    const std::int32_t taller = second_taller ? node.child2 : node.child1;
    const std::int32_t shorter = second_taller ? node.child1 : node.child2;
    Node& up = nodes_[taller];
    const std::int32_t grandchild1 = up.child1;
    const std::int32_t grandchild2 = up.child2;
    const int height1 = nodes_[grandchild1].height;
    const int height2 = nodes_[grandchild2].height;
    bool give_first = height1 < height2;
    if (height1 == height2) {
        const Box2& staying = nodes_[shorter].box;
        give_first = wide_perimeter(merge(staying, nodes_[grandchild1].box)) <=
                     wide_perimeter(merge(staying, nodes_[grandchild2].box));
    }
    const std::int32_t given = give_first ? grandchild1 : grandchild2;
    const std::int32_t kept = give_first ? grandchild2 : grandchild1;

    // `taller` replaces `top` under top's parent.
    up.parent = node.parent;
    replace_child(node.parent, top, taller);
    // `top` becomes a child of `taller`, holding `shorter` and `given`.
    up.child1 = top;
    up.child2 = kept;
    node.parent = taller;
    node.child1 = shorter;
    node.child2 = given;
    nodes_[given].parent = top;

    node.box = merge(nodes_[shorter].box, nodes_[given].box);
    node.height = 1 + std::max(nodes_[shorter].height, nodes_[given].height);
    up.box = merge(node.box, nodes_[kept].box);
    up.height = 1 + std::max(node.height, nodes_[kept].height);
    return taller;
}

bool DynamicAabbTree::rotate_for_perimeter(std::int32_t top) {
    // Box2D v3's idea (b2RotateNodes), here restricted to rotations that keep both touched
    // nodes balanced: swapping one child of `top` with a grandchild under the other child
    // leaves top's box alone and changes only that other child's box. Take the swap that
    // shrinks it most. Height-only AVL rotations pair subtrees that are far apart; these swaps
    // repair that, which is what keeps queries and pair searches fast as the tree churns.
    const Node& node = nodes_[top];
    if (node.leaf()) return false;
    double best_gain = 0.0;
    std::int32_t best_moved_up = null_node;    // the grandchild that becomes top's child
    std::int32_t best_moved_down = null_node;  // top's child that takes its place
    for (const std::int32_t side : {node.child1, node.child2}) {
        const Node& middle = nodes_[side];  // the child whose box changes
        if (middle.leaf()) continue;
        const std::int32_t other = side == node.child1 ? node.child2 : node.child1;
        const double old_perimeter = wide_perimeter(middle.box);
        for (const std::int32_t grandchild : {middle.child1, middle.child2}) {
            const std::int32_t staying =
                grandchild == middle.child1 ? middle.child2 : middle.child1;
            const int new_middle_height =
                1 + std::max(nodes_[other].height, nodes_[staying].height);
            if (std::abs(nodes_[other].height - nodes_[staying].height) > 1 ||
                std::abs(nodes_[grandchild].height - new_middle_height) > 1) {
                continue;
            }
            const double gain =
                old_perimeter - wide_perimeter(merge(nodes_[other].box, nodes_[staying].box));
            if (gain > best_gain) {
                best_gain = gain;
                best_moved_up = grandchild;
                best_moved_down = other;
            }
        }
    }
    if (best_moved_up == null_node) return false;
    const std::int32_t middle = nodes_[best_moved_up].parent;
    Node& changed = nodes_[middle];
    if (changed.child1 == best_moved_up) {
        changed.child1 = best_moved_down;
    } else {
        changed.child2 = best_moved_down;
    }
    Node& parent = nodes_[top];
    if (parent.child1 == best_moved_down) {
        parent.child1 = best_moved_up;
    } else {
        parent.child2 = best_moved_up;
    }
    nodes_[best_moved_up].parent = top;
    nodes_[best_moved_down].parent = middle;
    changed.box = merge(nodes_[changed.child1].box, nodes_[changed.child2].box);
    changed.height = 1 + std::max(nodes_[changed.child1].height, nodes_[changed.child2].height);
    return true;
}

TreeShape DynamicAabbTree::shape() const {
    TreeShape result;
    if (root_ == null_node) return result;
    const double root_perimeter = wide_perimeter(nodes_[root_].box);
    double perimeter_sum = 0.0;
    double depth_sum = 0.0;
    struct Entry {
        std::int32_t node;
        int depth;
    };
    TraversalStack<Entry> stack;
    stack.push({root_, 0});
    while (!stack.empty()) {
        const Entry entry = stack.pop();
        const Node& node = nodes_[entry.node];
        ++result.node_count;
        perimeter_sum += root_perimeter > 0.0 ? wide_perimeter(node.box) / root_perimeter : 1.0;
        result.height = std::max(result.height, entry.depth);
        if (node.leaf()) {
            ++result.leaf_count;
            depth_sum += entry.depth;
            continue;
        }
        result.max_balance = std::max(
            result.max_balance, std::abs(nodes_[node.child1].height - nodes_[node.child2].height));
        stack.push({node.child1, entry.depth + 1});
        stack.push({node.child2, entry.depth + 1});
    }
    result.average_leaf_depth = depth_sum / result.leaf_count;
    result.sah_cost = perimeter_sum;
    return result;
}

std::string DynamicAabbTree::validate() const {
    const std::size_t capacity = nodes_.size();
    const auto in_range = [&](std::int32_t node) {
        return node >= 0 && static_cast<std::size_t>(node) < capacity;
    };
    const auto name = [](std::int32_t node) { return "node " + std::to_string(node); };
    enum : std::uint8_t { unseen, in_tree, on_free_list };
    std::vector<std::uint8_t> state(capacity, unseen);

    std::size_t free_count = 0;
    for (std::int32_t node = free_list_; node != null_node; node = nodes_[node].parent) {
        if (!in_range(node)) return "free list: entry " + std::to_string(node) + " is out of range";
        if (state[node] != unseen) return "free list: " + name(node) + " appears twice (a cycle)";
        state[node] = on_free_list;
        if (nodes_[node].height != -1) {
            return "free list: " + name(node) + " has height " +
                   std::to_string(nodes_[node].height) + ", expected -1";
        }
        ++free_count;
    }

    std::size_t reached = 0;
    int leaves = 0;
    if (root_ != null_node) {
        if (!in_range(root_)) return "root " + std::to_string(root_) + " is out of range";
        if (nodes_[root_].parent != null_node) {
            return "root " + name(root_) + " has parent " + std::to_string(nodes_[root_].parent);
        }
        TraversalStack<std::int32_t> stack;
        stack.push(root_);
        while (!stack.empty()) {
            const std::int32_t index = stack.pop();
            if (state[index] == on_free_list) return name(index) + " is in the tree and free";
            if (state[index] == in_tree) return name(index) + " is reached twice (a cycle)";
            state[index] = in_tree;
            ++reached;
            const Node& node = nodes_[index];
            if (!node.box.is_valid()) return name(index) + " has an invalid box";
            if (node.leaf()) {
                if (node.child2 != null_node) return "leaf " + name(index) + " has a second child";
                if (node.height != 0) {
                    return "leaf " + name(index) + " has height " + std::to_string(node.height);
                }
                ++leaves;
                continue;
            }
            for (const std::int32_t child : {node.child1, node.child2}) {
                if (!in_range(child)) {
                    return name(index) + " has child " + std::to_string(child) + " out of range";
                }
                if (nodes_[child].parent != index) {
                    return name(child) + " has parent " + std::to_string(nodes_[child].parent) +
                           ", expected " + std::to_string(index);
                }
                if (!contains(node.box, nodes_[child].box)) {
                    return "the box of " + name(child) + " is not inside its parent " + name(index);
                }
            }
            if (node.child1 == node.child2) return name(index) + " has the same child twice";
            const Node& child1 = nodes_[node.child1];
            const Node& child2 = nodes_[node.child2];
            if (node.height != 1 + std::max(child1.height, child2.height)) {
                return name(index) + " has height " + std::to_string(node.height) + ", expected " +
                       std::to_string(1 + std::max(child1.height, child2.height));
            }
            if (!(node.box == merge(child1.box, child2.box))) {
                return "the box of " + name(index) + " is larger than the union of its children";
            }
            stack.push(node.child1);
            stack.push(node.child2);
        }
    }
    if (reached + free_count != capacity) {
        return std::to_string(capacity - reached - free_count) +
               " nodes are neither in the tree nor on the free list (leaked)";
    }
    if (reached != static_cast<std::size_t>(node_count_)) {
        return "node count is " + std::to_string(node_count_) + " but the tree has " +
               std::to_string(reached) + " nodes";
    }
    if (leaves != leaf_count_) {
        return "leaf count is " + std::to_string(leaf_count_) + " but the tree has " +
               std::to_string(leaves) + " leaves";
    }
    return {};
}

}  // namespace aabb
