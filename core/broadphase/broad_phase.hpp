#pragma once
// The one interface every broad-phase algorithm implements (curriculum §1, §8).
//
// Callers name boxes by small integer ids they choose (dense ids 0..n-1 work best: storage is
// indexed by id). The base class validates every input once — ids, NaN/infinite coordinates,
// min > max — so an invalid box never enters a structure, and stores every box; the
// algorithms implement the protected do_* hooks.
//
// Every mutating call gives the strong guarantee: when a hook throws (std::bad_alloc, a
// BudgetExceeded, an exception carried back from a worker thread), the stored boxes are put
// back as they were before the call and the structure is rebuilt from them, so the next call
// sees the broad phase as if the failed one had never been made.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "core/broadphase/resource_budget.hpp"
#include "core/geometry/box.hpp"
#include "core/geometry/overlap.hpp"
#include "core/geometry/ray.hpp"

namespace aabb {

/// The caller's name for a box.
using BoxId = std::uint32_t;

/// The largest id a broad phase accepts: 2^24 − 1 (16.7 million boxes). Larger ids are
/// rejected as absurd instead of allocating gigabytes.
inline constexpr BoxId max_box_id = (1u << 24) - 1;

/// An unordered pair of overlapping boxes, stored with first < second.
struct BoxPair {
    /// The smaller id.
    BoxId first = 0;
    /// The larger id.
    BoxId second = 0;
    /// Pairs compare by (first, second).
    [[nodiscard]] constexpr auto operator<=>(const BoxPair&) const = default;
};

/// The pair {a, b} with its ids in order.
[[nodiscard]] constexpr BoxPair make_pair_ordered(BoxId a, BoxId b) {
    return a < b ? BoxPair{a, b} : BoxPair{b, a};
}

/// One box hit by a ray cast.
struct RayCastHit {
    /// Which box.
    BoxId id = 0;
    /// The ray parameter where the ray enters the box (0 when the origin is inside).
    float t = 0.0f;
};

/// What a broad phase did and holds. Counters describe the last find_pairs call (the ray_*
/// counters the last cast_ray).
struct BroadPhaseStats {
    /// Box-against-box overlap tests performed, including tests against tree-node boxes.
    std::uint64_t box_tests = 0;
    /// Pairs the structure proposed for an exact test.
    std::uint64_t candidate_pairs = 0;
    /// Pairs that overlap under the touching policy (what find_pairs returned).
    std::uint64_t true_pairs = 0;
    /// Wall time of the last set_all call, in milliseconds.
    double update_ms = 0.0;
    /// Wall time of the last find_pairs call, in milliseconds.
    double pairs_ms = 0.0;
    /// Bytes held by the structure, including the stored boxes.
    std::size_t memory_bytes = 0;
    /// Tree height (a single leaf has height 0); 0 for structures that are not trees.
    int tree_height = 0;
    /// Tree or quadtree node count.
    int node_count = 0;
    /// Grid, hash or quadtree cells holding at least one box.
    int cells_used = 0;
    /// The most boxes in one cell.
    int max_boxes_in_cell = 0;
    /// Endpoint swaps performed by the last sort (sort-and-sweep).
    std::uint64_t sort_swaps = 0;
    /// Node boxes the last cast_ray tested the ray against before reaching stored boxes: tree
    /// nodes (dynamic tree, BVH: leaves included, as in Box2D's b2TreeStats), quadtree nodes,
    /// grid or hash cells walked; 0 for structures that test every box (brute force, the
    /// sort-and-sweep family). A subtree whose node box the ray misses adds its node only.
    std::uint64_t ray_node_visits = 0;
    /// Stored boxes the last cast_ray tested exactly (for the trees: leaves whose node box the
    /// ray hit), each time it tested one (a box in several visited cells counts each time).
    std::uint64_t ray_leaf_visits = 0;
    /// Leaves re-inserted between the previous find_pairs and the last one (dynamic tree: boxes
    /// that left their fat box, lessons.md L14/L19); 0 for other structures.
    std::uint64_t tree_updates = 0;
    /// Quality rebuilds since construction (BVH: refits whose SAH cost passed
    /// rebuild_cost_factor × the cost at the last build); 0 for other structures.
    std::uint64_t tree_rebuilds = 0;
};

/// What one cast_ray did, filled by the algorithm (see BroadPhaseStats::ray_node_visits).
struct RayCastCounters {
    /// See BroadPhaseStats::ray_node_visits.
    std::uint64_t node_visits = 0;
    /// See BroadPhaseStats::ray_leaf_visits.
    std::uint64_t leaf_visits = 0;
};

/// Counters an algorithm fills while finding pairs.
struct PairSearchCounters {
    /// See BroadPhaseStats::box_tests.
    std::uint64_t box_tests = 0;
    /// See BroadPhaseStats::candidate_pairs.
    std::uint64_t candidate_pairs = 0;
};

/// Read-only walk over a structure's internals, for drawing without drawing code in the core.
/// Each algorithm calls the hooks that fit it; the defaults ignore everything.
class StructureVisitor {
  public:
    virtual ~StructureVisitor() = default;
    /// A tree node: its box, depth (root 0), whether it is a leaf, and the leaf's box id.
    virtual void tree_node(const Box2& box, int depth, bool is_leaf, BoxId id);
    /// A grid, hash or quadtree cell with its bounds, the boxes it holds and its depth.
    virtual void cell(const Box2& bounds, int occupancy, int depth);
    /// A sort-and-sweep endpoint: axis, value, owner, whether it opens the interval, and its
    /// rank in the sorted order.
    virtual void endpoint(int axis, float value, BoxId id, bool is_min, int rank);
    /// A band of a banded sweep: the sweep axis, the band's extent [low, high) across it (the
    /// first and last bands reach to infinity) and how many boxes it holds.
    virtual void band(int sweep_axis, float low, float high, int boxes);
    /// A fat box (a box grown by the motion it is expected to make) with its box's id, and
    /// whether the box left it in the last frame.
    virtual void fat_box(const Box2& fat, BoxId id, bool escaped);
};

/// The broad-phase interface: add / update / remove boxes by id, query a box, cast a ray,
/// find every overlapping pair exactly, and report statistics.
class BroadPhase {
  public:
    /// A broad phase using `policy` for every overlap decision.
    explicit BroadPhase(TouchingPolicy policy = {});
    virtual ~BroadPhase() = default;
    BroadPhase(const BroadPhase&) = delete;
    BroadPhase& operator=(const BroadPhase&) = delete;

