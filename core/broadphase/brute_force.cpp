#include "core/broadphase/brute_force.hpp"

#include "core/parallel/stop_request.hpp"

namespace aabb {

void BruteForce::do_add(BoxId id) {
    if (id >= slot_of_id_.size()) slot_of_id_.resize(std::size_t{id} + 1);
    slot_of_id_[id] = static_cast<std::uint32_t>(ids_.size());
    ids_.push_back(id);
}

void BruteForce::do_remove(BoxId id) {
    // Swap-remove keeps the list dense.
    const std::uint32_t slot = slot_of_id_[id];
    const BoxId last = ids_.back();
    ids_[slot] = last;
    slot_of_id_[last] = slot;
    ids_.pop_back();
}

void BruteForce::do_clear() {
    ids_.clear();
    slot_of_id_.clear();
}

void BruteForce::do_find_pairs(std::vector<BoxPair>& pairs, PairSearchCounters& counters) {
    const std::size_t count = ids_.size();
    // O(n²): a million boxes take hours, so every 64 rows a deadline is checked, and whether the
    // program was asked to quit or the job cancelled (core/parallel/stop_request.hpp).
    const bool timed = has_deadline();
    for (std::size_t i = 0; i < count; ++i) {
        if (i % 64 == 0) {
            if (timed) check_deadline();
            throw_if_stop_requested(name());
        }
        const Box2& a = box(ids_[i]);
        for (std::size_t j = i + 1; j < count; ++j) {
            if (exact_overlap(a, box(ids_[j])))
                emit_pair(pairs, make_pair_ordered(ids_[i], ids_[j]));
        }
    }
    const std::uint64_t all_pairs = std::uint64_t{count} * (count > 0 ? count - 1 : 0) / 2;
    counters.box_tests = all_pairs;
    counters.candidate_pairs = all_pairs;
}

std::size_t BruteForce::structure_memory_bytes() const {
    return ids_.capacity() * sizeof(BoxId) + slot_of_id_.capacity() * sizeof(std::uint32_t);
}

}  // namespace aabb
