#include "core/broadphase/banded/change_tracker.hpp"

namespace aabb::banded {

void ChangeTracker::grow(std::size_t count) {
    if (since_full.size() < count) since_full.resize(count, 0);
    if (escaped_now.size() < count) escaped_now.resize(count, 0);
}

void ChangeTracker::forget_since_full() {
    for (const BoxId id : since_full_ids)
        since_full[id] = 0;
    since_full_ids.clear();
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