    /// The algorithm's name as the factory, the UI and aabb-bench spell it.
    [[nodiscard]] virtual std::string_view name() const = 0;

    /// Adds a box under a new id. Throws std::invalid_argument for an invalid box, an id in
    /// use or an id above max_box_id; nothing changes then (nor on any other exception).
    void add(BoxId id, const Box2& box);
    /// Moves an existing box. Throws std::invalid_argument for an invalid box or unknown id.
    void update(BoxId id, const Box2& box);
    /// Removes a box. Throws std::invalid_argument for an unknown id.
    void remove(BoxId id);
    /// Makes the structure hold exactly ids 0..boxes.size()−1 with these boxes: adds the
    /// missing, updates the present, removes the rest. All boxes are validated first; on an
    /// invalid one it throws naming its index and changes nothing. Timed as update_ms.
    void set_all(std::span<const Box2> boxes);
    /// Removes every box.
    void clear();

    /// Every pair of stored boxes that overlap under the touching policy, each once with
    /// first < second, in no particular order. Replaces the contents of `pairs`. Throws
    /// BudgetExceeded before holding more pairs or cells than budget() allows; `pairs` is
    /// then empty and the broad phase as before the call.
    void find_pairs(std::vector<BoxPair>& pairs);
    /// Ids of the stored boxes overlapping `box` under the touching policy, in no particular
    /// order. Replaces the contents of `ids`. Throws std::invalid_argument on an invalid box.
    void query_box(const Box2& box, std::vector<BoxId>& ids) const;
    /// Every stored box the ray hits for t in [0, ray.max_t], with its entry parameter, in no
    /// particular order. Replaces the contents of `hits`. Throws on a non-finite ray. Its node
    /// and leaf visits are in stats() until the next cast_ray (which makes concurrent cast_ray
    /// calls on one broad phase unsafe, like the lazily rebuilt structures already are).
    void cast_ray(const Ray2& ray, std::vector<RayCastHit>& hits) const;

