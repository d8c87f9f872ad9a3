#pragma once
// A timed run starts on a heap with room already paged in, whatever ran before. With freed
// memory kept (app/process/retained_heap.hpp: both programs switch it on at start), a run after
// a larger one reused that run's pages while the first run page-faulted all of its own, 9.4 us
// a page on the machines measured here, most of it in its first frames (a million uniform
// boxes: a first frame of 0.58 s cold against a median of 10 ms). aabb-bench and Compare all
// both warm the heap this way before each run, so their build times mean the same.

#include <algorithm>
#include <cstddef>
#include <cstdlib>

namespace aabb {

/// Heap touched before each run, per box of its scene: more than any algorithm here holds a
/// box (ours: about 370 bytes at a million uniform boxes).
inline constexpr std::size_t warm_heap_bytes_per_box = 512;
/// The most heap touched before one run: 1 GiB.
inline constexpr std::size_t most_warm_heap_bytes = std::size_t{1} << 30;

/// Touches `bytes` of heap and frees them again. With freed memory kept, the pages stay the
/// process's: allocations up to that size then reuse them instead of page-faulting fresh ones.
/// Returns false if the block could not be made.
inline bool warm_heap(std::size_t bytes) {
    if (bytes == 0) return true;
    auto* block = static_cast<volatile unsigned char*>(std::malloc(bytes));
    if (block == nullptr) return false;
    // One write a page maps it; volatile, so the compiler cannot drop writes to a block that
    // is freed unread.
    constexpr std::size_t page = 4096;
    for (std::size_t offset = 0; offset < bytes; offset += page)
        block[offset] = 0;
    block[bytes - 1] = 0;
    std::free(const_cast<unsigned char*>(block));
    return true;
}

/// warm_heap for a run over `box_count` boxes at `bytes_per_box` (0: a cold heap), capped at
/// most_warm_heap_bytes.
inline bool warm_heap_for_boxes(std::size_t box_count, std::size_t bytes_per_box) {
    return warm_heap(std::min(most_warm_heap_bytes, bytes_per_box * box_count));
}

}  // namespace aabb
