#pragma once
// Step-back history: copies of the World before each step in a ring (the newest few hundred),
// bounded by a memory budget so a 100,000-body scene keeps only what fits. Pure C++ on
// aabb_core, unit tested.

#include <cstddef>
#include <deque>
#include <optional>

#include "core/world/world.hpp"

namespace aabb::ui {

/// The recent states of a world, newest last.
class WorldHistory {
  public:
    /// States kept at most. Default 300.
    static constexpr std::size_t default_capacity = 300;
    /// Bytes the copies may take at most (estimated). Default 256 MiB.
    static constexpr std::size_t default_byte_budget = std::size_t{256} << 20;
    /// Worlds with more bodies are not recorded: copying them every step would cost more
    /// than the step itself (the speed goal of 10,000 bodies in 8 ms). Default 5,000.
    static constexpr std::size_t default_max_bodies = 5000;

    /// A history of at most `capacity` states, `byte_budget` estimated bytes and worlds of at
    /// most `max_bodies` bodies.
    explicit WorldHistory(std::size_t capacity = default_capacity,
                          std::size_t byte_budget = default_byte_budget,
                          std::size_t max_bodies = default_max_bodies)
        : capacity_(capacity), byte_budget_(byte_budget), max_bodies_(max_bodies) {}

    /// Stores a copy of `world` as the newest state, dropping the oldest beyond the capacity
    /// or the budget. A world bigger than the whole budget or with more than max_bodies
    /// bodies is not stored (and the history is emptied, since its states would no longer be
    /// consecutive).
    void push(const World& world);
    /// Removes and returns the newest state; nullopt when empty.
    [[nodiscard]] std::optional<World> pop();
    /// Forgets every state.
    void clear();

    /// States stored.
    [[nodiscard]] std::size_t size() const { return states_.size(); }
    /// True when nothing is stored.
    [[nodiscard]] bool empty() const { return states_.empty(); }
    /// Estimated bytes of all stored states.
    [[nodiscard]] std::size_t bytes() const { return bytes_; }
    /// True when the last push was refused for size (the panel says history is off).
    [[nodiscard]] bool too_large() const { return too_large_; }
    /// The most bodies a recorded world may have.
    [[nodiscard]] std::size_t max_bodies() const { return max_bodies_; }
    /// A rough size of one copy of `world`: its per-body arrays, vertices and pairs.
    [[nodiscard]] static std::size_t estimate_bytes(const World& world);

  private:
    std::size_t capacity_;
    std::size_t byte_budget_;
    std::size_t max_bodies_;
    bool too_large_ = false;
    std::deque<World> states_;
    std::deque<std::size_t> sizes_;
    std::size_t bytes_ = 0;
};

}  // namespace aabb::ui
