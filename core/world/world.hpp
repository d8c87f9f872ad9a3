#pragma once
// The simulated world: bodies (plain boxes, walls, bullets, rotating shapes) that move with a
// fixed time step inside bounds, their world boxes, the broad phase that finds which boxes
// overlap, the narrow phase that confirms or rejects each candidate pair, continuous detection
// (bullets, or every moving body) and a simple response. The UI reads it and sends it
// commands; it never owns simulation state.
//
// One step: spawn → integrate → boxes (and motion regions for swept bodies) → broad phase →
// continuous detection (each continuous body's path: times of impact of the shapes, responses
// at them for swept bodies) → narrow phase → events (hit, tunneled) → response → bodies that
// left the world removed (escaped events). Everything is iterated in index or sorted-pair
// order, so the same scene and seed give bit-identical states under every broad phase.
// docs/tunneling.md describes continuous detection.

#include <cstdint>
#include <limits>
#include <memory>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/broadphase/broad_phase.hpp"
#include "core/broadphase/broad_phase_factory.hpp"
#include "core/broadphase/broad_phase_parameters.hpp"
#include "core/narrowphase/contact_points.hpp"
#include "core/narrowphase/shape_contact.hpp"
#include "core/parallel/worker_pool.hpp"
#include "core/shapes/shape_type.hpp"
#include "core/world/body_kind.hpp"
#include "core/world/motion_event.hpp"

