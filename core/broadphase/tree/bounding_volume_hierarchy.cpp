#include "core/broadphase/tree/bounding_volume_hierarchy.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>

namespace aabb {

namespace {

constexpr int largest_bin_count = 256;

}  // namespace

BoundingVolumeHierarchy::BoundingVolumeHierarchy(BvhOptions options) : options_(options) {
    if (options.bin_count < 2 || options.bin_count > largest_bin_count) {
        throw std::invalid_argument("bvh: bin_count must be in [2, 256], got " +
                                    std::to_string(options.bin_count));
    }
    if (!(std::isfinite(options.rebuild_cost_factor) && options.rebuild_cost_factor >= 1.0f)) {
        throw std::invalid_argument("bvh: rebuild_cost_factor must be finite and >= 1, got " +
                                    std::to_string(options.rebuild_cost_factor));
    }
}

void BoundingVolumeHierarchy::check_box(const Box2& box, const char* operation) {
    if (!box.is_valid()) {
        throw std::invalid_argument(std::string("bvh ") + operation +
                                    ": a box has a NaN or infinite coordinate or min > max");
    }
}

void BoundingVolumeHierarchy::check_ray(const Ray2& ray) {
    const bool finite = std::isfinite(ray.origin.x) && std::isfinite(ray.origin.y) &&
                        std::isfinite(ray.direction.x) && std::isfinite(ray.direction.y) &&
                        !std::isnan(ray.max_t);
    if (!finite)
        throw std::invalid_argument("bvh cast_ray: the ray has a NaN or infinite component");
}

void BoundingVolumeHierarchy::build(std::span<const Box2> boxes_by_id,
                                    std::span<const std::uint32_t> ids) {
    // Everything is checked before anything changes.
    std::vector<std::uint8_t> seen(boxes_by_id.size(), 0);
    for (const std::uint32_t id : ids) {
        if (id >= boxes_by_id.size()) {
            throw std::invalid_argument("bvh build: id " + std::to_string(id) +
                                        " has no box (only " + std::to_string(boxes_by_id.size()) +
                                        " boxes given)");
        }
        if (seen[id]) {
            throw std::invalid_argument("bvh build: id " + std::to_string(id) + " appears twice");
        }
        seen[id] = 1;
        check_box(boxes_by_id[id], "build");
    }
    leaf_ids_.assign(ids.begin(), ids.end());
    items_.clear();
    for (const std::uint32_t id : ids) {
        const Box2& box = boxes_by_id[id];
        // Centroids in double: (min + max) / 2 overflows in float for boxes near the float limit.
        items_.push_back({box, 0.5 * (double{box.min.x} + double{box.max.x}),
                          0.5 * (double{box.min.y} + double{box.max.y}), id});
    }
    build_from_items();
}

void BoundingVolumeHierarchy::build(std::span<const Box2> boxes) {
    std::vector<std::uint32_t> ids(boxes.size());
    for (std::size_t i = 0; i < ids.size(); ++i)
        ids[i] = static_cast<std::uint32_t>(i);
    build(boxes, ids);
}

void BoundingVolumeHierarchy::build_from_items() {
    ++build_count_;
    nodes_.clear();
    height_ = 0;
    if (items_.empty()) {
        sah_cost_ = build_sah_cost_ = 0.0;
        return;
    }
    nodes_.reserve(2 * items_.size() - 1);
    nodes_.emplace_back();
    struct Task {
        std::int32_t node;
        std::size_t begin;
        std::size_t end;
        int depth;
    };
    std::vector<Task> tasks{{0, 0, items_.size(), 0}};
    const int bin_count = options_.bin_count;
    std::array<Box2, largest_bin_count> bin_boxes;
    std::array<std::size_t, largest_bin_count> bin_counts;
    std::array<double, largest_bin_count> cost_left;  // cost of bins [0, i] on the left side

    while (!tasks.empty()) {
        const Task task = tasks.back();
        tasks.pop_back();
        if (task.end - task.begin == 1) {
            const BuildItem& item = items_[task.begin];
            nodes_[task.node] = Node{item.box, null_node, item.id};
            height_ = std::max(height_, task.depth);
            continue;
        }
        Box2 bounds = Box2::empty();
        double low[2] = {INFINITY, INFINITY};
        double high[2] = {-INFINITY, -INFINITY};
        for (std::size_t i = task.begin; i < task.end; ++i) {
            const BuildItem& item = items_[i];
            bounds = merge(bounds, item.box);
            low[0] = std::min(low[0], item.centroid_x);
            high[0] = std::max(high[0], item.centroid_x);
            low[1] = std::min(low[1], item.centroid_y);
            high[1] = std::max(high[1], item.centroid_y);
        }
        const int axis = high[0] - low[0] >= high[1] - low[1] ? 0 : 1;
        const double extent = high[axis] - low[axis];
        const auto first = items_.begin() + static_cast<std::ptrdiff_t>(task.begin);
        const auto last = items_.begin() + static_cast<std::ptrdiff_t>(task.end);
        auto middle = first + (last - first) / 2;
        if (extent > 0.0) {
            const double scale = bin_count / extent;
            const auto bin_of = [&](const BuildItem& item) {
                const double centroid = axis == 0 ? item.centroid_x : item.centroid_y;
                return std::min(bin_count - 1, static_cast<int>((centroid - low[axis]) * scale));
            };
            std::fill_n(bin_boxes.begin(), bin_count, Box2::empty());
            std::fill_n(bin_counts.begin(), bin_count, std::size_t{0});
            for (auto item = first; item != last; ++item) {
                const int bin = bin_of(*item);
                bin_boxes[bin] = merge(bin_boxes[bin], item->box);
                ++bin_counts[bin];
            }
            // Sweep from the left, then from the right, evaluating P(L)·n(L) + P(R)·n(R) for
            // every split between bins i and i + 1 that leaves both sides non-empty.
            Box2 grown = Box2::empty();
            std::size_t count = 0;
            for (int i = 0; i < bin_count - 1; ++i) {
                if (bin_counts[i] > 0) grown = merge(grown, bin_boxes[i]);
                count += bin_counts[i];
                cost_left[i] = count > 0 ? wide_perimeter(grown) * double(count) : INFINITY;
            }
            grown = Box2::empty();
            count = 0;
            double best_cost = INFINITY;
            int best_split = -1;
            for (int i = bin_count - 1; i > 0; --i) {
                if (bin_counts[i] > 0) grown = merge(grown, bin_boxes[i]);
                count += bin_counts[i];
                if (count == 0) continue;
                const double cost = cost_left[i - 1] + wide_perimeter(grown) * double(count);
                if (cost < best_cost) {
                    best_cost = cost;
                    best_split = i - 1;
                }
            }
            if (best_split >= 0) {
                middle = std::partition(
                    first, last, [&](const BuildItem& item) { return bin_of(item) <= best_split; });
            }
            if (middle == first || middle == last) {
                // Cannot happen (the extreme centroids land in the first and last bins), but a
                // median split keeps the build going whatever the arithmetic did.
                middle = first + (last - first) / 2;
                std::nth_element(first, middle, last,
                                 [axis](const BuildItem& a, const BuildItem& b) {
                                     return axis == 0 ? a.centroid_x < b.centroid_x
                                                      : a.centroid_y < b.centroid_y;
                                 });
            }
        }
        // extent == 0: every centroid coincides, so any halving is as good as another.
        const auto first_child = static_cast<std::int32_t>(nodes_.size());
        nodes_.emplace_back();
        nodes_.emplace_back();
        nodes_[task.node] = Node{bounds, first_child, 0};
        const std::size_t split = task.begin + static_cast<std::size_t>(middle - first);
        tasks.push_back({first_child + 1, split, task.end, task.depth + 1});
        tasks.push_back({first_child, task.begin, split, task.depth + 1});
    }
    sah_cost_ = build_sah_cost_ = measure_cost();
}

double BoundingVolumeHierarchy::measure_cost() const {
    if (nodes_.empty()) return 0.0;
    const double root_perimeter = wide_perimeter(nodes_[0].box);
    if (!(root_perimeter > 0.0)) return static_cast<double>(nodes_.size());
    double sum = 0.0;
    for (const Node& node : nodes_)
        sum += wide_perimeter(node.box);
    return sum / root_perimeter;
}

double BoundingVolumeHierarchy::refit(std::span<const Box2> boxes_by_id) {
    // All leaf boxes are checked first, so a bad one changes nothing.
    for (const std::uint32_t id : leaf_ids_) {
        if (id >= boxes_by_id.size()) {
            throw std::invalid_argument("bvh refit: id " + std::to_string(id) +
                                        " has no box (only " + std::to_string(boxes_by_id.size()) +
                                        " boxes given)");
        }
        check_box(boxes_by_id[id], "refit");
    }
    // Children always follow their parent, so one backwards pass sees children first.
    for (std::size_t i = nodes_.size(); i-- > 0;) {
        Node& node = nodes_[i];
        node.box = node.leaf()
                       ? boxes_by_id[node.id]
                       : merge(nodes_[node.first_child].box, nodes_[node.first_child + 1].box);
    }
    sah_cost_ = measure_cost();
    return sah_cost_;
}

bool BoundingVolumeHierarchy::refit_or_rebuild(std::span<const Box2> boxes_by_id) {
    const double cost = refit(boxes_by_id);
    if (!(cost > double{options_.rebuild_cost_factor} * build_sah_cost_)) return false;
    items_.clear();
    for (const std::uint32_t id : leaf_ids_) {
        const Box2& box = boxes_by_id[id];
        items_.push_back({box, 0.5 * (double{box.min.x} + double{box.max.x}),
                          0.5 * (double{box.min.y} + double{box.max.y}), id});
    }
    build_from_items();
    ++quality_rebuild_count_;
    return true;
}

void BoundingVolumeHierarchy::clear() {
    nodes_.clear();
    leaf_ids_.clear();
    items_.clear();
    height_ = 0;
    sah_cost_ = build_sah_cost_ = 0.0;
}

TreeShape BoundingVolumeHierarchy::shape() const {
    TreeShape result;
    if (nodes_.empty()) return result;
    // Heights bottom-up in one backwards pass (children follow parents), depths top-down.
    std::vector<int> heights(nodes_.size(), 0);
    std::vector<int> depths(nodes_.size(), 0);
    for (std::size_t i = nodes_.size(); i-- > 0;) {
        const Node& node = nodes_[i];
        if (node.leaf()) continue;
        const int height1 = heights[node.first_child];
        const int height2 = heights[node.first_child + 1];
        heights[i] = 1 + std::max(height1, height2);
        result.max_balance = std::max(result.max_balance, std::abs(height1 - height2));
    }
    double depth_sum = 0.0;
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
        const Node& node = nodes_[i];
        if (node.leaf()) {
            ++result.leaf_count;
            depth_sum += depths[i];
        } else {
            depths[node.first_child] = depths[node.first_child + 1] = depths[i] + 1;
        }
    }
    result.height = heights[0];
    result.node_count = static_cast<int>(nodes_.size());
    result.average_leaf_depth = depth_sum / result.leaf_count;
    result.sah_cost = measure_cost();
    return result;
}

