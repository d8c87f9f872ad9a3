#include "ui/model/pair_inspection.hpp"

#include <algorithm>

namespace aabb::ui {

PairInspection inspect_pair(const World& world, std::size_t first, std::size_t second) {
    PairInspection result;
    const auto boxes = world.world_boxes();
    const auto bodies = world.bodies();
    result.first = boxes[first];
    result.second = boxes[second];
    result.overlap_lengths = overlap_lengths(result.first, result.second);
    result.closed_overlap = overlaps_closed(result.first, result.second);
    result.open_overlap = overlaps_open(result.first, result.second);
    result.policy_overlap = overlaps(result.first, result.second, world.settings().touching);

    const BoxPair pair = make_pair_ordered(static_cast<BoxId>(first), static_cast<BoxId>(second));
    const auto pairs = world.overlapping_pairs();
    const auto found = std::lower_bound(pairs.begin(), pairs.end(), pair);
    if (found != pairs.end() && *found == pair) {
        result.is_candidate = true;
        const auto index = static_cast<std::size_t>(found - pairs.begin());
        result.is_contact =
            index < world.pair_is_contact().size() && world.pair_is_contact()[index] != 0;
    }

    const float time_step = world.settings().time_step;
    const auto moves = [](const Body& body) {
        return body.kind != BodyKind::wall ? body.velocity : glm::vec2(0.0f);
    };
    result.first_displacement = moves(bodies[first]) * time_step;
    result.second_displacement = moves(bodies[second]) * time_step;
    result.sweep =
        sweep(result.first, result.first_displacement, result.second, result.second_displacement);
    return result;
}

}  // namespace aabb::ui
