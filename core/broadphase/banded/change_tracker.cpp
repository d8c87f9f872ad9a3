#include "core/broadphase/banded/change_tracker.hpp"

namespace aabb::banded {

bool ChangeTracker::flag(BoxId id, float partial_fraction, std::size_t present) {
    if (id >= since_full.size()) since_full.resize(std::size_t{id} + 1, 0);
    if (id >= escaped_now.size()) escaped_now.resize(std::size_t{id} + 1, 0);
    bool first_now = false;
    if (!escaped_now[id]) {
        escaped_now[id] = 1;
        escaped_ids.push_back(id);
        first_now = true;
        if (too_many(escaped_ids.size(), partial_fraction, present)) needs_full = true;
    }
    if (since_full[id]) return first_now;
    since_full[id] = 1;
    since_full_ids.push_back(id);
    if (too_many(since_full_ids.size(), partial_fraction, present)) merge_due = true;
    return first_now;
}

void ChangeTracker::grow(std::size_t count) {
    if (since_full.size() < count) since_full.resize(count, 0);
    if (escaped_now.size() < count) escaped_now.resize(count, 0);
}

void ChangeTracker::forget_since_full() {
    for (const BoxId id : since_full_ids)
        since_full[id] = 0;
    since_full_ids.clear();
    merge_due = false;
}

void ChangeTracker::forget_escaped() {
    for (const BoxId id : escaped_ids)
        escaped_now[id] = 0;
    escaped_ids.clear();
}

void ChangeTracker::reset() {
    changed = true;
    membership_changed = true;
    needs_full = true;
    forget_since_full();
    forget_escaped();
}

std::size_t ChangeTracker::memory_bytes() const {
    return since_full.capacity() + escaped_now.capacity() +
           (since_full_ids.capacity() + escaped_ids.capacity()) * sizeof(BoxId);
}

}  // namespace aabb::banded
