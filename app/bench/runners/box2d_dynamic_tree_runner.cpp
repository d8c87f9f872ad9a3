#include "app/bench/runners/box2d_dynamic_tree_runner.hpp"

#include <stdexcept>

#include "core/geometry/overlap.hpp"

namespace aabb::bench {

namespace {

b2AABB to_box2d(const Box2& box) {
    b2AABB result;
    result.lowerBound.Set(box.min.x, box.min.y);
    result.upperBound.Set(box.max.x, box.max.y);
    return result;
}

}  // namespace

void Box2dDynamicTreeRunner::run_frame(std::span<const Box2> boxes, std::vector<BoxPair>& pairs) {
    if (proxy_of_box_.empty()) {
        proxy_of_box_.resize(boxes.size());
        for (std::size_t i = 0; i < boxes.size(); ++i) {
            // The user data carries the box index: proxy ids are Box2D's, not ours.
            proxy_of_box_[i] = tree_.CreateProxy(
                to_box2d(boxes[i]), reinterpret_cast<void*>(static_cast<std::uintptr_t>(i)));
        }
    } else {
        if (boxes.size() != proxy_of_box_.size()) {
            throw std::invalid_argument("box2d_dynamic_tree: the box count changed");
        }
        for (std::size_t i = 0; i < boxes.size(); ++i) {
            // The displacement lets Box2D stretch the fat box along the motion, as b2Body does.
            const glm::vec2 moved = boxes[i].center() - previous_boxes_[i].center();
            tree_.MoveProxy(proxy_of_box_[i], to_box2d(boxes[i]), b2Vec2(moved.x, moved.y));
        }
    }
    previous_boxes_.assign(boxes.begin(), boxes.end());

    pairs.clear();
    boxes_ = boxes;
    pairs_ = &pairs;
    last_box_tests_ = 0;
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        query_index_ = static_cast<std::uint32_t>(i);
        tree_.Query(this, to_box2d(boxes[i]));
    }
    pairs_ = nullptr;
}

bool Box2dDynamicTreeRunner::QueryCallback(int proxy_id) {
    const auto other =
        static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(tree_.GetUserData(proxy_id)));
    // Each pair is met from both sides; keep it once, from its smaller index.
    if (other <= query_index_) return true;
    ++last_box_tests_;
    if (overlaps_closed(boxes_[query_index_], boxes_[other])) {
        pairs_->push_back(BoxPair{query_index_, other});
    }
    return true;
}

std::size_t Box2dDynamicTreeRunner::memory_bytes() const {
    // A tree of n leaves has 2n − 1 nodes; Box2D's pool grows by doubling, so this is a floor.
    const std::size_t leaves = proxy_of_box_.size();
    const std::size_t nodes = leaves == 0 ? 0 : 2 * leaves - 1;
    return nodes * sizeof(b2TreeNode) + leaves * (sizeof(int) + sizeof(Box2));
}

}  // namespace aabb::bench
