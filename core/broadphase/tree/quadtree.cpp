#include "core/broadphase/tree/quadtree.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace aabb {

namespace {

constexpr int deepest_allowed = 30;
constexpr int stays_in_node = 4;

// Which quadrant the box lies strictly inside (bit 0: right of split.x, bit 1: above split.y),
// or stays_in_node when it straddles or touches a split line.
int quadrant_of(const Box2& box, const glm::vec2& split) {
    int quadrant = 0;
    if (box.min.x > split.x) {
        quadrant |= 1;
    } else if (!(box.max.x < split.x)) {
        return stays_in_node;
    }
    if (box.min.y > split.y) {
        quadrant |= 2;
    } else if (!(box.max.y < split.y)) {
        return stays_in_node;
    }
    return quadrant;
}

}  // namespace

Quadtree::Quadtree(TouchingPolicy policy, QuadtreeOptions options)
    : BroadPhase(policy), options_(options) {
    if (options.max_depth < 0 || options.max_depth > deepest_allowed) {
        throw std::invalid_argument("quadtree: max_depth must be in [0, 30], got " +
                                    std::to_string(options.max_depth));
    }
    if (options.node_capacity < 1) {
        throw std::invalid_argument("quadtree: node_capacity must be >= 1, got " +
                                    std::to_string(options.node_capacity));
    }
}

void Quadtree::do_clear() {
    nodes_.clear();
    items_.clear();
    height_ = 0;
    cells_used_ = 0;
    max_boxes_in_cell_ = 0;
    dirty_ = true;
}

void Quadtree::ensure_built() const {
    if (dirty_) rebuild();
}

void Quadtree::rebuild() const {
    dirty_ = false;
    nodes_.clear();
    items_.clear();
    height_ = 0;
    cells_used_ = 0;
    max_boxes_in_cell_ = 0;
    const auto boxes = stored_boxes();
    const auto present = presence();
    Box2 root_region = Box2::empty();
    for (std::size_t index = 0; index < boxes.size(); ++index) {
        if (!present[index]) continue;
        items_.push_back({boxes[index], static_cast<BoxId>(index)});
        root_region = merge(root_region, boxes[index]);
    }
    if (items_.empty()) return;
    scratch_.resize(items_.size());
    nodes_.push_back(Node{root_region, root_region, {-1, -1, -1, -1}, 0, 0, 0, 0});
    build_node(0, 0, static_cast<std::uint32_t>(items_.size()));
    for (const Node& node : nodes_) {
        if (node.own_count > 0) ++cells_used_;
        max_boxes_in_cell_ = std::max(max_boxes_in_cell_, static_cast<int>(node.own_count));
    }
}

void Quadtree::build_node(std::uint32_t node_index, std::uint32_t begin, std::uint32_t end) const {
    Box2 bounds = Box2::empty();
    for (std::uint32_t i = begin; i < end; ++i)
        bounds = merge(bounds, items_[i].box);
    Node& node = nodes_[node_index];
    node.bounds = bounds;
    node.first_item = begin;
    node.own_count = end - begin;
    node.subtree_end = end;
    height_ = std::max(height_, static_cast<int>(node.depth));
    if (end - begin <= std::uint32_t(options_.node_capacity) || node.depth >= options_.max_depth)
        return;

    // Halves summed separately: (min + max) / 2 would overflow for coordinates near float max.
    const Box2 region = node.region;
    const glm::vec2 split = region.min * 0.5f + region.max * 0.5f;
    std::uint32_t counts[5] = {0, 0, 0, 0, 0};
    for (std::uint32_t i = begin; i < end; ++i)
        ++counts[quadrant_of(items_[i].box, split)];
    if (counts[stays_in_node] == end - begin) return;  // nothing would move down

    // Counting sort of the range: the node's own boxes first, then quadrants 0..3.
    std::uint32_t starts[5];
    starts[stays_in_node] = begin;
    std::uint32_t next = begin + counts[stays_in_node];
    for (int quadrant = 0; quadrant < 4; ++quadrant) {
        starts[quadrant] = next;
        next += counts[quadrant];
    }
    for (std::uint32_t i = begin; i < end; ++i)
        scratch_[starts[quadrant_of(items_[i].box, split)]++] = items_[i];
    std::copy(scratch_.begin() + begin, scratch_.begin() + end, items_.begin() + begin);
    node.own_count = counts[stays_in_node];

    const int child_depth = node.depth + 1;
    std::uint32_t child_begin = begin + counts[stays_in_node];
    for (int quadrant = 0; quadrant < 4; ++quadrant) {
        if (counts[quadrant] == 0) continue;
        Box2 child_region = region;
        if (quadrant & 1) {
            child_region.min.x = split.x;
        } else {
            child_region.max.x = split.x;
        }
        if (quadrant & 2) {
            child_region.min.y = split.y;
        } else {
            child_region.max.y = split.y;
        }
        const auto child_index = static_cast<std::uint32_t>(nodes_.size());
        // push_back may move the pool: refer to the parent by index from here on.
        nodes_.push_back(Node{child_region, child_region, {-1, -1, -1, -1}, 0, 0, 0, child_depth});
        nodes_[node_index].children[quadrant] = static_cast<std::int32_t>(child_index);
        build_node(child_index, child_begin, child_begin + counts[quadrant]);
        child_begin += counts[quadrant];
    }
}

