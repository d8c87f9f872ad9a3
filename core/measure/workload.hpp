#pragma once
// Generated scenes of moving boxes, frame by frame: what aabb-bench runs (its --workload
// scenes, and the traces it writes with --write-trace). Each kind stresses a different broad
// phase (see docs/benchmarks.md): uniform and clustered are the usual cases, `line` defeats a
// fixed-axis sweep, `mixed` defeats a fixed grid, `static` rewards incremental structures,
// `bullets` punishes fat-box margins and `dense` produces many pairs per box.
//
// The sandbox builds its boxes elsewhere: the scaling sweep measures uniform_random_boxes
// (broad_phase_comparison.hpp) and scene files' box fields come from scene_world.cpp. Each of
// the three draws its random numbers in its own order, and fixed-seed outputs (tests, scene
// screenshots, docs/benchmarks.md) depend on each, so they stay separate.

#include <cstddef>
#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/geometry/box.hpp"

namespace aabb {

/// Which scene a Workload generates.
enum class WorkloadKind {
    /// Boxes of sizes 0.5..1.5 spread uniformly, slow random motion, ~1 pair per box.
    uniform,
    /// Dense gaussian clusters of ~500 boxes in a sparse world.
    clustered,
    /// Every box in one thin vertical band (2 units wide, n units long): every x-interval
    /// overlaps every other, the worst case of a sweep along x.
    line,
    /// Many small boxes plus a few long walls spanning half the world: a fixed grid's worst case.
    mixed,
    /// 95% of the boxes never move, the other 5% move a box size per frame.
    static_scene,
    /// Small boxes moving 3 to 6 of their own sizes per frame.
    bullets,
    /// Tightly packed boxes: about 15 overlapping pairs per box.
    dense,
};

/// The parameters of a generated scene.
struct WorkloadOptions {
    /// The scene kind. Default: uniform.
    WorkloadKind kind = WorkloadKind::uniform;
    /// Boxes per frame, 1..max_workload_boxes. Default 1000.
    std::size_t box_count = 1000;
    /// Frames the scene is meant to run, 1..max_workload_frames. Default 60.
    int frame_count = 60;
    /// Seed of the std::mt19937 that places the boxes: same seed, same boxes. Default 1.
    std::uint32_t seed = 1;
};

/// The most boxes a workload (or trace) may hold: 4 million (64 MB of boxes per frame).
inline constexpr std::size_t max_workload_boxes = 4'000'000;
/// The most frames a workload (or trace) may hold.
inline constexpr int max_workload_frames = 1'000'000;

/// Every workload name, in the order aabb-bench runs them.
[[nodiscard]] std::vector<std::string> workload_names();
/// The name of a kind ("uniform", ..., "static" for static_scene).
[[nodiscard]] std::string_view workload_name(WorkloadKind kind);
/// The kind named `name`. Throws std::invalid_argument listing the known names otherwise.
[[nodiscard]] WorkloadKind workload_kind_from_name(std::string_view name);

/// A deterministic scene of moving boxes. Frame 0 is the initial placement; each advance()
/// moves every box by its velocity and bounces it off the world bounds, writing the boxes
/// into one reused buffer (no allocation per frame).
class Workload {
  public:
    /// Generates frame 0. Throws std::invalid_argument when box_count or frame_count is out of
    /// range (naming the field).
    explicit Workload(const WorkloadOptions& options);

    /// The options the scene was made with.
    [[nodiscard]] const WorkloadOptions& options() const { return options_; }
    /// Boxes per frame.
    [[nodiscard]] std::size_t box_count() const { return options_.box_count; }
    /// Frames the scene is meant to run.
    [[nodiscard]] int frame_count() const { return options_.frame_count; }
    /// The frame the boxes() belong to.
    [[nodiscard]] int current_frame() const { return frame_; }
    /// The world bounds: every box of every frame lies inside.
    [[nodiscard]] const Box2& bounds() const { return bounds_; }
    /// The boxes of the current frame, indexed by id 0..box_count()−1.
    [[nodiscard]] std::span<const Box2> boxes() const { return boxes_; }

    /// Moves to the next frame (the scene may run past frame_count()).
    void advance();
    /// Goes back to frame 0: exactly the boxes of a fresh Workload with the same options.
    void restart();
    /// Moves to frame `frame` (restarting first when it lies behind the current one).
    void go_to_frame(int frame);

  private:
    void generate();
    void write_boxes();
    void place_uniform(std::mt19937& random, float world_side, float min_size, float max_size,
                       float max_speed);

    WorkloadOptions options_;
    Box2 bounds_;
    int frame_ = 0;
    // Structure of arrays: the state the motion integrates, and the boxes it produces.
    std::vector<glm::vec2> centers_;
    std::vector<glm::vec2> half_sizes_;
    std::vector<glm::vec2> velocities_;
    std::vector<Box2> boxes_;
};

}  // namespace aabb
