#include "app/bench/runners/cgal_box_intersection_runner.hpp"

#include <CGAL/box_intersection_d.h>

namespace aabb::bench {

namespace {

// The segment tree's cutoff: below this many boxes a subproblem is solved by a scan (CGAL's
// documented tuning knob). CGAL's default, 10, was 2.2x slower than 100 on uniform at 10,000
// boxes; 1000 was a little faster there but 4x slower on line, whose scans along x meet every
// box. 100 was the best overall of 10, 30, 100, 300 and 1000.
constexpr std::ptrdiff_t cutoff = 100;

}  // namespace

void CgalBoxIntersectionRunner::run_frame(std::span<const Box2> boxes,
                                          std::vector<BoxPair>& pairs) {
    cgal_boxes_.resize(boxes.size());
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        const Box2& box = boxes[i];
        cgal_boxes_[i] =
            CgalBox{{box.min.x, box.min.y}, {box.max.x, box.max.y}, static_cast<std::uint32_t>(i)};
    }
    exact_.begin(boxes, pairs, budget());
    CGAL::box_self_intersection_d(
        cgal_boxes_.begin(), cgal_boxes_.end(),
        [this](const CgalBox& a, const CgalBox& b) { exact_.offer(a.index, b.index); }, cutoff,
        CGAL::Box_intersection_d::CLOSED);
    last_box_tests_ = exact_.tests();
    exact_.finish(name());
}

std::size_t CgalBoxIntersectionRunner::memory_bytes() const {
    // The boxes, and the copy box_self_intersection_d makes of them each call.
    return 2 * cgal_boxes_.capacity() * sizeof(CgalBox);
}

}  // namespace aabb::bench