void Quadtree::do_find_pairs(std::vector<BoxPair>& pairs, PairSearchCounters& counters) {
    ensure_built();
    std::uint64_t tests = 0;
    std::uint64_t candidates = 0;
    for (const Node& node : nodes_) {
        const std::uint32_t own_end = node.first_item + node.own_count;
        for (std::uint32_t i = node.first_item; i < own_end; ++i) {
            const Item& a = items_[i];
            // The boxes after it in its own node...
            for (std::uint32_t j = i + 1; j < own_end; ++j) {
                ++candidates;
                if (exact_overlap(a.box, items_[j].box))
                    emit_pair(pairs, make_pair_ordered(a.id, items_[j].id));
            }
            // ...and the boxes of descendants whose subtree bounds it meets.
            if (own_end == node.subtree_end) continue;
            stack_.clear();
            for (const std::int32_t child : node.children) {
                if (child >= 0) stack_.push_back(static_cast<std::uint32_t>(child));
            }
            while (!stack_.empty()) {
                const Node& descendant = nodes_[stack_.back()];
                stack_.pop_back();
                ++tests;
                if (!overlaps_closed(a.box, descendant.bounds)) continue;
                const std::uint32_t end = descendant.first_item + descendant.own_count;
                for (std::uint32_t j = descendant.first_item; j < end; ++j) {
                    ++candidates;
                    if (exact_overlap(a.box, items_[j].box))
                        emit_pair(pairs, make_pair_ordered(a.id, items_[j].id));
                }
                for (const std::int32_t child : descendant.children) {
                    if (child >= 0) stack_.push_back(static_cast<std::uint32_t>(child));
                }
            }
        }
    }
    counters.box_tests = tests + candidates;
    counters.candidate_pairs = candidates;
}

void Quadtree::do_query_box(const Box2& query, std::vector<BoxId>& ids) const {
    ensure_built();
    if (nodes_.empty()) return;
    stack_.assign(1, 0);
    while (!stack_.empty()) {
        const Node& node = nodes_[stack_.back()];
        stack_.pop_back();
        if (!overlaps_closed(query, node.bounds)) continue;
        const std::uint32_t end = node.first_item + node.own_count;
        for (std::uint32_t i = node.first_item; i < end; ++i) {
            if (exact_overlap(query, items_[i].box)) ids.push_back(items_[i].id);
        }
        for (const std::int32_t child : node.children) {
            if (child >= 0) stack_.push_back(static_cast<std::uint32_t>(child));
        }
    }
}

void Quadtree::do_cast_ray(const Ray2& ray, std::vector<RayCastHit>& hits,
                           RayCastCounters& counters) const {
    ensure_built();
    if (nodes_.empty()) return;
    // The slab test is monotone in the box corners, so a ray the float test says hits a box
    // also hits (by the same test) any box containing it: pruning by node bounds is safe.
    const PreparedRay<2> prepared(ray);
    stack_.assign(1, 0);
    while (!stack_.empty()) {
        const Node& node = nodes_[stack_.back()];
        stack_.pop_back();
        ++counters.node_visits;
        if (!intersect(prepared, node.bounds).hit) continue;
        const std::uint32_t end = node.first_item + node.own_count;
        counters.leaf_visits += node.own_count;
        for (std::uint32_t i = node.first_item; i < end; ++i) {
            const RayBoxHit<2> hit = intersect(prepared, items_[i].box);
            if (hit.hit) hits.push_back({items_[i].id, hit.t_enter});
        }
        for (const std::int32_t child : node.children) {
            if (child >= 0) stack_.push_back(static_cast<std::uint32_t>(child));
        }
    }
}

void Quadtree::fill_structure_stats(BroadPhaseStats& stats) const {
    ensure_built();
    stats.node_count = static_cast<int>(nodes_.size());
    stats.tree_height = height_;
    stats.cells_used = cells_used_;
    stats.max_boxes_in_cell = max_boxes_in_cell_;
}

std::size_t Quadtree::structure_memory_bytes() const {
    ensure_built();  // report the structure for the current boxes
    return nodes_.capacity() * sizeof(Node) + items_.capacity() * sizeof(Item) +
           scratch_.capacity() * sizeof(Item) + stack_.capacity() * sizeof(std::uint32_t);
}

void Quadtree::visit(StructureVisitor& visitor) const {
    ensure_built();
    for (const Node& node : nodes_)
        visitor.cell(node.region, static_cast<int>(node.own_count), node.depth);
}

}  // namespace aabb
