#include "app/bench/runners/boost_rtree_runner.hpp"

#include <boost/iterator/function_output_iterator.hpp>
#include <boost/geometry.hpp>
#include <boost/geometry/index/rtree.hpp>

#include <utility>

namespace aabb::bench {

namespace bg = boost::geometry;
namespace bgi = boost::geometry::index;

namespace {

using Point = bg::model::point<float, 2, bg::cs::cartesian>;
using RtreeBox = bg::model::box<Point>;
using Value = std::pair<RtreeBox, std::uint32_t>;
// At most 16 values per node: Boost's usual choice. The splitting algorithm only matters for
// insertions; packing ignores it.
using Tree = bgi::rtree<Value, bgi::rstar<16>>;

RtreeBox to_boost(const Box2& box) {
    return RtreeBox(Point(box.min.x, box.min.y), Point(box.max.x, box.max.y));
}

}  // namespace

struct BoostRtreeRunner::Index {
    std::vector<Value> values;
    Tree tree;
};

BoostRtreeRunner::BoostRtreeRunner() : index_(std::make_unique<Index>()) {}

BoostRtreeRunner::~BoostRtreeRunner() = default;

void BoostRtreeRunner::run_frame(std::span<const Box2> boxes, std::vector<BoxPair>& pairs) {
    std::vector<Value>& values = index_->values;
    values.resize(boxes.size());
    for (std::size_t i = 0; i < boxes.size(); ++i)
        values[i] = Value(to_boost(boxes[i]), static_cast<std::uint32_t>(i));
    index_->tree = Tree(values.begin(), values.end());
    exact_.begin(boxes, pairs, budget());
    for (const Value& value : values) {
        const std::uint32_t index = value.second;
        index_->tree.query(bgi::intersects(value.first),
                           boost::make_function_output_iterator([&](const Value& other) {
                               exact_.offer_from_smaller(index, other.second);
                           }));
    }
    last_box_tests_ = exact_.tests();
    exact_.finish(name());
}

std::size_t BoostRtreeRunner::memory_bytes() const {
    // The values, and the tree: each value once in a leaf plus internal nodes of up to 16
    // children, about n / 10 nodes of 16 (box, pointer) entries.
    const std::size_t n = index_->values.size();
    return n * 2 * sizeof(Value) + (n / 10 + 1) * 16 * (sizeof(RtreeBox) + sizeof(void*));
}

}  // namespace aabb::bench