namespace aabb {

struct WorldSnapshot;

/// How a continuous body's contacts are found (a bullet's; with WorldSettings::ccd all, any
/// moving body's).
enum class DetectionMode : std::uint8_t {
    /// Respond to the end-of-step contacts only; fast bodies can tunnel. The shadow analysis
    /// finds every crossing of the step's motion and reports it as a hit (the end-of-step test
    /// saw it) or tunneled (it did not).
    discrete,
    /// Put the motion region into the broad phase and follow the body's path: the time of
    /// impact of the shapes with each candidate; the response acts at the first contact (and
    /// a reflecting body goes on from there).
    swept,
};

/// Which bodies continuous detection follows.
enum class ContinuousBodies : std::uint8_t {
    /// Bullets only, each by its detection mode (against every body that is not a bullet).
    bullets,
    /// Bullets, and every moving box and shape by its detection mode against walls (the bodies
    /// they respond to).
    all,
};

/// What a body does when it hits something (walls never respond).
enum class Response : std::uint8_t {
    /// Nothing: detection only.
    pass_through,
    /// Velocity and angular velocity become zero; a swept bullet is placed at its impact pose.
    stop,
    /// The velocity is mirrored about the contact normal if it moves into the other body.
    reflect,
    /// The body is removed at the end of the step.
    remove,
};

/// Identifies a body for its whole life (indices shift when bodies are removed; ids do not).
using BodyId = std::uint32_t;

/// Identifies a convex polygon in the world's polygon pool.
using PolygonId = std::uint32_t;

/// A body. The first three fields are all a plain moving box needs.
struct Body {
    /// Center position (the rotation center).
    glm::vec2 position{0.0f};
    /// Velocity in units per second.
    glm::vec2 velocity{0.0f};
    /// Half of the local box's width and height. For circles and polygons add_body sets it
    /// from the shape (radius, or the polygon's local box).
    glm::vec2 half_size{0.5f};
    /// Plain box, wall, bullet or shape. Default: box.
    BodyKind kind = BodyKind::box;
    /// The exact shape. Default: box.
    ShapeType shape = ShapeType::box;
    /// Rotation in radians, counter-clockwise. Default 0.
    float angle = 0.0f;
    /// Angular velocity in radians per second. Default 0.
    float angular_velocity = 0.0f;
    /// Radius of a circle shape. Default 0.5.
    float radius = 0.5f;
    /// The polygon of a polygon shape (from World::add_polygon). Default 0.
    PolygonId polygon = 0;
    /// Detection mode of a bullet, and of a moving box or shape when WorldSettings::ccd is all
    /// (ignored otherwise). Default discrete.
    DetectionMode detection = DetectionMode::discrete;
    /// What the body does on contact. Default pass_through.
    Response response = Response::pass_through;
    /// Bodies compare field by field (scene round trips are tested with it).
    [[nodiscard]] bool operator==(const Body&) const = default;
};

/// Whether `body` is a plain box (kind and shape box) at angle 0: exactly its world box.
[[nodiscard]] inline bool is_plain_box(const Body& body) {
    return body.kind == BodyKind::box && body.shape == ShapeType::box && body.angle == 0.0f;
}

/// Emits bodies at a rate from a point with a spread of directions.
struct Spawner {
    /// Where bodies appear.
    glm::vec2 position{0.0f};
    /// Central direction of emission in radians. Default 0 (+x).
    float direction = 0.0f;
    /// Full width of the random direction spread in radians, >= 0. Default 0.
    float spread = 0.0f;
    /// Speed of emitted bodies in units per second, >= 0. Default 10.
    float speed = 10.0f;
    /// Bodies per second, > 0. Default 1.
    float rate = 1.0f;
    /// Total bodies to emit; 0 emits forever. Default 0.
    std::uint32_t limit = 0;
    /// Give each emitted body a random initial angle (for rotating shapes). Default false.
    bool random_angle = false;
    /// The emitted body; its position and velocity are set by the spawner.
    Body body{.kind = BodyKind::bullet};
    /// Spawners compare field by field.
    [[nodiscard]] bool operator==(const Spawner&) const = default;
};

/// World settings, with documented defaults.
struct WorldSettings {
    /// The region bodies bounce inside. Default [-100, 100]².
    Box2 bounds{{-100.0f, -100.0f}, {100.0f, 100.0f}};
    /// Fixed time step in seconds. Default 1/60.
    float time_step = 1.0f / 60.0f;
    /// Broad-phase algorithm name (see broad_phase_names()). Default: default_broad_phase.
    std::string broad_phase{default_broad_phase};
    /// Touching policy of the broad and narrow phases. Default closed.
    TouchingPolicy touching{};
    /// Seed of the spawners' random directions. Default 0.
    std::uint32_t seed = 0;
    /// Which bodies continuous detection follows. Default bullets.
    ContinuousBodies ccd = ContinuousBodies::bullets;
    /// Options of the broad phase by name (see broad_phase_parameters()). Default: none, so
    /// every option keeps its default.
    BroadPhaseParameterValues broad_phase_options{};
    /// What the broad phase may allocate (a run setting, not written to scene files).
    /// Default default_resource_budget.
    ResourceBudget resource_budget = default_resource_budget;
    /// Threads for the step's loops over bodies and candidate pairs, once there are
    /// World::parallel_step_min_bodies bodies (a run setting, not written to scene files): 0
    /// picks min(2, hardware threads), 1 runs them on the caller only. Any count gives the
    /// same states bit for bit. Default 0.
    int threads = 0;
    /// Settings compare field by field.
    [[nodiscard]] bool operator==(const WorldSettings&) const = default;
};

/// Wall-clock cost of the last step, by stage, in milliseconds.
struct StepTimings {
    /// Moving bodies and recomputing their boxes.
    double integrate_ms = 0.0;
    /// Handing the boxes to the broad phase.
    double update_ms = 0.0;
    /// Finding the overlapping pairs.
    double pairs_ms = 0.0;
    /// Narrow phase, bullet sweeps and response.
    double narrow_ms = 0.0;
    /// The whole step.
    double total_ms = 0.0;
};

/// A candidate pair the narrow phase (or, for swept bodies, continuous detection) confirmed.
struct Contact {
    /// Index of the first body (the smaller index).
    BoxId first = 0;
    /// Index of the second body.
    BoxId second = 0;
    /// Separation and normal from first towards second (separation is the distance at the
    /// time of impact for a contact found by continuous detection).
    ShapeContact contact{};
    /// Fraction of the step at first contact: the time of impact for a swept body's meeting, 1
    /// for a contact found at the end of the step.
    float time_of_impact = 1.0f;
};

/// Where one confirmed contact touches: its pair and contact points.
struct PairContactPoints {
    /// Index of the first body (the smaller index), as in Contact.
    BoxId first = 0;
    /// Index of the second body.
    BoxId second = 0;
    /// The points, the normal from first towards second and the depth.
    ContactManifold manifold{};
};

/// Counts of what detection found, per step or summed over steps.
struct DetectionCounts {
    /// Pairs the broad phase reported.
    std::uint64_t candidate_pairs = 0;
    /// Candidate pairs the narrow phase (or continuous detection) confirmed.
    std::uint64_t contacts = 0;
    /// Candidate pairs rejected: the boxes overlap, the shapes do not.
    std::uint64_t false_positives = 0;
    /// Hit events: a body met another (MotionEventKind::hit).
    std::uint64_t hits = 0;
    /// Tunneling events: crossings the end-of-step test missed (MotionEventKind::tunneled); a
    /// bullet through two walls in one step is two.
    std::uint64_t tunneling_events = 0;
    /// Bodies that tunneled: in a step's counts, the bodies with a tunneling event in that
    /// step; in the totals, the distinct bodies with one in any step (3 bullets through 2
    /// walls each: 3, with 6 tunneling events).
    std::uint64_t tunneled_bodies = 0;
    /// Escaped events: bodies that left the world after a crossing in the same step.
    std::uint64_t escaped = 0;
    /// Times of impact that max_time_of_impact_iterations did not decide (treated as no
    /// contact; see docs/tunneling.md).
    std::uint64_t unresolved_impacts = 0;
};

/// Where a body's world vertices live in World::vertices().
struct VertexRange {
    /// First vertex.
    std::uint32_t offset = 0;
    /// Number of vertices (4 for boxes, the polygon's count, 0 for circles).
    std::uint32_t count = 0;
};

namespace detail {

/// Everything a World holds except its broad phase: copied member by member when a World is
/// copied (the copy builds a fresh broad phase of the same algorithm from the copied boxes).
struct WorldState {
    struct PolygonRange {
        std::uint32_t offset = 0;
        std::uint32_t count = 0;
    };

