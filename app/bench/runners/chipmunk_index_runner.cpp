#include "app/bench/runners/chipmunk_index_runner.hpp"

#include "app/bench/runners/frame_boxes.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace aabb::bench {

namespace {

// A cpSpace stepping at 60 Hz reports velocity = displacement per step × 60.
constexpr double steps_per_second = 60.0;
// cpSpaceHash's cell side, in mean box sizes: 1 is Chipmunk's rule of thumb; 2 was the fastest
// of 0.5, 1, 1.5, 2 and 3 over the workloads at 10,000 boxes (1 only wins on dense, by 10%).
constexpr double cell_box_sizes = 2.0;
// cpSpaceHash turns coordinates / cell size into int cells: beyond this the cast overflows.
constexpr double largest_cell_coordinate = 1 << 30;

using Entry = ChipmunkIndexRunner::Entry;

cpBB box_of(void* object) {
    return static_cast<const Entry*>(object)->box;
}

cpVect velocity_of(void* object) {
    return static_cast<const Entry*>(object)->velocity;
}

cpCollisionID report(void* a, void* b, cpCollisionID id, void* data) {
    static_cast<ExactPairs*>(data)->offer(static_cast<const Entry*>(a)->index,
                                          static_cast<const Entry*>(b)->index);
    return id;
}

cpBB to_chipmunk(const Box2& box) {
    return cpBBNew(box.min.x, box.min.y, box.max.x, box.max.y);
}

}  // namespace

ChipmunkIndexRunner::ChipmunkIndexRunner(Kind kind, const SceneFacts& facts)
    : kind_(kind), world_(facts.world_bounds) {}

ChipmunkIndexRunner::~ChipmunkIndexRunner() {
    if (index_ != nullptr) cpSpatialIndexFree(index_);
}

std::string_view ChipmunkIndexRunner::name() const {
    return kind_ == Kind::bb_tree ? "chipmunk_bbtree" : "chipmunk_space_hash";
}

void ChipmunkIndexRunner::build(std::span<const Box2> boxes) {
    entries_.resize(boxes.size());
    for (std::size_t i = 0; i < boxes.size(); ++i)
        entries_[i] = Entry{to_chipmunk(boxes[i]), cpvzero, static_cast<std::uint32_t>(i)};
    if (kind_ == Kind::bb_tree) {
        index_ = cpBBTreeNew(box_of, nullptr);
        cpBBTreeSetVelocityFunc(index_, velocity_of);
    } else {
        cell_size_ = cell_box_sizes * mean_box_size(boxes);
        const double reach = std::max({std::abs(world_.min.x), std::abs(world_.min.y),
                                       std::abs(world_.max.x), std::abs(world_.max.y)});
        if (!(reach / cell_size_ < largest_cell_coordinate)) {
            throw std::invalid_argument(
                "chipmunk_space_hash: the world lies too far out for int cell coordinates");
        }
        const int cells = static_cast<int>(std::min<std::size_t>(10 * boxes.size() + 1, 1 << 25));
        index_ = cpSpaceHashNew(cell_size_, cells, box_of, nullptr);
    }
    for (Entry& entry : entries_)
        cpSpatialIndexInsert(index_, &entry, static_cast<cpHashValue>(entry.index));
    if (kind_ == Kind::bb_tree) cpBBTreeOptimize(index_);
}

void ChipmunkIndexRunner::run_frame(std::span<const Box2> boxes, std::vector<BoxPair>& pairs) {
    if (index_ == nullptr) {
        build(boxes);
    } else {
        require_box_count(name(), entries_.size(), boxes.size());
        for (std::size_t i = 0; i < boxes.size(); ++i) {
            const glm::vec2 moved = boxes[i].center() - previous_boxes_[i].center();
            entries_[i].box = to_chipmunk(boxes[i]);
            entries_[i].velocity = cpv(moved.x * steps_per_second, moved.y * steps_per_second);
        }
    }
    previous_boxes_.assign(boxes.begin(), boxes.end());
    exact_.begin(boxes, pairs, budget());
    cpSpatialIndexReindexQuery(index_, report, &exact_);
    last_box_tests_ = exact_.tests();
    exact_.finish(name());
}

std::size_t ChipmunkIndexRunner::memory_bytes() const {
    // Entries plus, for the tree, 2n − 1 nodes (~64 bytes) and its cached pairs (~56 bytes
    // each, about one per test); for the hash, its table and one bin (16 bytes) per cell
    // entry, about 4 per box.
    const std::size_t n = entries_.size();
    std::size_t total = n * (sizeof(Entry) + sizeof(Box2));
    if (kind_ == Kind::bb_tree) {
        total += (n == 0 ? 0 : 2 * n - 1) * 64 + static_cast<std::size_t>(last_box_tests_) * 56;
    } else {
        total += 10 * n * sizeof(void*) + 4 * n * 16 + n * 24;
    }
    return total;
}

}  // namespace aabb::bench
