#pragma once
// Step-back history: compact states of the World before each step (core/world/
// world_snapshot.hpp) in a ring (the newest few hundred), bounded by a memory budget rather
// than a body count, so a 100,000-body scene keeps its last tens of steps. Pure C++ on
// aabb_core, unit tested.

#include <cstddef>
#include <deque>
#include <optional>

#include "core/world/world.hpp"
#include "core/world/world_snapshot.hpp"

namespace aabb::ui {

/// The recent states of a world, newest last.
class WorldHistory {
  public:
    /// States kept at most. Default 300.
    static constexpr std::size_t default_capacity = 300;
    /// Bytes the states may take at most (--history-mb). Default 256 MiB: at about 56 bytes a
    /// body, 300 states up to 15,000 bodies, 45 at 100,000, 4 at a million (docs/limits.md).
    static constexpr std::size_t default_byte_budget = std::size_t{256} << 20;
    /// The largest budget --history-mb accepts, in MiB (64 GiB).
    static constexpr std::size_t max_budget_mib = 65536;

    /// A history of at most `capacity` states and `byte_budget` bytes.
    explicit WorldHistory(std::size_t capacity = default_capacity,
                          std::size_t byte_budget = default_byte_budget)
        : capacity_(capacity), byte_budget_(byte_budget) {}

    /// Stores the compact state of `world` as the newest, dropping the oldest beyond the
    /// capacity or the budget. A state bigger than the whole budget is not stored (and the
    /// history is emptied, since its states would no longer be consecutive).
    void push(const World& world);
    /// Removes and returns the newest state; nullopt when empty. World::restore puts it back.
    [[nodiscard]] std::optional<WorldSnapshot> pop();
    /// Forgets every state.
    void clear();
    /// The newest state, or null when empty.
    [[nodiscard]] const WorldSnapshot* newest() const {
        return states_.empty() ? nullptr : &states_.back();
    }

    /// States stored.
    [[nodiscard]] std::size_t size() const { return states_.size(); }
    /// True when nothing is stored.
    [[nodiscard]] bool empty() const { return states_.empty(); }
    /// Bytes of all stored states.
    [[nodiscard]] std::size_t bytes() const { return bytes_; }
    /// The budget in bytes.
    [[nodiscard]] std::size_t byte_budget() const { return byte_budget_; }
    /// True when the last push was refused for size (the panel says history is off).
    [[nodiscard]] bool too_large() const { return too_large_; }

  private:
    std::size_t capacity_;
    std::size_t byte_budget_;
    bool too_large_ = false;
    std::deque<WorldSnapshot> states_;
    std::deque<std::size_t> sizes_;
    std::size_t bytes_ = 0;
};

}  // namespace aabb::ui
