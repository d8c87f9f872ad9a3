#include "ui/model/world_history.hpp"

namespace aabb::ui {

void WorldHistory::push(const World& world) {
    if (capacity_ == 0 || byte_budget_ == 0) return;
    WorldSnapshot state = world.snapshot();
    const std::size_t size = state.bytes();
    too_large_ = size > byte_budget_;
    if (too_large_) {
        clear();
        return;
    }
    while (!states_.empty() && (states_.size() >= capacity_ || bytes_ + size > byte_budget_)) {
        bytes_ -= sizes_.front();
        states_.pop_front();
        sizes_.pop_front();
    }
    states_.push_back(std::move(state));
    sizes_.push_back(size);
    bytes_ += size;
}

std::optional<WorldSnapshot> WorldHistory::pop() {
    if (states_.empty()) return std::nullopt;
    std::optional<WorldSnapshot> newest(std::move(states_.back()));
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
