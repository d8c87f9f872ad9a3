#pragma once
// The one step every peer runner shares: a library hands over candidate pairs (boxes in the
// same hash cell, fat boxes that overlap, double-precision AABBs that overlap), and the runner
// keeps those whose own float boxes overlap under the closed rule. The test is the same one
// brute force applies, so every runner's pairs can be checked against it exactly.

#include <cstdint>
#include <span>
#include <vector>

#include "core/broadphase/broad_phase.hpp"
#include "core/geometry/overlap.hpp"

namespace aabb::bench {

/// Collects one frame's exact pairs from a library's candidates, counting the tests.
class ExactPairs {
  public:
    /// Starts a frame: clears `pairs`, where the kept pairs go, and tests against `boxes`
    /// (both must outlive the frame).
    void begin(std::span<const Box2> boxes, std::vector<BoxPair>& pairs) {
        boxes_ = boxes.data();
        pairs_ = &pairs;
        pairs.clear();
        tests_ = 0;
    }
    /// Tests candidate (a, b), a != b, and keeps it as (min, max) when the boxes overlap.
    void offer(std::uint32_t a, std::uint32_t b) {
        ++tests_;
        if (overlaps_closed(boxes_[a], boxes_[b])) pairs_->push_back(make_pair_ordered(a, b));
    }
    /// For a library that meets every candidate from both sides: tests it from a < b only.
    void offer_from_smaller(std::uint32_t a, std::uint32_t b) {
        if (a < b) offer(a, b);
    }
    /// The candidates tested since begin().
    [[nodiscard]] std::uint64_t tests() const { return tests_; }

  private:
    const Box2* boxes_ = nullptr;
    std::vector<BoxPair>* pairs_ = nullptr;
    std::uint64_t tests_ = 0;
};

/// The pointer a library's user data carries for box `index`: peers hand back what they were
/// given, and the index is all the runner needs.
[[nodiscard]] inline void* index_as_pointer(std::size_t index) {
    return reinterpret_cast<void*>(static_cast<std::uintptr_t>(index));
}

/// The box index `pointer` carries (see index_as_pointer).
[[nodiscard]] inline std::uint32_t pointer_as_index(const void* pointer) {
    return static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(pointer));
}

}  // namespace aabb::bench