    /// Counters of the last find_pairs plus structure facts and memory.
    [[nodiscard]] BroadPhaseStats stats() const;
    /// The box tests of the last find_pairs alone: stats() without walking the structure
    /// (what a benchmark reads after each timed frame).
    [[nodiscard]] std::uint64_t last_box_tests() const { return last_counters_.box_tests; }
    /// Walks the structure's internals (nodes, cells, endpoints) for drawing.
    virtual void visit(StructureVisitor& visitor) const;

    /// Sets the limits checked before the structure allocates (default_resource_budget).
    void set_budget(const ResourceBudget& budget) { budget_ = budget; }
    /// The limits checked before the structure allocates.
    [[nodiscard]] const ResourceBudget& budget() const { return budget_; }
    /// From `deadline` on, a long search (brute force's O(n²) loop) stops inside find_pairs
    /// with DeadlineExceeded; nullopt (the default) never stops.
    void set_deadline(std::optional<std::chrono::steady_clock::time_point> deadline) {
        deadline_ = deadline;
    }

    /// The policy every overlap decision uses.
    [[nodiscard]] const TouchingPolicy& touching_policy() const { return policy_; }
    /// How many boxes are stored.
    [[nodiscard]] std::size_t size() const { return count_; }
    /// True when `id` names a stored box.
    [[nodiscard]] bool contains(BoxId id) const {
        return id < present_.size() && present_[id] != 0;
    }
    /// The stored box for `id` (padded by the tolerance under TouchingRule::tolerance).
    /// Precondition: contains(id).
    [[nodiscard]] const Box2& box(BoxId id) const { return boxes_[id]; }
    /// One past the largest id ever stored: ids to scan are [0, id_capacity()).
    [[nodiscard]] std::size_t id_capacity() const { return boxes_.size(); }

  protected:
    /// Called after `id` was stored with box(id) set.
    virtual void do_add(BoxId id) = 0;
    /// Called after box(id) changed from `old_box`.
    virtual void do_update(BoxId id, const Box2& old_box) = 0;
    /// Called before `id` is forgotten; box(id) still holds its box.
    virtual void do_remove(BoxId id) = 0;
    /// Called by set_all after boxes 0..new_count−1 were stored and flagged present; ids at or
    /// above new_count still hold their old box and flag until this returns, then are dropped.
    /// `old_boxes` / `was_present` are the previous contents, indexed by id. The default
    /// calls do_remove for ids >= new_count, then do_update or do_add for each id below.
    virtual void do_set_all(std::size_t new_count, std::span<const Box2> old_boxes,
                            std::span<const std::uint8_t> was_present);
    /// set_all's one pass over the frame's boxes: copies `boxes` to `stored` and returns true
    /// when every box is finite with min <= max. A broad phase may override it to look at each
    /// box on the way (the new boxes are not in box() yet); it must still copy and check them
    /// all. On false set_all leaves everything as it was and names the bad box.
    virtual bool copy_valid_boxes(std::span<const Box2> boxes, Box2* stored);
    /// Called after every box was removed.
    virtual void do_clear() = 0;
    /// Appends every pair of stored boxes overlapping under the policy to the empty `pairs`.
    virtual void do_find_pairs(std::vector<BoxPair>& pairs, PairSearchCounters& counters) = 0;
    /// Appends the ids of stored boxes overlapping `box` (already padded) to the empty `ids`.
    /// The default scans every box.
    virtual void do_query_box(const Box2& box, std::vector<BoxId>& ids) const;
    /// Appends the hits of `ray` to the empty `hits` and counts its visits in the zeroed
    /// `counters`. The default tests every box (leaf visits only).
    virtual void do_cast_ray(const Ray2& ray, std::vector<RayCastHit>& hits,
                             RayCastCounters& counters) const;
    /// Fills the structure facts of `stats` (tree height, cells, swaps). Default: nothing.
    virtual void fill_structure_stats(BroadPhaseStats& stats) const;
    /// Bytes held by the algorithm beyond the base's stored boxes.
    [[nodiscard]] virtual std::size_t structure_memory_bytes() const = 0;

