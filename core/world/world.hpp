#pragma once
// The simulated world: bodies (plain boxes, walls, bullets, rotating shapes) that move with a
// fixed time step inside bounds, their world boxes, the broad phase that finds which boxes
// overlap, the narrow phase that confirms or rejects each candidate pair, continuous detection
// for bullets and a simple response. The UI reads it and sends it commands; it never owns
// simulation state.
//
// One step: spawn → integrate → boxes (and swept boxes for swept bullets) → broad phase →
// narrow phase → bullet hits and the tunneling detector → response → removals. Everything is
// iterated in index or sorted-pair order, so the same scene and seed give bit-identical states
// under every broad phase.

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

namespace aabb {

/// What a body is; decides how it moves and what it responds to.
enum class BodyKind : std::uint8_t {
    /// A moving box that bounces off the bounds (the default scene).
    box,
    /// A static obstacle: never moves, never responds.
    wall,
    /// A small fast body with a detection mode; removed when it leaves the bounds; responds to
    /// contacts with any body that is not a bullet.
    bullet,
    /// A rotating shape (box, circle or polygon); bounces off the bounds; responds to walls.
    shape,
};

/// How a bullet's contacts are found.
enum class DetectionMode : std::uint8_t {
    /// Test the end-of-step pose only; fast bullets can tunnel (the detector counts it).
    discrete,
    /// Put the swept box (start ∪ end) into the broad phase and sweep each candidate for the
    /// time of impact; the response uses the first hit.
    swept,
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
    /// Detection mode of a bullet (ignored for other kinds). Default discrete.
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

/// A candidate pair the narrow phase (or, for swept bullets, the sweep) confirmed.
struct Contact {
    /// Index of the first body (the smaller index).
    BoxId first = 0;
    /// Index of the second body.
    BoxId second = 0;
    /// Separation and normal from first towards second (separation is 0 for sweeps).
    ShapeContact contact{};
    /// Fraction of the step at first contact: the sweep's time of impact, 1 for a discrete
    /// contact found at the end of the step.
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

/// A bullet entering a body during a step, found by a swept test (or, for a discrete bullet,
/// by the shadow sweep and confirmed by an end-of-step contact).
struct BulletHit {
    /// The step (1 for the first step after construction or clear()).
    std::uint64_t frame = 0;
    /// The bullet's id.
    BodyId bullet = 0;
    /// The id of the body it hit.
    BodyId target = 0;
    /// Fraction of the step at which the boxes first touch.
    float time_of_impact = 0.0f;
};

/// A discrete bullet that passed through a body during a step without any reported contact.
struct TunnelingEvent {
    /// The step.
    std::uint64_t frame = 0;
    /// The bullet's id.
    BodyId bullet = 0;
    /// The id of the body it passed through.
    BodyId target = 0;
    /// When the boxes touched, as fractions of the step: [time_of_impact, time_of_exit].
    float time_of_impact = 0.0f;
    /// When they stopped touching.
    float time_of_exit = 0.0f;
};

/// Counts of what detection found, per step or summed over steps.
struct DetectionCounts {
    /// Pairs the broad phase reported.
    std::uint64_t candidate_pairs = 0;
    /// Candidate pairs the narrow phase (or sweep) confirmed.
    std::uint64_t contacts = 0;
    /// Candidate pairs rejected: the boxes overlap, the shapes do not.
    std::uint64_t false_positives = 0;
    /// Discrete bullets that passed through a body unreported.
    std::uint64_t tunneled = 0;
    /// Bullet hits (BulletHit records).
    std::uint64_t hits = 0;
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
    // Swept boxes of swept bullets, world boxes of the rest; empty while
    // broad_boxes_are_world_boxes_ (no swept bullet in the last step, or an edit since): then
    // the broad phase reads boxes_ itself.
    std::vector<Box2> broad_boxes_;
    bool broad_boxes_are_world_boxes_ = true;
    std::vector<Box2> start_boxes_;  // empty in a step without bullets (integrate)
    std::vector<glm::vec2> start_positions_;
    std::vector<VertexRange> vertex_ranges_;
    std::vector<std::uint8_t> plain_boxes_;
    std::vector<std::uint8_t> removed_;
    // Whether the last integrate() met a discrete bullet (the shadow sweep is skipped without)
    // and a swept one (without, the broad phase's boxes are the world boxes).
    bool has_discrete_bullets_ = false;
    bool has_swept_bullets_ = false;
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
    std::vector<BulletHit> hits_;
    std::vector<TunnelingEvent> tunneled_;
    std::vector<TunnelingEvent> tunneling_log_;
    std::vector<BoxId> query_scratch_;
    std::vector<BoxPair> previous_pairs_;
    // A bullet entering a body, before sorting into hits_ and responses.
    struct HitCandidate {
        std::uint32_t bullet = 0;
        std::uint32_t target = 0;
        float time_of_impact = 0.0f;
        glm::vec2 normal{0.0f};  // from the bullet towards the target
    };
    std::vector<HitCandidate> hit_scratch_;
    // Per body: the contact its response uses (target index or none), set each step.
    std::vector<std::uint32_t> response_targets_;
    /// No body: an unset entry of response_targets_ and remap_scratch_.
    static constexpr std::uint32_t no_target = std::numeric_limits<std::uint32_t>::max();
    std::vector<glm::vec2> response_normals_;
    std::vector<float> response_times_;
    std::vector<std::uint8_t> response_from_sweep_;
    // The bodies whose response_* entries the last detect_bullet_events set, each once; every
    // other entry holds the unset value (no_target, a zero normal, time 1, not from a sweep).
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
    /// add_body). Bullets are tested discretely here; counts are not changed.
    void refresh_pairs();
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
    /// The box each body put into the broad phase in the last step: the swept box (start ∪
    /// end) for swept bullets, the world box otherwise.
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
    /// boxes the last step tested (circle centers are the current positions); a swept bullet's
    /// contact found by the sweep alone may have no point (count 0) when the end-of-step
    /// shapes do not touch.
    [[nodiscard]] std::vector<PairContactPoints> contact_points() const;
    /// The contact points of contacts()[index] alone, as contact_points() computes them: for a
    /// caller that draws a few contacts of many and must not pay for the rest.
    [[nodiscard]] PairContactPoints contact_points_of(std::size_t index) const;
    /// Bullet hits of the last step.
    [[nodiscard]] std::span<const BulletHit> hits() const { return hits_; }
    /// How many of the bodies are bullets (a tracker of bullets skips its pass over every body
    /// without).
    [[nodiscard]] std::size_t bullet_count() const { return bullet_count_; }
    /// Tunneling events of the last step.
    [[nodiscard]] std::span<const TunnelingEvent> tunneling_events() const { return tunneled_; }
    /// The most recent tunneling events over all steps (at most tunneling_log_capacity).
    [[nodiscard]] std::span<const TunnelingEvent> tunneling_log() const { return tunneling_log_; }
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

