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
    /// The core's event as World::events() gave it (what the Tunneling panel lists and
    /// exports); the fields below are derived from it for drawing.
    MotionEvent motion{};
    /// True for a tunneling event (a discrete bullet passed through unreported), false for a
    /// hit or an escape.
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
    /// Bullet center at the time of impact (the core's pose at τ: a reflected path is not
    /// start + τ · velocity).
    glm::vec2 impact{0.0f};
    /// Bullet center when it stopped touching (tunneling), or the impact center.
    glm::vec2 exit{0.0f};
    /// Bullet center at the end of the step without any response: start + velocity · dt.
    glm::vec2 end{0.0f};
    /// The bullet's half size and angle, to draw the ghosts.
    glm::vec2 half_size{0.5f};
    /// The bullet's angle at the start of the step.
    float angle = 0.0f;
    /// The bullet's angle at the time of impact.
    float impact_angle = 0.0f;
    /// The bullet's shape, to draw it at τ: a box (half_size), a circle (radius) or a polygon
    /// (polygon, its local counter-clockwise vertices).
    ShapeType shape = ShapeType::box;
    /// Circle radius.
    float radius = 0.0f;
    /// Polygon vertices in the body's frame (empty for boxes and circles).
    std::vector<glm::vec2> polygon{};
    /// True when the body's path ended at the contact (swept detection with a response that
    /// stops, removes or reflects it): no ghost is drawn past the impact.
    bool path_ends_at_impact = false;
};

/// Records bullet trails and events around World::step().
class BulletTracker {
  public:
    /// Positions kept per trail.
    static constexpr std::size_t trail_length = 48;
    /// Events kept (the oldest are dropped): what the Tunneling panel lists and exports.
    static constexpr std::size_t event_capacity = 4096;
    /// Bullets with a trail at most (more bullets are not trailed).
    static constexpr std::size_t max_trails = 4096;

    /// Call just before world.step(): remembers each bullet's pose.
    void before_step(const World& world);
    /// Call just after world.step(): extends trails and records the step's hit, tunneled and
    /// escaped events.
    void after_step(const World& world);
    /// After stepping back to step `frame`: forgets the events of later steps and the trails.
    void forget_after(std::uint64_t frame);
    /// Forgets everything (a new world).
    void clear();
    /// Forgets the recorded events (the Tunneling panel's Clear); trails and the tunneling
    /// count stay.
    void clear_events() { events_.clear(); }

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
        ShapeType shape = ShapeType::box;
        float radius = 0.0f;
        PolygonId polygon = 0;
        bool path_ends_at_impact = false;
    };
    struct Trail {
        std::vector<glm::vec2> points;
        std::uint64_t last_frame = 0;
    };

    void record(const World& world, const MotionEvent& motion);

    std::unordered_map<BodyId, StartPose> start_poses_;
    std::unordered_map<BodyId, Trail> trails_;
    std::deque<BulletEventRecord> events_;
    std::uint64_t tunneling_count_ = 0;
};

}  // namespace aabb::ui
