#include "core/world/moving_box_pairs.hpp"

#include <algorithm>

#include "core/broadphase/broad_phase.hpp"
#include "core/broadphase/broad_phase_factory.hpp"
#include "core/geometry/swept_box.hpp"

namespace aabb {

std::vector<MotionEvent> moving_box_crossings(std::span<const MovingBox> boxes,
                                              const TouchingPolicy& touching, std::uint64_t step,
                                              float time_step) {
    std::vector<MotionEvent> events;
    if (boxes.size() < 2) return events;
    // Candidates: the pairs whose swept boxes overlap (closed: a graze is decided below).
    std::vector<Box2> swept;
    swept.reserve(boxes.size());
    for (const MovingBox& box : boxes)
        swept.push_back(swept_box(box.start, box.displacement));
    const auto broad_phase = make_broad_phase("sort_and_sweep", TouchingPolicy::closed());
    broad_phase->set_all(swept);
    std::vector<BoxPair> pairs;
    broad_phase->find_pairs(pairs);
    for (const BoxPair& pair : pairs) {
        // The smaller id is the event's body (boxes are in id order, and so are the indices).
        const MovingBox& a = boxes[pair.first];
        const MovingBox& b = boxes[pair.second];
        const SweepResult<2> met = sweep(a.start, a.displacement, b.start, b.displacement);
        if (met.state != SweepState::hit) continue;
        const float enter = met.time_of_impact;
        const float leave = met.time_of_exit;
        if (touching.rule == TouchingRule::open && !(leave > enter)) continue;
        const Box2 a_end{a.start.min + a.displacement, a.start.max + a.displacement};
        const Box2 b_end{b.start.min + b.displacement, b.start.max + b.displacement};
        MotionEvent event;
        event.kind =
            overlaps(a_end, b_end, touching) ? MotionEventKind::hit : MotionEventKind::tunneled;
        event.step = step;
        event.time_of_impact = enter;
        event.time_of_exit = event.kind == MotionEventKind::tunneled ? leave : enter;
        event.time = (static_cast<double>(step) - 1.0 + enter) * time_step;
        event.body = a.id;
        event.body_kind = BodyKind::box;
        event.other = b.id;
        event.other_kind = BodyKind::box;
        event.body_pose.position = a.start.center() + a.displacement * enter;
        event.other_pose.position = b.start.center() + b.displacement * enter;
        // sweep() gives B's face normal, from B toward A; the event's points from its body (A)
        // toward the other.
        event.normal = -met.normal;
        events.push_back(event);
    }
    return events;
}

}  // namespace aabb