    WorldSettings settings_;
    std::mt19937 random_;
    // Per body, indexed like bodies_.
    std::vector<Body> bodies_;
    std::vector<BodyId> ids_;
    std::vector<Box2> boxes_;
    // Motion regions of swept bodies, world boxes of the rest; empty while
    // broad_boxes_are_world_boxes_ (no swept body in the last step, or an edit since): then
    // the broad phase reads boxes_ itself.
    std::vector<Box2> broad_boxes_;
    bool broad_boxes_are_world_boxes_ = true;
    // The pose of each body at the start of the step; the angles are empty in a step without
    // continuous bodies (integrate).
    std::vector<glm::vec2> start_positions_;
    std::vector<float> start_angles_;
    std::vector<VertexRange> vertex_ranges_;
    std::vector<std::uint8_t> plain_boxes_;
    std::vector<std::uint8_t> removed_;
    // Whether the last integrate() met a continuous body (without, continuous detection is
    // skipped) and a swept one (without, the broad phase's boxes are the world boxes).
    bool has_continuous_bodies_ = false;
    bool has_swept_bodies_ = false;
    // Bodies of kind bullet, and of kind wall (kept by push_body, remove_flagged and clear).
    std::size_t bullet_count_ = 0;
    std::size_t wall_count_ = 0;
    BodyId next_id_ = 0;
    std::vector<glm::vec2> vertices_;
    // Polygon pool.
    std::vector<PolygonRange> polygons_;
    std::vector<glm::vec2> polygon_vertices_;
    // Spawners and their progress.
    std::vector<Spawner> spawners_;
    std::vector<float> spawn_accumulators_;
    std::vector<std::uint32_t> spawned_counts_;
    // Results of the last step.
    std::vector<BoxPair> pairs_;
    std::vector<std::uint8_t> pair_contacts_;
    std::vector<Contact> contacts_;
    std::vector<MotionEvent> events_;
    // Ids of every body with a tunneling event since construction or clear(), sorted.
    std::vector<BodyId> tunneled_ids_;
    std::vector<BoxId> query_scratch_;
    std::vector<BoxPair> previous_pairs_;
    // Continuous detection of the step (world_continuous.cpp). A swept body meeting another
    // at a time of impact, sorted by pair: classify_pairs makes these pairs contacts.
    struct Meeting {
        BoxPair pair{};
        float time_of_impact = 0.0f;
        float separation = 0.0f;
        glm::vec2 normal{0.0f};  // from pair.first towards pair.second
    };
    std::vector<Meeting> meetings_;
    // Per body, the region it covers in the step (motion_region), set for continuous bodies
    // and the bodies they may meet in a step with continuous bodies; those bodies (targets) in
    // index order with their regions, and whether target_index_ holds those regions.
    std::vector<Box2> motion_regions_;
    std::vector<std::uint32_t> target_bodies_;
    std::vector<Box2> target_regions_;
    bool target_index_in_use_ = false;
    // An event before it is labelled (a discrete body's crossing is a hit when the end-of-step
    // test found the contact, tunneled when not) and sorted.
    struct PendingEvent {
        std::uint32_t body = 0;
        std::uint32_t other = 0;
        bool discrete = false;
        MotionEvent event{};
    };
    std::vector<PendingEvent> pending_events_;
    // Where a swept body ends its step after its responses at times of impact; its last
    // straight segment starts at segment_begin from segment_start (the escaped event's τ is
    // found on it).
    struct PathOutcome {
        std::uint32_t body = 0;
        bool remove = false;
        glm::vec2 position{0.0f};
        float angle = 0.0f;
        glm::vec2 velocity{0.0f};
        float angular_velocity = 0.0f;
        float segment_begin = 0.0f;
        BodyPose segment_start{};
    };
    std::vector<PathOutcome> path_outcomes_;  // sorted by body
    // Bodies with a meeting on their path this step, sorted: they do not also respond to
    // end-of-step contacts.
    std::vector<std::uint32_t> path_bodies_;
    std::uint64_t unresolved_impacts_ = 0;  // this step's
    // Per body: the contact its response uses (target index or none), set each step.
    std::vector<std::uint32_t> response_targets_;
    /// No body: an unset entry of response_targets_ and remap_scratch_.
    static constexpr std::uint32_t no_target = std::numeric_limits<std::uint32_t>::max();
    std::vector<glm::vec2> response_normals_;
    // The bodies whose response_* entries the last respond_to_contacts set, each once; every
    // other entry holds the unset value (no_target, a zero normal).
    std::vector<std::uint32_t> responders_;
    std::vector<std::uint32_t> remap_scratch_;
    DetectionCounts last_counts_;
    DetectionCounts total_counts_;
    StepTimings timings_;
    std::uint64_t frame_ = 0;
    // Scratch of the parallel loops: vertices per chunk of bodies (update_geometry), and the
    // contact of each touching candidate pair before they are gathered in pair order.
    std::vector<std::uint32_t> chunk_vertex_counts_;
    std::vector<Contact> contact_scratch_;
};

}  // namespace detail

/// Bodies, their boxes, a broad phase, the narrow phase and the contacts of the last step.
/// Copyable (the UI keeps copies as its step-back history): a copy has the same state and
/// steps bit-identically, with its own broad phase of the same algorithm.
class World : private detail::WorldState {
  public:
    /// Bodies from which a step splits its loops over settings().threads threads: below it a
    /// handoff to another thread costs more than it saves.
    static constexpr std::size_t parallel_step_min_bodies = 32768;
    /// Most threads a step uses (settings().threads above it is an error).
    static constexpr int max_step_threads = 2;