    /// How many tunneling events tunneling_log() keeps.
    static constexpr std::size_t tunneling_log_capacity = 1024;
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
    void detect_bullet_events();
    void respond();
    void remove_flagged();
    [[nodiscard]] bool is_swept_bullet(std::size_t index) const;
    // The broad phase reads the world boxes from now on (broad_boxes_ emptied).
    void use_world_boxes_in_broad_phase();
    [[nodiscard]] bool has_contact(std::size_t a, std::size_t b) const;
    // Prefetches what classify_pairs reads of the pair's two bodies.
    void fetch_ahead(BoxPair pair) const;
    // Moves body i over the step (integrate's loop body); notes the bullets it meets.
    void integrate_body(std::size_t i, bool& swept_met, bool& discrete_met);
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
    // Not copied: a copy makes its own when it steps (the window's history keeps copies that
    // never step, and must not hold threads).
    std::unique_ptr<WorkerPool> step_pool_;
};

/// Fills `world` with `count` boxes of mixed sizes moving in random directions: the default
/// scene. Above 300 boxes the sizes shrink with 1/sqrt(count) so the density stays that of
/// 300 boxes. The same seed gives the same scene.
void add_random_moving_boxes(World& world, std::size_t count, std::uint32_t seed);

}  // namespace aabb
