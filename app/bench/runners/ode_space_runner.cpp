#include "app/bench/runners/ode_space_runner.hpp"

#include "app/bench/runners/frame_boxes.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace aabb::bench {

namespace {

// A quadtree leaf block is about this many mean box sizes on the world's longer side.
constexpr double leaf_block_sizes = 4.0;
// The deepest quadtree: 4^8 leaves, 87,381 blocks in all (ODE allocates every one).
constexpr int max_quadtree_depth = 8;

// What a geom of the runner's class holds: the runner whose boxes it reads.
struct GeomData {
    const OdeSpaceRunner* runner;
};

void box_aabb(dGeomID geom, dReal aabb[6]) {
    const auto* data = static_cast<const GeomData*>(dGeomGetClassData(geom));
    const Box2& box = data->runner->box(pointer_as_index(dGeomGetData(geom)));
    aabb[0] = box.min.x;
    aabb[1] = box.max.x;
    aabb[2] = box.min.y;
    aabb[3] = box.max.y;
    aabb[4] = -1.0;
    aabb[5] = 1.0;
}

// No collider: dCollide is never called, the near callback only records pairs.
dColliderFn* no_collider(int) {
    return nullptr;
}

void near_callback(void* data, dGeomID a, dGeomID b) {
    static_cast<OdeSpaceRunner*>(data)->near(a, b);
}

// ODE is initialized once per process, with the one geom class every runner's geoms use
// (ODE allows only a handful of user classes, and dCloseODE would forget them).
int box_geom_class() {
    static const int geom_class = [] {
        dInitODE2(0);
        dAllocateODEDataForThread(dAllocateMaskAll);
        dGeomClass description{};
        description.bytes = sizeof(GeomData);
        description.collider = no_collider;
        description.aabb = box_aabb;
        return dCreateGeomClass(&description);
    }();
    return geom_class;
}

// The shallowest depth at which a leaf block side is at most leaf_block_sizes mean boxes.
int quadtree_depth(double world_side, double mean_size) {
    int depth = 0;
    while (depth < max_quadtree_depth &&
           world_side / std::ldexp(1.0, depth) > leaf_block_sizes * mean_size) {
        ++depth;
    }
    return depth;
}

}  // namespace

OdeSpaceRunner::OdeSpaceRunner(Kind kind, const SceneFacts& facts)
    : kind_(kind), world_(facts.world_bounds) {
    (void)box_geom_class();
}

OdeSpaceRunner::~OdeSpaceRunner() {
    // Destroying the space destroys the geoms it holds (dSpaceSetCleanup defaults to on).
    if (space_ != nullptr) dSpaceDestroy(space_);
}

std::string_view OdeSpaceRunner::name() const {
    return kind_ == Kind::sweep_and_prune ? "ode_sap" : "ode_quadtree";
}

void OdeSpaceRunner::build(std::span<const Box2> boxes) {
    const glm::vec2 world_size = world_.size();
    const bool finite_world = std::isfinite(world_size.x) && std::isfinite(world_size.y);
    const bool x_longer = !finite_world || world_size.x >= world_size.y;
    if (kind_ == Kind::sweep_and_prune) {
        space_ = dSweepAndPruneSpaceCreate(nullptr, x_longer ? dSAP_AXES_XYZ : dSAP_AXES_YXZ);
    } else {
        const Box2 world = finite_world ? world_ : Box2{glm::vec2(-1.0f), glm::vec2(1.0f)};
        const glm::vec2 center = world.center();
        const glm::vec2 half = 0.5f * world.size();
        quadtree_depth_ =
            quadtree_depth(std::max(2.0 * half.x, 2.0 * half.y), mean_box_size(boxes));
        const dVector3 ode_center{center.x, center.y, 0.0, 0.0};
        const dVector3 extents{half.x, half.y, 1.0, 0.0};
        space_ = dQuadTreeSpaceCreate(nullptr, ode_center, extents, quadtree_depth_);
    }
    geoms_.resize(boxes.size());
    const int geom_class = box_geom_class();
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        dGeomID geom = dCreateGeom(geom_class);
        static_cast<GeomData*>(dGeomGetClassData(geom))->runner = this;
        dGeomSetData(geom, index_as_pointer(i));
        dSpaceAdd(space_, geom);
        // The quadtree puts a new geom at the head of a block's list and, when it cleans,
        // unlinks each dirty geom by walking that list: cleaning a whole batch at the first
        // collide walks a list of every geom for each one, O(n²) (90 s at 100,000 boxes).
        // Cleaning each geom as it is added finds it at the head (dSpaceClean is public API).
        if (kind_ == Kind::quadtree) dSpaceClean(space_);
        geoms_[i] = geom;
    }
}

void OdeSpaceRunner::run_frame(std::span<const Box2> boxes, std::vector<BoxPair>& pairs) {
    boxes_ = boxes;
    if (space_ == nullptr) {
        build(boxes);
    } else {
        require_box_count(name(), geoms_.size(), boxes.size());
        for (std::size_t i = 0; i < boxes.size(); ++i) {
            if (same_box(boxes[i], previous_boxes_[i])) continue;
            const glm::vec2 center = boxes[i].center();
            dGeomSetPosition(geoms_[i], center.x, center.y, 0.0);
        }
    }
    previous_boxes_.assign(boxes.begin(), boxes.end());
    exact_.begin(boxes, pairs, budget());
    dSpaceCollide(space_, this, near_callback);
    last_box_tests_ = exact_.tests();
    exact_.finish(name());
}

void OdeSpaceRunner::near(dGeomID a, dGeomID b) {
    exact_.offer(pointer_as_index(dGeomGetData(a)), pointer_as_index(dGeomGetData(b)));
}

std::size_t OdeSpaceRunner::memory_bytes() const {
    // A user geom is about 200 bytes (dxGeom with its position and rotation, plus the class
    // data); the quadtree's blocks about 64 bytes each; the sweep's sort buffers ~16 bytes a
    // geom.
    const std::size_t n = geoms_.size();
    std::size_t total = n * (200 + sizeof(dGeomID) + sizeof(Box2));
    if (kind_ == Kind::quadtree) {
        total += ((std::size_t{1} << (2 * (quadtree_depth_ + 1))) - 1) / 3 * 64;
    } else {
        total += n * 16;
    }
    return total;
}

}  // namespace aabb::bench