std::size_t BoundingVolumeHierarchy::memory_bytes() const {
    return nodes_.capacity() * sizeof(Node) + leaf_ids_.capacity() * sizeof(std::uint32_t) +
           items_.capacity() * sizeof(BuildItem);
}

std::string BoundingVolumeHierarchy::validate(std::span<const Box2> boxes_by_id) const {
    if (nodes_.empty() != leaf_ids_.empty()) {
        return "the node array and the id list disagree on being empty";
    }
    if (nodes_.empty()) return {};
    if (nodes_.size() != 2 * leaf_ids_.size() - 1) {
        return std::to_string(nodes_.size()) + " nodes for " + std::to_string(leaf_ids_.size()) +
               " leaves, expected " + std::to_string(2 * leaf_ids_.size() - 1);
    }
    std::vector<std::uint8_t> has_parent(nodes_.size(), 0);
    std::vector<std::uint32_t> ids_in_leaves;
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
        const Node& node = nodes_[i];
        const std::string name = "node " + std::to_string(i);
        if (!node.box.is_valid()) return name + " has an invalid box";
        if (node.leaf()) {
            ids_in_leaves.push_back(node.id);
            if (!boxes_by_id.empty()) {
                if (node.id >= boxes_by_id.size()) return "leaf " + name + " has an unknown id";
                if (!(node.box == boxes_by_id[node.id])) {
                    return "leaf " + name + " does not hold the box of id " +
                           std::to_string(node.id);
                }
            }
            continue;
        }
        const std::int32_t child = node.first_child;
        if (child <= static_cast<std::int32_t>(i) ||
            static_cast<std::size_t>(child) + 1 >= nodes_.size()) {
            return name + " has children " + std::to_string(child) + ", " +
                   std::to_string(child + 1) + " outside (" + std::to_string(i) + ", " +
                   std::to_string(nodes_.size()) + ")";
        }
        for (const std::int32_t c : {child, child + 1}) {
            if (has_parent[c]) return "node " + std::to_string(c) + " has two parents";
            has_parent[c] = 1;
            if (!contains(node.box, nodes_[c].box)) {
                return "the box of node " + std::to_string(c) + " is not inside its parent " + name;
            }
        }
        if (!(node.box == merge(nodes_[child].box, nodes_[child + 1].box))) {
            return "the box of " + name + " is larger than the union of its children";
        }
    }
    for (std::size_t i = 1; i < nodes_.size(); ++i) {
        if (!has_parent[i]) return "node " + std::to_string(i) + " has no parent";
    }
    std::vector<std::uint32_t> expected = leaf_ids_;
    std::sort(expected.begin(), expected.end());
    std::sort(ids_in_leaves.begin(), ids_in_leaves.end());
    if (ids_in_leaves != expected) return "the leaves do not hold exactly the built ids";
    return {};
}

}  // namespace aabb
