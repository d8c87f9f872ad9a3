#include "ui/model/world_history.hpp"

namespace aabb::ui {

std::size_t WorldHistory::estimate_bytes(const World& world) {
    const std::size_t bodies = world.bodies().size();
    // Body, id, world / broad / start boxes, start position, vertex range, flags and the
    // response arrays, plus twice the boxes for the rebuilt broad phase.
    constexpr std::size_t per_body = sizeof(Body) + sizeof(BodyId) + 5 * sizeof(Box2) +
                                     sizeof(glm::vec2) * 2 + sizeof(VertexRange) + 16;
    return 1024 + bodies * per_body + world.vertices().size() * sizeof(glm::vec2) +
           world.overlapping_pairs().size() * (sizeof(BoxPair) * 2 + 1 + sizeof(Contact));
}

void WorldHistory::push(const World& world) {
    if (capacity_ == 0) return;
    const std::size_t size = estimate_bytes(world);
    too_large_ = size > byte_budget_ || world.bodies().size() > max_bodies_;
    if (too_large_) {
        clear();
        return;
    }
    while (!states_.empty() && (states_.size() >= capacity_ || bytes_ + size > byte_budget_)) {
        bytes_ -= sizes_.front();
        states_.pop_front();
        sizes_.pop_front();
    }
    states_.push_back(world);
    sizes_.push_back(size);
    bytes_ += size;
}

std::optional<World> WorldHistory::pop() {
    if (states_.empty()) return std::nullopt;
    std::optional<World> newest(std::move(states_.back()));
    states_.pop_back();
    bytes_ -= sizes_.back();
    sizes_.pop_back();
    return newest;
}

void WorldHistory::clear() {
    states_.clear();
    sizes_.clear();
    bytes_ = 0;
}

}  // namespace aabb::ui