    /// An empty world. Throws std::invalid_argument on bad settings (unknown broad phase,
    /// non-positive or non-finite time step, invalid bounds, threads outside 0..2).
    explicit World(WorldSettings settings = {});
    /// A copy of every body, polygon, spawner, count and random state, with a new broad phase
    /// of the same algorithm holding the same boxes; stepping it gives the same states.
    World(const World& other);
    /// Replaces this world with a copy of `other`.
    World& operator=(const World& other);
    /// Moves the world (the moved-from world may only be assigned or destroyed).
    World(World&&) noexcept = default;
    /// Moves the world.
    World& operator=(World&&) noexcept = default;
    ~World() = default;

    /// Adds a body and returns its index; its pairs appear after the next step() or
    /// refresh_pairs(). Throws std::invalid_argument on non-finite values, a non-positive size
    /// or radius, or an unknown polygon.
    std::size_t add_body(const Body& body);
    /// Removes the body at `index` (later bodies shift down one index; ids stay) and recomputes
    /// boxes and pairs like refresh_pairs(). Throws std::invalid_argument for an index out of
    /// range.
    void remove_body(std::size_t index);
    /// Moves the body at `index` to `position` (a drag in the editor) and recomputes boxes and
    /// pairs like refresh_pairs(). Throws std::invalid_argument for an index out of range or a
    /// non-finite position.
    void set_body_position(std::size_t index, glm::vec2 position);
    /// Adds a convex counter-clockwise polygon (local coordinates about the body position) to
    /// the pool. Throws std::invalid_argument unless it has 3–16 finite, strictly convex,
    /// counter-clockwise vertices.
    PolygonId add_polygon(std::span<const glm::vec2> local_vertices);
    /// Adds a spawner. Throws std::invalid_argument on non-finite or out-of-range values.
    void add_spawner(const Spawner& spawner);
    /// Removes every body, polygon and spawner and resets counts, frame and random state.
    void clear();
    /// Advances one fixed time step. Throws BudgetExceeded when the broad phase would go over
    /// resource_budget() (bodies piled at one point, say); the world is then part-way through
    /// the step (callers that must go on keep a copy, as the window's history does).
    void step();
    /// Recomputes boxes, pairs and contacts of the current poses without advancing time (after
    /// add_body). Every body is tested at its current pose here (no motion, no events); counts
    /// are not changed.
    void refresh_pairs();
    /// The compact state of the world (core/world/world_snapshot.hpp): what the next step reads,
    /// without the boxes, vertices and pairs it derives again.
    [[nodiscard]] WorldSnapshot snapshot() const;
    /// Puts the world back at `state` (from snapshot() of this world or an earlier state of
    /// it): the next step is bit-identical to the one taken from there. Keeps the current broad
    /// phase choice, its options, the resource budget and threads; recomputes boxes, pairs and
    /// contacts as refresh_pairs() does (a swept body's motion region of that step is not
    /// kept: the broad-phase boxes are the world boxes until the next step).
    void restore(const WorldSnapshot& state);
    /// Switches the broad-phase algorithm and its options; pairs, contacts and every later step
    /// are unchanged, only internals and timings differ. Throws std::invalid_argument for an
    /// unknown name or a bad option, or BudgetExceeded when the new one would go over
    /// resource_budget() on the current boxes, and then keeps the current broad phase.
    void set_broad_phase(std::string_view name, const BroadPhaseParameterValues& options = {});

