#include "core/broadphase/sweep/sort_and_sweep.hpp"

#include <algorithm>
#include <stdexcept>

namespace aabb {

namespace {

// Sorted by value; at equal values an opening endpoint (side bit 0) comes before a closing
// one, so touching intervals are open together and the closed test sees them.
bool comes_before(float a_value, std::uint32_t a_tag, float b_value, std::uint32_t b_tag) {
    return a_value < b_value || (a_value == b_value && (a_tag >> 31) < (b_tag >> 31));
}

}  // namespace

SortAndSweep::SortAndSweep(TouchingPolicy policy, SortAndSweepOptions options)
    : BroadPhase(policy), options_(options) {
    if (options.axis < -1 || options.axis > 1) {
        throw std::invalid_argument("sort_and_sweep: axis must be -1, 0 or 1");
    }
    if (options.max_swaps_per_endpoint < 0) {
        throw std::invalid_argument("sort_and_sweep: max_swaps_per_endpoint must be >= 0");
    }
}

void SortAndSweep::do_add(BoxId id) {
    if (id >= has_endpoints_.size()) has_endpoints_.resize(std::size_t{id} + 1, 0);
    // A box removed and added again before the next refresh still has its endpoints.
    if (has_endpoints_[id]) return;
    has_endpoints_[id] = 1;
    endpoints_.push_back({0.0f, id});
    endpoints_.push_back({0.0f, id | max_side_bit});
}

void SortAndSweep::do_remove(BoxId) {
    // Endpoints of absent ids are dropped lazily by the next refresh.
}

void SortAndSweep::do_clear() {
    endpoints_.clear();
    has_endpoints_.clear();
    active_.clear();
    active_slot_.clear();
    needs_full_sort_ = true;
}

int SortAndSweep::choose_axis() const {
    if (options_.axis >= 0) return options_.axis;
    // Variance of box centers per axis, in double to stay exact enough far from the origin.
    double sum[2] = {0, 0};
    double sum_squares[2] = {0, 0};
    std::size_t count = 0;
    const auto boxes = stored_boxes();
    const auto present = presence();
    for (std::size_t id = 0; id < boxes.size(); ++id) {
        if (!present[id]) continue;
        ++count;
        for (int axis = 0; axis < 2; ++axis) {
            const double center = 0.5 * (double{boxes[id].min[axis]} + double{boxes[id].max[axis]});
            sum[axis] += center;
            sum_squares[axis] += center * center;
        }
    }
    if (count == 0) return axis_;
    const double n = static_cast<double>(count);
    const double variance_x = sum_squares[0] / n - (sum[0] / n) * (sum[0] / n);
    const double variance_y = sum_squares[1] / n - (sum[1] / n) * (sum[1] / n);
    return variance_y > variance_x ? 1 : 0;
}

void SortAndSweep::refresh_endpoints() {
    const auto boxes = stored_boxes();
    const auto present = presence();
    // Drop endpoints of removed boxes (one compaction pass) and reload every value.
    std::size_t kept = 0;
    for (const Endpoint& endpoint : endpoints_) {
        const BoxId id = endpoint.owner_and_side & ~max_side_bit;
        if (id >= present.size() || !present[id]) {
            has_endpoints_[id] = 0;
            continue;
        }
        const bool is_max = (endpoint.owner_and_side & max_side_bit) != 0;
        endpoints_[kept++] = {is_max ? boxes[id].max[axis_] : boxes[id].min[axis_],
                              endpoint.owner_and_side};
    }
    endpoints_.resize(kept);
}

void SortAndSweep::sort_endpoints() {
    last_swaps_ = 0;
    const auto less = [](const Endpoint& a, const Endpoint& b) {
        return comes_before(a.value, a.owner_and_side, b.value, b.owner_and_side);
    };
    if (!needs_full_sort_) {
        // Insertion sort, abandoned for a full sort when motion was not coherent.
        const std::uint64_t budget =
            std::uint64_t(options_.max_swaps_per_endpoint) * endpoints_.size() + 16;
        for (std::size_t i = 1; i < endpoints_.size() && !needs_full_sort_; ++i) {
            const Endpoint moving = endpoints_[i];
            std::size_t j = i;
            while (j > 0 && less(moving, endpoints_[j - 1])) {
                endpoints_[j] = endpoints_[j - 1];
                --j;
            }
            endpoints_[j] = moving;
            last_swaps_ += i - j;
            if (last_swaps_ > budget) needs_full_sort_ = true;
        }
    }
    if (needs_full_sort_) {
        std::sort(endpoints_.begin(), endpoints_.end(), less);
        needs_full_sort_ = false;
    }
}

void SortAndSweep::do_find_pairs(std::vector<BoxPair>& pairs, PairSearchCounters& counters) {
    const int axis = choose_axis();
    if (axis != axis_) {
        axis_ = axis;
        needs_full_sort_ = true;
    }
    refresh_endpoints();
    sort_endpoints();

    const auto boxes = stored_boxes();
    const int other = 1 - axis_;
    if (active_slot_.size() < boxes.size()) active_slot_.resize(boxes.size());
    active_.clear();
    std::uint64_t candidates = 0;
    for (const Endpoint& endpoint : endpoints_) {
        const BoxId id = endpoint.owner_and_side & ~max_side_bit;
        if (endpoint.owner_and_side & max_side_bit) {
            const std::uint32_t slot = active_slot_[id];
            const BoxId last = active_.back();
            active_[slot] = last;
            active_slot_[last] = slot;
            active_.pop_back();
            continue;
        }
        const Box2& a = boxes[id];
        candidates += active_.size();
        for (const BoxId other_id : active_) {
            const Box2& b = boxes[other_id];
            if (a.min[other] <= b.max[other] && b.min[other] <= a.max[other] &&
                exact_overlap(a, b)) {
                emit_pair(pairs, make_pair_ordered(id, other_id));
            }
        }
        active_slot_[id] = static_cast<std::uint32_t>(active_.size());
        active_.push_back(id);
    }
    counters.candidate_pairs = candidates;
    counters.box_tests = candidates;
}

void SortAndSweep::fill_structure_stats(BroadPhaseStats& stats) const {
    stats.sort_swaps = last_swaps_;
}

std::size_t SortAndSweep::structure_memory_bytes() const {
    return endpoints_.capacity() * sizeof(Endpoint) + active_.capacity() * sizeof(BoxId) +
           active_slot_.capacity() * sizeof(std::uint32_t) + has_endpoints_.capacity();
}

void SortAndSweep::visit(StructureVisitor& visitor) const {
    int rank = 0;
    for (const Endpoint& endpoint : endpoints_) {
        const BoxId id = endpoint.owner_and_side & ~max_side_bit;
        if (!contains(id)) continue;
        visitor.endpoint(axis_, endpoint.value, id, (endpoint.owner_and_side & max_side_bit) == 0,
                         rank++);
    }
}

}  // namespace aabb
