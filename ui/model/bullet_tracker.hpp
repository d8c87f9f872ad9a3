#pragma once
// What the bullets did, remembered on the UI side across steps: trails (recent positions),
// swept boxes of the last step, and every hit and tunneling event with the bullet's start,
// impact, exit and end poses, so the canvas can draw time-of-impact ghosts and tunneling
// markers that stay visible after the step that produced them. View state only: the World
// is read, never changed. Pure C++ on aabb_core, unit tested.

#include <cstddef>
#include <cstdint>
#include <deque>
#include <span>
#include <unordered_map>
#include <vector>

#include "core/world/world.hpp"

namespace aabb::ui {

/// A bullet event with the poses to draw it.
struct BulletEventRecord {
    /// True for a tunneling event (a discrete bullet passed through unreported), false for a
    /// hit.
    bool tunneled = false;
    /// The step of the event.
    std::uint64_t frame = 0;
    /// The bullet's id.
    BodyId bullet = 0;
    /// The id of the body it hit or passed through.
    BodyId target = 0;
    /// Fraction of the step at first touch.
    float time_of_impact = 0.0f;
    /// Fraction of the step when the boxes stopped touching (tunneling), or time_of_impact.
    float time_of_exit = 0.0f;
    /// Bullet center at the start of the step.
    glm::vec2 start{0.0f};
    /// Bullet center at the time of impact: start + time_of_impact · velocity · dt.
    glm::vec2 impact{0.0f};
    /// Bullet center when it stopped touching (tunneling), or the impact center.
    glm::vec2 exit{0.0f};
    /// Bullet center at the end of the step without any response: start + velocity · dt.
    glm::vec2 end{0.0f};
    /// The bullet's half size and angle, to draw the ghosts.
    glm::vec2 half_size{0.5f};
    /// The bullet's angle.
    float angle = 0.0f;
};

/// Records bullet trails and events around World::step().
class BulletTracker {
  public:
    /// Positions kept per trail.
    static constexpr std::size_t trail_length = 48;
    /// Events kept (the oldest are dropped).
    static constexpr std::size_t event_capacity = 256;
    /// Bullets with a trail at most (more bullets are not trailed).
    static constexpr std::size_t max_trails = 4096;

    /// Call just before world.step(): remembers each bullet's pose.
    void before_step(const World& world);
    /// Call just after world.step(): extends trails and records the step's hits and tunneling
    /// events.
    void after_step(const World& world);
    /// After stepping back to step `frame`: forgets the events of later steps and the trails.
    void forget_after(std::uint64_t frame);
    /// Forgets everything (a new world).
    void clear();

    /// Events, oldest first.
    [[nodiscard]] const std::deque<BulletEventRecord>& events() const { return events_; }
    /// Tunneling events recorded since clear().
    [[nodiscard]] std::uint64_t tunneling_count() const { return tunneling_count_; }
    /// The trail of a bullet (oldest first), empty when it has none.
    [[nodiscard]] std::span<const glm::vec2> trail(BodyId bullet) const;
    /// Every trailed bullet id.
    [[nodiscard]] std::vector<BodyId> trailed_bullets() const;
    /// Where a bullet's center was at the start of the last step, if it existed then.
    [[nodiscard]] const glm::vec2* start_position(BodyId bullet) const;

  private:
    struct StartPose {
        glm::vec2 position{0.0f};
        glm::vec2 velocity{0.0f};
        glm::vec2 half_size{0.5f};
        float angle = 0.0f;
    };
    struct Trail {
        std::vector<glm::vec2> points;
        std::uint64_t last_frame = 0;
    };

    void record(bool tunneled, std::uint64_t frame, BodyId bullet, BodyId target, float impact,
                float exit, float time_step);

    std::unordered_map<BodyId, StartPose> start_poses_;
    std::unordered_map<BodyId, Trail> trails_;
    std::deque<BulletEventRecord> events_;
    std::uint64_t tunneling_count_ = 0;
};

}  // namespace aabb::ui
