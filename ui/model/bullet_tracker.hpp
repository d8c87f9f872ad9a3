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
#include "core/world/world_snapshot.hpp"

namespace aabb::ui {

/// A body's own shape, to draw it at any pose.
struct GhostShape {
    /// A box (half_size), a circle (radius) or a polygon (polygon).
    ShapeType shape = ShapeType::box;
    /// Box half size.
    glm::vec2 half_size{0.5f};
    /// Circle radius.
    float radius = 0.0f;
    /// Polygon vertices in the body's frame, counter-clockwise (empty for boxes and circles).
    std::vector<glm::vec2> polygon{};
};

/// A bullet event with what it takes to draw it. The event itself (step, τ, both ids and kinds,
/// both poses at τ) is the core's MotionEvent, kept whole: what the Tunneling panel lists and
/// exports; the fields beside it are only what drawing adds.
struct BulletEventRecord {
    /// The core's event as World::events() gave it.
    MotionEvent motion{};
    /// The moving body's center at the start of the step.
    glm::vec2 start{0.0f};
    /// Its center when it stopped touching (tunneling), or its center at τ.
    glm::vec2 exit{0.0f};
    /// Its center at the end of the step without any response: start + velocity · dt.
    glm::vec2 end{0.0f};
    /// Its angle at the start of the step.
    float angle = 0.0f;
    /// Its shape.
    GhostShape shape{};
    /// The other body's shape, and whether that body moved or turned in the step: then its
    /// pose at τ (motion.other_pose) is not where it is drawn now, and it gets a ghost too.
    GhostShape other_shape{};
    bool other_moved = false;
    /// True when the body's path ended at the contact (swept detection with a response that
    /// stops, removes or reflects it): no ghost is drawn past the impact.
    bool path_ends_at_impact = false;

    /// A tunneling event (a discrete body passed through unreported).
    [[nodiscard]] bool tunneled() const { return motion.kind == MotionEventKind::tunneled; }
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
    /// After stepping back: `before` (the history's state one step earlier) gives the bullets'
    /// start poses of the step that led here, so the swept regions of the restored step are
    /// drawn again at once (not only after the next step).
    void restore_starts(const WorldSnapshot& before);
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
    struct Trail {
        std::vector<glm::vec2> points;
        std::uint64_t last_frame = 0;
    };

    void record(const World& world, const MotionEvent& motion);

    /// Each bullet as it was before the step (its shape stays known if the step removes it).
    std::unordered_map<BodyId, Body> start_bodies_;
    std::unordered_map<BodyId, Trail> trails_;
    std::deque<BulletEventRecord> events_;
    std::uint64_t tunneling_count_ = 0;
};

}  // namespace aabb::ui