    /// Appends `pair` to `pairs`; before the vector grows, checks that one more pair fits
    /// budget().max_pairs (throws BudgetExceeded otherwise). Every algorithm emits through it.
    void emit_pair(std::vector<BoxPair>& pairs, BoxPair pair) const {
        if (pairs.size() == pairs.capacity()) grow_pairs(pairs);
        pairs.push_back(pair);
    }
    /// True when set_deadline gave a deadline (so a loop may check it now and then).
    [[nodiscard]] bool has_deadline() const { return deadline_.has_value(); }
    /// Throws DeadlineExceeded naming name() when the deadline has passed.
    void check_deadline() const;
    /// Throws BudgetExceeded when `count` pairs do not fit budget().max_pairs, naming name().
    void check_pair_count(std::uint64_t count) const;
    /// Throws BudgetExceeded when `count` cells or (cell, box) entries (`what`) of
    /// `item_bytes` each do not fit budget().max_cells, naming name() and the options to
    /// change (cell_budget_advice).
    void check_cell_count(std::uint64_t count, std::string_view what, std::size_t item_bytes) const;

    /// The exact test every algorithm applies to stored boxes: open under TouchingRule::open,
    /// closed otherwise (tolerance boxes are stored padded, so closed is exact for them).
    [[nodiscard]] bool exact_overlap(const Box2& a, const Box2& b) const {
        return open_ ? overlaps_open(a, b) : overlaps_closed(a, b);
    }
    /// True under TouchingRule::open: zero-size boxes can never overlap anything.
    [[nodiscard]] bool open_policy() const { return open_; }
    /// Stored boxes indexed by id (entries of absent ids are meaningless).
    [[nodiscard]] std::span<const Box2> stored_boxes() const { return boxes_; }
    /// Presence flags indexed by id.
    [[nodiscard]] std::span<const std::uint8_t> presence() const { return present_; }
    /// While set_all runs (copy_valid_boxes, do_set_all): the boxes before it, by id.
    [[nodiscard]] std::span<const Box2> last_frame_boxes() const { return previous_boxes_; }

  private:
    [[nodiscard]] Box2 stored_form(const Box2& box) const;
    // After a hook threw: rebuilds the structure from the stored boxes (do_clear, then one
    // add per present id, as add() does), so its internal state matches them again. If even
    // that throws (memory is exhausted), the broad phase is left empty instead of half-built.
    void rebuild_structure() noexcept;
    // emit_pair's slow path: checks the budget, then grows `pairs` by doubling, never past
    // the budget (so the vector never holds more than the budget allows).
    void grow_pairs(std::vector<BoxPair>& pairs) const;
    void check_box(const Box2& box, const char* what, std::size_t index) const;

    TouchingPolicy policy_;
    bool open_ = false;
    ResourceBudget budget_ = default_resource_budget;
    std::optional<std::chrono::steady_clock::time_point> deadline_;
    std::vector<Box2> boxes_;
    std::vector<std::uint8_t> present_;
    std::size_t count_ = 0;
    PairSearchCounters last_counters_;
    // cast_ray is const; its counters are a record of the last call, like a cache.
    mutable RayCastCounters last_ray_counters_;
    std::uint64_t last_true_pairs_ = 0;
    double last_update_ms_ = 0.0;
    double last_pairs_ms_ = 0.0;
    // set_all scratch, kept to avoid a per-frame allocation.
    std::vector<Box2> previous_boxes_;
    std::vector<std::uint8_t> previous_presence_;
};

}  // namespace aabb