    /// Sets the limits the broad phase checks before allocating (settings().resource_budget);
    /// a step or switch that would go over them throws BudgetExceeded naming the count and
    /// the limit. Kept by copies and across set_broad_phase.
    void set_resource_budget(const ResourceBudget& budget);
    /// The limits the broad phase checks before allocating.
    [[nodiscard]] const ResourceBudget& resource_budget() const {
        return settings_.resource_budget;
    }

    /// The bodies, indexed like world_boxes().
    [[nodiscard]] std::span<const Body> bodies() const { return bodies_; }
    /// The id of each body, indexed like bodies().
    [[nodiscard]] std::span<const BodyId> body_ids() const { return ids_; }
    /// The world box of each body after the last step (or add), from its local box and pose.
    [[nodiscard]] std::span<const Box2> world_boxes() const { return boxes_; }
    /// The box each body put into the broad phase in the last step: the motion region for
    /// swept bodies (start box ∪ end box; for a rotating shape, the box of its center's path
    /// grown by its farthest point, which covers every in-between pose), the world box
    /// otherwise. A region for the broad phase, never a time of impact.
    [[nodiscard]] std::span<const Box2> broad_phase_boxes() const {
        return broad_boxes_are_world_boxes_ ? std::span<const Box2>(boxes_)
                                            : std::span<const Box2>(broad_boxes_);
    }
    /// World vertices of rotated boxes and of polygons; see vertex_ranges(). A box at angle 0
    /// has none: its world box is its shape (box_corners gives its corners).
    [[nodiscard]] std::span<const glm::vec2> vertices() const { return vertices_; }
    /// Where each body's vertices are in vertices(), indexed like bodies().
    [[nodiscard]] std::span<const VertexRange> vertex_ranges() const { return vertex_ranges_; }
    /// Body `index`'s exact shape in world space (its vertices span into vertices()).
    [[nodiscard]] PlacedShape placed_shape(std::size_t index) const;
    /// Per body, 1 when it is a plain box at angle 0 (is_plain_box), which is exactly its world
    /// box, else 0; kept with world_boxes(). A renderer reads these bytes instead of the bodies
    /// (at a million boxes, 1 MB instead of 48).
    [[nodiscard]] std::span<const std::uint8_t> plain_boxes() const { return plain_boxes_; }
    /// The local vertices of a polygon. Precondition: id < polygon_count().
    [[nodiscard]] std::span<const glm::vec2> polygon_vertices(PolygonId id) const;
    /// Number of polygons in the pool.
    [[nodiscard]] std::size_t polygon_count() const { return polygons_.size(); }
    /// The spawners.
    [[nodiscard]] std::span<const Spawner> spawners() const { return spawners_; }
    /// Pairs of bodies whose broad-phase boxes overlapped in the last step, sorted: the
    /// candidate pairs.
    [[nodiscard]] std::span<const BoxPair> overlapping_pairs() const { return pairs_; }
    /// For each candidate pair, 1 when it is a true contact, 0 for a broad-phase false positive.
    [[nodiscard]] std::span<const std::uint8_t> pair_is_contact() const { return pair_contacts_; }
    /// The confirmed contacts of the last step, in pair order.
    [[nodiscard]] std::span<const Contact> contacts() const { return contacts_; }
    /// The contact points, normal and depth of each confirmed contact of the last step, in
    /// contacts() order. Computed on request (step() never pays for it) from the vertices and
    /// boxes the last step tested (circle centers are the current positions); a swept body's
    /// contact found by continuous detection alone may have no point (count 0) when the
    /// end-of-step shapes do not touch.
    [[nodiscard]] std::vector<PairContactPoints> contact_points() const;
    /// The contact points of contacts()[index] alone, as contact_points() computes them: for a
    /// caller that draws a few contacts of many and must not pay for the rest.
    [[nodiscard]] PairContactPoints contact_points_of(std::size_t index) const;
    /// What continuous detection found in the last step (hit, tunneled and escaped events),
    /// by body index, then time of impact, then the other body's index; a body's escaped event
    /// comes after its crossings. Ids, not indices: bodies removed at the end of the step
    /// (escaped, removed by their response) are named too.
    [[nodiscard]] std::span<const MotionEvent> events() const { return events_; }
    /// How many of the bodies are bullets (a tracker of bullets skips its pass over every body
    /// without).
    [[nodiscard]] std::size_t bullet_count() const { return bullet_count_; }
    /// Counts of the last step.
    [[nodiscard]] const DetectionCounts& last_counts() const { return last_counts_; }
    /// Counts summed over every step since construction or clear().
    [[nodiscard]] const DetectionCounts& total_counts() const { return total_counts_; }
    /// The active broad phase, for its statistics and internals.
    [[nodiscard]] const BroadPhase& broad_phase() const { return *broad_phase_; }
    /// The settings in use.
    [[nodiscard]] const WorldSettings& settings() const { return settings_; }
    /// Stage timings of the last step.
    [[nodiscard]] const StepTimings& last_timings() const { return timings_; }
    /// Threads the step's loops run on: 1 until a step with parallel_step_min_bodies bodies
    /// made the pool that settings().threads allows.
    [[nodiscard]] int step_threads() const { return step_pool_ ? 1 + step_pool_->workers() : 1; }
    /// Steps taken since construction or clear().
    [[nodiscard]] std::uint64_t frame() const { return frame_; }
    /// FNV-1a hash of the raw bytes of the simulation state (bodies, ids, spawner progress,
    /// frame): equal hashes mean bit-identical states.
    [[nodiscard]] std::uint64_t state_hash() const;

