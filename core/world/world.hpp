#pragma once
// The simulated world: bodies that move with a fixed time step inside bounds, their world
// boxes, and the broad phase that finds which boxes overlap. The UI reads it and sends it
// commands; it never owns simulation state.

#include <cstdint>
#include <memory>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/broadphase/broad_phase.hpp"

namespace aabb {

/// A moving axis-aligned box body.
struct Body {
    /// Center position.
    glm::vec2 position{0.0f};
    /// Velocity in units per second.
    glm::vec2 velocity{0.0f};
    /// Half of the box's width and height.
    glm::vec2 half_size{0.5f};
};

/// World settings, with documented defaults.
struct WorldSettings {
    /// The region bodies bounce inside. Default [-100, 100]².
    Box2 bounds{{-100.0f, -100.0f}, {100.0f, 100.0f}};
    /// Fixed time step in seconds. Default 1/60.
    float time_step = 1.0f / 60.0f;
    /// Broad-phase algorithm name (see broad_phase_names()). Default sort_and_sweep.
    std::string broad_phase = "sort_and_sweep";
    /// Touching policy of the broad phase. Default closed.
    TouchingPolicy touching{};
};

/// Wall-clock cost of the last step, by stage, in milliseconds.
struct StepTimings {
    /// Moving bodies and recomputing their boxes.
    double integrate_ms = 0.0;
    /// Handing the boxes to the broad phase.
    double update_ms = 0.0;
    /// Finding the overlapping pairs.
    double pairs_ms = 0.0;
    /// The whole step.
    double total_ms = 0.0;
};

/// Bodies, their boxes, a broad phase and the pairs it found in the last step.
class World {
  public:
    /// An empty world. Throws std::invalid_argument on bad settings (unknown broad phase,
    /// non-positive or non-finite time step, invalid bounds).
    explicit World(WorldSettings settings = {});

    /// Adds a body and returns its index; its pairs appear after the next step() or
    /// refresh_pairs(). Throws std::invalid_argument on non-finite values or a non-positive size.
    std::size_t add_body(const Body& body);
    /// Removes every body.
    void clear();
    /// Advances one fixed time step: integrate, update boxes, find pairs.
    void step();
    /// Recomputes the pairs of the current boxes without advancing time.
    void refresh_pairs();
    /// Switches the broad-phase algorithm; the pairs do not change, only internals and timings.
    void set_broad_phase(std::string_view name);

    /// The bodies, indexed like world_boxes().
    [[nodiscard]] std::span<const Body> bodies() const { return bodies_; }
    /// The world box of each body after the last step (or add).
    [[nodiscard]] std::span<const Box2> world_boxes() const { return boxes_; }
    /// Pairs of bodies whose boxes overlapped in the last step, sorted.
    [[nodiscard]] std::span<const BoxPair> overlapping_pairs() const { return pairs_; }
    /// The active broad phase, for its statistics and internals.
    [[nodiscard]] const BroadPhase& broad_phase() const { return *broad_phase_; }
    /// The settings in use.
    [[nodiscard]] const WorldSettings& settings() const { return settings_; }
    /// Stage timings of the last step.
    [[nodiscard]] const StepTimings& last_timings() const { return timings_; }
    /// Steps taken since construction or clear().
    [[nodiscard]] std::uint64_t frame() const { return frame_; }

  private:
    WorldSettings settings_;
    std::unique_ptr<BroadPhase> broad_phase_;
    std::vector<Body> bodies_;
    std::vector<Box2> boxes_;
    std::vector<BoxPair> pairs_;
    StepTimings timings_;
    std::uint64_t frame_ = 0;
};

/// Fills `world` with `count` boxes of mixed sizes moving in random directions: the default
/// scene. The same seed gives the same scene.
void add_random_moving_boxes(World& world, std::size_t count, std::uint32_t seed);

}  // namespace aabb