    /// Contacts a reflecting swept body makes in one step at most; after the last it stays at
    /// that contact for the rest of the step (docs/limits.md).
    static constexpr int max_contacts_per_step = 8;
    /// Continuous bodies from which their candidates come from a uniform grid over the targets'
    /// motion regions, made afresh each step (O(targets)), instead of a scan of every target's
    /// region per query. Either gives the same candidates.
    static constexpr std::size_t target_index_min_bodies = 16;
    /// Spawners pause while the world holds this many bodies.
    static constexpr std::size_t spawn_body_limit = 50000;

  private:
    void validate_body(const Body& body) const;
    [[nodiscard]] Box2 local_box(const Body& body) const;
    [[nodiscard]] Box2 world_box(std::size_t index) const;
    void push_body(const Body& body);
    void spawn();
    void integrate();
    void update_geometry();
    void find_candidates();
    void classify_pairs(bool sweep_bullets);
    // Continuous detection (world_continuous.cpp): every continuous body's path, its meetings,
    // crossings and responses at times of impact.
    void follow_continuous_bodies();
    // The events of the step in order: the crossings labelled hit or tunneled.
    void label_events();
    // Responses to end-of-step contacts (discrete bodies, and swept ones that met nothing).
    void respond_to_contacts();
    void respond();
    // Bullets outside the bounds after the response are flagged; escaped events for those that
    // crossed something in the step.
    void flag_escaped_bodies();
    void remove_flagged();
    void count_step();
    // Whether continuous detection follows body `index`, and whether it is swept.
    [[nodiscard]] bool is_continuous(std::size_t index) const;
    [[nodiscard]] bool is_swept(std::size_t index) const;
    // Bounces a box or shape's pose off the bounds (integrate's rule).
    void bounce_off_bounds(Body& body) const;
    // A straight piece of a continuous body's path: from `start` at τ = begin to `end` at τ = 1.
    struct Segment {
        float begin = 0.0f;
        BodyPose start{};
        BodyPose end{};
    };
    // A continuous body meeting another on a segment: when (τ in the step), until when (the
    // exit, for crossings), the normal from the body towards the other, the distance then and
    // both poses.
    struct Encounter {
        float time = 0.0f;
        float exit = 0.0f;
        float separation = 0.0f;
        glm::vec2 normal{0.0f};
        BodyPose body_pose{};
        BodyPose other_pose{};
    };
    [[nodiscard]] BodyPose start_pose(std::size_t index) const;
    [[nodiscard]] BodyPose end_pose(std::size_t index) const;
    // Body `index`'s world box at `pose`.
    [[nodiscard]] Box2 box_at(std::size_t index, const BodyPose& pose) const;
    // The region body `index` covers moving from `from` to `to` (see broad_phase_boxes()).
    [[nodiscard]] Box2 motion_region(std::size_t index, const BodyPose& from,
                                     const BodyPose& to) const;
    // Whether a continuous body `body` is checked against `other`.
    [[nodiscard]] bool may_meet(std::size_t body, std::size_t other) const;
    // The motion regions, the targets, and the index over them when many bodies are followed.
    void prepare_motion_regions();
    // The bodies `body` may meet along `segment`, into query_scratch_ (sorted).
    void gather_candidates(std::size_t body, const Segment& segment);
    // Whether and when body `body`, moving along `segment`, meets `other` (moving as it did
    // in the step) under the touching rule; `with_exit` finds when the crossing ends too.
    [[nodiscard]] bool meet(std::size_t body, const Segment& segment, std::size_t other,
                            bool with_exit, Encounter& encounter);
    void follow_swept_path(std::size_t body);
    void find_crossings(std::size_t body);
    void record_meeting(std::size_t body, std::size_t other, const Encounter& encounter,
                        bool discrete);
    // The broad phase reads the world boxes from now on (broad_boxes_ emptied).
    void use_world_boxes_in_broad_phase();
    [[nodiscard]] bool has_contact(std::size_t a, std::size_t b) const;
    // Prefetches what classify_pairs reads of the pair's two bodies.
    void fetch_ahead(BoxPair pair) const;
    // Moves body i over the step (integrate's loop body); notes the continuous bodies it meets.
    void integrate_body(std::size_t i, bool& swept_met, bool& continuous_met);
    // Boxes, plain flags and vertex counts of bodies [begin, end), their vertex ranges
    // numbered from 0 at begin; returns how many vertices they have.
    std::uint32_t place_bodies(std::size_t begin, std::size_t end);
    // Moves the vertex ranges of bodies [begin, end) to start at `first` and writes their
    // vertices there.
    void write_vertices(std::size_t begin, std::size_t end, std::uint32_t first);
    // Classifies candidate pairs [begin, end): pair_contacts_ and, where touching,
    // contact_scratch_.
    void classify_pair_range(std::size_t begin, std::size_t end, bool sweep_bullets);
    // The pool for the step's loops: made at the first step with parallel_step_min_bodies
    // bodies when settings().threads allows two; nullptr while the caller works alone.
    [[nodiscard]] WorkerPool* step_pool();

    // Bodies, or candidate pairs, per chunk of the step's parallel loops.
    static constexpr std::size_t step_chunk_items = 8192;

    std::unique_ptr<BroadPhase> broad_phase_;
    // The uniform grid over this step's motion regions (prepare_motion_regions); not copied, a
    // copy makes its own when it needs one.
    std::unique_ptr<BroadPhase> target_index_;
    // Not copied: a copy makes its own when it steps (the window's history keeps copies that
    // never step, and must not hold threads).
    std::unique_ptr<WorkerPool> step_pool_;
};

/// Fills `world` with `count` boxes of mixed sizes moving in random directions: the default
/// scene. Above 300 boxes the sizes shrink with 1/sqrt(count) so the density stays that of
/// 300 boxes. The same seed gives the same scene.
void add_random_moving_boxes(World& world, std::size_t count, std::uint32_t seed);

}  // namespace aabb
